// The Cg static semantics (issue 21, item 2): declarations and their specifiers, the type of
// every expression with the seed's conversions and operator rules, overload resolution, the
// statements, and, for the entry function under a profile, the program's inputs and outputs
// with their binding semantics. Every rejection names its section of the seed as a rule
// anchor `cg-<section>` (docs/cg.md "Rule names").
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "checker/cg/function_signature.h"
#include "checker/cg/profile.h"
#include "semantics/cg/ast.h"
#include "semantics/cg/dialect.h"
#include "semantics/diagnostic.h"

namespace plumb::cg {

struct CheckOptions {
  std::string profile = "generic";
  /// The top-level function compiled as the program (seed "How Programs Receive and Return
  /// Data"); empty: no program, only the declarations are checked (cgc -noentry).
  std::string entry;
  /// The language read (semantics/cg/dialect.h): the seed, or cgc's dialect, whose extensions
  /// the checker applies where their rules live (GLSL's functions, vectors of different sizes,
  /// names in functions the entry does not reach, a structure defined twice alike).
  Dialect dialect{};
};

/// One input or output of the program (seed "How Programs Receive and Return Data").
struct ProgramVariable {
  std::string name;  // `p`, `IN.pos`, `<return>`, `<return>.color`, a global's name
  TypeP type;
  bool uniform = false;  // inputs: uniform or varying
  std::string semantic;  // the binding semantic, "" when automatically allocated
  Span span;
};

struct CheckedProgram {
  const Profile* profile = nullptr;
  /// Every function overload resolution can choose: the user functions first (index i is
  /// Program::functions[i]), then the standard library from `libraryOffset` (Expr::info.function
  /// indexes this list).
  std::vector<FunctionSignature> functions;
  size_t libraryOffset = 0;
  int entry = -1;  // index into Program::functions, -1 without an entry
  std::vector<ProgramVariable> inputs, outputs;
  /// The functions the entry reaches, the entry included (seed "Profiles": the restrictions
  /// apply to these only).
  std::vector<int> reachable;
  /// Each global variable declarator's type and whether it is uniform (by default, seed:
  /// "Non-static global variables are treated as uniform").
  struct Global {
    int decl = -1, declarator = -1;
    TypeP type;
    bool uniform = false;
  };
  std::vector<Global> globals;
};

/// Checks `program` (annotating its expressions and declarators in place). Returns the checked
/// program when there is no error (warnings allowed), nullopt otherwise.
std::optional<CheckedProgram> checkProgram(Program& program, const SourceFile& file,
                                           DiagnosticList& diagnostics,
                                           const CheckOptions& options = {});

}  // namespace plumb::cg
