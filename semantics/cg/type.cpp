// Cg types: constructors, names and the predefined type names (see type.h).
#include "semantics/cg/type.h"

#include <map>

namespace plumb::cg {

namespace {
TypeP make(Type t) {
  return std::make_shared<const Type>(std::move(t));
}
}  // namespace

TypeP voidType() {
  static const TypeP t = [] {
    Type v;
    v.kind = TypeKind::Void;
    return make(v);
  }();
  return t;
}
TypeP errorType() {
  static const TypeP t = make(Type{});
  return t;
}
TypeP scalarType(Scalar s) {
  Type t;
  t.kind = TypeKind::Scalar;
  t.scalar = s;
  return make(std::move(t));
}
TypeP vectorType(Scalar s, int length) {
  Type t;
  t.kind = TypeKind::Vector;
  t.scalar = s;
  t.columns = length;
  return make(std::move(t));
}
TypeP matrixType(Scalar s, int rows, int columns) {
  Type t;
  t.kind = TypeKind::Matrix;
  t.scalar = s;
  t.rows = rows;
  t.columns = columns;
  return make(std::move(t));
}
TypeP objectType(ObjectKind o, Scalar texel) {
  Type t;
  t.kind = TypeKind::Object;
  t.object = o;
  t.scalar = texel;
  return make(std::move(t));
}
TypeP structType(int index, std::string name, bool isInterface) {
  Type t;
  t.kind = TypeKind::Struct;
  t.structIndex = index;
  t.name = std::move(name);
  t.isInterface = isInterface;
  return make(std::move(t));
}
TypeP arrayType(TypeP element, int size, bool packed) {
  Type t;
  t.kind = TypeKind::Array;
  t.element = std::move(element);
  t.arraySize = size;
  t.packed = packed;
  return make(std::move(t));
}

bool sameType(const Type& a, const Type& b) {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case TypeKind::Void:
    case TypeKind::Error:
      return true;
    case TypeKind::Scalar:
      return a.scalar == b.scalar;
    case TypeKind::Vector:
      return a.scalar == b.scalar && a.columns == b.columns;
    case TypeKind::Matrix:
      return a.scalar == b.scalar && a.rows == b.rows && a.columns == b.columns;
    case TypeKind::Object:
      return a.object == b.object && a.scalar == b.scalar;
    case TypeKind::Struct:
      return a.structIndex == b.structIndex;
    case TypeKind::Array:
      return a.arraySize == b.arraySize && a.element && b.element &&
             sameType(*a.element, *b.element);
  }
  return false;
}

const char* scalarName(Scalar s) {
  switch (s) {
    case Scalar::Bool:
      return "bool";
    case Scalar::Int:
      return "int";
    case Scalar::UInt:
      return "unsigned int";
    case Scalar::Char:
      return "char";
    case Scalar::Short:
      return "short";
    case Scalar::Long:
      return "long";
    case Scalar::UChar:
      return "unsigned char";
    case Scalar::UShort:
      return "unsigned short";
    case Scalar::ULong:
      return "unsigned long";
    case Scalar::Fixed:
      return "fixed";
    case Scalar::Half:
      return "half";
    case Scalar::Float:
      return "float";
    case Scalar::Double:
      return "double";
    case Scalar::CInt:
      return "cint";
    case Scalar::CFloat:
      return "cfloat";
  }
  return "?";
}

namespace {
const char* objectName(ObjectKind o) {
  switch (o) {
    case ObjectKind::Sampler:
      return "sampler";
    case ObjectKind::Sampler1D:
      return "sampler1D";
    case ObjectKind::Sampler2D:
      return "sampler2D";
    case ObjectKind::Sampler3D:
      return "sampler3D";
    case ObjectKind::SamplerCUBE:
      return "samplerCUBE";
    case ObjectKind::SamplerRECT:
      return "samplerRECT";
    case ObjectKind::Sampler1DARRAY:
      return "sampler1DARRAY";
    case ObjectKind::Sampler2DARRAY:
      return "sampler2DARRAY";
    case ObjectKind::SamplerBUF:
      return "samplerBUF";
    case ObjectKind::Sampler2DMS:
      return "sampler2DMS";
    case ObjectKind::Sampler2DMSARRAY:
      return "sampler2DMSARRAY";
    case ObjectKind::SamplerCUBEARRAY:
      return "samplerCUBEARRAY";
    case ObjectKind::SamplerRBUF:
      return "samplerRBUF";
  }
  return "?";
}
}  // namespace

