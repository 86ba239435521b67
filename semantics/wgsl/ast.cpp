#include "semantics/wgsl/ast.h"

#include "semantics/hash.h"

namespace plumb::ast {


Symbol SymbolTable::intern(std::string_view name) {
  return intern(name, static_cast<uint32_t>(hashName(name)));
}

Symbol SymbolTable::intern(std::string_view name, uint32_t hash) {
  if ((names_.size() + 1) * 2 > slots_.size()) {
    slots_.assign(slots_.empty() ? 256 : slots_.size() * 2, 0);
    size_t mask = slots_.size() - 1;
    for (uint32_t id = 0; id < names_.size(); ++id) {
      size_t i = hashes_[id] & mask;
      while (slots_[i]) i = (i + 1) & mask;
      slots_[i] = id + 1;
    }
  }
  size_t mask = slots_.size() - 1;
  for (size_t i = hash & mask;; i = (i + 1) & mask) {
    uint32_t s = slots_[i];
    if (!s) {
      names_.push_back(name);
      hashes_.push_back(hash);
      slots_[i] = static_cast<uint32_t>(names_.size());
      return Symbol{static_cast<uint32_t>(names_.size() - 1)};
    }
    if (hashes_[s - 1] == hash && names_[s - 1] == name) return Symbol{s - 1};
  }
}

size_t Module::bytes() const {
  return expressions.bytes() + types.bytes() + statements.bytes() + attributes.bytes() +
         variables.bytes() + members.bytes() + parameters.bytes() + clauses.bytes() +
         forHeaders.bytes() +
         globals.bytes() + expressionLists.bytes() + statementLists.bytes() +
         attributeLists.bytes() + memberLists.bytes() + parameterLists.bytes() +
         clauseLists.bytes() + declarations.capacity() * sizeof(GlobalId) +
         symbols.size() * (sizeof(std::string_view) + 2 * sizeof(uint32_t));
}

std::string_view spelling(UnaryOperator op) {
  switch (op) {
    case UnaryOperator::Negation: return "-";
    case UnaryOperator::LogicalNot: return "!";
    case UnaryOperator::Complement: return "~";
    case UnaryOperator::Indirection: return "*";
    case UnaryOperator::AddressOf: return "&";
  }
  return "?";
}

std::string_view spelling(BinaryOperator op) {
  switch (op) {
    case BinaryOperator::Multiply: return "*";
    case BinaryOperator::Divide: return "/";
    case BinaryOperator::Modulo: return "%";
    case BinaryOperator::Add: return "+";
    case BinaryOperator::Subtract: return "-";
    case BinaryOperator::ShiftLeft: return "<<";
    case BinaryOperator::ShiftRight: return ">>";
    case BinaryOperator::And: return "&";
    case BinaryOperator::Or: return "|";
    case BinaryOperator::Xor: return "^";
    case BinaryOperator::LessThan: return "<";
    case BinaryOperator::GreaterThan: return ">";
    case BinaryOperator::LessThanEqual: return "<=";
    case BinaryOperator::GreaterThanEqual: return ">=";
    case BinaryOperator::Equal: return "==";
    case BinaryOperator::NotEqual: return "!=";
    case BinaryOperator::ShortCircuitAnd: return "&&";
    case BinaryOperator::ShortCircuitOr: return "||";
  }
  return "?";
}

std::string_view spelling(AssignmentOperator op) {
  switch (op) {
    case AssignmentOperator::Assign: return "=";
    case AssignmentOperator::Add: return "+=";
    case AssignmentOperator::Subtract: return "-=";
    case AssignmentOperator::Multiply: return "*=";
    case AssignmentOperator::Divide: return "/=";
    case AssignmentOperator::Modulo: return "%=";
    case AssignmentOperator::And: return "&=";
    case AssignmentOperator::Or: return "|=";
    case AssignmentOperator::Xor: return "^=";
    case AssignmentOperator::ShiftRight: return ">>=";
    case AssignmentOperator::ShiftLeft: return "<<=";
  }
  return "?";
}

std::string_view spelling(AddressSpace s) {
  switch (s) {
    case AddressSpace::None: return "";
    case AddressSpace::Function: return "function";
    case AddressSpace::Private: return "private";
    case AddressSpace::Workgroup: return "workgroup";
    case AddressSpace::Uniform: return "uniform";
    case AddressSpace::Storage: return "storage";
    case AddressSpace::Handle: return "handle";
    case AddressSpace::Immediate: return "immediate";
  }
  return "?";
}

std::string_view spelling(AccessMode a) {
  switch (a) {
    case AccessMode::None: return "";
    case AccessMode::Read: return "read";
    case AccessMode::Write: return "write";
    case AccessMode::ReadWrite: return "read_write";
  }
  return "?";
}

std::string_view spelling(TexelFormat f) {
  static constexpr std::string_view kNames[] = {
      "rgba8unorm",  "rgba8snorm",   "rgba8uint",   "rgba8sint",    "rgba16uint",  "rgba16sint",
      "rgba16float", "r32uint",      "r32sint",     "r32float",     "rg32uint",    "rg32sint",
      "rg32float",   "rgba32uint",   "rgba32sint",  "rgba32float",  "rgba16unorm", "rgba16snorm",
      "rg8unorm",    "rg8snorm",     "rg8uint",     "rg8sint",      "rg16unorm",   "rg16snorm",
      "rg16uint",    "rg16sint",     "rg16float",   "bgra8unorm",   "r8unorm",     "r8snorm",
      "r8uint",      "r8sint",       "r16unorm",    "r16snorm",     "r16uint",     "r16sint",
      "r16float",    "rgb10a2unorm", "rgb10a2uint", "rg11b10ufloat"};
  return kNames[static_cast<size_t>(f)];
}

std::string_view spelling(ScalarKind k) {
  switch (k) {
    case ScalarKind::Bool: return "bool";
    case ScalarKind::F32: return "f32";
    case ScalarKind::F16: return "f16";
    case ScalarKind::I32: return "i32";
    case ScalarKind::U32: return "u32";
  }
  return "?";
}

std::string_view spelling(DeclarationKind k) {
  switch (k) {
    case DeclarationKind::Var: return "var";
    case DeclarationKind::Let: return "let";
    case DeclarationKind::Const: return "const";
    case DeclarationKind::Override: return "override";
  }
  return "?";
}

}  // namespace plumb::ast
