#include "gen/wgsl/overload_programs.h"

namespace plumb::gen::wgsl::overload {

std::string literal(int kind, int value) {
  std::string d = std::to_string(value);
  switch (kind) {
    case Bool:
      return value % 2 ? "true" : "false";
    case AbstractInt:
      return d;
    case I32:
      return d + "i";
    case U32:
      return d + "u";
    case AbstractFloat:
      return d + ".0";
    case F32:
      return d + ".0f";
    case F16:
      return d + ".0h";
    default:
      return d;
  }
}

std::string inlineValue(const Ty& t, int value) {
  std::string lit = literal(t.kind, value);
  switch (t.shape) {
    case Vector:
      return "vec" + std::to_string(t.n) + "(" + lit + ")";
    case Matrix: {
      // Columns `vecR(lit)`: the matrix's component type is inferred from the columns'
      // (#construction-from-components), so the suffix alone decides it.
      std::string column = "vec" + std::to_string(t.r) + "(" + lit + ")";
      std::string s = "mat" + std::to_string(t.n) + "x" + std::to_string(t.r) + "(";
      for (int c = 0; c < t.n; ++c) s += (c ? ", " : "") + column;
      return s + ")";
    }
    default:
      return lit;
  }
}

std::string wgslType(const Ty& t) {
  return spell(t);
}

std::string ProgramLines::text(std::vector<uint32_t>* bodyLines) const {
  std::string s;
  uint32_t line = 1;
  auto add = [&](const std::string& l) {
    s += l + "\n";
    ++line;
  };
  if (f16) {
    add("enable f16;");
    add("");
  }
  for (const std::string& m : module) add(m);
  if (!module.empty()) add("");
  add("@compute @workgroup_size(1)");
  add("fn main() {");
  for (const std::string& b : body) {
    if (bodyLines) bodyLines->push_back(line);
    add("  " + b);
  }
  add("}");
  return s;
}

std::string pickName(Rng& rng, const char* const* names, size_t count, int index) {
  std::string n = names[rng.below(count)];
  return index < 0 ? n : n + std::to_string(index);
}

}  // namespace plumb::gen::wgsl::overload
