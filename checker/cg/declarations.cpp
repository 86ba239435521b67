// Declarations (seed "Declarations and declaration specifiers", "Function Declarations",
// "Function overloading and optional arguments", "Syntax for Parameters in Function
// Definitions", "Struct and Interface types", "Arrays and Subscripting", "Unsized Arrays") and
// the checker's driver.
#include <algorithm>

#include "checker/cg/checker_state.h"
#include "checker/cg/standard_library.h"
#include "semantics/cg/lexer.h"

namespace plumb::cg {

Checker::Checker(Program& program, const SourceFile& file, DiagnosticList& diagnostics,
                 const CheckOptions& options)
    : program_(program), file_(file), diagnostics_(diagnostics), options_(options) {}

void Checker::extensionUsed(CgcExtension e, Span span, const std::string& what) {
  warning(span, extensionWarning(e, what), std::string(extensionInfo(e).seedRule).c_str());
}

void Checker::warning(Span span, const std::string& message, const char* rule) {
  Diagnostic d;
  d.severity = Severity::Warning;
  d.file = &file_;
  d.span = span;
  d.message = message;
  d.rule = rule;
  diagnostics_.add(std::move(d));
}

void Checker::declareLocal(const std::string& name, Symbol s, Span span) {
  if (name.empty()) return;
  auto& scope = scopes_.back();
  if (scope.count(name)) {
    error(span, "'" + name + "' is already declared in this scope", rules::kNamespaces);
    return;
  }
  scope[name] = std::move(s);
}

const Symbol* Checker::lookup(const std::string& name) const {
  for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
    auto f = it->find(name);
    if (f != it->end()) return &f->second;
  }
  return nullptr;
}

std::optional<CheckedProgram> Checker::run() {
  size_t errorsBefore = diagnostics_.errorCount();
  profile_ = findProfile(options_.profile);
  if (!profile_) {
    std::string known;
    for (const auto& p : knownProfiles()) known += (known.empty() ? "" : ", ") + p.name;
    error(Span{0, 0}, "unknown profile '" + options_.profile + "' (Plumb knows " + known + ")",
          rules::kProfiles);
    return std::nullopt;
  }
  result_.profile = profile_;
  result_.functions.resize(program_.functions.size());
  result_.libraryOffset = program_.functions.size();
  for (const auto& f : standardLibrary()) {
    libraryByName_[f.name].push_back(static_cast<int>(result_.functions.size()));
    result_.functions.push_back(f);
  }
  glslLibraryOffset_ = result_.functions.size();
  if (options_.dialect.allows(CgcExtension::GlslFunctions))
    for (const auto& f : glslLibraryExtension()) {
      libraryByName_[f.name].push_back(static_cast<int>(result_.functions.size()));
      result_.functions.push_back(f);
    }
  calls_.assign(program_.functions.size(), {});
  discards_.assign(program_.functions.size(), {});
  deferred_.assign(program_.functions.size(), {});
  emits_.assign(program_.functions.size(), {});
  scopes_.emplace_back();
  for (const TopLevel& t : program_.order) {
    switch (t.kind) {
      case DeclKind::Struct:
        declareStruct(t.index);
        break;
      case DeclKind::Typedef:
        declareTypedef(program_.typedefs[static_cast<size_t>(t.index)]);
        break;
      case DeclKind::Variable:
        declareGlobal(t.index);
        break;
      case DeclKind::Function:
        declareFunction(t.index);
        break;
    }
  }
  checkInterfaceImplementations();
  if (!options_.entry.empty() && diagnostics_.errorCount() == errorsBefore) {
    checkEntry();
    checkProfileRestrictions();
  }
  reportDeferred();
  if (diagnostics_.errorCount() > errorsBefore) return std::nullopt;
  return std::move(result_);
}

// ---- types ----

