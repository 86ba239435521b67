// The seed's conversion table and arithmetic conversions (see conversion.h).
#include "checker/cg/conversion.h"

namespace plumb::cg {

TypeCategory categoryOf(const Type& t) {
  switch (t.kind) {
    case TypeKind::Scalar:
    case TypeKind::Object:
      return TypeCategory::Scalar;  // "scalar object type"
    case TypeKind::Vector:
      return TypeCategory::Vector;
    case TypeKind::Matrix:
      return TypeCategory::Matrix;
    case TypeKind::Struct:
      return TypeCategory::Struct;
    case TypeKind::Array:
      return TypeCategory::Array;
    default:
      return TypeCategory::Other;
  }
}

// Seed "Type Conversions", the table: rows are targets, columns sources, in the seed's order
// Scalar, Vector, Matrix, Struct, Array.
static const ConversionCell kTable[5][5] = {
    /* target Scalar */ {{"A", {0, 0}}, {"W", {0, 0}}, {"W", {0, 0}}, {"E", {3, 0}}, {"-", {0, 0}}},
    /* target Vector */
    {{"A", {0, 0}}, {"A/W", {1, 0}}, {"W", {2, 0}}, {"E", {3, 0}}, {"E", {6, 0}}},
    /* target Matrix */
    {{"A", {0, 0}}, {"W", {2, 0}}, {"A/W", {1, 0}}, {"E", {3, 0}}, {"E", {7, 0}}},
    /* target Struct */ {{"E", {0, 0}}, {"E", {4, 0}}, {"E", {4, 0}}, {"E", {4, 5}}, {"E", {4, 0}}},
    /* target Array  */ {{"-", {0, 0}}, {"E", {6, 0}}, {"E", {7, 0}}, {"E", {3, 0}}, {"E", {6, 0}}},
};

const ConversionCell& conversionCell(TypeCategory target, TypeCategory source) {
  return kTable[static_cast<int>(target)][static_cast<int>(source)];
}

bool objectsCompatible(ObjectKind a, ObjectKind b) {
  return a == b || a == ObjectKind::Sampler || b == ObjectKind::Sampler;
}

namespace {

// Significand bits (with the hidden bit) of the floating types, value bits of the integral.
int precisionBits(Scalar s) {
  switch (s) {
    case Scalar::Fixed:
      return 11;  // S1.10
    case Scalar::Half:
      return 11;
    case Scalar::Float:
    case Scalar::CFloat:
      return 24;
    case Scalar::Double:
      return 53;
    case Scalar::Char:
      return 7;
    case Scalar::UChar:
      return 8;
    case Scalar::Short:
      return 15;
    case Scalar::UShort:
      return 16;
    case Scalar::Int:
    case Scalar::CInt:
      return 31;
    case Scalar::UInt:
      return 32;
    case Scalar::Long:
      return 63;
    case Scalar::ULong:
      return 64;
    case Scalar::Bool:
      return 1;
  }
  return 0;
}

// Range order of the floating types: fixed [-2, 2) < half < float < double.
int floatingRank(Scalar s) {
  switch (s) {
    case Scalar::Fixed:
      return 0;
    case Scalar::Half:
      return 1;
    case Scalar::Float:
    case Scalar::CFloat:
      return 2;
    case Scalar::Double:
      return 3;
    default:
      return -1;
  }
}

// Size order of the integral types (seed's precision table), unsigned after signed of a size:
// cgc 3.1 balances `unsigned char + short` to short and `unsigned int + long` to long (rule 5)
// and `char + unsigned char` to unsigned char (rule 6; docs/ambiguities.md CGD-11).
int integralRank(Scalar s) {
  switch (s) {
    case Scalar::Char:
      return 0;
    case Scalar::UChar:
      return 1;
    case Scalar::Short:
      return 2;
    case Scalar::UShort:
      return 3;
    case Scalar::Int:
    case Scalar::CInt:
      return 4;
    case Scalar::UInt:
      return 5;
    case Scalar::Long:
      return 6;
    case Scalar::ULong:
      return 7;
    default:
      return -1;
  }
}

std::string cellText(const ConversionCell& c) {
  std::string r = c.code;
  if (c.notes[0]) {
    r += "(" + std::to_string(c.notes[0]);
    if (c.notes[1]) r += "/" + std::to_string(c.notes[1]);
    r += ")";
  }
  return r;
}

const char* categoryName(TypeCategory c) {
  switch (c) {
    case TypeCategory::Scalar:
      return "Scalar";
    case TypeCategory::Vector:
      return "Vector";
    case TypeCategory::Matrix:
      return "Matrix";
    case TypeCategory::Struct:
      return "Struct";
    case TypeCategory::Array:
      return "Array";
    default:
      return "Other";
  }
}

// Scalar element conversion: numeric (bool included, docs/ambiguities.md C5) to numeric.
bool elementsConvert(Scalar from, Scalar to) {
  (void)from;
  (void)to;
  return true;
}

Conversion verdict(ConversionVerdict v, std::string reason) {
  return Conversion{v, std::move(reason)};
}

// "compatible element type is any type to which the element type ... may be implicitly
// converted" (seed "Array conversions").
bool implicitlyConvertible(const Type& s, const Type& t, const Program& p) {
  return classifyConversion(s, t, p).allowedImplicitly();
}

}  // namespace

bool mayLosePrecision(Scalar from, Scalar to) {
  if (from == to || isLiteralType(from)) return false;
  if (to == Scalar::Bool) return from != Scalar::Bool;
  if (from == Scalar::Bool) return false;
  if (isFloating(from) && isIntegral(to)) return true;
  if (isFloating(from) && isFloating(to)) return floatingRank(to) < floatingRank(from);
  if (isIntegral(from) && isIntegral(to))
    // A narrower type, a signed value to an unsigned type, or an unsigned one to a signed type
    // not wider than it.
    return scalarBits(to) < scalarBits(from) ||
           (!isUnsignedIntegral(from) && isUnsignedIntegral(to)) ||
           (isUnsignedIntegral(from) && !isUnsignedIntegral(to) &&
            scalarBits(to) <= scalarBits(from));
  // Integral to floating: exact when the significand holds every value.
  return precisionBits(to) < precisionBits(from) || to == Scalar::Fixed;
}

Conversion classifyConversion(const Type& source, const Type& target, const Program& program) {
  if (source.kind == TypeKind::Error || target.kind == TypeKind::Error)
    return verdict(ConversionVerdict::Identity, "erroneous operand");
  if (sameType(source, target)) return verdict(ConversionVerdict::Identity, "the same type");
  // A structure to the interface it inherits from ("Struct types may inherit from a single
  // interface type"): the interface's member functions run the structure's implementations, as
  // a C++ object binds to its base. The table has no interface row; cgc 3.1 converts implicitly
  // (an initializer, an argument): docs/ambiguities.md C33.
  if (source.kind == TypeKind::Struct && target.kind == TypeKind::Struct && target.isInterface &&
      !source.isInterface && source.structIndex >= 0 &&
      source.structIndex < static_cast<int>(program.structs.size()) &&
      program.structs[static_cast<size_t>(source.structIndex)].implements == target.name)
    return verdict(ConversionVerdict::Implicit,
                   "a structure to the interface it implements (Struct and Interface types)");
  TypeCategory sc = categoryOf(source), tc = categoryOf(target);
  if (sc == TypeCategory::Other || tc == TypeCategory::Other)
    return verdict(ConversionVerdict::NotAllowed, "no conversion to or from void");
  const ConversionCell& cell = conversionCell(tc, sc);
  std::string where = "conversion table, target " + std::string(categoryName(tc)) + ", source " +
                      categoryName(sc) + ": " + cellText(cell);
  // Object types: seed "Scalar conversions".
  bool sObj = source.kind == TypeKind::Object, tObj = target.kind == TypeKind::Object;
  if (sObj || tObj) {
    // The integer samplers (isampler2D, usampler2D) are the Cg 3.1 manual's, which gives no
    // conversion rule: cgc 3.1 converts a sampler of one dimension to the same dimension of any
    // texel type and any sampler to `sampler`, and `sampler` to the float samplers only (C1102
    // for `sampler` to `usampler2D`; docs/ambiguities.md CG-P18).
    if (sObj && tObj && objectsCompatible(source.object, target.object) &&
        !(source.object == ObjectKind::Sampler && target.object != ObjectKind::Sampler &&
          target.scalar != Scalar::Float))
      return verdict(ConversionVerdict::Implicit, "compatible object types (Scalar conversions)");
    return verdict(ConversionVerdict::NotAllowed,
                   "incompatible object types, or object and numeric types (Scalar conversions: "
                   "not allowed, even with an explicit cast)");
  }
  std::string code = cell.code;
  if (code == "-") return verdict(ConversionVerdict::NotAllowed, where);
  auto warnIfLossy = [&](ConversionVerdict v) {
    if (v == ConversionVerdict::Implicit && isNumeric(source) && isNumeric(target) &&
        mayLosePrecision(source.scalar, target.scalar))
      return ConversionVerdict::ImplicitWarning;
    return v;
  };
  // Numeric categories first.
  if (sc == TypeCategory::Scalar &&
      (tc == TypeCategory::Scalar || tc == TypeCategory::Vector || tc == TypeCategory::Matrix)) {
    if (!elementsConvert(source.scalar, target.scalar))
      return verdict(ConversionVerdict::NotAllowed, where);
    return verdict(warnIfLossy(ConversionVerdict::Implicit), where);
  }
  if ((sc == TypeCategory::Vector || sc == TypeCategory::Matrix) && tc == TypeCategory::Scalar)
    return verdict(ConversionVerdict::ImplicitWarning, where + " (selects the first element)");
  if (sc == TypeCategory::Vector && tc == TypeCategory::Vector) {
    // Note (1): not allowed if the target is larger; a warning if smaller.
    if (target.columns > source.columns)
      return verdict(ConversionVerdict::NotAllowed, where + ", note (1): the target is larger");
    if (target.columns < source.columns)
      return verdict(ConversionVerdict::ImplicitWarning,
                     where + ", note (1): the target is smaller");
    return verdict(warnIfLossy(ConversionVerdict::Implicit), where);
  }
  if (sc == TypeCategory::Matrix && tc == TypeCategory::Matrix) {
    // Note (1) on both dimensions: the upper-left submatrix (seed "Matrix conversions").
    if (target.rows > source.rows || target.columns > source.columns)
      return verdict(ConversionVerdict::NotAllowed, where + ", note (1): the target is larger");
    if (target.rows < source.rows || target.columns < source.columns)
      return verdict(ConversionVerdict::ImplicitWarning,
                     where + ", note (1): the target is smaller");
    return verdict(warnIfLossy(ConversionVerdict::Implicit), where);
  }
  if ((sc == TypeCategory::Vector && tc == TypeCategory::Matrix) ||
      (sc == TypeCategory::Matrix && tc == TypeCategory::Vector)) {
    // Note (2): the same total size.
    if (componentCount(source) != componentCount(target))
      return verdict(ConversionVerdict::NotAllowed,
                     where + ", note (2): source and target differ in total size");
    return verdict(ConversionVerdict::ImplicitWarning, where);
  }
  // The remaining cells are E (explicit only) under their notes.
  auto explicitIf = [&](bool ok, int note, const char* why) {
    return verdict(ok ? ConversionVerdict::ExplicitOnly : ConversionVerdict::NotAllowed,
                   where + (note ? ", note (" + std::to_string(note) + ")" : std::string()) +
                       (ok ? "" : std::string(": ") + why));
  };
  auto structOf = [&](const Type& t) -> const StructDecl* {
    if (t.structIndex < 0 || static_cast<size_t>(t.structIndex) >= program.structs.size())
      return nullptr;
    return &program.structs[static_cast<size_t>(t.structIndex)];
  };
  auto memberTypes = [&](const Type& t) {
    std::vector<TypeP> types;
    if (const StructDecl* s = structOf(t))
      for (const auto& m : s->members)
        if (m.function < 0)
          for (const auto& d : m.field.declarators) types.push_back(d.declaredType);
    return types;
  };
  if (sc == TypeCategory::Struct && tc != TypeCategory::Struct) {
    // Note (3): the first member of the source converts to the target.
    auto members = memberTypes(source);
    bool ok = !members.empty() && members[0] &&
              classifyConversion(*members[0], target, program).allowedExplicitly();
    return explicitIf(ok, 3, "the first member does not convert to the target");
  }
  if (tc == TypeCategory::Struct) {
    auto members = memberTypes(target);
    if (sc == TypeCategory::Scalar) {
      // The table's plain E; the prose adds "if the scalar type can be legally cast to every
      // member of the structure" (docs/ambiguities.md C4).
      bool ok = !members.empty();
      for (const auto& m : members)
        ok = ok && m && classifyConversion(source, *m, program).allowedExplicitly();
      return explicitIf(ok, 0, "the scalar does not convert to every member (Scalar conversions)");
    }
    // Note (4): the target contains a single field of the source type.
    bool note4 = members.size() == 1 && members[0] && sameType(*members[0], source);
    if (sc != TypeCategory::Struct)
      return explicitIf(note4, 4, "the target is not a single field of the source type");
    // Note (5): as many members, each converting to the corresponding one.
    auto from = memberTypes(source);
    bool note5 = from.size() == members.size() && !from.empty();
    for (size_t i = 0; note5 && i < from.size(); ++i)
      note5 = from[i] && members[i] &&
              classifyConversion(*from[i], *members[i], program).allowedExplicitly();
    return explicitIf(
        note4 || note5, note4 ? 4 : 5,
        "neither a single field of the source type (4) nor member-wise convertible (5)");
  }
  if (sc == TypeCategory::Array && tc == TypeCategory::Vector) {
    // Note (6): the same size and compatible element types.
    bool ok = source.arraySize == target.columns && source.element &&
              categoryOf(*source.element) == TypeCategory::Scalar &&
              implicitlyConvertible(*source.element, *scalarType(target.scalar), program);
    return explicitIf(ok, 6, "sizes or element types differ");
  }
  if (sc == TypeCategory::Vector && tc == TypeCategory::Array) {
    bool ok = target.arraySize == source.columns && target.element &&
              categoryOf(*target.element) == TypeCategory::Scalar &&
              implicitlyConvertible(*scalarType(source.scalar), *target.element, program);
    return explicitIf(ok, 6, "sizes or element types differ");
  }
  if (sc == TypeCategory::Array && tc == TypeCategory::Array) {
    bool ok = (source.arraySize == target.arraySize || target.arraySize < 0) && source.element &&
              target.element && implicitlyConvertible(*source.element, *target.element, program);
    return explicitIf(ok, 6, "sizes or element types differ");
  }
  if ((sc == TypeCategory::Array && tc == TypeCategory::Matrix) ||
      (sc == TypeCategory::Matrix && tc == TypeCategory::Array)) {
    // Note (7): an array of vectors that matches the matrix: n rows of m-vectors.
    const Type& a = sc == TypeCategory::Array ? source : target;
    const Type& m = sc == TypeCategory::Array ? target : source;
    bool ok = a.arraySize == m.rows && a.element && a.element->kind == TypeKind::Vector &&
              a.element->columns == m.columns;
    if (ok) {
      // The row vector is held here: a reference into the shared_ptr vectorType returns would
      // dangle after the full expression (ASan: heap-use-after-free).
      const TypeP row = vectorType(m.scalar, m.columns);
      const Type& from = sc == TypeCategory::Array ? *a.element : *row;
      const Type& to = sc == TypeCategory::Array ? *row : *a.element;
      ok = implicitlyConvertible(from, to, program);
    }
    return explicitIf(ok, 7, "the array is not an array of the matrix's row vectors");
  }
  return verdict(ConversionVerdict::NotAllowed, where);
}

ArithmeticConversion usualArithmeticConversion(Scalar a, Scalar b) {
  if (a == b) return {a, 0};
  // 1. If one operand is cint it is converted to the other type.
  if (a == Scalar::CInt) return {b, 1};
  if (b == Scalar::CInt) return {a, 1};
  // 2. If one operand is cfloat and the other is floating, the cfloat is converted.
  if (a == Scalar::CFloat && isFloating(b)) return {b, 2};
  if (b == Scalar::CFloat && isFloating(a)) return {a, 2};
  // 3. Both floating: the smaller is converted to the larger.
  if (isFloating(a) && isFloating(b)) return {floatingRank(a) >= floatingRank(b) ? a : b, 3};
  // 4. One floating, the other integral: the integral is converted.
  if (isFloating(a) && isIntegral(b)) return {a, 4};
  if (isFloating(b) && isIntegral(a)) return {b, 4};
  // 6. Signed and unsigned of the same size: the signed is converted to unsigned (checked
  // before 5, which it refines).
  if (isIntegral(a) && isIntegral(b) && scalarBits(a) == scalarBits(b) &&
      isUnsignedIntegral(a) != isUnsignedIntegral(b))
    return {isUnsignedIntegral(a) ? a : b, 6};
  // 5. Both integral: the smaller is converted to the larger.
  if (isIntegral(a) && isIntegral(b)) return {integralRank(a) >= integralRank(b) ? a : b, 5};
  // bool with a numeric type: not an arithmetic operand (docs/ambiguities.md C5); the caller
  // rejects it. The numeric side is the answer for callers that convert bool first.
  return {a == Scalar::Bool ? b : a, 0};
}

bool isPromotion(const Type& source, const Type& target) {
  bool shape = (source.kind == TypeKind::Scalar && target.kind == TypeKind::Scalar) ||
               (source.kind == TypeKind::Vector && target.kind == TypeKind::Vector &&
                source.columns == target.columns) ||
               (source.kind == TypeKind::Matrix && target.kind == TypeKind::Matrix &&
                source.rows == target.rows && source.columns == target.columns);
  if (!shape || source.scalar == target.scalar) return false;
  Scalar s = source.scalar, t = target.scalar;
  if (s == Scalar::CInt) return isNumericScalar(t);
  if (s == Scalar::CFloat) return isFloating(t);
  if (isFloating(s) && isFloating(t)) return floatingRank(t) > floatingRank(s);
  if (isIntegral(s) && isIntegral(t)) return integralRank(t) > integralRank(s);
  return false;
}

}  // namespace plumb::cg
