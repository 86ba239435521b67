// Cg type conversions (seed "Type Conversions", "Type-Promotion Rules"): the 5x5 table of
// source and target type categories with its 7 notes, cell by cell as one table in code, the
// scalar conversions, and the usual arithmetic conversions for binary operators.
#pragma once

#include <string>

#include "semantics/cg/ast.h"
#include "semantics/cg/type.h"

namespace plumb::cg {

/// The categories of the table's rows and columns.
enum class TypeCategory { Scalar, Vector, Matrix, Struct, Array, Other };
TypeCategory categoryOf(const Type& t);

/// One cell of the seed's table: A, W, E, - or A/W, and the notes that qualify it.
struct ConversionCell {
  const char* code;  // "A", "W", "E", "-", "A/W", "E" (spelled as in the seed)
  int notes[2];      // note numbers 1..7, 0 = none ("E(4/5)" has two)
};
/// The cell for a target row and source column (both Scalar..Array).
const ConversionCell& conversionCell(TypeCategory target, TypeCategory source);

enum class ConversionVerdict {
  Identity,         // the same type
  Implicit,         // allowed implicitly (A, or the A side of A/W)
  ImplicitWarning,  // allowed implicitly with a warning (W, or the W side of A/W, or precision)
  ExplicitOnly,     // only with a cast (E)
  NotAllowed,       // - , or a note's condition fails
};

struct Conversion {
  ConversionVerdict verdict = ConversionVerdict::NotAllowed;
  std::string reason;  // why (the cell and note), for diagnostics and `plumb cg check --explain`
  bool allowedImplicitly() const {
    return verdict == ConversionVerdict::Identity || verdict == ConversionVerdict::Implicit ||
           verdict == ConversionVerdict::ImplicitWarning;
  }
  bool allowedExplicitly() const {
    return allowedImplicitly() || verdict == ConversionVerdict::ExplicitOnly;
  }
};

/// The conversion from `source` to `target` by the table (structures need the program for their
/// members). Scalar element types: any numeric to any numeric (a warning when implicit and
/// precision may be lost), object types only between compatible samplers.
Conversion classifyConversion(const Type& source, const Type& target, const Program& program);

/// Whether an implicit scalar conversion may lose precision (seed "Scalar conversions": "a
/// warning may be issued"): to a type of fewer bits, floating to integral, integral to a
/// floating type whose significand is narrower. cint/cfloat lose nothing (their value is exact).
bool mayLosePrecision(Scalar from, Scalar to);

/// The usual arithmetic conversions (seed "Type-Promotion Rules", rules 1-6): the common
/// element type of two numeric scalar types, and the rule that decided (0: same type).
struct ArithmeticConversion {
  Scalar result;
  int rule = 0;
};
ArithmeticConversion usualArithmeticConversion(Scalar a, Scalar b);

/// A "defined promotion" (overload step 5 B): a widening of the element type that keeps the
/// shape (the seed does not define it; docs/ambiguities.md C6): cint to any numeric scalar type,
/// cfloat to any floating type, and a type to a larger one of its kind (integral or floating)
/// by the precision table.
bool isPromotion(const Type& source, const Type& target);

/// Object type compatibility: `sampler` with each sampler*D/CUBE/RECT, never two of those.
bool objectsCompatible(ObjectKind a, ObjectKind b);

}  // namespace plumb::cg