TypeP Checker::resolveType(const TypeSyntax& t) {
  if (t.attribArray) {
    // `AttribArray<T>` (Cg 3.1 gp4gp page): the vertices' T values, as many as the primitive
    // has: an unsized array of T (seed "Unsized Arrays": `.length`, indexing).
    TypeSyntax element = t;
    element.attribArray = false;
    TypeP e = resolveType(element);
    return !e || e->kind == TypeKind::Error ? e : arrayType(e, -1);
  }
  if (t.inlineStruct >= 0 && static_cast<size_t>(t.inlineStruct) < program_.structs.size()) {
    const StructDecl& s = program_.structs[static_cast<size_t>(t.inlineStruct)];
    auto it = structsByName_.find(s.name);
    if (s.name.empty() || it == structsByName_.end() ||
        (s.isDefinition && it->second != t.inlineStruct))
      declareStruct(t.inlineStruct);
  }
  if (t.inlineStruct >= 0 && program_.structs[static_cast<size_t>(t.inlineStruct)].name.empty()) {
    const StructDecl& s = program_.structs[static_cast<size_t>(t.inlineStruct)];
    return structType(t.inlineStruct, "", s.isInterface);
  }
  if (TypeP p = predefinedType(t.name)) return p;
  auto td = typedefs_.find(t.name);
  if (td != typedefs_.end()) return td->second;
  auto st = structsByName_.find(t.name);
  if (st != structsByName_.end()) {
    const StructDecl& s = program_.structs[static_cast<size_t>(st->second)];
    return structType(st->second, s.name, s.isInterface);
  }
  error(t.span, "unknown type '" + t.name + "'", rules::kTypes);
  return errorType();
}

std::optional<long long> Checker::constantInteger(Expr& e) {
  switch (e.kind) {
    case ExprKind::IntLiteral: {
      std::string digits =
          e.literal.substr(0, e.literal.size() - literalSuffix(e.literal, false).size());
      try {
        return std::stoll(digits, nullptr, 0);
      } catch (...) {
        return std::nullopt;
      }
    }
    case ExprKind::Name: {
      const Symbol* s = lookup(e.name);
      return s ? s->constantValue : std::nullopt;
    }
    case ExprKind::Unary: {
      auto v = e.operands[0] ? constantInteger(*e.operands[0]) : std::nullopt;
      if (!v) return v;
      if (e.op == "-") return -*v;
      if (e.op == "+") return *v;
      if (e.op == "~") return ~*v;
      return std::nullopt;
    }
    case ExprKind::Binary: {
      if (!e.operands[0] || !e.operands[1]) return std::nullopt;
      auto a = constantInteger(*e.operands[0]), b = constantInteger(*e.operands[1]);
      if (!a || !b) return std::nullopt;
      // Bounded: array sizes and case labels only need small values.
      if (std::llabs(*a) > (1ll << 31) || std::llabs(*b) > (1ll << 31)) return std::nullopt;
      if (e.op == "+") return *a + *b;
      if (e.op == "-") return *a - *b;
      if (e.op == "*") return *a * *b;
      if (e.op == "/" && *b != 0) return *a / *b;
      if (e.op == "%" && *b != 0) return *a % *b;
      if (e.op == "<<" && *b >= 0 && *b < 32) return *a << *b;
      if (e.op == ">>" && *b >= 0 && *b < 32) return *a >> *b;
      return std::nullopt;
    }
    case ExprKind::Cast:
    case ExprKind::Construct:
      if (e.operands.size() == 1 && e.operands[0] && e.info.type &&
          e.info.type->kind == TypeKind::Scalar && isIntegral(e.info.type->scalar))
        return constantInteger(*e.operands[0]);
      return std::nullopt;
    default:
      return std::nullopt;
  }
}

TypeP Checker::applyArrayDimensions(TypeP base, std::vector<ExprP>& sizes, bool packed) {
  // `float a[4][2]`: an array of 4 arrays of 2 floats; the innermost dimension is applied first.
  TypeP t = std::move(base);
  for (size_t k = sizes.size(); k-- > 0;) {
    int n = -1;
    if (sizes[k]) {
      expr(*sizes[k]);
      auto v = constantInteger(*sizes[k]);
      if (!v || *v <= 0 || *v > (1 << 24)) {
        error(sizes[k]->span, "an array size must be a positive compile-time integer constant",
              rules::kArrays);
        return errorType();
      }
      n = static_cast<int>(*v);
    } else if (k != 0) {
      error(Span{}, "only the first dimension of an array may be unsized", rules::kUnsizedArrays);
    }
    t = arrayType(t, n, packed);
  }
  return t;
}

void Checker::declareTypedef(TypedefDecl& t) {
  TypeP base = resolveType(t.type);
  TypeP full = applyArrayDimensions(base, t.declarator.arraySizes, t.type.packed);
  t.declarator.declaredType = full;
  // Seed "Overloading of Functions by Profile": a typedef named like a profile makes the name a
  // type from here on (the parser already treats it so).
  typedefs_[t.declarator.name] = full;
}

