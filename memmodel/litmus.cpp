// The litmus parser (litmus.h). Each rule below names the behaviour of the reference
// translator (alloy/litmus.cpp) it reproduces; where the translator would crash or silently
// ignore text, Plumb reports an error instead (docs/memmodel.md, "Litmus format details").
#include "memmodel/litmus.h"

#include <cctype>
#include <charconv>
#include <map>
#include <set>

namespace plumb::memmodel {

namespace {

constexpr const char* kRule = "litmus-format";

struct Token {
  std::string_view text;
  uint32_t offset = 0;  // byte offset in the file
};

// Splits a line into whitespace-separated words, keeping offsets.
std::vector<Token> words(std::string_view line, uint32_t lineOffset) {
  std::vector<Token> out;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    size_t start = i;
    while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    if (i > start) out.push_back({line.substr(start, i - start), lineOffset + uint32_t(start)});
  }
  return out;
}

std::optional<int64_t> parseInt(std::string_view s) {
  int64_t v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || s.empty()) return std::nullopt;
  return v;
}

// The opcode tokens of litmus-format.txt and the sets each puts the event in.
const std::map<std::string_view, std::vector<Attr>>& opcodeTokens() {
  static const std::map<std::string_view, std::vector<Attr>> kTokens = {
      {"st", {Attr::W}},
      {"ld", {Attr::R}},
      {"membar", {Attr::F}},
      {"atom", {Attr::A}},
      {"rmw", {Attr::R, Attr::W, Attr::A}},
      {"acq", {Attr::ACQ}},
      {"rel", {Attr::REL}},
      {"sc0", {Attr::SC0}},
      {"sc1", {Attr::SC1}},
      {"semsc0", {Attr::SEMSC0}},
      {"semsc1", {Attr::SEMSC1}},
      {"scopesg", {Attr::SCOPESG}},
      {"scopewg", {Attr::SCOPEWG}},
      {"scopeqf", {Attr::SCOPEQF}},
      {"scopedev", {Attr::SCOPEDEV}},
      {"cbar", {Attr::CBAR}},
      {"avdevice", {Attr::AVDEVICE}},
      {"visdevice", {Attr::VISDEVICE}},
      {"semav", {Attr::SEMAV}},
      {"semvis", {Attr::SEMVIS}},
      {"av", {Attr::AV}},
      {"vis", {Attr::VIS}},
      {"nonpriv", {Attr::NONPRIV}},
  };
  return kTokens;
}

// One parsed instruction before the Program is built.
struct Instruction {
  Event event;
  std::string variable;
  std::optional<int64_t> value, value2;
  uint32_t offset = 0;
};

class LitmusParser {
 public:
  LitmusParser(const SourceFile& file, DiagnosticList& diags) : file_(file), diags_(diags) {}

  std::optional<LitmusTest> parse() {
    std::string_view text = file_.text();
    uint32_t lineNo = 0;
    size_t start = 0;
    while (start <= text.size()) {
      size_t end = text.find('\n', start);
      if (end == std::string_view::npos) end = text.size();
      ++lineNo;
      std::string_view line = text.substr(start, end - start);
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      parseLine(line, static_cast<uint32_t>(start), lineNo);
      if (diags_.errorCount() >= 20) break;  // enough for one file
      start = end + 1;
    }
    if (diags_.hasErrors()) return std::nullopt;
    return finish();
  }

 private:
  void error(uint32_t offset, uint32_t length, std::string message) {
    diags_.error(&file_, Span{offset, offset + std::max<uint32_t>(length, 1)}, std::move(message),
                 kRule);
  }
  void warning(uint32_t offset, uint32_t length, std::string message) {
    Diagnostic d;
    d.severity = Severity::Warning;
    d.file = &file_;
    d.span = Span{offset, offset + std::max<uint32_t>(length, 1)};
    d.message = std::move(message);
    d.rule = kRule;
    diags_.add(std::move(d));
  }

  void parseLine(std::string_view line, uint32_t offset, uint32_t lineNo) {
    // Comments: the translator skips lines starting with "//"; Alloy (where the predicate is
    // pasted) also ends a line at "//", so a trailing comment is dropped too.
    if (size_t c = line.find("//"); c != std::string_view::npos) line = line.substr(0, c);
    std::vector<Token> w = words(line, offset);
    if (w.empty()) return;
    std::string_view head = w[0].text;
    if (head == "SATISFIABLE" || head == "NOSOLUTION") return testLine(line, offset, w, lineNo);
    if (head == "NEWQF") return groupLine(w, [this] { builder_.beginQueueFamily(); });
    if (head == "NEWWG") return groupLine(w, [this] { builder_.beginWorkgroup(); });
    if (head == "NEWSG") return groupLine(w, [this] { builder_.beginSubgroup(); });
    if (head == "NEWTHREAD") return newThread(w);
    if (head == "SSW") return ssw(w);
    if (head == "SLOC") return sloc(w);
    instruction(w, lineNo);
  }

