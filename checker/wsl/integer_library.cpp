// The standard library's integer functions on every integer type and its vectors (seed "Integer
// arithmetic", "Bit manipulation": `abs`, `sign`, `min`, `max`, `clamp`, `mul`, `countbits`,
// `reversebits`, `firstbitlow`, `firstbithigh` on int and uint). The seed gives them on int and
// uint scalars (standard_library.cpp); the reference implementation (gpuweb/WSL 943222d,
// StandardLibrary.mjs) declares them on uchar, ushort, char and short too, element by element on
// the vectors of each, and adds `dot` and `count_bits` (docs/ambiguities.md, WSL W50). Made on
// first use of a name, never over a function with the same parameters. Their meaning is
// interpreter/wsl/standard_library.cpp (the scalar natives, `vector:` per element, `int-dot`).
#include <set>

#include "checker/wsl/checker_state.h"

namespace plumb::wsl {

void Checker::ensureIntegerFunctions(const std::string& name) {
  static const std::set<std::string> kNames = {
      "abs", "sign",         "min",         "max",         "clamp",     "mul",
      "dot", "firstbithigh", "firstbitlow", "reversebits", "count_bits"};
  if (!kNames.count(name)) return;
  if (!generatedArrays_.insert("integer-library " + name).second) return;
  auto add = [&](const std::vector<TypeP>& params, const TypeP& result, const std::string& native) {
    if (!hasSignature(name, params)) addNative(name, params, result, native);
  };
  // firstbithigh and firstbitlow answer a bit index: uint; count_bits (on the unsigned types
  // only) a uchar: the RI's declarations.
  const bool toUint = name == "firstbithigh" || name == "firstbitlow";
  const std::string scalarNative = name == "mul" || name == "dot" ? "*"
                                   : name == "count_bits"         ? "countbits"
                                                                  : name;
  for (const TypeP& t :
       {ucharType(), ushortType(), uintType(), charType(), shortType(), intType()}) {
    if (name == "count_bits" && isSignedInteger(*t)) continue;
    const TypeP r = toUint ? uintType() : name == "count_bits" ? ucharType() : t;
    const size_t arity = name == "clamp"                                                    ? 3
                         : name == "min" || name == "max" || name == "mul" || name == "dot" ? 2
                                                                                            : 1;
    add(std::vector<TypeP>(arity, t), r, scalarNative);
    for (uint32_t n = 2; n <= 4; ++n) {
      const TypeP v = vectorOf(t, n), rv = vectorOf(r, n);
      if (name == "dot") {
        add({v, v}, t, "int-dot");
      } else if (name == "mul") {
        // The RI's shapes: vector . vector, and a scalar times a vector on either side.
        add({v, v}, t, "int-dot");
        add({t, v}, v, "vector:*");
        add({v, t}, v, "vector:*");
      } else {
        add(std::vector<TypeP>(arity, v), rv, "vector:" + scalarNative);
      }
    }
  }
}

}  // namespace plumb::wsl
