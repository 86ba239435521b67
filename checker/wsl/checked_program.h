// A validated WSL program (seed "Validation"): the global environment (types, function sets),
// every function annotated for execution ("Annotations for execution": resolved callees, store
// identifiers, default values, sizes and strides), and the typing rules that fired.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "semantics/diagnostic.h"
#include "semantics/source.h"
#include "semantics/wsl/ast.h"
#include "semantics/wsl/desugar.h"

namespace plumb::wsl {

struct StructInfo {
  std::string name;
  struct Field {
    std::string name;
    TypeP type;
    uint32_t offset = 0;
    std::string semantic;  // `: SV_Position`, `: attribute(1)` (seed "Arguments and Return Types")
    Span span;
  };
  std::vector<Field> fields;
  TypeP type;
};

struct EnumInfo {
  std::string name;
  TypeP base;  // int or uint
  std::vector<std::pair<std::string, int64_t>> elements;
  TypeP type;
  bool valid(int64_t v) const {
    for (const auto& e : elements)
      if (e.second == v) return true;
    return false;
  }
};

/// A function of the global environment: a user declaration, a function the checker generated
/// (seed "Generated functions": getters, setters, indexers, written in WSL and checked like the
/// user's), or a function of the standard library, whose meaning is the interpreter's
/// (interpreter/wsl/standard_library.cpp) under `native`.
struct Function {
  std::string name;
  std::vector<TypeP> parameters;
  TypeP result;
  FunctionDecl::Stage stage = FunctionDecl::Stage::None;
  enum class Origin { User, Generated, Native } origin = Origin::User;
  std::string native;        // Native: the standard library's name of its meaning
  uint32_t fieldOffset = 0;  // Native "field-ander": the field's offset
  // User and Generated: the body after checking, and the parameters' store identifiers.
  std::vector<StmtP> body;
  std::vector<std::string> parameterNames;
  std::vector<Address> parameterStores;
  bool mayDiscard = false;
  Span span;
  std::vector<int> calls;  // "may call" (seed "Verifying the absence of recursion")
};

/// Threadgroup variables live above the host's buffers (2^40 ..) in memory the invocations of a
/// threadgroup share (memmodel/wsl/explore.h), one location per declaration, holding their
/// type's default value before any invocation runs (W49).
constexpr Address kThreadgroupVariablesBase = (Address(1) << 40) + (Address(1) << 32);
struct ThreadgroupVariable {
  std::string name;
  TypeP type;
  Address address = 0;
};

struct CheckedProgram {
  std::shared_ptr<const SourceFile> file;
  std::vector<std::shared_ptr<const SourceFile>> generatedSources;  // generated functions' text
  Program program;                                                  // desugared
  std::vector<DesugarStep> desugarings;
  std::vector<StructInfo> structs;
  std::vector<EnumInfo> enums;
  std::vector<Function> functions;
  std::map<std::string, std::vector<int>> functionSets;  // name -> function ids
  Address storeEnd = 0;  // the thread store identifiers occupy [0, storeEnd)
  std::vector<ThreadgroupVariable> threadgroupVariables;
  Address threadgroupEnd = kThreadgroupVariablesBase;
  /// The typing rules of WSL.ott that fired (for rule coverage), and the seed's other
  /// validation steps by name.
  std::set<std::string> typingRules;

  const Function* function(int id) const {
    return id >= 0 && size_t(id) < functions.size() ? &functions[size_t(id)] : nullptr;
  }
  /// The callable functions named `name` (user, test and generated ones; not entry points).
  std::vector<int> lookup(const std::string& name) const;
};

uint32_t sizeOf(const CheckedProgram& p, const Type& t);
uint32_t alignmentOf(const CheckedProgram& p, const Type& t);
/// The default value of a type (seed "Annotations for execution").
Value defaultValue(const CheckedProgram& p, const TypeP& t);

struct CheckOptions {
  DesugarOptions desugar;
  /// Loops: WSL.ott's `do_while` and `for` always add Normal; the prose adds it only with a
  /// Break (unsound). Plumb adds it when the loop can end normally (checker/wsl
  /// statement_typing.cpp) unless this is set (docs/ambiguities.md, WSL W11).
  bool ottLoopBehaviours = false;
};

/// Validates a parsed program. Diagnostics name the WSL.ott rule or the seed's step they violate
/// (`wsl-typing-if`, `wsl-validation-enum`). Returns null when the program is invalid.
std::shared_ptr<const CheckedProgram> checkProgram(std::shared_ptr<const SourceFile> file,
                                                   const Program& program,
                                                   DiagnosticList& diagnostics,
                                                   const CheckOptions& options = {});

}  // namespace plumb::wsl
