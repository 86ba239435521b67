// The TGSI text parser: one statement per line (header, DCL, PROPERTY, IMM, instruction, END),
// as tgsi_dump prints them. Errors skip to the next line, so one bad line gives one diagnostic.
#include "semantics/tgsi/parser.h"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>

#include "semantics/tgsi/opcode_table.h"

namespace plumb::tgsi {

const char* fileName(File f) {
  switch (f) {
    case File::Input:
      return "IN";
    case File::Output:
      return "OUT";
    case File::Temporary:
      return "TEMP";
    case File::Constant:
      return "CONST";
    case File::Immediate:
      return "IMM";
    case File::Address:
      return "ADDR";
    case File::Loop:
      return "LOOP";
  }
  return "?";
}

namespace {

// Rule anchors of the text format (docs/tgsi.md, "The text format").
constexpr const char* kHeaderRule = "tgsi-text-header";
constexpr const char* kDeclarationRule = "tgsi-text-declaration";
constexpr const char* kImmediateRule = "tgsi-text-immediate";
constexpr const char* kInstructionRule = "tgsi-text-instruction";
constexpr const char* kOperandRule = "tgsi-text-operand";
constexpr const char* kEndRule = "tgsi-text-end";

/// A statement failed: the diagnostic is recorded, the parser goes on at the next line.
struct LineError {};

class Parser {
 public:
  Parser(const SourceFile& file, DiagnosticList& diagnostics)
      : file_(file), text_(file.text()), diagnostics_(diagnostics) {}

  std::optional<Program> run() {
    bool sawHeader = false, sawEnd = false;
    uint32_t lineBegin = 0;
    while (lineBegin <= text_.size() && !sawEnd) {
      uint32_t lineEnd = lineBegin;
      while (lineEnd < text_.size() && text_[lineEnd] != '\n') ++lineEnd;
      pos_ = lineBegin;
      end_ = lineEnd;
      if (end_ > pos_ && text_[end_ - 1] == '\r') --end_;
      skipSpace();
      if (pos_ < end_) {
        try {
          if (!sawHeader) {
            parseHeader();
            sawHeader = true;
          } else {
            sawEnd = parseStatement();
          }
          skipSpace();
          if (pos_ < end_)
            fail(Span{pos_, end_}, "unexpected text at the end of the statement",
                 sawEnd ? kEndRule : kInstructionRule);
        } catch (const LineError&) {
          if (!sawHeader) sawHeader = true;  // one diagnostic for a missing header
        }
      }
      if (lineEnd >= text_.size()) break;
      lineBegin = lineEnd + 1;
    }
    auto size = static_cast<uint32_t>(text_.size());
    if (!sawHeader)
      diagnostics_.error(&file_, Span{size, size},
                         "a TGSI program starts with its processor: FRAG, VERT, GEOM or COMP",
                         kHeaderRule);
    else if (!sawEnd)
      diagnostics_.error(&file_, Span{size, size}, "the program does not end with END", kEndRule);
    else {
      // Anything after END is outside the program.
      uint32_t p = pos_;
      while (p < text_.size() && std::isspace(static_cast<unsigned char>(text_[p]))) ++p;
      if (p < text_.size()) diagnostics_.error(&file_, Span{p, size}, "text after END", kEndRule);
    }
    if (diagnostics_.hasErrors()) return std::nullopt;
    checkRegisters();
    matchLoops();
    if (diagnostics_.hasErrors()) return std::nullopt;
    return std::move(program_);
  }