  template <typename Begin>
  void groupLine(const std::vector<Token>& w, Begin begin) {
    if (w.size() > 1) return error(w[1].offset, w[1].text.size(), "unexpected operand");
    begin();
  }

  // NEWTHREAD [n]: without a number, one more than the previous thread (the first thread is 0
  // until a NEWTHREAD; a leading NEWTHREAD therefore opens thread 1, as in the translator).
  void newThread(const std::vector<Token>& w) {
    if (w.size() > 2) return error(w[2].offset, w[2].text.size(), "unexpected operand");
    uint32_t number = threadNumber_ + 1;
    if (w.size() == 2) {
      auto n = parseInt(w[1].text);
      if (!n || *n < 0 || *n > 1'000'000)
        return error(w[1].offset, w[1].text.size(), "expected a thread number");
      number = static_cast<uint32_t>(*n);
    }
    if (builder_.hasThread(number))
      return error(w[0].offset, w[0].text.size(),
                   "thread " + std::to_string(number) + " already has instructions");
    threadNumber_ = number;
    builder_.beginThread(number);
  }

  void ssw(const std::vector<Token>& w) {
    if (w.size() != 3)
      return error(w[0].offset, w[0].text.size(), "SSW takes two thread numbers: SSW a b");
    auto a = parseInt(w[1].text), b = parseInt(w[2].text);
    if (!a || *a < 0) return error(w[1].offset, w[1].text.size(), "expected a thread number");
    if (!b || *b < 0) return error(w[2].offset, w[2].text.size(), "expected a thread number");
    ssws_.push_back(
        {static_cast<uint32_t>(*a), static_cast<uint32_t>(*b), w[1].offset, w[2].offset});
  }

  void sloc(const std::vector<Token>& w) {
    if (w.size() != 3)
      return error(w[0].offset, w[0].text.size(), "SLOC takes two variable names: SLOC a b");
    slocs_.push_back({std::string(w[1].text), std::string(w[2].text), w[0].offset});
  }

  void testLine(std::string_view line, uint32_t offset, const std::vector<Token>& w,
                uint32_t lineNo) {
    LitmusLine t;
    t.expectSatisfiable = w[0].text == "SATISFIABLE";
    t.line = lineNo;
    size_t lead = w[0].offset - offset;
    t.text = std::string(line.substr(lead));
    while (!t.text.empty() && std::isspace(static_cast<unsigned char>(t.text.back())))
      t.text.pop_back();
    size_t predStart = lead + w[0].text.size();
    if (w.size() > 1 && w[1].text == "NOCHAINS") {
      t.noChains = true;
      predStart = (w[1].offset - offset) + w[1].text.size();
    } else if (line.find("NOCHAINS") != std::string_view::npos) {
      uint32_t at = offset + static_cast<uint32_t>(line.find("NOCHAINS"));
      return error(at, 8, "NOCHAINS must follow SATISFIABLE/NOSOLUTION directly");
    }
    t.predicateText = std::string(line.substr(predStart));
    PredicateError pe;
    t.predicate = parsePredicate(t.predicateText, pe);
    if (!t.predicate)
      return error(offset + static_cast<uint32_t>(predStart + pe.offset), 1, pe.message);
    lines_.push_back(std::move(t));
  }

