// The TGSI machine: registers, operand reads (swizzle, absolute value, negation: tgsi_text's
// order, |x| before -), write masks and _SAT, and the exploration of choice points.
#include "interpreter/tgsi/machine.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
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

struct State {
  std::map<std::pair<File, uint32_t>, Register> registers;
  bool discarded = false;
};

class Machine {
 public:
  Machine(const Program& p, const RegisterValues& inputs, Chooser& chooser)
      : program_(p), chooser_(chooser) {
    for (const Declaration& d : p.declarations)
      for (uint32_t i = d.first; i <= d.last; ++i) {
        auto key = std::make_pair(d.file, i);
        auto it = inputs.find(key);
        state_.registers[key] = it != inputs.end() ? it->second : Register{};
      }
    for (size_t i = 0; i < p.immediates.size(); ++i) {
      Register r;
      for (int c = 0; c < 4; ++c) r[c] = Word::of(p.immediates[i].words[c]);
      state_.registers[{File::Immediate, static_cast<uint32_t>(i)}] = r;
    }
  }

  /// Runs from the first instruction until END, a discard, RET on an empty stack or a limit.
  /// The seed's control flow: "BRA - Branch" pc = target; "CAL - Subroutine Call" push(pc),
  /// pc = target; "RET" pc = pop(); PUSHA and POPA use the same stack (TGSI-17).
  template <class A>
  Outcome execute(const RunOptions& options) {
    Outcome o;
    size_t pc = 0, steps = 0;
    std::vector<Word> stack;
    auto labelled = [&](uint32_t label) {
      for (size_t i = 0; i < program_.instructions.size(); ++i)
        if (program_.instructions[i].label == label) return i;
      return program_.instructions.size();  // END's label
    };
    while (pc < program_.instructions.size() && !state_.discarded) {
      if (++steps > options.maxSteps) {
        o.stopped = "step limit";
        break;
      }
      const Instruction& inst = program_.instructions[pc];
      if (inst.opcode == "BRA") {
        pc = labelled(*inst.target);
        continue;
      }
      if (inst.opcode == "CAL") {
        if (stack.size() >= options.maxStack) {
          o.stopped = "stack limit";
          break;
        }
        stack.push_back(Word::of(static_cast<uint32_t>(pc + 1)));  // the return address
        pc = labelled(*inst.target);
        continue;
      }
      if (inst.opcode == "RET") {
        if (stack.empty()) break;  // a return from the program: it ends
        Word w = stack.back();
        stack.pop_back();
        if (w.kind != Word::Kind::Bits || w.bits > program_.instructions.size()) {
          o.stopped = "unknown return address";
          break;
        }
        pc = w.bits;
        continue;
      }
      if (inst.opcode == "PUSHA") {
        if (stack.size() + 4 > options.maxStack) {
          o.stopped = "stack limit";
          break;
        }
        Register r = read(inst.sources[0]);
        for (int c = 0; c < 4; ++c) stack.push_back(r[c]);
        ++pc;
        continue;
      }
      if (inst.opcode == "POPA") {
        // dst.w = pop() dst.z = pop() dst.y = pop() dst.x = pop(); an empty stack gives any word.
        Register r;
        for (int c = 3; c >= 0; --c) {
          r[c] = stack.empty() ? Word::any() : stack.back();
          if (!stack.empty()) stack.pop_back();
        }
        write(inst, r);
        ++pc;
        continue;
      }
      if (inst.opcode == "BGNFOR" || inst.opcode == "ENDFOR") {
        pc = loop<A>(inst, pc);
        continue;
      }
      step<A>(inst);
      ++pc;
    }
    o.discarded = state_.discarded;
    if (!o.discarded)
      for (auto& [key, reg] : state_.registers)
        if (key.first == File::Output) o.outputs[key.second] = reg;
    return o;
  }

