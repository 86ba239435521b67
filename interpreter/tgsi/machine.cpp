// The TGSI machine: registers, operand reads (swizzle, absolute value, negation: tgsi_text's
// order, |x| before -), write masks and _SAT, and the exploration of choice points.
#include "interpreter/tgsi/machine.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <optional>
#include <set>

#include "interpreter/tgsi/opcode_rules.h"
#include "semantics/tgsi/opcode_table.h"

namespace plumb::tgsi {
namespace {

float asFloat(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}
uint32_t asBits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, sizeof b);
  return b;
}

/// A binary32 result as a word: a NaN is any NaN (the seed never says which).
Word floatWord(float f) {
  return std::isnan(f) ? Word{Word::Kind::AnyNaN, 0} : Word::of(asBits(f));
}

/// One invocation of the program: a fragment of the quad, or the one fragment or vertex.
struct Invocation {
  std::map<std::pair<File, uint32_t>, Register> registers;
  bool discarded = false;
  bool finished = false;  // reached END, or RET on an empty stack
  size_t pc = 0;
  std::vector<Word> stack;  // CAL's return addresses and PUSHA's words (TGSI-17)
};

class Machine {
 public:
  /// One invocation per entry of `pixels` (the IN values of each; `shared` holds the rest).
  Machine(const Program& p, const RegisterValues& shared,
          const std::vector<const RegisterValues*>& pixels, Chooser& chooser)
      : program_(p), chooser_(chooser), quad_(pixels.size()) {
    for (size_t q = 0; q < pixels.size(); ++q) {
      Invocation& v = quad_[q];
      for (const Declaration& d : p.declarations)
        for (uint32_t i = d.first; i <= d.last; ++i) {
          auto key = std::make_pair(d.file, i);
          auto own = pixels[q] ? pixels[q]->find(key) : shared.end();
          auto it = shared.find(key);
          v.registers[key] = pixels[q] && own != pixels[q]->end() ? own->second
                             : it != shared.end()                 ? it->second
                                                                  : Register{};
        }
      for (size_t i = 0; i < p.immediates.size(); ++i) {
        Register r;
        for (int c = 0; c < 4; ++c) r[c] = Word::of(p.immediates[i].words[c]);
        v.registers[{File::Immediate, static_cast<uint32_t>(i)}] = r;
      }
    }
  }

  /// Runs from the first instruction until every invocation reached END, was discarded, or
  /// returned from the program, or a limit stopped the run. The invocations of a quad run in
  /// lockstep: each step executes the instruction at the lowest pc of the live invocations
  /// for those of them that are at it (the others wait there: they diverged, which only
  /// RET to a PUSHA-ed address can make them do), so that DDX and DDY see their neighbours'
  /// values of the same instruction.
  template <class A>
  Outcome execute(const RunOptions& options) {
    Outcome o;
    size_t steps = 0;
    while (o.stopped.empty()) {
      size_t pc = SIZE_MAX;
      for (Invocation& v : quad_) {
        if (v.pc >= program_.instructions.size()) v.finished = true;
        if (!v.discarded && !v.finished) pc = std::min(pc, v.pc);
      }
      if (pc == SIZE_MAX) break;
      if (++steps > options.maxSteps) {
        o.stopped = "step limit";
        break;
      }
      const Instruction& inst = program_.instructions[pc];
      std::vector<size_t> group;
      for (size_t q = 0; q < quad_.size(); ++q)
        if (!quad_[q].discarded && !quad_[q].finished && quad_[q].pc == pc) group.push_back(q);
      if (inst.opcode == "DDX" || inst.opcode == "DDY") {
        derivative<A>(inst, group);
        for (size_t q : group) ++quad_[q].pc;
        continue;
      }
      for (size_t q : group) {
        current_ = q;
        o.stopped = stepOne<A>(inst, options);
        if (!o.stopped.empty()) break;
      }
    }
    auto fragment = [&](const Invocation& v) {
      Fragment f;
      f.discarded = v.discarded;
      if (!f.discarded)
        for (auto& [key, reg] : v.registers)
          if (key.first == File::Output) f.outputs[key.second] = reg;
      return f;
    };
    Fragment first = fragment(quad_[0]);
    o.discarded = first.discarded;
    o.outputs = first.outputs;
    if (quad_.size() > 1)
      for (const Invocation& v : quad_) o.quad.push_back(fragment(v));
    return o;
  }