  void instruction(const std::vector<Token>& w, uint32_t lineNo) {
    Instruction in;
    in.offset = w[0].offset;
    // token[.token]^N
    std::string_view opcode = w[0].text;
    size_t pos = 0;
    while (true) {
      size_t dot = opcode.find('.', pos);
      std::string_view tok = opcode.substr(pos, dot == std::string_view::npos ? dot : dot - pos);
      uint32_t at = w[0].offset + static_cast<uint32_t>(pos);
      auto it = opcodeTokens().find(tok);
      if (tok.empty()) return error(at, 1, "empty token in opcode '" + std::string(opcode) + "'");
      if (it == opcodeTokens().end())
        return error(at, tok.size(),
                     "unknown token '" + std::string(tok) +
                         "' (expected an instruction, a directive, or one of the tokens of "
                         "litmus-format.txt)");
      for (Attr a : it->second) in.event.set(a);
      if (dot == std::string_view::npos) break;
      pos = dot + 1;
    }
    Event& e = in.event;
    // Implicit sets the translator adds (InstructionState::processToken).
    if (e.has(Attr::CBAR) && (e.has(Attr::ACQ) || e.has(Attr::REL))) e.set(Attr::F);
    if (e.has(Attr::A) && e.has(Attr::W)) e.set(Attr::AV);
    if (e.has(Attr::A) && e.has(Attr::R)) e.set(Attr::VIS);
    if (e.has(Attr::AV) || e.has(Attr::VIS) || e.has(Attr::A)) e.set(Attr::NONPRIV);

    // Operands: a cbar instance number, or `variable [= value [value2]]`.
    if (e.has(Attr::CBAR)) {
      if (w.size() < 2)
        return error(w[0].offset, opcode.size(), "cbar needs a dynamic instance number");
      auto n = parseInt(w[1].text);
      if (!n) return error(w[1].offset, w[1].text.size(), "expected a cbar instance number");
      if (w.size() > 2) return error(w[2].offset, w[2].text.size(), "unexpected operand");
      e.cbarInstance = *n;
    } else if (w.size() > 1 && !operands(w, in)) {
      return;
    }
    e.text = std::string(w[0].text);
    for (size_t i = 1; i < w.size(); ++i) e.text += " " + std::string(w[i].text);
    warn(in);
    if (instructions_.size() >= kMaxLitmusEvents)
      return error(w[0].offset, opcode.size(),
                   "more than " + std::to_string(kMaxLitmusEvents) + " instructions");
    in.event.variable = in.variable;
    if (in.event.has(Attr::R)) in.event.readValue = in.value;
    if (in.event.has(Attr::W)) in.event.writeValue = in.event.has(Attr::R) ? in.value2 : in.value;
    builder_.addEvent(in.event, in.variable);
    eventLines_.push_back(lineNo);
    instructions_.push_back(std::move(in));
  }

  // `variable [= value [value2]]`, also written `variable=value`.
  bool operands(const std::vector<Token>& w, Instruction& in) {
    // Re-split "x=1" and "x =1" into separate words.
    std::vector<Token> ops;
    for (size_t i = 1; i < w.size(); ++i) {
      std::string_view t = w[i].text;
      uint32_t off = w[i].offset;
      while (!t.empty()) {
        size_t eq = t.find('=');
        if (eq == 0) {
          ops.push_back({t.substr(0, 1), off});
          t.remove_prefix(1);
          ++off;
        } else {
          size_t len = eq == std::string_view::npos ? t.size() : eq;
          ops.push_back({t.substr(0, len), off});
          t.remove_prefix(len);
          off += static_cast<uint32_t>(len);
        }
      }
    }
    in.variable = std::string(ops[0].text);
    if (ops[0].text == "=") {
      error(ops[0].offset, 1, "expected a variable name before '='");
      return false;
    }
    if (ops.size() == 1) return true;
    if (ops[1].text != "=") {
      error(ops[1].offset, ops[1].text.size(), "expected '=' after the variable");
      return false;
    }
    if (ops.size() < 3) {
      error(ops[1].offset, 1, "expected a value after '='");
      return false;
    }
    for (size_t i = 2; i < ops.size(); ++i) {
      if (i > 3) {
        error(ops[i].offset, ops[i].text.size(), "unexpected operand");
        return false;
      }
      auto v = parseInt(ops[i].text);
      if (!v) {
        error(ops[i].offset, ops[i].text.size(), "expected an integer value");
        return false;
      }
      (i == 2 ? in.value : in.value2) = *v;
    }
    return true;
  }

  // The translator's InstructionState::warn: inputs that make every execution trivially
  // unsatisfiable or that the author probably did not mean.
  void warn(const Instruction& in) {
    const Event& e = in.event;
    const uint32_t at = in.offset, len = static_cast<uint32_t>(e.text.find(' '));
    bool scoped = e.has(Attr::SCOPESG) || e.has(Attr::SCOPEWG) || e.has(Attr::SCOPEQF) ||
                  e.has(Attr::SCOPEDEV);
    if ((e.has(Attr::A) || e.has(Attr::F) || e.has(Attr::CBAR) || e.has(Attr::AV) ||
         e.has(Attr::VIS)) &&
        !scoped)
      warning(at, len, "atomic or barrier or av/vis without scope");
    if (e.has(Attr::R) || e.has(Attr::W)) {
      if (!e.has(Attr::SC0) && !e.has(Attr::SC1))
        warning(at, len, "read or write without storage class");
      if (in.variable.empty()) warning(at, len, "read or write without variable");
    }
    if (e.has(Attr::F) && !e.has(Attr::ACQ) && !e.has(Attr::REL))
      warning(at, len, "membar without acq or rel");
    if (in.value2 && !(e.has(Attr::A) && e.has(Attr::R) && e.has(Attr::W)))
      warning(at, len, "second value requires RMW atomic");
    if ((e.has(Attr::SEMSC0) || e.has(Attr::SEMSC1)) && !e.has(Attr::ACQ) && !e.has(Attr::REL))
      warning(at, len, "ACQ+REL = SEMSC0+SEMSC1");
    if (e.has(Attr::SEMAV) && !e.has(Attr::REL)) warning(at, len, "SEMAV in REL");
    if (e.has(Attr::SEMVIS) && !e.has(Attr::ACQ)) warning(at, len, "SEMVIS in ACQ");
  }