bool Checker::sameMembers(const StructDecl& first, StructDecl& again) {
  if (first.isInterface != again.isInterface || first.implements != again.implements ||
      first.members.size() != again.members.size())
    return false;
  for (size_t m = 0; m < first.members.size(); ++m) {
    const StructMember& a = first.members[m];
    StructMember& b = again.members[m];
    if (a.function >= 0 || b.function >= 0 ||
        a.field.declarators.size() != b.field.declarators.size())
      return false;
    TypeP base = resolveType(b.field.type);
    for (size_t k = 0; k < a.field.declarators.size(); ++k) {
      const Declarator& x = a.field.declarators[k];
      Declarator& y = b.field.declarators[k];
      y.declaredType = applyArrayDimensions(base, y.arraySizes, b.field.type.packed);
      // Semantics are not compared: cgc accepts `a : TEXCOORD1` again after `a : TEXCOORD0`
      // and binds the first.
      if (x.name != y.name || !x.declaredType || !sameType(x.declaredType, y.declaredType))
        return false;
    }
  }
  return true;
}

void Checker::declareStruct(int index) {
  StructDecl& s = program_.structs[static_cast<size_t>(index)];
  if (!s.isDefinition) {
    if (!s.name.empty() && !structsByName_.count(s.name)) structsByName_[s.name] = index;
    return;
  }
  if (!s.name.empty()) {
    auto it = structsByName_.find(s.name);
    if (it != structsByName_.end() && it->second != index &&
        program_.structs[static_cast<size_t>(it->second)].isDefinition) {
      // C (the seed's "syntax and scoping of C"): "A specific type shall have its content
      // defined at most once" (C99 6.7.2.3). cgc's dialect (CGD-7) accepts a definition with
      // the same members as the first, which stays the structure the name means.
      if (options_.dialect.allows(CgcExtension::IdenticalStructRedefinition) &&
          sameMembers(program_.structs[static_cast<size_t>(it->second)], s)) {
        extensionUsed(CgcExtension::IdenticalStructRedefinition, s.nameSpan,
                      "structure '" + s.name + "' defined again with the same members");
        return;
      }
      error(s.nameSpan, "structure '" + s.name + "' is already defined", rules::kStructs);
      return;
    }
    structsByName_[s.name] = index;
  }
  if (!s.implements.empty()) {
    auto it = structsByName_.find(s.implements);
    if (it == structsByName_.end() ||
        !program_.structs[static_cast<size_t>(it->second)].isInterface)
      error(s.implementsSpan, "'" + s.implements + "' is not an interface", rules::kStructs);
  }
  std::set<std::string> names;
  for (StructMember& m : s.members) {
    if (m.function >= 0) continue;
    if (s.isInterface) {
      error(m.field.span, "an interface may only declare member functions, not data members",
            rules::kStructs);
      continue;
    }
    TypeP base = resolveType(m.field.type);
    for (Declarator& d : m.field.declarators) {
      d.declaredType = applyArrayDimensions(base, d.arraySizes, m.field.type.packed);
      if (d.declaredType->kind == TypeKind::Array && d.declaredType->arraySize < 0)
        error(d.span, "a structure member cannot be an unsized array", rules::kUnsizedArrays);
      if (d.declaredType->kind == TypeKind::Void)
        error(d.span, "a structure member cannot be void", rules::kTypes);
      if (d.declaredType->kind == TypeKind::Struct && d.declaredType->structIndex == index)
        error(d.span, "a structure cannot contain itself", rules::kStructs);
      if (!names.insert(d.name).second)
        error(d.nameSpan, "member '" + d.name + "' is declared twice", rules::kStructs);
      if (d.initializer)
        error(d.initializer->span, "a structure member cannot have an initializer",
              rules::kStructs);
    }
  }
  // Member functions: declared after the data members so that their bodies see them.
  for (StructMember& m : s.members) {
    if (m.function < 0) continue;
    FunctionDecl& f = program_.functions[static_cast<size_t>(m.function)];
    if (s.isInterface && f.hasBody)
      error(f.nameSpan, "interface member functions may only be declared, not defined",
            rules::kStructs);
    declareFunction(m.function);
  }
}