 private:
  Invocation& state() { return quad_[current_]; }

  /// Executes `inst` for the current invocation and moves its pc. The seed's control flow:
  /// "BRA - Branch" pc = target; "CAL - Subroutine Call" push(pc), pc = target; "RET"
  /// pc = pop(); PUSHA and POPA use the same stack (TGSI-17). Returns why the run stops, or "".
  template <class A>
  std::string stepOne(const Instruction& inst, const RunOptions& options) {
    Invocation& v = state();
    auto labelled = [&](uint32_t label) {
      for (size_t i = 0; i < program_.instructions.size(); ++i)
        if (program_.instructions[i].label == label) return i;
      return program_.instructions.size();  // END's label
    };
    if (inst.opcode == "BRA") {
      v.pc = labelled(*inst.target);
    } else if (inst.opcode == "CAL") {
      if (v.stack.size() >= options.maxStack) return "stack limit";
      v.stack.push_back(Word::of(static_cast<uint32_t>(v.pc + 1)));  // the return address
      v.pc = labelled(*inst.target);
    } else if (inst.opcode == "RET") {
      if (v.stack.empty()) {  // a return from the program: it ends
        v.finished = true;
        return "";
      }
      Word w = v.stack.back();
      v.stack.pop_back();
      if (w.kind != Word::Kind::Bits || w.bits > program_.instructions.size())
        return "unknown return address";
      v.pc = w.bits;
    } else if (inst.opcode == "PUSHA") {
      if (v.stack.size() + 4 > options.maxStack) return "stack limit";
      Register r = read(inst.sources[0]);
      for (int c = 0; c < 4; ++c) v.stack.push_back(r[c]);
      ++v.pc;
    } else if (inst.opcode == "POPA") {
      // dst.w = pop() dst.z = pop() dst.y = pop() dst.x = pop(); an empty stack gives any word.
      Register r;
      for (int c = 3; c >= 0; --c) {
        r[c] = v.stack.empty() ? Word::any() : v.stack.back();
        if (!v.stack.empty()) v.stack.pop_back();
      }
      write(inst, r);
      ++v.pc;
    } else if (inst.opcode == "BGNFOR" || inst.opcode == "ENDFOR") {
      v.pc = loop<A>(inst, v.pc);
    } else {
      step<A>(inst);
      ++v.pc;
    }
    return "";
  }

  /// The register an operand names; nullptr when an indirect index leaves the declared range.
  const Register* lookup(const RegisterRef& r) {
    int64_t index = r.index;
    if (r.indirect) {
      const Register& a = state().registers[{File::Address, r.indirect->addressIndex}];
      const Word& w = a[r.indirect->component];
      if (w.kind != Word::Kind::Bits) return nullptr;
      index += static_cast<int32_t>(w.bits);
    }
    if (index < 0 || index > UINT32_MAX) return nullptr;
    auto it = state().registers.find({r.file, static_cast<uint32_t>(index)});
    return it == state().registers.end() ? nullptr : &it->second;
  }

  /// The four words an operand reads, after its swizzle; unknown words read as any word.
  Register read(const SourceOperand& s) {
    const Register* r = lookup(s.reg);
    Register out;
    for (int c = 0; c < 4; ++c) {
      Word w = r ? (*r)[s.swizzle[c]] : Word::any();
      if (w.kind == Word::Kind::Unwritten) w = Word::any();
      out[c] = w;
    }
    return out;
  }

