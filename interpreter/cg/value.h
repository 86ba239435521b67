// The values of the Cg evaluator: a scalar, vector or matrix is a list of components, each a set
// (numeric_model.h): a bool that may be false, true or both (an undefined bool), an int or any
// int, a number of a floating model. Arrays and structures hold element values; arrays copy by
// value (seed "Arrays and Subscripting": "assignment of an array-typed object implies an array
// copy").
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "interpreter/cg/numeric_model.h"

namespace plumb::cg {

// semantics/cg/type.h's (declared again so that the numeric models need not the front end).
struct Type;
using TypeP = std::shared_ptr<const Type>;
/// A sampler's texture (texture.h).
struct Texture;

enum class ComponentKind : uint8_t { Bool, Int, Number };

struct Component {
  ComponentKind kind = ComponentKind::Number;
  Model model = Model::Fp32;  // Number: its model
  bool canFalse = false;      // Bool: the values it may have (both: undefined)
  bool canTrue = false;
  // Int: a compile-time constant (a value computed from literals only, never from a parameter,
  // uniform, varying, texture or derivative), and its value folded as the seed's 32-bit
  // integers, which a float-reading execution may use where a compiler folds (CG-E25). Not part
  // of the value: operator== ignores it.
  bool constant = false;
  int64_t folded = 0;
  IntSet integer;    // Int
  NumberSet number;  // Number

  static Component boolean(bool b) {
    Component c;
    c.kind = ComponentKind::Bool;
    c.canFalse = !b, c.canTrue = b;
    return c;
  }
  static Component anyBool() {
    Component c = boolean(false);
    c.canTrue = true;
    return c;
  }
  static Component ofInt(IntSet v) {
    Component c;
    c.kind = ComponentKind::Int;
    c.integer = v;
    return c;
  }
  /// A compile-time constant int: `v` as this execution holds it, `exact` as folded.
  static Component ofConstantInt(IntSet v, int64_t exact) {
    Component c = ofInt(v);
    c.constant = !v.undefined;
    c.folded = exact;
    return c;
  }
  static Component ofNumber(Model m, NumberSet v) {
    Component c;
    c.kind = ComponentKind::Number;
    c.model = m;
    c.number = v;
    return c;
  }
  /// Any value of the component's kind (an uninitialised read, seed "Use of Uninitialized
  /// Variables": "The value obtained from reading an uninitialized variable is undefined").
  Component undefinedLike() const;
  bool isUndefined() const;
  bool operator==(const Component& o) const;
};
/// "true", "false", "undefined", "42", "1.5", "[1, 1.5]".
std::string componentText(const Component& c);

struct EvalValue {
  enum class Shape : uint8_t { Void, Scalar, Vector, Matrix, Array, Struct };
  Shape shape = Shape::Void;
  int rows = 1;     // Matrix: n rows (seed "M[n][m] Matrix with n rows and m columns")
  int columns = 1;  // Vector: its length; Matrix: m
  std::vector<Component> components;       // Scalar, Vector, Matrix (row after row)
  std::vector<EvalValue> elements;         // Array elements, Struct members
  std::vector<std::string> memberNames;    // Struct
  std::string typeName;                    // "float4", "S", "float[3]"
  TypeP type;                              // its Cg type (null in the library's own results)
  std::shared_ptr<const Texture> texture;  // a sampler's (Void shape): null when not given

  static EvalValue scalar(Component c, std::string type) {
    EvalValue v;
    v.shape = Shape::Scalar;
    v.components = {c};
    v.typeName = std::move(type);
    return v;
  }
  bool isNumeric() const {
    return shape == Shape::Scalar || shape == Shape::Vector || shape == Shape::Matrix;
  }
  const Component& at(int row, int column) const { return components[row * columns + column]; }
  bool operator==(const EvalValue& o) const;
};

/// The value as text: `float4(1, 2, [3, 3.5], undefined)`, `S{a: 1, b: true}`, `{1, 2}`.
std::string valueText(const EvalValue& v);

}  // namespace plumb::cg