void Checker::checkInterfaceImplementations() {
  // Seed "Struct and Interface types": a struct implementing an interface "must define an
  // implementation member function for every member function declared in the interface".
  for (const StructDecl& s : program_.structs) {
    if (s.implements.empty() || !s.isDefinition) continue;
    auto it = structsByName_.find(s.implements);
    if (it == structsByName_.end()) continue;
    const StructDecl& iface = program_.structs[static_cast<size_t>(it->second)];
    for (const StructMember& im : iface.members) {
      if (im.function < 0) continue;
      const FunctionSignature& want = result_.functions[static_cast<size_t>(im.function)];
      bool found = false;
      for (const StructMember& sm : s.members) {
        if (sm.function < 0) continue;
        const FunctionSignature& have = result_.functions[static_cast<size_t>(sm.function)];
        if (have.name != want.name || have.parameters.size() != want.parameters.size()) continue;
        bool same = true;
        for (size_t k = 0; k < have.parameters.size(); ++k)
          same = same && sameType(have.parameters[k], want.parameters[k]);
        if (same && have.defined) found = true;
      }
      if (!found)
        error(s.nameSpan,
              "structure '" + s.name + "' does not define '" + want.name + "' of interface '" +
                  iface.name + "'",
              rules::kStructs);
    }
  }
}

void Checker::checkSpecifiersOnVariable(const Specifiers& s, bool global, Span span) {
  if (s.isInline)
    error(s.span, "'inline' is only usable on a function definition", rules::kSpecifiers);
  if (!s.profiles.empty())
    error(s.profileSpans.front(),
          "a profile name is a specifier of function declarations only ('" + s.profiles.front() +
              "' before a variable)",
          rules::kSpecifiers);
  if (global) {
    if (s.isStatic && (s.uniform || s.varying))
      error(s.span, "'static' cannot be combined with 'uniform' or 'varying'", rules::kSpecifiers);
  } else {
    if (s.uniform || s.varying)
      error(s.span,
            std::string("'") + (s.uniform ? "uniform" : "varying") +
                "' is only usable on global variables and parameters",
            rules::kSpecifiers);
    if (s.in || s.out || s.inout)
      error(s.span, "'in', 'out' and 'inout' are only usable on parameter and varying declarations",
            rules::kSpecifiers);
    if (s.isStatic)
      warning(s.span,
              "'static' is only usable on global variables (seed); accepted on a local variable "
              "as C's static local",
              rules::kSpecifiers);
  }
  (void)span;
}

// C's brace elision for an array of vectors or matrices written as one flat list of scalars
// (`float2 offsets[4] = {-1.8, -1.8, -1.8, 1.8, ...}`, Ogre's HeatVision.cg, RetroArch's
// shaders): the seed's initializers are C's ("Declarations": C's syntax and meaning), and C
// takes "only enough initializers from the list ... to account for the members of the
// subaggregate" (C99 6.7.8p20). As cgc 3.1 reads it (docs/ambiguities.md C30, CG-P6): a list
// of scalars filling the elements' components exactly is regrouped into one list per element
// (the form the evaluator reads) with a warning (cgc's C1058); a list that mixes vectors and
// scalars, or does not fill the elements, is rejected (cgc's C1057/C1058 errors). `arraySize` < 0:
// an unsized array, sized by the regrouped list (C's reading; cgc 3.1 rejects it, C1057). False:
// the list was rejected.
bool Checker::elideBraces(Expr& init, const TypeP& element, int arraySize) {
  if (!element || (element->kind != TypeKind::Vector && element->kind != TypeKind::Matrix))
    return true;
  const size_t want = static_cast<size_t>(componentCount(*element));
  bool anyScalar = false, allScalars = true;
  for (auto& e : init.operands) {
    if (!e) continue;
    TypeP et = e->kind == ExprKind::InitializerList ? nullptr : expr(*e);
    if (et && et->kind == TypeKind::Scalar && isNumeric(*et))
      anyScalar = true;
    else
      allScalars = false;
  }
  if (!anyScalar) return true;
  if (!allScalars || init.operands.size() % want != 0 ||
      (arraySize >= 0 && init.operands.size() != static_cast<size_t>(arraySize) * want)) {
    if (!elisionRejected_.insert(&init).second) return false;
    error(init.span,
          "the scalars of an initializer of an array of " + typeName(element) +
              " must give every component of every element (C's brace elision; a vector or a "
              "list may not share an element with scalars)",
          rules::kAssignment);
    return false;
  }
  const size_t elements = init.operands.size() / want;
  warning(init.span,
          std::to_string(init.operands.size()) + " scalars initialise the " +
              std::to_string(elements) + " elements of " + typeName(element) +
              " component by component (C's brace elision)",
          rules::kAssignment);
  std::vector<ExprP> grouped;
  for (size_t k = 0; k < elements; ++k) {
    auto group = std::make_unique<Expr>();
    group->kind = ExprKind::InitializerList;
    group->span = init.operands[k * want]->span;
    for (size_t c = 0; c < want; ++c) {
      ExprP& e = init.operands[k * want + c];
      group->span = join(group->span, e->span);
      group->operands.push_back(std::move(e));
    }
    grouped.push_back(std::move(group));
  }
  init.operands = std::move(grouped);
  return true;
}