  // Reads-from constraints from values, exactly as the translator derives them: a write and a
  // read of the same variable with equal values must be rf-related; a read of 0 that no such
  // write matches reads-from init. An omitted value counts as -1 (the translator's default),
  // so an omitted-value store and an omitted-value load of one variable are rf-related too.
  void readsFromConstraints() {
    const uint32_t n = static_cast<uint32_t>(instructions_.size());
    auto readValue = [&](EventId e) { return instructions_[e].value.value_or(-1); };
    auto writeValue = [&](EventId e) {
      const Event& ev = instructions_[e].event;
      return (ev.has(Attr::R) && ev.has(Attr::W)) ? instructions_[e].value2.value_or(-1)
                                                  : instructions_[e].value.value_or(-1);
    };
    for (EventId j = 0; j < n; ++j) {
      const Instruction& rj = instructions_[j];
      if (rj.variable.empty() || !rj.event.has(Attr::R)) continue;
      std::vector<EventId> forced;
      bool init = false;
      for (EventId i = 0; i < n; ++i) {
        const Instruction& wi = instructions_[i];
        if (wi.variable == rj.variable && wi.event.has(Attr::W) && writeValue(i) == readValue(j))
          forced.push_back(i);
        else if (i == j && readValue(j) == 0)
          init = true;
      }
      if (forced.empty() && !init) continue;
      ReadSources rs{true, EventSet(n), false};
      // rf is one-to-one per read (line 188) and excludes RFINIT (line 185): two forced
      // writers, or a forced writer and a forced init, leave no source at all.
      if (forced.size() == 1 && !init) rs.writes.insert(forced[0]);
      if (forced.empty() && init) rs.initAllowed = true;
      builder_.restrictReadSources(j, rs);
    }
  }

  std::optional<LitmusTest> finish() {
    for (const auto& s : ssws_) {
      if (!builder_.hasThread(s.from))
        error(s.fromOffset, 1,
              "SSW names thread " + std::to_string(s.from) + ", which has no instructions");
      if (!builder_.hasThread(s.to))
        error(s.toOffset, 1,
              "SSW names thread " + std::to_string(s.to) + ", which has no instructions");
      builder_.systemSynchronizes(s.from, s.to);
    }
    std::set<std::string> used;
    for (const Instruction& in : instructions_) used.insert(in.variable);
    for (const auto& s : slocs_) {
      if (!used.count(s.a) || !used.count(s.b))
        warning(s.offset, 4, "SLOC names a variable no instruction uses");
      builder_.sameLocation(s.a, s.b);
    }
    if (diags_.hasErrors()) return std::nullopt;
    if (lines_.empty()) warning(0, 1, "no SATISFIABLE or NOSOLUTION line: nothing to test");
    readsFromConstraints();
    LitmusTest t;
    t.name = file_.name();
    t.program = builder_.build();
    t.lines = std::move(lines_);
    t.eventLines = std::move(eventLines_);
    return t;
  }

  struct SswDirective {
    uint32_t from, to, fromOffset, toOffset;
  };
  struct SlocDirective {
    std::string a, b;
    uint32_t offset;
  };

  const SourceFile& file_;
  DiagnosticList& diags_;
  ProgramBuilder builder_;
  uint32_t threadNumber_ = 0;
  std::vector<Instruction> instructions_;
  std::vector<uint32_t> eventLines_;
  std::vector<LitmusLine> lines_;
  std::vector<SswDirective> ssws_;
  std::vector<SlocDirective> slocs_;
};

}  // namespace

std::optional<LitmusTest> parseLitmus(const SourceFile& file, DiagnosticList& diagnostics) {
  return LitmusParser(file, diagnostics).parse();
}

}  // namespace plumb::memmodel