  template <class A>
  typename A::V value(const Word& w, const SourceOperand& s) {
    typename A::V v = A::fromFloat(w.kind == Word::Kind::AnyNaN ? NAN : asFloat(w.bits));
    if (s.absolute) v = A::abs(v);
    if (s.negate) v = A::neg(v);
    return v;
  }

  template <class A>
  void step(const Instruction& inst) {
    const OpcodeRule* rule = findRule(inst.opcode);
    std::array<Register, 3> words{};
    for (size_t i = 0; i < inst.sources.size(); ++i) words[i] = read(inst.sources[i]);
    Register result;
    if (rule->integer) {
      result = rule->integer(words, chooser_);
    } else {
      bool anyUnknown = false;
      for (size_t i = 0; i < inst.sources.size(); ++i)
        for (const Word& w : words[i]) anyUnknown |= w.kind == Word::Kind::Any;
      FloatArgs<A> args{{}, chooser_};
      for (size_t i = 0; i < inst.sources.size(); ++i)
        for (int c = 0; c < 4; ++c) args.src[i][c] = value<A>(words[i][c], inst.sources[i]);
      Vec<A> v = ruleOf<A>(*rule)(args);
      if (anyUnknown) {
        // A formula of an unknown word is any word (a superset: never too narrow).
        result = {Word::any(), Word::any(), Word::any(), Word::any()};
        if (inst.opcode == "KIL" && chooser_.choose(2) == 1) state().discarded = true;
      } else {
        if (args.discard) state().discarded = true;
        if (inst.saturate) saturate<A>(v);
        for (int c = 0; c < 4; ++c) result[c] = floatWord(A::toFloat(v[c]));
      }
      if (inst.opcode == "ARL" || inst.opcode == "ARR") result = toAddress(result);
    }
    write(inst, result);
  }

  /// "DDX - Derivative Relative To X" dst.x = partialx(src.x), "DDY - Derivative Relative To
  /// Y" dst.x = partialy(src.x): the seed defines partialx(x) only as the "Derivative of x
  /// relative to fragment's X" (TGSI-22). Over the quad (pixel p at x = p % 2, y = p / 2) the
  /// derivative is a difference of neighbours, the right (upper) pixel's value minus the left
  /// (lower) one's, rounded once; GL lets an implementation take it per row (column), fine,
  /// or one row (column) for the whole quad, coarse, either one: three forms, one choice for
  /// the instruction where they differ. A neighbour that is not at this instruction
  /// (discarded, finished, or diverged) has no value: the differences that need it are any
  /// word (GLSL: derivatives are undefined in non-uniform control flow).
  template <class A>
  void derivative(const Instruction& inst, const std::vector<size_t>& group) {
    const bool dx = inst.opcode == "DDX";
    // The two lines of the quad along the derivative's axis, each (low pixel, high pixel).
    const std::array<std::array<size_t, 2>, 2> lines =
        dx ? std::array<std::array<size_t, 2>, 2>{{{0, 1}, {2, 3}}}
           : std::array<std::array<size_t, 2>, 2>{{{0, 2}, {1, 3}}};
    auto lineOf = [&](size_t p) { return dx ? p / 2 : p % 2; };
    std::array<std::optional<Register>, 4> words;
    for (size_t q : group) {
      current_ = q;
      words[q] = read(inst.sources[0]);
    }
    struct Difference {
      Vec<A> value;
      std::array<bool, 4> unknown{};
    };
    std::array<Difference, 2> differences;
    for (size_t l = 0; l < 2; ++l) {
      const auto& [low, high] = lines[l];
      Difference& d = differences[l];
      for (int c = 0; c < 4; ++c) {
        if (quad_.size() < 4 || !words[low] || !words[high] ||
            (*words[low])[c].kind == Word::Kind::Any || (*words[high])[c].kind == Word::Kind::Any) {
          d.unknown[c] = true;
          d.value[c] = A::constant(0);
          continue;
        }
        d.value[c] = A::sub(value<A>((*words[high])[c], inst.sources[0]),
                            value<A>((*words[low])[c], inst.sources[0]));
      }
    }
    // The forms: fine (each pixel its own line), coarse on line 0, coarse on line 1; each as
    // the line every pixel of the group takes. Forms that give the same words are one.
    auto wordsOf = [&](const Difference& d) {
      Register r;
      for (int c = 0; c < 4; ++c)
        r[c] = d.unknown[c] ? Word::any() : floatWord(A::toFloat(d.value[c]));
      return r;
    };
    std::vector<std::array<size_t, 4>> forms;
    std::set<std::vector<Register>> seen;
    for (int form = -1; form < 2; ++form) {
      std::array<size_t, 4> lineFor{};
      std::vector<Register> result;
      for (size_t q : group) {
        lineFor[q] = form < 0 ? lineOf(q) : static_cast<size_t>(form);
        result.push_back(wordsOf(differences[lineFor[q]]));
      }
      if (seen.insert(result).second) forms.push_back(lineFor);
    }
    const std::array<size_t, 4>& chosen =
        forms[forms.size() > 1 ? chooser_.choose(static_cast<int>(forms.size())) : 0];
    for (size_t q : group) {
      current_ = q;
      Difference d = differences[chosen[q]];
      if (inst.saturate) saturate<A>(d.value);
      Register r = wordsOf(d);
      write(inst, r);
    }
  }