void Checker::checkInitializer(Expr& init, const TypeP& target) {
  if (init.kind != ExprKind::InitializerList) {
    expr(init);
    convert(init, target, "the initializer", rules::kAssignment);
    return;
  }
  init.info.type = target;
  const Type& t = *target;
  auto tooMany = [&](size_t have, size_t want) {
    if (have > want)
      error(init.span,
            "too many initializers (" + std::to_string(have) + " for " + typeName(t) + ")",
            rules::kAssignment);
  };
  switch (t.kind) {
    case TypeKind::Array: {
      if (!elideBraces(init, t.element, t.arraySize)) return;
      size_t want = t.arraySize < 0 ? init.operands.size() : static_cast<size_t>(t.arraySize);
      tooMany(init.operands.size(), want);
      for (auto& e : init.operands)
        if (e) checkInitializer(*e, t.element);
      return;
    }
    case TypeKind::Struct: {
      std::vector<TypeP> members;
      for (const auto& m : program_.structs[static_cast<size_t>(t.structIndex)].members)
        if (m.function < 0)
          for (const auto& d : m.field.declarators) members.push_back(d.declaredType);
      tooMany(init.operands.size(), members.size());
      for (size_t k = 0; k < init.operands.size() && k < members.size(); ++k)
        if (init.operands[k] && members[k]) checkInitializer(*init.operands[k], members[k]);
      return;
    }
    case TypeKind::Scalar:
    case TypeKind::Vector:
    case TypeKind::Matrix: {
      // `float3 v = {1, 2, 3}`, `float2x2 m = {{1, 0}, {0, 1}}`: the components in order,
      // nested lists flattened (C's brace elision).
      size_t components = 0;
      std::vector<Expr*> stack;
      for (auto& e : init.operands)
        if (e) stack.push_back(e.get());
      std::reverse(stack.begin(), stack.end());
      while (!stack.empty()) {
        Expr* e = stack.back();
        stack.pop_back();
        if (e->kind == ExprKind::InitializerList) {
          e->info.type = target;
          for (auto it = e->operands.rbegin(); it != e->operands.rend(); ++it)
            if (*it) stack.push_back(it->get());
          continue;
        }
        TypeP et = e->info.type ? e->info.type : expr(*e);  // typed once (elideBraces)
        if (!et || !isNumeric(*et)) {
          if (et && et->kind != TypeKind::Error)
            error(e->span, "a " + typeName(t) + " initializer takes numeric components",
                  rules::kAssignment);
          continue;
        }
        components += static_cast<size_t>(componentCount(*et));
        if (et->kind == TypeKind::Scalar)
          convert(*e, scalarType(t.scalar), "the initializer", rules::kAssignment);
        else
          e->info.convertedTo = withScalar(*et, t.scalar);
      }
      if (components != static_cast<size_t>(componentCount(t)))
        error(init.span,
              typeName(t) + " needs " + std::to_string(componentCount(t)) +
                  " initializer components, not " + std::to_string(components),
              rules::kAssignment);
      return;
    }
    default:
      error(init.span, "a " + typeName(t) + " cannot be initialized with a list",
            rules::kAssignment);
  }
}

TypeP Checker::declaratorType(const TypeP& base, Declarator& d, bool packed) {
  TypeP t = applyArrayDimensions(base, d.arraySizes, packed);
  if (t->kind == TypeKind::Void) error(d.span, "a variable cannot be void", rules::kTypes);
  // Seed "Unsized Arrays": with an initializer, the declarator takes the initializer's size.
  if (t->kind == TypeKind::Array && t->arraySize < 0 && d.initializer &&
      d.initializer->kind == ExprKind::InitializerList) {
    elideBraces(*d.initializer, t->element, -1);  // `float2 a[] = {1, 2, 3, 4}`: two elements
    t = arrayType(t->element, static_cast<int>(d.initializer->operands.size()), t->packed);
  }
  d.declaredType = t;
  return t;
}