std::string typeName(const Type& t) {
  switch (t.kind) {
    case TypeKind::Void:
      return "void";
    case TypeKind::Error:
      return "<error>";
    case TypeKind::Scalar:
      return scalarName(t.scalar);
    case TypeKind::Vector:
      return scalarName(t.scalar) + std::to_string(t.columns);
    case TypeKind::Matrix:
      return scalarName(t.scalar) + std::to_string(t.rows) + "x" + std::to_string(t.columns);
    case TypeKind::Object:
      return std::string(t.scalar == Scalar::Int    ? "i"
                         : t.scalar == Scalar::UInt ? "u"
                                                    : "") +
             objectName(t.object);
    case TypeKind::Struct:
      return t.name.empty() ? "<anonymous struct>" : t.name;
    case TypeKind::Array: {
      // `float4[2][3]`: the element's innermost type first, then the dimensions outermost first.
      std::string dims;
      const Type* e = &t;
      while (e->kind == TypeKind::Array) {
        dims += e->arraySize < 0 ? "[]" : "[" + std::to_string(e->arraySize) + "]";
        e = e->element.get();
      }
      return typeName(*e) + dims;
    }
  }
  return "?";
}

TypeP predefinedType(const std::string& name) {
  static const std::map<std::string, TypeP> table = [] {
    std::map<std::string, TypeP> m;
    m["void"] = voidType();
    // Vector and matrix names exist for the scalar types the seed's examples and NVIDIA's
    // reference manual use; `unsigned int` has no vector forms in Cg 2.0.
    const std::pair<const char*, Scalar> scalars[] = {
        {"bool", Scalar::Bool}, {"int", Scalar::Int},     {"fixed", Scalar::Fixed},
        {"half", Scalar::Half}, {"float", Scalar::Float}, {"double", Scalar::Double}};
    for (auto [n, s] : scalars) {
      std::string base = n;
      m[base] = scalarType(s);
      for (int i = 1; i <= 4; ++i) {
        m[base + std::to_string(i)] = vectorType(s, i);
        for (int j = 1; j <= 4; ++j)
          m[base + std::to_string(i) + "x" + std::to_string(j)] = matrixType(s, i, j);
      }
    }
    m["char"] = scalarType(Scalar::Char);
    m["short"] = scalarType(Scalar::Short);
    m["long"] = scalarType(Scalar::Long);
    m["unsigned int"] = scalarType(Scalar::UInt);
    // The vectors and matrices of unsigned int have no Cg 2.0 name; cgc's dialect spells them
    // `uint2`, `uvec2`, `uint2x2` and the parser rewrites those to these names (CGD-9), which
    // no source token can be.
    for (int i = 1; i <= 4; ++i) {
      m["unsigned int" + std::to_string(i)] = vectorType(Scalar::UInt, i);
      for (int j = 1; j <= 4; ++j)
        m["unsigned int" + std::to_string(i) + "x" + std::to_string(j)] =
            matrixType(Scalar::UInt, i, j);
    }
    m["unsigned"] = scalarType(Scalar::UInt);
    // The vectors and matrices of char, short and long: cgc's dialect spells them `char2`,
    // `short3x3` and the parser rewrites those to these names (CGD-10).
    for (auto [n, sc] : {std::pair{"char", Scalar::Char}, std::pair{"short", Scalar::Short},
                         std::pair{"long", Scalar::Long}}) {
      std::string base = std::string("signed ") + n;
      for (int i = 1; i <= 4; ++i) {
        m[base + std::to_string(i)] = vectorType(sc, i);
        for (int j = 1; j <= 4; ++j)
          m[base + std::to_string(i) + "x" + std::to_string(j)] = matrixType(sc, i, j);
      }
    }
    // Cg 3.1's unsigned integral category: `unsigned char`, `unsigned short`, `unsigned long`,
    // with vectors and matrices as `unsigned char2`, `unsigned long2x2` (cgc 3.1 accepts these
    // spellings); the parser admits them in cgc's dialect only (CGD-11).
    for (auto [n, sc] : {std::pair{"char", Scalar::UChar}, std::pair{"short", Scalar::UShort},
                         std::pair{"long", Scalar::ULong}}) {
      std::string base = std::string("unsigned ") + n;
      m[base] = scalarType(sc);
      for (int i = 1; i <= 4; ++i) {
        m[base + std::to_string(i)] = vectorType(sc, i);
        for (int j = 1; j <= 4; ++j)
          m[base + std::to_string(i) + "x" + std::to_string(j)] = matrixType(sc, i, j);
      }
    }
    m["sampler"] = objectType(ObjectKind::Sampler);
    m["sampler1D"] = objectType(ObjectKind::Sampler1D);
    m["sampler2D"] = objectType(ObjectKind::Sampler2D);
    m["sampler3D"] = objectType(ObjectKind::Sampler3D);
    m["samplerCUBE"] = objectType(ObjectKind::SamplerCUBE);
    m["samplerRECT"] = objectType(ObjectKind::SamplerRECT);
    m["sampler1DARRAY"] = objectType(ObjectKind::Sampler1DARRAY);
    m["sampler2DARRAY"] = objectType(ObjectKind::Sampler2DARRAY);
    m["samplerBUF"] = objectType(ObjectKind::SamplerBUF);
    m["sampler2DMS"] = objectType(ObjectKind::Sampler2DMS);
    m["sampler2DMSARRAY"] = objectType(ObjectKind::Sampler2DMSARRAY);
    m["samplerCUBEARRAY"] = objectType(ObjectKind::SamplerCUBEARRAY);
    m["samplerRBUF"] = objectType(ObjectKind::SamplerRBUF);
    // The integer samplers (the manual's tex2D ... texRBUF pages: `isampler2D`, `usampler2D`;
    // cgc 3.1 knows them for every dimension in every profile), not the plain `sampler`.
    for (ObjectKind k :
         {ObjectKind::Sampler1D, ObjectKind::Sampler2D, ObjectKind::Sampler3D,
          ObjectKind::SamplerCUBE, ObjectKind::SamplerRECT, ObjectKind::Sampler1DARRAY,
          ObjectKind::Sampler2DARRAY, ObjectKind::SamplerBUF, ObjectKind::Sampler2DMS,
          ObjectKind::Sampler2DMSARRAY, ObjectKind::SamplerCUBEARRAY, ObjectKind::SamplerRBUF}) {
      m[std::string("i") + objectName(k)] = objectType(k, Scalar::Int);
      m[std::string("u") + objectName(k)] = objectType(k, Scalar::UInt);
    }
    return m;
  }();
  auto it = table.find(name);
  return it == table.end() ? nullptr : it->second;
}