  void write(const Instruction& inst, const Register& result) {
    for (const DestinationOperand& d : inst.destinations) {
      Register& target = state().registers[{d.reg.file, static_cast<uint32_t>(d.reg.index)}];
      for (int c = 0; c < 4; ++c)
        if (d.writeMask & (1u << c)) target[c] = result[c];
    }
  }

  /// ARL and ARR write integers: a float word that is an integer in int32's range becomes that
  /// integer; anything else (NaN, inf, out of range) any word.
  static Register toAddress(const Register& r) {
    Register out;
    for (int c = 0; c < 4; ++c) {
      out[c] = Word::any();
      if (r[c].kind != Word::Kind::Bits) continue;
      float f = asFloat(r[c].bits);
      if (std::isfinite(f) && f >= -2147483648.0f && f < 2147483648.0f)
        out[c] = Word::of(static_cast<uint32_t>(static_cast<int32_t>(f)));
    }
    return out;
  }

  /// "BGNFOR - Begin a For-Loop": dst.x = floor(src.x) dst.y = floor(src.y)
  /// dst.z = floor(src.z); if (dst.y <= 0) pc = [matching ENDFOR] + 1.
  /// "ENDFOR - End a For-Loop": dst.x = dst.x + dst.z dst.y = dst.y - 1.0;
  /// if (dst.y > 0) pc = [matching BGNFOR instruction] + 1.
  /// dst is a LOOP register; dst.w is not written. A condition on an unknown word (any word,
  /// an unwritten loop register) is a choice point. Returns the next pc.
  template <class A>
  size_t loop(const Instruction& inst, size_t pc) {
    const DestinationOperand& d = inst.destinations[0];
    Register& reg = state().registers[{d.reg.file, static_cast<uint32_t>(d.reg.index)}];
    const bool begin = inst.opcode == "BGNFOR";
    Register in = begin ? read(inst.sources[0]) : reg;
    bool unknown = false;
    for (int c = 0; c < 3; ++c)
      unknown |= in[c].kind == Word::Kind::Any || in[c].kind == Word::Kind::Unwritten;
    bool taken;  // BGNFOR: skip the loop; ENDFOR: go round again
    if (unknown) {
      for (int c = 0; c < 3; ++c) reg[c] = Word::any();
      taken = chooser_.choose(2) == 1;
    } else {
      auto v = [&](int c) {
        const Word& w = in[c];
        typename A::V x = A::fromFloat(w.kind == Word::Kind::AnyNaN ? NAN : asFloat(w.bits));
        if (begin) {
          if (inst.sources[0].absolute) x = A::abs(x);
          if (inst.sources[0].negate) x = A::neg(x);
        }
        return x;
      };
      typename A::V x, y, z;
      if (begin) {
        x = A::floor(v(0)), y = A::floor(v(1)), z = A::floor(v(2));
      } else {
        z = v(2);
        x = A::add(v(0), z);
        y = A::sub(v(1), A::constant(1));
      }
      reg[0] = floatWord(A::toFloat(x));
      reg[1] = floatWord(A::toFloat(y));
      reg[2] = floatWord(A::toFloat(z));
      const int order = A::compare(y, A::constant(0));
      taken = begin ? (order == -1 || order == 0) : order == 1;
    }
    if (!taken) return pc + 1;
    return begin ? *inst.match + 1 : *inst.match + 1;
  }