void Checker::declareVariable(const Declarator& d, const TypeP& t, bool isConst) {
  Symbol s;
  s.type = t;
  s.isConst = isConst;
  s.span = d.nameSpan;
  if (isConst && d.initializer && t->kind == TypeKind::Scalar && isIntegral(t->scalar))
    s.constantValue = constantInteger(*d.initializer);
  if (isConst && d.initializer && t->kind == TypeKind::Scalar && t->scalar == Scalar::Bool)
    s.constantTruth = staticCondition(*d.initializer);
  declareLocal(d.name, s, d.nameSpan);
}

void Checker::declareGlobal(int index) {
  VariableDecl& v = program_.globals[static_cast<size_t>(index)];
  checkSpecifiersOnVariable(v.specifiers, true, v.span);
  TypeP base = resolveType(v.type);
  for (size_t k = 0; k < v.declarators.size(); ++k) {
    Declarator& d = v.declarators[k];
    TypeP t = declaratorType(base, d, v.type.packed);
    bool uniform =
        v.specifiers.uniform || (!v.specifiers.isStatic && !v.specifiers.varying &&
                                 !v.specifiers.in && !v.specifiers.out && !v.specifiers.inout);
    if (d.initializer) checkInitializer(*d.initializer, t);
    // Seed "const": "Unless this is combined with uniform or varying, the declarator must
    // include an initializer" (non-static globals are uniform by default).
    if (v.specifiers.isConst && !d.initializer && !uniform && !v.specifiers.varying)
      error(d.span, "a const variable needs an initializer unless it is uniform or varying",
            rules::kSpecifiers);
    declareVariable(d, t, v.specifiers.isConst);
    result_.globals.push_back({index, static_cast<int>(k), t, uniform});
  }
}

namespace {
ParameterDirection directionOf(const Specifiers& s) {
  if (s.inout || (s.in && s.out)) return ParameterDirection::InOut;
  if (s.out) return ParameterDirection::Out;
  return ParameterDirection::In;
}
}  // namespace

