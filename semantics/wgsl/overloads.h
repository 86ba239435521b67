// Expansion of the overload table (semantics/wgsl/builtin_table.h) into concrete overloads, and the
// structural matching of argument types against parameter types with wildcards.
#pragma once

#include <cstdint>
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
  /// The same table, expanded on demand: a name's rows are expanded on its first lookup
  /// (`candidates`), so that a process checking a module that calls a few built-ins does not
  /// expand hundreds of functions' rows (README "Performance"). `types` must be new; it gets
  /// the types the full expansion interns, in its order, from `expansionTypes`, which is
  /// expansionTypes(revision) (the build writes it: checker/wgsl/builtin_type_order.h), so
  /// that every handle and every lookup is the full expansion's. Lookups intern nothing, so
  /// copies of `types` made after this constructor stay valid for every overload. Its first
  /// `all()` or `size()` expands every name (the full table, in the full table's order).
  OverloadTable(TypeTable& types, const Revision* revision,
                std::span<const uint64_t> expansionTypes);
  ~OverloadTable();
  OverloadTable(const OverloadTable&) = delete;
  OverloadTable& operator=(const OverloadTable&) = delete;

  /// The types the full expansion of `revision`'s rows interns after the predeclared
  /// structures, in interning order, each as a fixed number of integers (the on-demand
  /// constructor's `expansionTypes`).
  static std::vector<uint64_t> expansionTypes(const Revision* revision);

  /// Thread-safe in both forms.
  std::span<const Overload> candidates(OverloadKind kind, std::string_view name) const;
  bool isBuiltinName(std::string_view name) const;
  /// Every overload, by kind and name (an on-demand table expands all its names first: the
  /// cost its lookups avoid).
  size_t size() const;
  std::span<const Overload> all() const;

  /// A predeclared structure by the spec's name (e.g. "__frexp_result_vec2_f32"), if any.
  Type predeclaredStruct(std::string_view name) const;

 private:
  struct OnDemand;
  std::vector<Overload> overloads_;
  std::unordered_map<std::string, std::pair<size_t, size_t>> byName_;  // key: kind + name
  std::unordered_map<std::string, Type> structs_;
  size_t typesBeforeExpansion_ = 0;     // the size of the type table before the rows' types
  std::unique_ptr<OnDemand> onDemand_;  // the on-demand form's state; null: the full table
};

}  // namespace plumb