 private:
  [[noreturn]] void fail(Span span, const std::string& message, const std::string& rule) {
    auto size = static_cast<uint32_t>(text_.size());
    if (span.end > size) span.end = size;
    if (span.begin > span.end) span.begin = span.end;
    diagnostics_.error(&file_, span, message, rule);
    throw LineError{};
  }
  Span here(uint32_t length = 1) const {
    uint32_t e = pos_ + length;
    if (e > end_) e = end_;
    return Span{pos_, e > pos_ ? e : pos_};
  }
  void skipSpace() {
    while (pos_ < end_ && (text_[pos_] == ' ' || text_[pos_] == '\t')) ++pos_;
  }
  bool at(char c) {
    skipSpace();
    return pos_ < end_ && text_[pos_] == c;
  }
  void expect(char c, const char* rule, const char* what) {
    if (!at(c)) fail(here(), std::string("expected `") + c + "' " + what, rule);
    ++pos_;
  }
  /// An identifier: letters, digits and underscores starting with a letter or underscore.
  std::string_view identifier() {
    skipSpace();
    uint32_t b = pos_;
    if (pos_ < end_ &&
        (std::isalpha(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_'))
      while (pos_ < end_ &&
             (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_'))
        ++pos_;
    return text_.substr(b, pos_ - b);
  }
  /// An unsigned decimal integer below 2^31.
  std::optional<uint32_t> unsignedNumber() {
    skipSpace();
    uint32_t b = pos_;
    uint64_t v = 0;
    while (pos_ < end_ && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
      v = v * 10 + static_cast<uint64_t>(text_[pos_] - '0');
      if (v > 0x7FFFFFFF) fail(Span{b, pos_ + 1}, "index too large", kOperandRule);
      ++pos_;
    }
    if (pos_ == b) return std::nullopt;
    return static_cast<uint32_t>(v);
  }
  static std::string upper(std::string_view s) {
    std::string u(s);
    for (char& c : u) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return u;
  }

  void parseHeader() {
    uint32_t b = pos_;
    std::string name = upper(identifier());
    if (name == "FRAG")
      program_.processor = Processor::Fragment;
    else if (name == "VERT")
      program_.processor = Processor::Vertex;
    else if (name == "GEOM")
      program_.processor = Processor::Geometry;
    else if (name == "COMP")
      program_.processor = Processor::Compute;
    else if (name == "TESS_CTRL" || name == "TESS_EVAL")
      fail(Span{b, pos_}, "tessellation processors are outside the supported subset", kHeaderRule);
    else
      fail(Span{b, pos_ > b ? pos_ : b + 1},
           "a TGSI program starts with its processor: FRAG, VERT, GEOM or COMP", kHeaderRule);
  }

  /// One statement after the header; true for END.
  bool parseStatement() {
    uint32_t statementBegin = pos_;
    std::optional<uint32_t> label;
    if (pos_ < end_ && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
      label = unsignedNumber();
      expect(':', kInstructionRule, "after the instruction number");
    }
    uint32_t nameBegin = pos_ < end_ ? pos_ : statementBegin;
    skipSpace();
    nameBegin = pos_;
    std::string word = upper(identifier());
    Span wordSpan{nameBegin, pos_};
    if (word.empty())
      fail(here(), "expected a declaration, an immediate or an instruction", kInstructionRule);
    if (!label) {
      if (word == "DCL") return parseDeclaration(statementBegin), false;
      if (word == "PROPERTY") {
        pos_ = end_;  // properties (e.g. FS_COLOR0_WRITES_ALL_CBUFS) do not affect evaluation
        return false;
      }
      if (word == "IMM") return parseImmediate(statementBegin), false;
    }
    if (word == "END") {
      program_.endLabel = label ? *label : static_cast<uint32_t>(program_.instructions.size());
      return true;
    }
    parseInstruction(statementBegin, label, word, wordSpan);
    return false;
  }

  std::optional<File> fileOf(std::string_view name) const {
    std::string u = upper(name);
    if (u == "IN") return File::Input;
    if (u == "OUT") return File::Output;
    if (u == "TEMP") return File::Temporary;
    if (u == "CONST") return File::Constant;
    if (u == "IMM") return File::Immediate;
    if (u == "ADDR") return File::Address;
    if (u == "LOOP") return File::Loop;
    return std::nullopt;
  }

  void parseDeclaration(uint32_t begin) {
    uint32_t b = (skipSpace(), pos_);
    std::string_view name = identifier();
    auto file = fileOf(name);
    if (!file) {
      if (name.empty()) fail(here(), "expected a register file after DCL", kDeclarationRule);
      fail(Span{b, pos_},
           "register file `" + std::string(name) +
               "' is outside the supported subset (IN, OUT, TEMP, CONST, ADDR, LOOP)",
           kDeclarationRule);
    }
    if (*file == File::Immediate)
      fail(Span{b, pos_}, "immediates are given by IMM lines, not declared", kDeclarationRule);
    Declaration d;
    d.file = *file;
    expect('[', kDeclarationRule, "after the register file");
    uint32_t firstAt = (skipSpace(), pos_);
    auto first = unsignedNumber();
    if (!first) fail(here(), "expected a register index", kDeclarationRule);
    d.first = d.last = *first;
    if (at('.')) {
      ++pos_;
      expect('.', kDeclarationRule, "in a register range `first..last'");
      auto last = unsignedNumber();
      if (!last) fail(here(), "expected the last register of the range", kDeclarationRule);
      if (*last < *first)
        fail(Span{firstAt, pos_}, "the range is empty (last < first)", kDeclarationRule);
      if (*last - *first >= 4096)
        fail(Span{firstAt, pos_}, "more than 4096 registers in one declaration", kDeclarationRule);
      d.last = *last;
    }
    expect(']', kDeclarationRule, "after the register range");
    if (at('['))
      fail(here(), "two-dimensional declarations are outside the supported subset",
           kDeclarationRule);
    if (at('.'))
      fail(here(), "declaration write masks are outside the supported subset", kDeclarationRule);
    if (at(',')) {
      ++pos_;
      skipSpace();
      uint32_t s = pos_;
      pos_ = end_;  // semantic, interpolation, ...: recorded, not evaluated
      while (pos_ > s && (text_[pos_ - 1] == ' ' || text_[pos_ - 1] == '\t')) --pos_;
      d.semantic = std::string(text_.substr(s, pos_ - s));
    }
    d.span = Span{begin, pos_};
    program_.declarations.push_back(d);
  }

  void parseImmediate(uint32_t begin) {
    Immediate imm;
    if (at('[')) {
      ++pos_;
      uint32_t b = (skipSpace(), pos_);
      auto index = unsignedNumber();
      if (!index) fail(here(), "expected the immediate's index", kImmediateRule);
      if (*index != program_.immediates.size())
        fail(Span{b, pos_},
             "immediates must be numbered in order: expected IMM[" +
                 std::to_string(program_.immediates.size()) + "]",
             kImmediateRule);
      expect(']', kImmediateRule, "after the immediate's index");
    }
    uint32_t tb = (skipSpace(), pos_);
    std::string type = upper(identifier());
    if (type == "FLT32")
      imm.type = ImmediateType::Float32;
    else if (type == "INT32")
      imm.type = ImmediateType::Int32;
    else if (type == "UINT32")
      imm.type = ImmediateType::Uint32;
    else if (type == "FLT64" || type == "INT64" || type == "UINT64")
      fail(Span{tb, pos_}, "64-bit immediates are outside the supported subset", kImmediateRule);
    else
      fail(Span{tb, pos_ > tb ? pos_ : tb + 1}, "expected FLT32, INT32 or UINT32", kImmediateRule);
    expect('{', kImmediateRule, "before the immediate's four values");
    for (int i = 0; i < 4; ++i) {
      if (i > 0) expect(',', kImmediateRule, "between the immediate's values");
      imm.words[i] = immediateWord(imm.type);
    }
    expect('}', kImmediateRule, "after the immediate's four values");
    imm.span = Span{begin, pos_};
    program_.immediates.push_back(imm);
  }

  /// One value of an immediate: FLT32 a decimal (rounded to nearest binary32) or `0x` and 8
  /// hexadecimal digits (the bits, as tgsi_text reads them); INT32 and UINT32 decimal.
  uint32_t immediateWord(ImmediateType type) {
    skipSpace();
    uint32_t b = pos_;
    while (pos_ < end_ && (std::isalnum(static_cast<unsigned char>(text_[pos_])) ||
                           text_[pos_] == '.' || text_[pos_] == '-' || text_[pos_] == '+'))
      ++pos_;
    std::string token(text_.substr(b, pos_ - b));
    Span span{b, pos_ > b ? pos_ : b + 1};
    if (token.empty()) fail(span, "expected an immediate value", kImmediateRule);
    const char* s = token.c_str();
    char* stop = nullptr;
    errno = 0;
    if (type == ImmediateType::Float32) {
      if (token.size() == 10 && token[0] == '0' && (token[1] == 'x' || token[1] == 'X')) {
        uint64_t bits = std::strtoull(s + 2, &stop, 16);
        if (*stop == '\0') return static_cast<uint32_t>(bits);
      } else if (std::isdigit(static_cast<unsigned char>(token[0])) ||
                 ((token[0] == '-' || token[0] == '+' || token[0] == '.') && token.size() > 1)) {
        float f = std::strtof(s, &stop);  // correctly rounded; overflow gives ±inf
        if (*stop == '\0' && token.find_first_of("xXnN") == std::string::npos) {
          uint32_t bits;
          std::memcpy(&bits, &f, sizeof bits);
          return bits;
        }
      }
      fail(span, "expected a decimal number or 0x and eight hexadecimal digits", kImmediateRule);
    }
    long long v = std::strtoll(s, &stop, 10);
    if (*stop != '\0' || errno == ERANGE) fail(span, "expected a decimal integer", kImmediateRule);
    if (type == ImmediateType::Int32 && (v < INT32_MIN || v > INT32_MAX))
      fail(span, "INT32 immediate out of range", kImmediateRule);
    if (type == ImmediateType::Uint32 && (v < 0 || v > UINT32_MAX))
      fail(span, "UINT32 immediate out of range", kImmediateRule);
    return static_cast<uint32_t>(v);
  }

  RegisterRef registerRef() {
    RegisterRef r;
    uint32_t b = (skipSpace(), pos_);
    std::string_view name = identifier();
    auto file = fileOf(name);
    if (!file) {
      if (name.empty())
        fail(here(), "expected a register (IN, OUT, TEMP, CONST, IMM, ADDR, LOOP)", kOperandRule);
      fail(Span{b, pos_},
           "register file `" + std::string(name) +
               "' is outside the supported subset (IN, OUT, TEMP, CONST, IMM, ADDR, LOOP)",
           kOperandRule);
    }
    r.file = *file;
    expect('[', kOperandRule, "after the register file");
    skipSpace();
    if (pos_ < end_ && std::isalpha(static_cast<unsigned char>(text_[pos_]))) {
      uint32_t ib = pos_;
      std::string a = upper(identifier());
      if (a != "ADDR")
        fail(Span{ib, pos_}, "only ADDR registers index other registers", kOperandRule);
      expect('[', kOperandRule, "after ADDR");
      auto ai = unsignedNumber();
      if (!ai) fail(here(), "expected an address register index", kOperandRule);
      expect(']', kOperandRule, "after the address register index");
      expect('.', kOperandRule, "and a component: ADDR[i].x");
      IndirectIndex ind;
      ind.addressIndex = *ai;
      ind.component = componentOf(text_[pos_ < end_ ? pos_ : end_ - 1]);
      if (pos_ >= end_ || ind.component < 0)
        fail(here(), "expected the address component x, y, z or w", kOperandRule);
      ++pos_;
      r.indirect = ind;
      if (at('+') || at('-')) {
        bool minus = text_[pos_] == '-';
        ++pos_;
        auto offset = unsignedNumber();
        if (!offset) fail(here(), "expected an offset after + or -", kOperandRule);
        r.index = minus ? -static_cast<int64_t>(*offset) : *offset;
      }
    } else {
      auto index = unsignedNumber();
      if (!index) fail(here(), "expected a register index", kOperandRule);
      r.index = *index;
    }
    expect(']', kOperandRule, "after the register index");
    if (at('['))
      fail(here(), "two-dimensional registers are outside the supported subset", kOperandRule);
    r.span = Span{b, pos_};
    return r;
  }

  static int componentOf(char c) {
    switch (std::tolower(static_cast<unsigned char>(c))) {
      case 'x':
        return 0;
      case 'y':
        return 1;
      case 'z':
        return 2;
      case 'w':
        return 3;
    }
    return -1;
  }

  /// A source operand's swizzle: '.' and exactly four component letters.
  std::array<int, 4> sourceSwizzle() {
    std::array<int, 4> swizzle{0, 1, 2, 3};
    uint32_t sb = pos_;
    std::string_view letters = componentLetters();
    if (letters.size() != 4)
      fail(Span{sb, pos_ > sb + 1 ? pos_ : sb + 1},
           "a source swizzle has four components (as tgsi_text requires)", kOperandRule);
    for (int i = 0; i < 4; ++i) {
      swizzle[i] = componentOf(letters[i]);
      if (swizzle[i] < 0)
        fail(Span{sb, pos_}, "swizzle components are x, y, z and w", kOperandRule);
    }
    return swizzle;
  }

  /// Letters x, y, z, w after a '.', as far as they go.
  std::string_view componentLetters() {
    ++pos_;  // '.'
    skipSpace();
    uint32_t b = pos_;
    while (pos_ < end_ && std::isalpha(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    return text_.substr(b, pos_ - b);
  }

  DestinationOperand destination() {
    DestinationOperand d;
    uint32_t b = (skipSpace(), pos_);
    if (at('-') || at('|'))
      fail(here(), "a destination takes no negate or absolute-value modifier", kOperandRule);
    d.reg = registerRef();
    if (d.reg.indirect)
      fail(d.reg.span, "indirect destinations are outside the supported subset", kOperandRule);
    if (at('.')) {
      uint32_t mb = pos_;
      std::string_view letters = componentLetters();
      uint8_t mask = 0;
      int previous = -1;
      for (char c : letters) {
        int comp = componentOf(c);
        if (comp < 0 || comp <= previous)
          fail(Span{mb, pos_}, "a write mask lists x, y, z, w in order, each at most once",
               kOperandRule);
        mask |= static_cast<uint8_t>(1u << comp);
        previous = comp;
      }
      if (mask == 0)
        fail(Span{mb, pos_ > mb + 1 ? pos_ : mb + 1}, "empty write mask", kOperandRule);
      d.writeMask = mask;
    }
    d.span = Span{b, pos_};
    return d;
  }

  SourceOperand source() {
    SourceOperand s;
    uint32_t b = (skipSpace(), pos_);
    if (at('-')) {
      s.negate = true;
      ++pos_;
    }
    if (at('|')) {
      s.absolute = true;
      ++pos_;
    }
    s.reg = registerRef();
    if (at('.')) {
      s.swizzle = sourceSwizzle();
    }
    if (s.absolute) {
      expect('|', kOperandRule, "closing the absolute value");
      // `-|CONST[1]|.wzyx` as well as tgsi_dump's `-|CONST[1].wzyx|`.
      if (at('.') && s.swizzle == std::array<int, 4>{0, 1, 2, 3}) {
        s.swizzle = sourceSwizzle();
      }
    }
    s.span = Span{b, pos_};
    return s;
  }

  void parseInstruction(uint32_t begin, std::optional<uint32_t> label, std::string word,
                        Span wordSpan) {
    Instruction inst;
    inst.label = label ? *label : static_cast<uint32_t>(program_.instructions.size());
    inst.opcodeSpan = wordSpan;
    std::string name = word;
    if (name.size() > 4 && name.ends_with("_SAT") && findOpcode(name.substr(0, name.size() - 4))) {
      name.resize(name.size() - 4);
      inst.saturate = true;
    }
    const OpcodeInfo* info = findOpcode(name);
    if (!info)
      fail(wordSpan, "unknown opcode `" + word + "': not one of the seed's 105 opcodes",
           kInstructionRule);
    std::string anchor(info->heading);
    if (info->status == OpcodeStatus::Tbd)
      fail(wordSpan,
           name +
               ": the seed leaves this opcode TBD; Plumb refuses it rather than "
               "guessing its meaning",
           anchor);
    if (info->status == OpcodeStatus::NotEvaluated)
      fail(wordSpan, name + " is not evaluated by Plumb yet (" + std::string(info->note) + ")",
           anchor);
    if ((name == "DDX" || name == "DDY") && program_.processor != Processor::Fragment)
      fail(wordSpan,
           name + " is the derivative relative to a fragment's " + (name == "DDX" ? "X" : "Y") +
               ": only FRAG programs have neighbouring fragments",
           anchor);
    if (inst.saturate && info->integer)
      fail(wordSpan, "_SAT on the integer opcode " + name + " is outside the supported subset",
           anchor);
    inst.opcode = name;
    int operands = info->destinations + info->sources;
    for (int i = 0; i < operands; ++i) {
      if (i > 0) {
        if (!at(','))
          fail(here(),
               name + " takes " + std::to_string(info->destinations) + " destination(s) and " +
                   std::to_string(info->sources) + " source(s)",
               anchor);
        ++pos_;
      } else if (pos_ >= end_ || (skipSpace(), pos_ >= end_)) {
        fail(here(),
             name + " takes " + std::to_string(info->destinations) + " destination(s) and " +
                 std::to_string(info->sources) + " source(s)",
             anchor);
      }
      if (i < info->destinations)
        inst.destinations.push_back(destination());
      else
        inst.sources.push_back(source());
    }
    if (at(','))
      fail(here(),
           name + " takes " + std::to_string(info->destinations) + " destination(s) and " +
               std::to_string(info->sources) + " source(s)",
           anchor);
    if (name == "BRA" || name == "CAL") {
      // tgsi_text: a branch's target is `:N` after the operands.
      if (!at(':')) fail(here(), name + " takes a target label: " + name + " :N", anchor);
      ++pos_;
      uint32_t tb = (skipSpace(), pos_);
      auto target = unsignedNumber();
      if (!target) fail(here(), "expected the target's label", anchor);
      inst.target = *target;
      inst.targetSpan = Span{tb, pos_};
    }
    for (const SourceOperand& s : inst.sources)
      if (info->integer && (s.negate || s.absolute))
        fail(s.span,
             "negate and absolute-value modifiers on the integer opcode " + name +
                 " are outside the supported subset",
             anchor);
    bool writesAddress = name == "ARL" || name == "ARR" || name == "POPA";
    bool loop = name == "BGNFOR" || name == "ENDFOR";
    for (const DestinationOperand& d : inst.destinations) {
      // "Note: The destination must be a loop register." (BGNFOR, ENDFOR)
      if (loop != (d.reg.file == File::Loop))
        fail(d.reg.span,
             loop ? "the destination must be a loop register (LOOP[i])"
                  : "only BGNFOR and ENDFOR write LOOP registers",
             loop ? anchor : std::string(kOperandRule));
      // tgsi_text has no write mask on a loop register; the formula writes x, y and z.
      if (loop && d.writeMask != 0xF)
        fail(d.span, name + " writes the loop register's x, y and z: no write mask", anchor);
      if (d.reg.file == File::Input || d.reg.file == File::Constant ||
          d.reg.file == File::Immediate)
        fail(d.reg.span, std::string(fileName(d.reg.file)) + " registers are read-only",
             kOperandRule);
      if (writesAddress != (d.reg.file == File::Address))
        fail(d.reg.span,
             writesAddress ? name + " writes an ADDR register"
                           : "only ARL, ARR and POPA write ADDR registers",
             anchor);
    }
    for (const SourceOperand& s : inst.sources) {
      // "The source must be a constant register." (BGNFOR): CONST or IMM.
      if (name == "BGNFOR" && s.reg.file != File::Constant && s.reg.file != File::Immediate)
        fail(s.reg.span, "the source must be a constant register (CONST or IMM)", anchor);
      if (name == "PUSHA" && s.reg.file != File::Address)
        fail(s.reg.span, "PUSHA pushes an ADDR register", anchor);
      if (name == "PUSHA" && (s.negate || s.absolute))
        fail(s.span, "PUSHA takes no modifiers", anchor);
      if (name != "PUSHA" && s.reg.file == File::Address)
        fail(s.reg.span,
             "ADDR registers are read only as indices (CONST[ADDR[0].x+1]) and by PUSHA",
             kOperandRule);
    }
    inst.span = Span{begin, pos_};
    program_.instructions.push_back(std::move(inst));
  }

  bool declared(File file, int64_t index) const {
    if (file == File::Immediate) return index >= 0 && index < int64_t(program_.immediates.size());
    for (const Declaration& d : program_.declarations)
      if (d.file == file && index >= d.first && index <= d.last) return true;
    return false;
  }

  /// BGNFOR and ENDFOR pair by nesting: "pc = [matching ENDFOR] + 1".
  void matchLoops() {
    std::vector<size_t> open;
    for (size_t i = 0; i < program_.instructions.size(); ++i) {
      Instruction& inst = program_.instructions[i];
      if (inst.opcode == "BGNFOR") open.push_back(i);
      if (inst.opcode != "ENDFOR") continue;
      if (open.empty()) {
        diagnostics_.error(&file_, inst.opcodeSpan, "ENDFOR without a BGNFOR before it",
                           "ENDFOR - End a For-Loop");
        continue;
      }
      inst.match = open.back();
      program_.instructions[open.back()].match = i;
      open.pop_back();
    }
    for (size_t i : open)
      diagnostics_.error(&file_, program_.instructions[i].opcodeSpan,
                         "BGNFOR without a matching ENDFOR", "BGNFOR - Begin a For-Loop");
  }

  /// Every register an instruction names directly is declared (tgsi_sanity's rule).
  void checkRegisters() {
    for (const Instruction& inst : program_.instructions) {
      if (inst.target) {
        bool found = *inst.target == program_.endLabel;
        for (const Instruction& other : program_.instructions) found |= other.label == *inst.target;
        if (!found)
          diagnostics_.error(&file_, inst.targetSpan,
                             "no instruction is labelled " + std::to_string(*inst.target),
                             std::string(findOpcode(inst.opcode)->heading));
      }
      auto check = [&](const RegisterRef& r) {
        if (!r.indirect && !declared(r.file, r.index))
          diagnostics_.error(
              &file_, r.span,
              std::string(fileName(r.file)) + "[" + std::to_string(r.index) + "] is not declared",
              kDeclarationRule);
        if (r.indirect && !declared(File::Address, r.indirect->addressIndex))
          diagnostics_.error(
              &file_, r.span,
              "ADDR[" + std::to_string(r.indirect->addressIndex) + "] is not declared",
              kDeclarationRule);
      };
      for (const DestinationOperand& d : inst.destinations) check(d.reg);
      for (const SourceOperand& s : inst.sources) check(s.reg);
    }
  }

  const SourceFile& file_;
  std::string_view text_;
  DiagnosticList& diagnostics_;
  Program program_;
  uint32_t pos_ = 0;
  uint32_t end_ = 0;
};

}  // namespace

std::optional<Program> parseProgram(const SourceFile& file, DiagnosticList& diagnostics) {
  return Parser(file, diagnostics).run();
}

}  // namespace plumb::tgsi