  /// _SAT (TGSI-14, TGSI-20): the seed's clamp(x, 0, 1), which keeps a NaN and -0, or the
  /// clamp of GL and D3D, max(min(x, 1), 0) with NaN read as 0, which gives 0 for both (what
  /// llvmpipe writes). One choice for the instruction, where the two differ.
  template <class A>
  void saturate(std::array<typename A::V, 4>& v) {
    const auto zero = A::constant(0), one = A::constant(1);
    std::array<typename A::V, 4> seed = v, gl = v;
    bool differ = false;
    for (int c = 0; c < 4; ++c) {
      if (A::compare(v[c], zero) == -1)
        seed[c] = zero;
      else if (A::compare(v[c], one) == 1)
        seed[c] = one;
      const float f = A::toFloat(v[c]);
      if (std::isnan(f) || (f == 0 && std::signbit(f)))
        gl[c] = zero;
      else
        gl[c] = seed[c];
      differ = differ || !A::identical(seed[c], gl[c]);
    }
    v = differ && chooser_.choose(2) == 1 ? gl : seed;
  }

  template <class A>
  static FloatRule<A> ruleOf(const OpcodeRule& r);

  const Program& program_;
  Chooser& chooser_;
  std::vector<Invocation> quad_;  // one, or the four fragments of a quad
  size_t current_ = 0;            // the invocation an instruction is executed for
};

template <>
FloatRule<Exact> Machine::ruleOf<Exact>(const OpcodeRule& r) {
  return r.exact;
}
template <>
FloatRule<Ieee32> Machine::ruleOf<Ieee32>(const OpcodeRule& r) {
  return r.ieee32;
}
template <>
FloatRule<Ieee32Ftz> Machine::ruleOf<Ieee32Ftz>(const OpcodeRule& r) {
  return r.ieee32ftz;
}

}  // namespace

bool runsAsQuad(const Program& program, const RunInputs& inputs) {
  if (program.processor != Processor::Fragment) return false;
  if (!inputs.quad.empty()) return true;
  for (const Instruction& i : program.instructions)
    if (i.opcode == "DDX" || i.opcode == "DDY") return true;
  return false;
}