bool isNumericScalar(Scalar s) {
  return s != Scalar::Bool;
}
bool isFloating(Scalar s) {
  return s == Scalar::Fixed || s == Scalar::Half || s == Scalar::Float || s == Scalar::Double ||
         s == Scalar::CFloat;
}
bool isIntegral(Scalar s) {
  return s == Scalar::Int || s == Scalar::Char || s == Scalar::Short || s == Scalar::Long ||
         s == Scalar::CInt || isUnsignedIntegral(s);
}
bool isUnsignedIntegral(Scalar s) {
  return s == Scalar::UInt || s == Scalar::UChar || s == Scalar::UShort || s == Scalar::ULong;
}
bool isLiteralType(Scalar s) {
  return s == Scalar::CInt || s == Scalar::CFloat;
}

int scalarBits(Scalar s) {
  switch (s) {
    case Scalar::Bool:
      return 1;
    case Scalar::Char:
    case Scalar::UChar:
      return 8;
    case Scalar::Short:
    case Scalar::UShort:
      return 16;
    case Scalar::Int:
    case Scalar::UInt:
    case Scalar::CInt:
      return 32;
    case Scalar::Long:
    case Scalar::ULong:
      return 64;
    case Scalar::Fixed:
      return 12;  // S1.10: sign, one integer bit, ten fraction bits
    case Scalar::Half:
      return 16;
    case Scalar::Float:
    case Scalar::CFloat:
      return 32;
    case Scalar::Double:
      return 64;
  }
  return 0;
}

bool isNumeric(const Type& t) {
  return t.kind == TypeKind::Scalar || t.kind == TypeKind::Vector || t.kind == TypeKind::Matrix;
}

int componentCount(const Type& t) {
  switch (t.kind) {
    case TypeKind::Scalar:
      return 1;
    case TypeKind::Vector:
      return t.columns;
    case TypeKind::Matrix:
      return t.rows * t.columns;
    default:
      return 0;
  }
}

TypeP withScalar(const Type& t, Scalar s) {
  switch (t.kind) {
    case TypeKind::Scalar:
      return scalarType(s);
    case TypeKind::Vector:
      return vectorType(s, t.columns);
    case TypeKind::Matrix:
      return matrixType(s, t.rows, t.columns);
    default:
      return errorType();
  }
}

}  // namespace plumb::cg