 private:
  /// The register an operand names; nullptr when an indirect index leaves the declared range.
  const Register* lookup(const RegisterRef& r) {
    int64_t index = r.index;
    if (r.indirect) {
      const Register& a = state_.registers[{File::Address, r.indirect->addressIndex}];
      const Word& w = a[r.indirect->component];
      if (w.kind != Word::Kind::Bits) return nullptr;
      index += static_cast<int32_t>(w.bits);
    }
    if (index < 0 || index > UINT32_MAX) return nullptr;
    auto it = state_.registers.find({r.file, static_cast<uint32_t>(index)});
    return it == state_.registers.end() ? nullptr : &it->second;
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
        if (inst.opcode == "KIL" && chooser_.choose(2) == 1) state_.discarded = true;
      } else {
        if (args.discard) state_.discarded = true;
        if (inst.saturate) saturate<A>(v);
        for (int c = 0; c < 4; ++c) result[c] = floatWord(A::toFloat(v[c]));
      }
      if (inst.opcode == "ARL" || inst.opcode == "ARR") result = toAddress(result);
    }
    write(inst, result);
  }

  void write(const Instruction& inst, const Register& result) {
    for (const DestinationOperand& d : inst.destinations) {
      Register& target = state_.registers[{d.reg.file, static_cast<uint32_t>(d.reg.index)}];
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
    Register& reg = state_.registers[{d.reg.file, static_cast<uint32_t>(d.reg.index)}];
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
  State state_;
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

RunResult run(const Program& program, const RegisterValues& inputs, const RunOptions& options) {
  RunResult result;
  for (const Declaration& d : program.declarations)
    if (d.file == File::Input || d.file == File::Constant)
      for (uint32_t i = d.first; i <= d.last; ++i)
        if (!inputs.count({d.file, i}))
          result.errors.push_back(std::string(fileName(d.file)) + "[" + std::to_string(i) +
                                  "] is declared but not given in the inputs");
  if (!result.errors.empty()) return result;
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
    Machine m(program, inputs, chooser);
    outcomes.insert(options.numerics == Numerics::Exact    ? m.execute<Exact>(options)
                    : options.numerics == Numerics::Ieee32 ? m.execute<Ieee32>(options)
                                                           : m.execute<Ieee32Ftz>(options));
  } while (chooser.next());
  result.outcomes.assign(outcomes.begin(), outcomes.end());
  return result;
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

bool readInputs(const nlohmann::json& j, RegisterValues& values, std::string& error) {
  if (!j.is_object() || j.value("format", "") != "plumb-tgsi-inputs") {
    error = "not a plumb-tgsi-inputs file (\"format\": \"plumb-tgsi-inputs\")";
    return false;
  }
  if (!j.contains("version") || j["version"] != 1) {
    error = "plumb-tgsi-inputs version " + (j.contains("version") ? j["version"].dump() : "?") +
            " is not supported (this Plumb reads version 1)";
    return false;
  }
  for (auto& [key, value] : j.items()) {
    if (key == "format" || key == "version") continue;
    File file;
    if (key == "IN")
      file = File::Input;
    else if (key == "CONST")
      file = File::Constant;
    else {
      error = "unknown key `" + key + "' (IN and CONST hold the inputs)";
      return false;
    }
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

nlohmann::json toJson(const RunResult& r, Numerics numerics) {
  nlohmann::json j;
  j["format"] = "plumb-tgsi-run";
  j["version"] = 1;
  j["numerics"] = numericsName(numerics);
  j["outcomes"] = nlohmann::json::array();
  for (const Outcome& o : r.outcomes) {
    nlohmann::json oj;
    if (!o.stopped.empty()) oj["stopped"] = o.stopped;
    oj["discarded"] = o.discarded;
    oj["OUT"] = nlohmann::json::object();
    for (auto& [index, reg] : o.outputs) {
      nlohmann::json comps = nlohmann::json::array();
      for (const Word& w : reg) comps.push_back(wordJson(w));
      oj["OUT"][std::to_string(index)] = comps;
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
    if (o.discarded) {
      out += "  discarded\n";
      continue;
    }
    for (auto& [index, reg] : o.outputs) {
      std::string values, bits;
      for (int c = 0; c < 4; ++c) {
        values += (c ? ", " : "") + wordText(reg[c]);
        bits += (c ? ", " : "") +
                (reg[c].kind == Word::Kind::Bits ? hex(reg[c].bits) : wordText(reg[c]));
      }
      out += "  OUT[" + std::to_string(index) + "] = {" + values + "}  bits {" + bits + "}\n";
    }
  }
  for (const std::string& e : r.errors) out += "error: " + e + "\n";
  return out;
}

}  // namespace plumb::tgsi
