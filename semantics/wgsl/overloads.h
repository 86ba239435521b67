// Expansion of the overload table (semantics/wgsl/builtin_table.h) into concrete overloads, and the
// structural matching of argument types against parameter types with wildcards.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "semantics/wgsl/builtin_table.h"
#include "semantics/wgsl/revision.h"
#include "semantics/wgsl/type.h"

namespace plumb {

/// A parameter or result type of an overload: a concrete type, or a shape containing
/// wildcards (`*` variables), which match any type at that position.
struct TypePattern {
  Type type;              // when concrete (no wildcard below)
  int wildcard = -1;      // the wildcard variable this position binds, or -1
  TypeNode shape;         // when neither: the node whose `element` is `children[0]`
  std::vector<TypePattern> children;

  bool concrete() const { return wildcard < 0 && children.empty(); }
};

struct Overload {
  const OverloadRow* row = nullptr;
  std::vector<std::string> parameterNames;
  std::vector<TypePattern> parameters;
  TypePattern result;  // Void if the function has no return type
  bool hasResult = true;
  int wildcards = 0;   // number of wildcard variables
};

/// Wildcard bindings while matching one overload.
using Bindings = std::vector<Type>;

/// True if `arg` has exactly the shape of `pattern`, binding its wildcards.
bool matchPattern(const TypeTable& types, const TypePattern& pattern, Type arg, Bindings& b);
/// The pattern with its wildcards replaced by their bindings.
Type instantiate(TypeTable& types, const TypePattern& pattern, const Bindings& b);

class OverloadTable {
 public:
  /// Expands every row; types needed by the rows (vectors, predeclared result structures) are
  /// interned into `types`. Reports malformed rows on `problems` (the table is data: tests
  /// check that it is well formed).
  /// `revision` adds its rows (Revision::currentBuiltins); none: the seed's rows only.
  OverloadTable(TypeTable& types, std::vector<std::string>* problems = nullptr,
                const Revision* revision = nullptr);

  std::span<const Overload> candidates(OverloadKind kind, std::string_view name) const;
  bool isBuiltinName(std::string_view name) const;
  size_t size() const { return overloads_.size(); }
  std::span<const Overload> all() const { return overloads_; }

  /// A predeclared structure by the spec's name (e.g. "__frexp_result_vec2_f32"), if any.
  Type predeclaredStruct(std::string_view name) const;

 private:
  std::vector<Overload> overloads_;
  std::unordered_map<std::string, std::pair<size_t, size_t>> byName_;  // key: kind + name
  std::unordered_map<std::string, Type> structs_;
};

}  // namespace plumb