void Checker::declareFunction(int index) {
  FunctionDecl& f = program_.functions[static_cast<size_t>(index)];
  const Specifiers& fs = f.specifiers;
  if (fs.in || fs.out || fs.inout || fs.uniform || fs.varying)
    error(fs.span, "'in', 'out', 'inout', 'uniform' and 'varying' are not function specifiers",
          rules::kSpecifiers);
  // Profile names select the overload (seed "Overloading of Functions by Profile"); profile
  // options written as modifiers (`TRIANGLE`, `PATCH_4`: the Cg 3.1 geometry and tessellation
  // profiles) qualify the program and are checked with the entry (checkEntry).
  std::vector<std::string> profiles;
  for (size_t k = 0; k < fs.profiles.size(); ++k) {
    if (isProfileModifier(fs.profiles[k])) continue;
    if (!isProfileOrWildcard(fs.profiles[k]))
      error(fs.profileSpans[k], "'" + fs.profiles[k] + "' is not a profile or profile wildcard",
            rules::kProfileOverloading);
    profiles.push_back(fs.profiles[k]);
  }
  FunctionSignature sig;
  sig.name = f.name;
  sig.result = resolveType(f.returnType);
  sig.profiles = profiles;
  sig.declaration = index;
  sig.ownerStruct = f.ownerStruct;
  sig.defined = f.hasBody;
  bool seenDefault = false;
  for (Parameter& p : f.parameters) {
    const Specifiers& s = p.specifiers;
    if (!s.profiles.empty())
      error(s.span,
            "only 'in', 'out', 'inout', 'uniform', 'varying' and 'const' specify a parameter",
            rules::kSpecifiers);
    else if (s.isStatic || s.isExtern || s.isInline)
      // cgc 3.1 accepts and ignores them (docs/ambiguities.md C31).
      warning(s.span,
              "only 'in', 'out', 'inout', 'uniform', 'varying' and 'const' specify a parameter; "
              "'static', 'extern' and 'inline' are ignored here",
              rules::kSpecifiers);
    if (s.inout && (s.in || s.out))
      error(s.span, "'inout' combined with 'in' or 'out'", rules::kSpecifiers);
    TypeP t = applyArrayDimensions(resolveType(p.type), p.declarator.arraySizes, p.type.packed);
    if (t->kind == TypeKind::Void) error(p.span, "a parameter cannot be void", rules::kTypes);
    p.declarator.declaredType = t;
    ParameterDirection dir = directionOf(s);
    bool hasDefault = p.declarator.initializer != nullptr;
    if (hasDefault) {
      seenDefault = true;
      // Seed: "Default values are only permitted for uniform parameters, and for in parameters
      // to non top-level functions" (the top-level case is checked with the entry).
      if (dir != ParameterDirection::In)
        error(p.declarator.initializer->span,
              "an out or inout parameter cannot have a default value", rules::kParameters);
      checkInitializer(*p.declarator.initializer, t);
    } else if (seenDefault) {
      error(p.span, "a parameter without a default value follows one with a default value",
            rules::kFunctionDecls);
    }
    sig.parameters.push_back(t);
    sig.directions.push_back(dir);
    sig.hasDefault.push_back(hasDefault);
  }
  // Seed "Function Overloading": "as long as the definitions can be distinguished by unqualified
  // parameter types". A prototype and its definition are one function.
  auto& same = functionsByName_[f.name];
  for (int& other : same) {
    const FunctionSignature& o = result_.functions[static_cast<size_t>(other)];
    if (o.ownerStruct != sig.ownerStruct || o.parameters.size() != sig.parameters.size() ||
        o.profiles != sig.profiles)
      continue;
    bool identical = true;
    for (size_t k = 0; k < o.parameters.size(); ++k)
      identical = identical && sameType(o.parameters[k], sig.parameters[k]);
    if (!identical) continue;
    if (o.defined && sig.defined) {
      error(f.nameSpan, "'" + f.name + "' is already defined with these parameter types",
            rules::kOverloading);
      break;
    }
    if (!sameType(o.result, sig.result))
      error(f.nameSpan, "'" + f.name + "' is redeclared with another return type",
            rules::kOverloading);
    if (sig.defined) {
      // The prototype's calls reach this definition.
      result_.functions[static_cast<size_t>(other)].declaration = index;
      result_.functions[static_cast<size_t>(other)].defined = true;
    }
    result_.functions[static_cast<size_t>(index)] = sig;
    if (!sig.defined) result_.functions[static_cast<size_t>(index)].declaration = o.declaration;
    sig.name.clear();  // merged
    break;
  }
  if (!sig.name.empty()) {
    result_.functions[static_cast<size_t>(index)] = sig;
    same.push_back(index);
  }
  if (f.hasBody) checkFunctionBody(index);
}

void Checker::checkFunctionBody(int index) {
  FunctionDecl& f = program_.functions[static_cast<size_t>(index)];
  int savedFunction = currentFunction_;
  TypeP savedReturn = currentReturn_;
  currentFunction_ = index;
  currentReturn_ = result_.functions[static_cast<size_t>(index)].result;
  pushScope();
  if (f.ownerStruct >= 0) {
    // A member function sees its structure's data members.
    for (const auto& m : program_.structs[static_cast<size_t>(f.ownerStruct)].members)
      if (m.function < 0)
        for (const auto& d : m.field.declarators) {
          Symbol s;
          s.type = d.declaredType ? d.declaredType : errorType();
          s.span = d.nameSpan;
          scopes_.back()[d.name] = s;
        }
    pushScope();
  }
  for (Parameter& p : f.parameters) {
    Symbol s;
    s.type = p.declarator.declaredType;
    s.isConst = p.specifiers.isConst;
    s.isSamplerParameter = s.type && s.type->kind == TypeKind::Object;
    s.span = p.declarator.nameSpan;
    declareLocal(p.declarator.name, s, p.declarator.nameSpan);
  }
  if (f.body)
    for (StmtP& st : f.body->statements)
      if (st) statement(*st);
  if (f.ownerStruct >= 0) popScope();
  popScope();
  currentFunction_ = savedFunction;
  currentReturn_ = savedReturn;
}

std::optional<CheckedProgram> checkProgram(Program& program, const SourceFile& file,
                                           DiagnosticList& diagnostics,
                                           const CheckOptions& options) {
  Checker c(program, file, diagnostics, options);
  return c.run();
}

}  // namespace plumb::cg