RunResult run(const Program& program, const RunInputs& inputs, const RunOptions& options) {
  RunResult result;
  if (!inputs.quad.empty() && program.processor != Processor::Fragment)
    result.errors.push_back("per-pixel inputs (`quad`) are for FRAG programs only");
  if (!inputs.quad.empty() && inputs.quad.size() != 4)
    result.errors.push_back("`quad` gives the inputs of four pixels");
  const bool quad = runsAsQuad(program, inputs);
  for (const Declaration& d : program.declarations)
    if (d.file == File::Input || d.file == File::Constant)
      for (uint32_t i = d.first; i <= d.last; ++i) {
        bool given = inputs.values.count({d.file, i}) > 0;
        if (!given && d.file == File::Input && inputs.quad.size() == 4)
          given = std::all_of(inputs.quad.begin(), inputs.quad.end(), [&](const RegisterValues& p) {
            return p.count({d.file, i}) > 0;
          });
        if (!given)
          result.errors.push_back(std::string(fileName(d.file)) + "[" + std::to_string(i) +
                                  "] is declared but not given in the inputs");
      }
  if (!result.errors.empty()) return result;
  std::vector<const RegisterValues*> pixels(quad ? 4 : 1, nullptr);
  for (size_t p = 0; p < inputs.quad.size() && quad; ++p) pixels[p] = &inputs.quad[p];
  std::set<Outcome> outcomes;
  Chooser chooser;
  size_t paths = 0;
  do {
    if (++paths > options.maxPaths) {
      result.errors.push_back("more than " + std::to_string(options.maxPaths) +
                              " choice-point paths; the outcome set is incomplete");
      break;
    }
    chooser.restart();
    Machine m(program, inputs.values, pixels, chooser);
    outcomes.insert(options.numerics == Numerics::Exact    ? m.execute<Exact>(options)
                    : options.numerics == Numerics::Ieee32 ? m.execute<Ieee32>(options)
                                                           : m.execute<Ieee32Ftz>(options));
  } while (chooser.next());
  result.outcomes.assign(outcomes.begin(), outcomes.end());
  return result;
}

RunResult run(const Program& program, const RegisterValues& inputs, const RunOptions& options) {
  return run(program, RunInputs{inputs, {}}, options);
}

bool parseComponent(const nlohmann::json& j, Word& word, std::string& error) {
  if (j.is_number()) {
    double d = j.get<double>();
    float f = static_cast<float>(d);
    if (static_cast<double>(f) != d) {
      error = "the number " + j.dump() +
              " is not a binary32 value; write it as a string (\"0.1\") to have it rounded";
      return false;
    }
    word = Word::of(asBits(f));
    return true;
  }
  if (!j.is_string()) {
    error = "a component is a number or a string";
    return false;
  }
  std::string s = j.get<std::string>();
  if (s == "nan")
    word = Word::of(0x7FC00000u);
  else if (s == "inf" || s == "+inf")
    word = Word::of(0x7F800000u);
  else if (s == "-inf")
    word = Word::of(0xFF800000u);
  else if (s.size() == 10 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    uint32_t v = 0;
    auto [p, ec] = std::from_chars(s.data() + 2, s.data() + s.size(), v, 16);
    if (ec != std::errc() || p != s.data() + s.size()) {
      error = "bad bit pattern `" + s + "'";
      return false;
    }
    word = Word::of(v);
  } else if (s.starts_with("i32:") || s.starts_with("u32:")) {
    const char* b = s.data() + 4;
    const char* e = s.data() + s.size();
    if (s[0] == 'i') {
      int32_t v = 0;
      auto [p, ec] = std::from_chars(b, e, v);
      if (ec != std::errc() || p != e) {
        error = "bad i32 `" + s + "'";
        return false;
      }
      word = Word::of(static_cast<uint32_t>(v));
    } else {
      uint32_t v = 0;
      auto [p, ec] = std::from_chars(b, e, v);
      if (ec != std::errc() || p != e) {
        error = "bad u32 `" + s + "'";
        return false;
      }
      word = Word::of(v);
    }
  } else {
    float f = 0;
    auto [p, ec] = std::from_chars(s.data() + (s.starts_with("+") ? 1 : 0), s.data() + s.size(), f);
    if (p != s.data() + s.size() || s.empty() ||
        (ec != std::errc() && ec != std::errc::result_out_of_range)) {
      error = "bad component `" + s +
              "' (a decimal, nan, inf, -inf, 0x and 8 hex digits, i32:N, u32:N)";
      return false;
    }
    if (ec == std::errc::result_out_of_range) f = std::strtof(s.c_str(), nullptr);  // ±inf or ±0
    word = Word::of(asBits(f));
  }
  return true;
}

