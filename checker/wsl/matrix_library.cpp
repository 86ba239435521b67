// The standard library's matrices (seed "Built-in aggregate types" lists `float2x2` .. `float4x4`
// and `half2x2` .. `half4x4`; "Vector and matrix operations: Todo"). Plumb takes the reference
// implementation's reading (gpuweb/WSL 943222d, StandardLibrary.mjs; docs/ambiguities.md W44):
// `floatRxC` is `matrix<float, R, C>`, R rows of the vector floatC, default all zeros; `m[i]`
// reads row i and `m[i] = v` writes it (an index out of range reads the default row and writes
// nothing, as the RI's `switch` does), so `m[i][j]` is element j of row i; constructors from R
// rows or from R*C scalars; `==` (all elements equal); `+ - * /` per element and `*`, `/` with a
// scalar. Their meaning is interpreter/wsl/standard_library.cpp ("matrix-construct",
// "vector-index", "vector-index-set", "vector-equal", "vector:<op>" applied row by row).
#include "checker/wsl/checker_state.h"

namespace plumb::wsl {

void Checker::addMatrixLibrary() {
  for (const TypeP& e : {halfType(), floatType()})
    for (uint32_t rows = 2; rows <= 4; ++rows)
      for (uint32_t columns = 2; columns <= 4; ++columns) {
        TypeP m = matrixOf(e, rows, columns);
        addNative("operator==", {m, m}, boolType(), "vector-equal");
        for (const char* op : {"+", "-", "*", "/"})
          addNative(std::string("operator") + op, {m, m}, m, std::string("vector:") + op);
        for (const char* op : {"*", "/"}) {
          addNative(std::string("operator") + op, {m, e}, m, std::string("vector:") + op);
          addNative(std::string("operator") + op, {e, m}, m, std::string("vector:") + op);
        }
        addNative("operator-", {m}, m, "vector:neg");
      }
}

// `floatRxC(r0, .., rR-1)` from R rows, or `floatRxC(a, b, ..)` from R*C scalars, row by row
// (an integer literal is a scalar of the element type). Returns false for any other list.
bool Checker::ensureMatrixConstructor(const std::string& name, const TypeP& matrix,
                                      const std::vector<Typed>& args) {
  const TypeP& row = matrix->element;
  std::vector<TypeP> parameters;
  bool rows = args.size() == matrix->size, scalars = args.size() == matrix->size * row->size;
  for (const Typed& a : args) {
    rows &= sameType(a.type, row);
    scalars &= a.integerLiteral || sameType(a.type, row->element);
  }
  if (rows)
    parameters.assign(args.size(), row);
  else if (scalars)
    parameters.assign(args.size(), row->element);
  else
    return false;
  if (!hasSignature(name, parameters)) addNative(name, parameters, matrix, "matrix-construct");
  return true;
}

}  // namespace plumb::wsl
