// Cg types (seed "Types", "Type Categories", "Constants"): scalars of the seed's precision table
// plus the literal types cint and cfloat, vectors V[n], matrices M[n][m] (n rows, m columns, each
// 1..4), the sampler* object types, structures and interfaces, arrays (sized or unsized).
// Values: TypeP is shared and immutable; compare with `sameType`.
#pragma once

#include <memory>
#include <optional>
#include <string>

namespace plumb::cg {

/// Scalar numeric types (seed "Constants": the precision table) and the literal types.
enum class Scalar {
  Bool,
  Int,     // signed 32-bit two's complement
  UInt,    // `unsigned int`: rule 6 of the usual arithmetic conversions names unsigned types
  Char,    // signed 8-bit
  Short,   // signed 16-bit
  Long,    // signed 64-bit
  UChar,   // `unsigned char`, `unsigned short`, `unsigned long`: Cg 3.1's unsigned integral
  UShort,  // category ("unsigned may also be used with other integer types to make different
  ULong,   // sized unsigned values"); cgc's dialect only (docs/ambiguities.md CGD-11)
  Fixed,   // S1.10, clamping to [-2, 2)
  Half,    // s10e5
  Float,   // s23e8
  Double,  // s52e11
  CInt,    // an integer literal without suffix
  CFloat,  // a floating literal without suffix
};

/// Object types (seed "Scalar conversions": "sampler" is compatible with the others).
/// The texture-array and buffer samplers are the gp4 profiles' ("Data Types": sampler1DARRAY,
/// sampler2DARRAY, samplerBUF; Cg 3.1 reference manual, gp4fp/gp4vp/gp4gp pages); the
/// multisample, cube-array and renderbuffer samplers those of the manual's tex2DMSfetch,
/// texCUBEARRAY and texRBUF pages (docs/ambiguities.md CG-P18). Each has integer forms
/// (`isampler2D`, `usampler2D`): the same kind, with Type::scalar Int or UInt.
enum class ObjectKind {
  Sampler,
  Sampler1D,
  Sampler2D,
  Sampler3D,
  SamplerCUBE,
  SamplerRECT,
  Sampler1DARRAY,
  Sampler2DARRAY,
  SamplerBUF,
  Sampler2DMS,
  Sampler2DMSARRAY,
  SamplerCUBEARRAY,
  SamplerRBUF,
};

enum class TypeKind { Void, Scalar, Vector, Matrix, Object, Struct, Array, Error };

struct Type;
using TypeP = std::shared_ptr<const Type>;

struct Type {
  TypeKind kind = TypeKind::Error;
  Scalar scalar = Scalar::Float;  // Scalar, Vector, Matrix: the element type; Object: the
                                  // texels' (Int: isampler*, UInt: usampler*)
  int rows = 1;                   // Matrix: n
  int columns = 1;                // Vector: the length; Matrix: m
  ObjectKind object = ObjectKind::Sampler;
  int structIndex = -1;      // Struct: index into Program::structs
  std::string name;          // Struct: its name (interfaces too)
  bool isInterface = false;  // Struct: an interface type
  TypeP element;             // Array
  int arraySize = -1;        // Array: -1 for an unsized array (seed "Unsized Arrays")
  bool packed = false;       // Array: declared packed
};

TypeP voidType();
TypeP errorType();
TypeP scalarType(Scalar s);
TypeP vectorType(Scalar s, int length);
TypeP matrixType(Scalar s, int rows, int columns);
TypeP objectType(ObjectKind o, Scalar texel = Scalar::Float);
TypeP structType(int index, std::string name, bool isInterface = false);
TypeP arrayType(TypeP element, int size, bool packed = false);

bool sameType(const Type& a, const Type& b);
inline bool sameType(const TypeP& a, const TypeP& b) {
  return a && b && sameType(*a, *b);
}

/// `float4`, `half2x3`, `int`, `cint`, `sampler2D`, `S`, `float[4]`, `float4[2][3]`.
std::string typeName(const Type& t);
inline std::string typeName(const TypeP& t) {
  return t ? typeName(*t) : "<error>";
}
const char* scalarName(Scalar s);

/// The predefined type names: `float`, `float4`, `half3x2`, `bool1`, `int`, `unsigned int`,
/// `sampler2D`, `samplerCUBE`, ... (null for any other name). The seed's type list is missing
/// from the extraction (inventory §1); the names are those of the seed's examples and of NVIDIA's
/// Cg reference manual (docs/cg.md).
TypeP predefinedType(const std::string& name);

bool isNumericScalar(Scalar s);  // every scalar but Bool
bool isFloating(Scalar s);       // Fixed, Half, Float, Double, CFloat
bool isIntegral(Scalar s);       // Int, UInt, Char, Short, Long, UChar, UShort, ULong, CInt
bool isUnsignedIntegral(Scalar s);  // UInt, UChar, UShort, ULong
bool isLiteralType(Scalar s);    // CInt, CFloat
/// Storage size in bits as the precision table gives it (cint/cfloat: as int/float).
int scalarBits(Scalar s);

bool isNumeric(const Type& t);  // a scalar, vector or matrix (bool ones included)
/// Number of scalar components: scalar 1, vector n, matrix n*m; 0 otherwise.
int componentCount(const Type& t);
/// The same shape with another element type (scalar, vector or matrix).
TypeP withScalar(const Type& t, Scalar s);

}  // namespace plumb::cg
