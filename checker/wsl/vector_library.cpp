// The standard library's vectors (seed "Built-in aggregate types": `bool2` .. `float4`, or
// `vector<T, n>`; "Vector and matrix operations: Todo ... arithmetic operators (per-element),
// various swizzles, length, operator[] and operator[]="). The seed leaves their functions as a
// Todo; Plumb takes the reference implementation's library (gpuweb/WSL 943222d,
// StandardLibrary.mjs), whose functions are written in WSL there (docs/ambiguities.md, WSL W36):
// constructors from scalars and smaller vectors, the getters and setters `.x` .. `.w`, every
// swizzle getter and the swizzle setters without a repeated component, `[]` and `[]=` (an index
// out of range reads the default value and writes nothing, as the RI's `switch` does),
// `+ - * /` per element (and `*`, `/` with a scalar), unary `-`, and `==` (all elements equal).
// Their meaning is interpreter/wsl/standard_library.cpp under the natives named here
// ("vector:<scalar native>", "vector-construct", "swizzle:<indices>", "swizzle-set:<indices>",
// "vector-index", "vector-index-set", "vector-equal").
#include "checker/wsl/checker_state.h"

namespace plumb::wsl {

namespace {

int componentIndex(char c) {
  switch (c) {
    case 'x':
      return 0;
    case 'y':
      return 1;
    case 'z':
      return 2;
    case 'w':
      return 3;
    default:
      return -1;
  }
}

}  // namespace

void Checker::addVectorLibrary() {
  // The RI's vectors of its other scalars too (W43).
  const std::vector<TypeP> elements = {boolType(),  intType(),    uintType(),
                                       ucharType(), floatType(),  charType(),
                                       shortType(), ushortType(), halfType()};
  for (const TypeP& e : elements)
    for (uint32_t n = 2; n <= 4; ++n) {
      TypeP v = vectorOf(e, n);
      addNative("operator==", {v, v}, boolType(), "vector-equal");
      if (e->kind == Type::Kind::Bool) continue;
      for (const char* op : {"+", "-", "*", "/"})
        addNative(std::string("operator") + op, {v, v}, v, std::string("vector:") + op);
      for (const char* op : {"*", "/"}) {
        addNative(std::string("operator") + op, {v, e}, v, std::string("vector:") + op);
        addNative(std::string("operator") + op, {e, v}, v, std::string("vector:") + op);
      }
      if (isSignedInteger(*e) || isFloatingPoint(*e)) addNative("operator-", {v}, v, "vector:neg");
    }
}

// `.x`, `.xy`, `.zyx`, ..: a getter `operator.<swizzle>(Tn)` and, when no component repeats, a
// setter `operator.<swizzle>=(Tn, Tk)`, made on first use (the RI's library has them all).
void Checker::ensureVectorSwizzle(const TypeP& vector, const std::string& name) {
  if (name.empty() || name.size() > 4) return;
  std::string indices;
  bool repeated = false;
  for (char c : name) {
    int i = componentIndex(c);
    if (i < 0 || uint32_t(i) >= vector->size) return;
    repeated |= indices.find(char('0' + i)) != std::string::npos;
    indices += char('0' + i);
  }
  TypeP result =
      name.size() == 1 ? vector->element : vectorOf(vector->element, uint32_t(name.size()));
  std::string getter = "operator." + name;
  bool have = false;
  for (int id : p_->lookup(getter))
    have |= sameType(p_->functions[size_t(id)].parameters[0], vector);
  if (have) return;
  addNative(getter, {vector}, result, "swizzle:" + indices);
  if (!repeated) addNative(getter + "=", {vector, result}, vector, "swizzle-set:" + indices);
}

// `v[i]` and `v[i] = x` (the RI's `operator[]` and `operator[]=` of each vector type).
void Checker::ensureVectorIndexers(const TypeP& vector) {
  for (int id : p_->lookup("operator[]"))
    if (sameType(p_->functions[size_t(id)].parameters[0], vector)) return;
  addNative("operator[]", {vector, uintType()}, vector->element, "vector-index");
  addNative("operator[]=", {vector, uintType(), vector->element}, vector, "vector-index-set");
}

// `Tn(a, b, ..)`: the RI's constructors, from scalars of the element type and smaller vectors
// whose elements add up to n, in order (`float4(float2, float, float)`). An integer literal
// argument is a scalar of the element type (resolveCall coerces it). Returns false when the
// arguments are no such list.
bool Checker::ensureVectorConstructor(const std::string& name, const TypeP& vector,
                                      const std::vector<Typed>& args) {
  if (args.size() < 2) return false;
  std::vector<TypeP> parameters;
  uint32_t count = 0;
  for (const Typed& a : args) {
    if (a.integerLiteral || sameType(a.type, vector->element)) {
      parameters.push_back(vector->element);
      ++count;
    } else if (a.type && a.type->kind == Type::Kind::Vector &&
               sameType(a.type->element, vector->element)) {
      parameters.push_back(a.type);
      count += a.type->size;
    } else {
      return false;
    }
  }
  if (count != vector->size) return false;
  if (!hasSignature(name, parameters)) addNative(name, parameters, vector, "vector-construct");
  return true;
}

}  // namespace plumb::wsl