namespace {
/// `"IN": {"0": [x, y, z, w], ...}`: one file's registers.
bool readRegisters(const std::string& key, const nlohmann::json& value, File file,
                   RegisterValues& values, std::string& error) {
  if (!value.is_object()) {
    error = key + " maps register indices to four components";
    return false;
  }
  for (auto& [index, comps] : value.items()) {
    uint32_t i = 0;
    auto [p, ec] = std::from_chars(index.data(), index.data() + index.size(), i);
    if (ec != std::errc() || p != index.data() + index.size()) {
      error = key + ": `" + index + "' is not a register index";
      return false;
    }
    if (!comps.is_array() || comps.size() != 4) {
      error = key + "[" + index + "]: expected an array of four components";
      return false;
    }
    Register r;
    for (int c = 0; c < 4; ++c)
      if (!parseComponent(comps[c], r[c], error)) {
        error = key + "[" + index + "]: " + error;
        return false;
      }
    values[{file, i}] = r;
  }
  return true;
}
}  // namespace

bool readInputs(const nlohmann::json& j, RunInputs& inputs, std::string& error) {
  if (!j.is_object() || j.value("format", "") != "plumb-tgsi-inputs") {
    error = "not a plumb-tgsi-inputs file (\"format\": \"plumb-tgsi-inputs\")";
    return false;
  }
  if (!j.contains("version") || (j["version"] != 1 && j["version"] != 2)) {
    error = "plumb-tgsi-inputs version " + (j.contains("version") ? j["version"].dump() : "?") +
            " is not supported (this Plumb reads versions 1 and 2)";
    return false;
  }
  const bool v2 = j["version"] == 2;
  for (auto& [key, value] : j.items()) {
    if (key == "format" || key == "version") continue;
    if (key == "IN" || key == "CONST") {
      if (!readRegisters(key, value, key == "IN" ? File::Input : File::Constant, inputs.values,
                         error))
        return false;
    } else if (key == "quad" && v2) {
      // Version 2: the IN registers of the quad's four pixels, (0,0), (1,0), (0,1), (1,1).
      if (!value.is_array() || value.size() != 4) {
        error = "quad: expected an array of four pixels ({\"IN\": {...}})";
        return false;
      }
      inputs.quad.assign(4, {});
      for (size_t p = 0; p < 4; ++p) {
        const nlohmann::json& pixel = value[p];
        const std::string where = "quad[" + std::to_string(p) + "]";
        if (!pixel.is_object()) {
          error = where + ": expected an object {\"IN\": {...}}";
          return false;
        }
        for (auto& [k, v] : pixel.items()) {
          if (k != "IN") {
            error = where + ": unknown key `" + k + "' (a pixel gives only IN registers)";
            return false;
          }
          if (!readRegisters(where + ".IN", v, File::Input, inputs.quad[p], error)) return false;
        }
      }
    } else {
      error = "unknown key `" + key + "' (IN and CONST hold the inputs" +
              (v2 ? ", quad the pixels' IN)" : "; quad needs version 2)");
      return false;
    }
  }
  return true;
}

std::string wordText(const Word& w) {
  switch (w.kind) {
    case Word::Kind::AnyNaN:
      return "nan";
    case Word::Kind::Any:
      return "any";
    case Word::Kind::Unwritten:
      return "unwritten";
    case Word::Kind::Bits:
      break;
  }
  float f = asFloat(w.bits);
  if (std::isnan(f)) return "nan";
  if (std::isinf(f)) return f < 0 ? "-inf" : "inf";
  char buffer[64];
  auto [p, ec] = std::to_chars(buffer, buffer + sizeof buffer, f);  // shortest round trip
  return std::string(buffer, p);
}

namespace {
std::string hex(uint32_t v) {
  char b[16];
  std::snprintf(b, sizeof b, "0x%08x", v);
  return b;
}
}  // namespace

std::string wordBits(const Word& w) {
  return w.kind == Word::Kind::Bits ? hex(w.bits) : wordText(w);
}

