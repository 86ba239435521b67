// The overloads of type constructor expressions (#type-constructor-expr, wgsl-2022-06-07.bs
// l.4152-4836), written out by the overloads family from the seed's tables: construction from
// components (scalar identity, vector, matrix, array and structure rules), zero values
// (#zero-value-expr) and conversions (#conversion-expr: the scalar, vector and matrix
// conversion rules). A constructor call's applicable forms are the candidates of an overload
// resolution, like an operator's (#overload-resolution-section): `vec3(1, 2.0, 3)` has one
// components candidate per component type T, and the most preferable is T = AbstractFloat.
//
// Independent of checker/wgsl/constructors.cpp: only the seed's tables are read.
#pragma once

#include <vector>

#include "gen/wgsl/overload_model.h"

namespace plumb::gen::wgsl::overload {

/// Candidate groups: which rule of #type-constructor-expr a candidate is.
enum ConstructorForm : int { Identity = 0, Splat, Components, Conversion, Zero };
const char* formName(int form);

/// What is written before the parentheses.
struct ConstructorTarget {
  enum What { InferredVector, TypedVector, InferredMatrix, TypedMatrix, ScalarType, Array, Struct };
  What what = TypedVector;
  Ty type;                   // typed forms: the type; inferred forms: shape only (kind unused)
  std::vector<Ty> elements;  // Array: N copies of the element type; Struct: member types
};

/// The kinds T(e) accepts besides T itself (#conversion-expr, "Scalar conversion type rules";
/// the vector rules have the same sources component-wise). u32 accepts AbstractInt: "e:
/// AbstractInt or i32" (l.4608; docs/ambiguities.md S4).
std::vector<int> conversionSources(int to);

/// The candidates of a constructor call with operands of the shapes `operandShapes` (their
/// kinds are ignored: the candidates differ in component type, the operands' kinds are what
/// overload resolution ranks). Components forms need the operands to add up to the target.
std::vector<Candidate> constructorCandidates(const ConstructorTarget& target,
                                             const std::vector<Ty>& operandShapes);

}  // namespace plumb::gen::wgsl::overload
