// The standard library's signatures (seed "Standard library", "Built-in Functions"): the integer
// and float operators, the bit operations, comparisons, casts and the integer functions. Their
// meaning is interpreter/wsl/standard_library.cpp under the same `native` name. The seed leaves
// comparisons and casts as "Todo: fill this section"; Plumb takes the reference implementation's
// set for scalars (docs/wsl.md, "Standard library").
#include "checker/wsl/checker_state.h"

namespace plumb::wsl {

int Checker::addNative(const std::string& name, std::vector<TypeP> params, TypeP result,
                       const std::string& native) {
  Function f;
  f.name = name;
  f.parameters = std::move(params);
  f.result = std::move(result);
  f.origin = Function::Origin::Native;
  f.native = native;
  int id = int(p_->functions.size());
  p_->functions.push_back(std::move(f));
  p_->functionSets[name].push_back(id);
  return id;
}

bool Checker::hasSignature(const std::string& name, const std::vector<TypeP>& params) const {
  for (int id : p_->lookup(name)) {
    const Function& f = p_->functions[size_t(id)];
    if (f.parameters.size() != params.size()) continue;
    bool same = true;
    for (size_t i = 0; i < params.size(); ++i) same &= sameType(f.parameters[i], params[i]);
    if (same) return true;
  }
  return false;
}

void Checker::addStandardLibrary() {
  const TypeP i = intType(), u = uintType(), f = floatType(), b = boolType(), c = ucharType();
  // Integer arithmetic: + - * / % wrap (two's complement); / and % by 0 are unspecified.
  for (const TypeP& t : {i, u}) {
    for (const char* op : {"+", "-", "*", "/", "%"})
      addNative(std::string("operator") + op, {t, t}, t, op);
    addNative("operator++", {t}, t, "++");
    addNative("operator--", {t}, t, "--");
    for (const char* fn : {"min", "max"}) addNative(fn, {t, t}, t, fn);
    addNative("clamp", {t, t, t}, t, "clamp");
    addNative("abs", {t}, t, "abs");
    addNative("sign", {t}, t, "sign");  // the RI's `uint sign(uint)` (W50)
    addNative("mul", {t, t}, t, "*");
  }
  addNative("operator-", {i}, i, "neg");
  // uchar is not among the seed's scalars; the reference implementation has it, with the integer
  // operators (docs/wsl.md): Plumb follows, wrapping modulo 2^8.
  for (const char* op : {"+", "-", "*", "/", "%", "&", "|", "^"})
    addNative(std::string("operator") + op, {c, c}, c, op);
  addNative("operator~", {c}, c, "~");
  addNative("operator<<", {c, u}, c, "<<");
  addNative("operator>>", {c, u}, c, ">>");
  // Floating point arithmetic (binary32); / by +-0 is undefined (any value).
  for (const char* op : {"+", "-", "*", "/"})
    addNative(std::string("operator") + op, {f, f}, f, op);
  addNative("operator-", {f}, f, "neg");
  for (const char* fn : {"min", "max"}) addNative(fn, {f, f}, f, fn);
  addNative("abs", {f}, f, "abs");
  // Comparisons (seed: "Todo: fill this section"; the RI's: < > <= >= == on numbers, == on bool).
  for (const TypeP& t : {i, u, f, c}) {
    for (const char* op : {"<", ">", "<=", ">=", "=="})
      addNative(std::string("operator") + op, {t, t}, b, op);
  }
  addNative("operator==", {b, b}, b, "==");
  // Bit manipulation: & | ^ ~ on bool, int, uint; << >> by a uint count modulo the width.
  for (const TypeP& t : {b, i, u}) {
    for (const char* op : {"&", "|", "^"}) addNative(std::string("operator") + op, {t, t}, t, op);
    addNative("operator~", {t}, t, "~");
  }
  for (const TypeP& t : {i, u}) {
    addNative("operator<<", {t, u}, t, "<<");
    addNative("operator>>", {t, u}, t, ">>");
  }
  for (const char* fn : {"countbits", "reversebits", "firstbithigh", "firstbitlow"})
    addNative(fn, {u}, u, fn);
  // Seed "Fences and atomic operations": the Interlocked functions take a pointer to an atomic
  // in the device or threadgroup space, a value of its base type and a pointer to the base type
  // in a non-constant space ("There are overloads for all sets of types that verify these
  // constraints"); the three barriers take nothing. Their meaning is the machine's
  // (interpreter/wsl/machine.cpp callResolve: the RMW, load, store and fence events).
  for (const TypeP& t : {i, u})
    for (AddressSpace x : {AddressSpace::Device, AddressSpace::Threadgroup})
      for (AddressSpace z :
           {AddressSpace::Thread, AddressSpace::Threadgroup, AddressSpace::Device}) {
        TypeP atomic = pointerTo(atomicOf(t), x), out = pointerTo(t, z);
        for (const char* op : {"Add", "And", "Or", "Xor", "Min", "Max", "Exchange"})
          addNative(std::string("Interlocked") + op, {atomic, t, out}, voidType(),
                    std::string("interlocked:") + op);
        addNative("InterlockedCompareExchange", {atomic, t, t, out}, voidType(),
                  "interlocked:CompareExchange");
      }
  for (const char* barrier : {"DeviceMemoryBarrierWithGroupSync", "GroupMemoryBarrierWithGroupSync",
                              "AllMemoryBarrierWithGroupSync"})
    addNative(barrier, {}, voidType(), std::string("barrier:") + barrier);
  // The RI's other scalars (docs/ambiguities.md W43): ushort like uchar, char and short on the
  // signed values, wrapping modulo their width; half as its StandardLibrary.mjs defines it,
  // `half(float(a) op float(b))`, the float result rounded to binary16.
  const TypeP ch = charType(), sh = shortType(), us = ushortType(), h = halfType();
  for (const TypeP& t : {ch, sh, us}) {
    for (const char* op : {"+", "-", "*", "/", "&", "|", "^"})
      addNative(std::string("operator") + op, {t, t}, t, op);
    addNative("operator~", {t}, t, "~");
    addNative("operator<<", {t, u}, t, "<<");
    addNative("operator>>", {t, u}, t, ">>");
  }
  for (const TypeP& t : {c, ch, sh, us, h}) {
    addNative("operator++", {t}, t, "++");
    addNative("operator--", {t}, t, "--");
  }
  for (const char* op : {"+", "-", "*", "/"})
    addNative(std::string("operator") + op, {h, h}, h, op);
  addNative("operator-", {h}, h, "neg");
  for (const TypeP& t : {ch, sh, us, h})
    for (const char* op : {"<", ">", "<=", ">=", "=="})
      addNative(std::string("operator") + op, {t, t}, b, op);
  // Casts (seed: "Cast operators ... Todo"): between the scalar numeric types and bool (the RI's
  // `operator T(bool x) { return x ? 1 : 0; }` and `operator bool(T x) { return x != 0; }`).
  for (const TypeP& to : {i, u, f, c, b, ch, sh, us, h})
    for (const TypeP& from : {i, u, f, c, b, ch, sh, us, h})
      addNative("operator " + typeName(*to), {from}, to, "cast");
}

}  // namespace plumb::wsl