namespace {
nlohmann::json wordJson(const Word& w) {
  nlohmann::json j;
  switch (w.kind) {
    case Word::Kind::AnyNaN:
      j["nan"] = true;
      break;
    case Word::Kind::Any:
      j["any"] = true;
      break;
    case Word::Kind::Unwritten:
      j["unwritten"] = true;
      break;
    case Word::Kind::Bits:
      j["f32"] = wordText(w);
      j["bits"] = hex(w.bits);
      j["i32"] = static_cast<int32_t>(w.bits);
      break;
  }
  return j;
}
}  // namespace

const char* numericsName(Numerics n) {
  switch (n) {
    case Numerics::Exact:
      return "exact";
    case Numerics::Ieee32:
      return "ieee32";
    case Numerics::Ieee32Ftz:
      return "ieee32-ftz";
  }
  return "?";
}

namespace {
nlohmann::json outputsJson(const std::map<uint32_t, Register>& outputs) {
  nlohmann::json j = nlohmann::json::object();
  for (auto& [index, reg] : outputs) {
    nlohmann::json comps = nlohmann::json::array();
    for (const Word& w : reg) comps.push_back(wordJson(w));
    j[std::to_string(index)] = comps;
  }
  return j;
}

std::string outputsText(const std::map<uint32_t, Register>& outputs, const std::string& indent) {
  std::string out;
  for (auto& [index, reg] : outputs) {
    std::string values, bits;
    for (int c = 0; c < 4; ++c) {
      values += (c ? ", " : "") + wordText(reg[c]);
      bits += (c ? ", " : "") + wordBits(reg[c]);
    }
    out += indent + "OUT[" + std::to_string(index) + "] = {" + values + "}  bits {" + bits + "}\n";
  }
  return out;
}

/// The quad's pixel p as the text prints it: "(x,y)".
std::string pixelName(size_t p) {
  return "(" + std::to_string(p % 2) + "," + std::to_string(p / 2) + ")";
}
}  // namespace

nlohmann::json toJson(const RunResult& r, Numerics numerics) {
  nlohmann::json j;
  j["format"] = "plumb-tgsi-run";
  j["version"] = 2;
  j["numerics"] = numericsName(numerics);
  j["outcomes"] = nlohmann::json::array();
  for (const Outcome& o : r.outcomes) {
    nlohmann::json oj;
    if (!o.stopped.empty()) oj["stopped"] = o.stopped;
    oj["discarded"] = o.discarded;
    oj["OUT"] = outputsJson(o.outputs);
    if (!o.quad.empty()) {
      oj["quad"] = nlohmann::json::array();
      for (const Fragment& f : o.quad)
        oj["quad"].push_back({{"discarded", f.discarded}, {"OUT", outputsJson(f.outputs)}});
    }
    j["outcomes"].push_back(oj);
  }
  j["errors"] = r.errors;
  return j;
}

std::string toText(const RunResult& r) {
  std::string out;
  for (size_t i = 0; i < r.outcomes.size(); ++i) {
    const Outcome& o = r.outcomes[i];
    if (r.outcomes.size() > 1)
      out +=
          "outcome " + std::to_string(i + 1) + " of " + std::to_string(r.outcomes.size()) + ":\n";
    if (!o.stopped.empty()) out += "  stopped: " + o.stopped + "\n";
    if (!o.quad.empty()) {
      for (size_t p = 0; p < o.quad.size(); ++p) {
        out += "  pixel " + pixelName(p) + (o.quad[p].discarded ? ": discarded\n" : ":\n");
        out += outputsText(o.quad[p].outputs, "    ");
      }
      continue;
    }
    if (o.discarded) {
      out += "  discarded\n";
      continue;
    }
    out += outputsText(o.outputs, "  ");
  }
  for (const std::string& e : r.errors) out += "error: " + e + "\n";
  return out;
}

}  // namespace plumb::tgsi
