// The compact resolved form of fused steps (issue 14 item 7; README "Performance"): a fusable
// expression whose values are all i32, u32 or bool scalars, compiled once into a flat list of
// instructions over a stack of integers — slots instead of names, the operator kernel's
// operands chosen at load time, nothing allocated per evaluation. It is only a faster way of
// computing what Machine::fusedValue and Machine::fusedPlace compute (machine_fusion.cpp): the
// same rules in the same order, so the same number of steps (`steps`, counted as the compiler
// mirrors those functions) and the same last rule. When a run of the code meets anything its
// instructions do not cover (a value that is a set or indeterminate, an index out of bounds, a
// kernel that declines) it declines without effect and fusedValue/fusedPlace run as before.
#pragma once

#include <cstdint>
#include <vector>

#include "interpreter/wgsl/rules.h"
#include "semantics/wgsl/type.h"

namespace plumb::interp {

/// The rule of a binary operator's step (#comparison-expr, #bit-expr, #arithmetic-expr): one
/// mapping for the fused steps (machine_fusion.cpp) and the compiled code (fused_code.cpp), so
/// that both report the rule the unfused machine would.
RuleId binaryRule(ast::BinaryOperator op);

struct Program;

enum class FusedOp : uint8_t {
  Constant,       // push `b` (a creation-time value, #creation-time-expr)
  Slot,           // push the scalar in frame slot `a` (a `let` or a parameter)
  SlotComponent,  // push component `b` of the composite in frame slot `a` (`gid.x`)
  Parameter,      // push parameter `a` of the inlined call being evaluated
  PlaceSlot,      // push the location of the variable whose memory view is in frame slot `a`;
                  // `flag`: load its scalar at once (PlaceSlot then Load, a `var` read)
  PlaceVariable,  // push the location of the private module-scope variable (allocation `a`)
  PlaceShared,    // push the location of the workgroup or storage variable (allocation `a`):
                  // memory other invocations access, so its accesses go to the race
                  // detector (machine_fusion.cpp) with the path below it
  PlaceIndex,     // pop an index; the top location becomes its element (`b` elements; -1: as
                  // many as the location holds, a runtime-sized array of a bound buffer)
  PlaceMember,    // the top location becomes its component `a`
  Load,           // pop a location; push the scalar it holds (#load-rule); `flag`: a shared
                  // location, whose read access is the Load step of expression `c`
  Unary,          // the top scalar: concreteUnary(kind, operation)
  Binary,         // the two top scalars: concreteBinary(kind, operation); `flag`: a bool result
  BinaryU32,      // the same on two u32 for the operators concreteBinary never declines
                  // (#arithmetic-expr, #bit-expr, #comparison-expr: wrapping, counts mod 32);
                  // its operands in registers (FusedOperand): `kind` and `a` the left one's,
                  // `flag` and `c` the right one's, `b` a creation-time operand's value
  Enter,          // an inlined call of `fn f(...) -> T { return e; }` with `a` arguments begins
  Leave,          // it ends: its result replaces its arguments
  Apply,          // a built-in or conversion of `a` scalars (expression `b`, argument types
                  // from FusedCodes::argumentTypes[c]), as fusedCall
  // Vectors of i32, u32 or bool (README "Performance"): a vector of `a` components is `a`
  // scalars on the stack, the first lowest; a constructor of scalars is its arguments as they
  // are, a creation-time vector one Constant per component.
  LoadVector,    // pop a location of the invocation's own memory holding a vector of `a`
                 // concrete components; push them (#load-rule)
  BinaryVector,  // the two top vectors of `a` components: concreteBinary(kind, operation) on
                 // each pair, as Machine::concreteVectorOperation; `flag`: bool components
  // BinaryU32 by its operator (fusedU32Op), so that a run dispatches once per instruction; the
  // operands and `operation` as BinaryU32's.
  AddU32,
  SubtractU32,
  MultiplyU32,
  AndU32,
  OrU32,
  XorU32,
  ShiftLeftU32,
  ShiftRightU32,
  LessThanU32,
  GreaterThanU32,
  LessThanEqualU32,
  GreaterThanEqualU32,
  EqualU32,
  NotEqualU32,
};

/// The BinaryU32 instruction of operator `op` by its own opcode (AddU32, ...), or BinaryU32.
FusedOp fusedU32Op(ast::BinaryOperator op);

/// Where a BinaryU32 instruction takes an operand (README "Performance": register operands, so
/// that `a ^ (b >> 7u)` is two instructions, not five). A leaf operand's own instruction (a
/// creation-time value, a `let` or parameter slot, a `var` read, an inlined call's parameter)
/// is folded into the operator: each leaf reads the invocation's own memory or the code's own
/// values, which nothing in the code writes, so reading it when the operator runs gives the
/// value the leaf's instruction would have pushed, and a leaf that declines still declines the
/// whole code without effect.
enum class FusedOperand : uint8_t {
  Stack,      // popped from the stack (the right operand first)
  Constant,   // the instruction's `b`
  Slot,       // the scalar in frame slot n (FusedOp::Slot)
  Variable,   // the scalar of the function or private variable whose view is in slot n
              // (FusedOp::PlaceSlot with `flag`)
  Parameter,  // parameter n of the inlined call being evaluated (FusedOp::Parameter)
};

struct FusedInstruction {
  FusedOp op;
  uint8_t kind = 0;       // TypeKind of the operands (Unary, Binary)
  uint8_t operation = 0;  // ast::UnaryOperator or ast::BinaryOperator
  uint8_t flag = 0;
  uint32_t a = 0;
  uint32_t c = 0;
  int64_t b = 0;
};

/// The code of one expression: its value (or, for a place, the location it designates).
struct FusedCode {
  enum State : uint8_t { NotCompiled, NotCompilable, Compiled };
  State state = NotCompiled;
  uint32_t begin = 0, end = 0;  // in FusedCodes::instructions
  uint32_t steps = 0;           // the unfused machine's steps
  RuleId rule = RuleId::Count;  // the rule of the last of them
  Type type;                    // the value's type (value code)
  uint8_t width = 1;            // its scalars: 1, or a vector's components (value code)
  /// It reads workgroup or storage memory (a Load with `flag`), or (a place code) designates
  /// it: it runs only where the race detector may hear of each access (Machine::fusedShared).
  bool shared = false;
  uint8_t sharedReads = 0;  // its Load instructions of shared locations
};

/// The most shared reads one run of code records before it commits them (more: no code).
inline constexpr uint32_t kFusedSharedReads = 4;
/// The deepest path below a shared variable a code indexes (deeper: no code).
inline constexpr uint32_t kFusedSharedPath = 6;

/// A `let`, `var`, `=` or `if` statement whose expressions have code (fusedStatement's forms):
/// what it does with them, resolved once.
struct FusedStatementCode {
  enum Kind : uint8_t { NotCompiled, None, Assign, Let, Var, If };
  Kind kind = NotCompiled;
  bool boolValue = false;  // the value (each component of a vector) is a bool, else an integer
  uint8_t width = 1;       // the value's scalars: 1, or a vector's components
  Type componentType;      // a vector value's component type
  uint32_t steps = 0;      // with the Exec step and the statement's own last step
  uint32_t value = 0;      // the value, initializer or condition (FusedCodes::value)
  uint32_t place = 0;      // Assign: the left-hand side (FusedCodes::place)
  /// Assign: the frame slot of the left-hand side when it is a `var` identifier (its place code
  /// one PlaceSlot instruction), found at run time without running the code; else UINT32_MAX.
  uint32_t targetSlot = UINT32_MAX;
  uint32_t slot = 0;  // Let, Var: the frame slot of the declaration
  Type type;          // Let: its type; Var: its reference type
  Type storeType;     // Var
  uint32_t body = UINT32_MAX, elseBranch = UINT32_MAX;  // If: StatementId values
};

/// A block (#compound-statement-section) whose statements all have compiled records, the
/// branches of its `if`s blocks that have one too: Machine::fusedRun runs it in one call
/// (Machine::blockByCode) instead of a task per block-next, block-enter and block-exit, each
/// of its steps counted as the unfused machine counts it (README "Performance").
struct FusedBlockCode {
  enum State : uint8_t { NotCompiled, None, Compiled };
  State state = NotCompiled;
  /// The most steps a run of it takes: block-enter, each statement's block-next and steps
  /// (an `if` with its longer branch), block-exit. A run starts only where they all fit
  /// within the step bound, so no bound falls inside it.
  uint32_t maxSteps = 0;
  uint32_t begin = 0, end = 0;  // its statements in FusedCodes::blockStatements
};

/// The compiled expressions of a program, compiled on first use (Machine::fusedStatement).
struct FusedCodes {
  std::vector<FusedInstruction> instructions;
  std::vector<FusedCode> value;                // by ExpressionId: fusedValue's result
  std::vector<FusedCode> place;                // by ExpressionId: fusedPlace's location
  std::vector<Type> argumentTypes;             // Apply: the types of its arguments, from index `c`
  std::vector<FusedStatementCode> statements;  // by StatementId
  std::vector<FusedBlockCode> blocks;          // by StatementId (blocks only)
  std::vector<uint32_t> blockStatements;       // FusedBlockCode::begin/end: StatementId values
};

/// The most scalars and locations a code keeps at once (deeper expressions are not compiled).
inline constexpr uint32_t kFusedStackDepth = 32;

/// The value code of expression `e` (compiled on first use), or null when it has none.
const FusedCode* fusedValueCode(Program& p, uint32_t e);
/// The place code of reference expression `e`, or null.
const FusedCode* fusedPlaceCode(Program& p, uint32_t e);
/// The code of statement `s` (compiled on first use); kind None when it has none.
const FusedStatementCode& fusedStatementCode(Program& p, uint32_t s);
/// The code of block `s` (compiled on first use); state None when it has none.
const FusedBlockCode& fusedBlockCode(Program& p, uint32_t s);

}  // namespace plumb::interp
