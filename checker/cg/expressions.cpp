// The types of expressions (seed "Constants", "Type Conversions", "Assignment", "Smearing of
// Scalars to Vectors", "Operator Enhancements", "Operators", "Conditional Operator", "Function
// Calls", swizzles and write masks of "Operator Precedence").
#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <string_view>

#include "checker/cg/checker_state.h"
#include "semantics/cg/lexer.h"

namespace plumb::cg {

namespace {
bool isBoolShape(const Type& t) {
  return (t.kind == TypeKind::Scalar || t.kind == TypeKind::Vector) && t.scalar == Scalar::Bool;
}
bool isArithmetic(const Type& t) {
  return isNumeric(t) && t.scalar != Scalar::Bool;
}
bool isError(const TypeP& t) {
  return !t || t->kind == TypeKind::Error;
}
}  // namespace

bool Checker::convert(Expr& e, const TypeP& target, const std::string& context, const char* rule) {
  if (isError(e.info.type) || isError(target)) return true;
  Conversion c = classifyConversion(*e.info.type, *target, program_);
  if (!c.allowedImplicitly()) {
    error(e.span,
          "cannot convert " + typeName(e.info.type) + " to " + typeName(target) + " in " + context +
              (c.verdict == ConversionVerdict::ExplicitOnly ? " without an explicit cast" : "") +
              " (" + c.reason + ")",
          c.verdict == ConversionVerdict::ExplicitOnly || c.verdict == ConversionVerdict::NotAllowed
              ? rules::kConversions
              : rule);
    return false;
  }
  if (c.verdict == ConversionVerdict::ImplicitWarning)
    warning(e.span,
            "implicit conversion from " + typeName(e.info.type) + " to " + typeName(target) +
                " in " + context + " (" + c.reason + ")",
            rules::kConversions);
  if (c.verdict != ConversionVerdict::Identity) e.info.convertedTo = target;
  return true;
}

TypeP Checker::commonType(const TypeP& a, const TypeP& b, Span span, const char* rule,
                          const std::string& op) {
  if (isError(a) || isError(b)) return errorType();
  if (!isNumeric(*a) || !isNumeric(*b)) {
    error(span, "operator '" + op + "' cannot be applied to " + typeName(a) + " and " + typeName(b),
          rule);
    return errorType();
  }
  Scalar s;
  if (a->scalar == Scalar::Bool || b->scalar == Scalar::Bool) {
    if (a->scalar != b->scalar) {
      error(span,
            "operator '" + op + "' mixes bool and numeric operands (" + typeName(a) + ", " +
                typeName(b) + ")",
            rule);
      return errorType();
    }
    s = Scalar::Bool;
  } else {
    s = usualArithmeticConversion(a->scalar, b->scalar).result;
  }
  // Seed "Smearing of Scalars to Vectors": a scalar operand takes the other operand's shape.
  if (a->kind == TypeKind::Scalar) return withScalar(*b, s);
  if (b->kind == TypeKind::Scalar) return withScalar(*a, s);
  if (a->kind == b->kind && a->rows == b->rows && a->columns == b->columns)
    return withScalar(*a, s);
  if (a->kind == TypeKind::Vector && b->kind == TypeKind::Vector &&
      options_.dialect.allows(CgcExtension::MismatchedVectorSizes)) {
    // cgc's dialect (CGD-5): the larger vector is truncated to the smaller one's size, as cgc's
    // warning C7011 "implicit cast from float3 to float2" says.
    const TypeP& smaller = a->columns < b->columns ? a : b;
    extensionUsed(CgcExtension::MismatchedVectorSizes, span,
                  "operator '" + op + "' on " + typeName(a) + " and " + typeName(b) +
                      ": the larger is truncated to " + typeName(withScalar(*smaller, s)));
    return withScalar(*smaller, s);
  }
  // Seed "Operator Enhancements": "Sizes of vectors and matrices must be appropriately matched".
  error(span,
        "operator '" + op + "': the sizes of " + typeName(a) + " and " + typeName(b) +
            " do not match",
        rules::kOperators);
  return errorType();
}

bool Checker::requireLvalue(Expr& e, const char* what) {
  if (isError(e.info.type) || e.info.lvalue) return !isError(e.info.type) || true;
  // Find why: the root of the access path.
  const Expr* root = &e;
  bool repeated = false;
  while ((root->kind == ExprKind::Member || root->kind == ExprKind::Index) && root->operands[0]) {
    if (root->kind == ExprKind::Member && !root->info.swizzle.empty()) {
      std::vector<int> sorted = root->info.swizzle;
      std::sort(sorted.begin(), sorted.end());
      if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) repeated = true;
    }
    root = root->operands[0].get();
  }
  if (repeated) {
    error(e.span, std::string(what) + ": a write mask cannot repeat a component", rules::kSwizzle);
  } else if (root->kind == ExprKind::Call || root->kind == ExprKind::MethodCall) {
    error(e.span, std::string(what) + ": a function call returns an rvalue", rules::kFunctionCalls);
  } else if (root->kind == ExprKind::Name) {
    const Symbol* s = lookup(root->name);
    if (s && s->isSamplerParameter)
      error(e.span, std::string(what) + ": parameters of type sampler* are implicitly const",
            rules::kPrograms);
    else
      error(e.span, std::string(what) + ": '" + root->name + "' is const", rules::kSpecifiers);
  } else {
    error(e.span, std::string(what) + ": the expression is not an lvalue", rules::kAssignment);
  }
  return false;
}

TypeP Checker::member(Expr& e) {
  TypeP base = e.operands[0] ? expr(*e.operands[0]) : errorType();
  if (isError(base)) return errorType();
  bool baseLvalue = e.operands[0]->info.lvalue;
  const Type& b = *base;
  if (b.kind == TypeKind::Struct) {
    int k = 0;
    for (const auto& m : program_.structs[static_cast<size_t>(b.structIndex)].members) {
      if (m.function >= 0) continue;
      for (const auto& d : m.field.declarators) {
        if (d.name == e.name) {
          e.info.member = k;
          e.info.lvalue = baseLvalue;
          return d.declaredType ? d.declaredType : errorType();
        }
        ++k;
      }
    }
    error(e.span, typeName(b) + " has no member '" + e.name + "'", rules::kStructs);
    return errorType();
  }
  if (b.kind == TypeKind::Scalar || b.kind == TypeKind::Vector) {
    // A swizzle (rvalue) or write mask (lvalue): 1 to 4 components, each named by x, y, z, w,
    // r, g, b, a or s, t, p, q, the sets mixed (the seed gives no swizzle grammar; cgc 3.1's:
    // docs/ambiguities.md C25).
    const std::string& n = e.name;
    int size = b.kind == TypeKind::Scalar ? 1 : b.columns;
    if (n.empty() || n.size() > 4 || n.find_first_not_of("xyzwrgbastpq") != std::string::npos) {
      error(e.span,
            "'" + n + "' is not a swizzle of " + typeName(b) +
                " (1 to 4 of x, y, z, w, of r, g, b, a or of s, t, p, q)",
            rules::kSwizzle);
      return errorType();
    }
    for (char c : n) {
      int idx = static_cast<int>(std::string_view("xyzwrgbastpq").find(c) % 4);
      if (idx >= size) {
        error(e.span,
              std::string("swizzle component '") + c + "' is out of range for " + typeName(b),
              rules::kSwizzle);
        return errorType();
      }
      e.info.swizzle.push_back(idx);
    }
    std::vector<int> sorted = e.info.swizzle;
    std::sort(sorted.begin(), sorted.end());
    e.info.lvalue = baseLvalue && std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end();
    return n.size() == 1 ? scalarType(b.scalar) : vectorType(b.scalar, static_cast<int>(n.size()));
  }
  if (b.kind == TypeKind::Matrix) {
    // Matrix swizzles: `_m<row><col>` (zero-based) or `_<row><col>` (one-based), up to 4.
    const std::string& n = e.name;
    size_t i = 0;
    while (i < n.size()) {
      int r = -1, c = -1;
      if (n.compare(i, 2, "_m") == 0 && i + 3 < n.size() + 0 && i + 4 <= n.size()) {
        r = n[i + 2] - '0';
        c = n[i + 3] - '0';
        i += 4;
      } else if (n[i] == '_' && i + 3 <= n.size()) {
        r = n[i + 1] - '1';
        c = n[i + 2] - '1';
        i += 3;
      } else {
        r = -1;
        i = n.size();
      }
      if (r < 0 || c < 0 || r >= b.rows || c >= b.columns) {
        error(e.span, "'" + n + "' is not a matrix swizzle of " + typeName(b), rules::kSwizzle);
        return errorType();
      }
      e.info.swizzle.push_back(r * 4 + c);
    }
    if (e.info.swizzle.empty() || e.info.swizzle.size() > 4) {
      error(e.span, "'" + n + "' is not a matrix swizzle of " + typeName(b), rules::kSwizzle);
      return errorType();
    }
    std::vector<int> sorted = e.info.swizzle;
    std::sort(sorted.begin(), sorted.end());
    e.info.lvalue = baseLvalue && std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end();
    size_t k = e.info.swizzle.size();
    return k == 1 ? scalarType(b.scalar) : vectorType(b.scalar, static_cast<int>(k));
  }
  if (b.kind == TypeKind::Array && e.name == "length") {
    // Cg 3.1 language reference, "Minimum Array Requirements": "querying the size of the array
    // with a .length suffix" (an AttribArray's too, gp4gp page: `position.length`).
    return scalarType(Scalar::Int);
  }
  error(e.span, typeName(b) + " has no members", rules::kStructs);
  return errorType();
}

TypeP Checker::constructStruct(Expr& e, const TypeP& target, const std::vector<TypeP>& args) {
  // `S(a, b)`: one argument per data member, each converted implicitly, none narrowed (the
  // seed has no constructors, C12; cgc 3.1's: docs/ambiguities.md C29). An array member takes
  // no argument.
  std::vector<TypeP> members;
  for (const auto& m : program_.structs[static_cast<size_t>(target->structIndex)].members)
    if (m.function < 0)
      for (const auto& d : m.field.declarators) members.push_back(d.declaredType);
  if (members.size() != args.size()) {
    error(e.span,
          "a " + typeName(target) + " constructor takes one argument per member (" +
              std::to_string(members.size()) + "), not " + std::to_string(args.size()),
          rules::kTypes);
    return target;
  }
  for (size_t k = 0; k < args.size(); ++k) {
    const TypeP& m = members[k];
    Conversion c = m ? classifyConversion(*args[k], *m, program_) : Conversion{};
    bool narrows = m && isNumeric(*args[k]) && isNumeric(*m) && args[k]->kind != TypeKind::Scalar &&
                   componentCount(*args[k]) > componentCount(*m);
    if (!m || m->kind == TypeKind::Array || !c.allowedImplicitly() || narrows) {
      error(e.operands[k]->span,
            "argument " + std::to_string(k + 1) + " (" + typeName(args[k]) + ") of the " +
                typeName(target) + " constructor does not initialise member " +
                std::to_string(k + 1) + " (" + typeName(m) + ")" +
                (narrows ? " without narrowing" : ""),
            rules::kTypes);
      return target;
    }
    if (!sameType(*args[k], *m)) e.operands[k]->info.convertedTo = m;
  }
  return target;
}

// `emitVertex(value [: SEMANTIC], ...)` (Cg 3.1 gp4gp page; NVIDIA's gs_* examples): a
// geometry program emits a vertex whose varying outputs are the arguments, each bound to the
// semantic written after it or to the one its variable was declared with. Any number of
// arguments of any numeric type; the profile's output semantics apply to the written ones. It is
// a geometry profile's function: reached from the entry in another stage it is an error
// (checkProfileRestrictions), as the seed's profile restrictions are.
TypeP Checker::emitVertex(Expr& e) {
  for (auto& a : e.operands) {
    if (!a) continue;
    TypeP t = expr(*a);
    if (!isError(t) && !isNumeric(*t))
      error(a->span, "emitVertex takes numeric values, not " + typeName(t), rules::kProfiles);
  }
  if (currentFunction_ >= 0) emits_[static_cast<size_t>(currentFunction_)].push_back(e.span);
  return voidType();
}

TypeP Checker::construct(Expr& e) {
  TypeP target = resolveType(e.type);
  std::vector<TypeP> args;
  for (auto& a : e.operands) args.push_back(a ? expr(*a) : errorType());
  if (isError(target)) return errorType();
  for (const auto& a : args)
    if (isError(a)) return target;
  const Type& t = *target;
  // A constructor of one argument that is its cast: a scalar's (`float(i)`), or a matrix of one
  // larger matrix (`float3x3(m4x4)`: the upper-left part; cgc 3.1, NVIDIA's
  // buffer_lighting.cg; the seed's constructors are lost: docs/ambiguities.md CG-P4).
  const bool scalarCast = t.kind == TypeKind::Scalar && args.size() == 1;
  const bool matrixPart = args.size() == 1 && t.kind == TypeKind::Matrix &&
                          args[0]->kind == TypeKind::Matrix &&
                          (args[0]->rows != t.rows || args[0]->columns != t.columns);
  if (scalarCast || matrixPart) {
    Conversion c = classifyConversion(*args[0], t, program_);
    if (!c.allowedExplicitly())
      error(
          e.span,
          "cannot construct " + typeName(t) + " from " + typeName(args[0]) + " (" + c.reason + ")",
          rules::kConversions);
    return target;
  }
  if (t.kind == TypeKind::Struct && t.structIndex >= 0) return constructStruct(e, target, args);
  if (t.kind != TypeKind::Scalar && t.kind != TypeKind::Vector && t.kind != TypeKind::Matrix) {
    error(e.span, typeName(t) + " has no constructor", rules::kTypes);
    return errorType();
  }
  if (args.size() == 1 && args[0]->kind == TypeKind::Scalar) {
    // One scalar fills every component (`float4(x)`, `bool3(1)`): the seed's constructors are
    // lost (C12); cgc 3.1 smears the scalar, converted to the element type
    // (docs/ambiguities.md C24).
    if (args[0]->scalar != t.scalar)
      e.operands[0]->info.convertedTo = withScalar(*args[0], t.scalar);
    return target;
  }
  int components = 0;
  for (size_t k = 0; k < args.size(); ++k) {
    if (!isNumeric(*args[k])) {
      error(e.operands[k]->span,
            "a " + typeName(t) + " constructor takes numeric arguments, not " + typeName(args[k]),
            rules::kTypes);
      return target;
    }
    components += componentCount(*args[k]);
    if (args[k]->scalar != t.scalar)
      e.operands[k]->info.convertedTo = withScalar(*args[k], t.scalar);
  }
  if (components != componentCount(t))
    error(e.span,
          typeName(t) + " needs " + std::to_string(componentCount(t)) + " components, not " +
              std::to_string(components),
          rules::kTypes);
  return target;
}

TypeP Checker::call(Expr& e) {
  if (e.kind == ExprKind::Call && e.name == "emitVertex" && !functionsByName_.count(e.name))
    return emitVertex(e);
  std::vector<TypeP> args;
  for (auto& a : e.operands) args.push_back(a ? expr(*a) : errorType());
  for (auto& a : e.operands)
    if (a && a->semantic.present())
      error(a->semantic.span,
            "a binding semantic on an argument is emitVertex's only (gp4gp page of the Cg 3.1 "
            "reference manual)",
            rules::kProfiles);
  std::vector<int> indexes;
  const std::vector<int>* receiverMethods = nullptr;
  std::vector<int> methods;
  if (e.kind == ExprKind::MethodCall) {
    // `e.f(args)`: the member functions of the receiver's structure or interface.
    args.erase(args.begin());
    TypeP r = e.operands[0]->info.type;
    if (isError(r)) return errorType();
    if (r->kind != TypeKind::Struct) {
      error(e.span, typeName(r) + " has no member functions", rules::kStructs);
      return errorType();
    }
    for (const auto& m : program_.structs[static_cast<size_t>(r->structIndex)].members)
      if (m.function >= 0 && program_.functions[static_cast<size_t>(m.function)].name == e.name)
        methods.push_back(m.function);
    receiverMethods = &methods;
    indexes = methods;
  } else {
    auto u = functionsByName_.find(e.name);
    if (u != functionsByName_.end())
      for (int i : u->second) {
        int owner = result_.functions[static_cast<size_t>(i)].ownerStruct;
        int current = currentFunction_ >= 0
                          ? program_.functions[static_cast<size_t>(currentFunction_)].ownerStruct
                          : -1;
        if (owner < 0 || owner == current) indexes.push_back(i);
      }
    // Step 1 takes "all visible functions with a matching name in the calling scope". The
    // library is declared in a scope around the program's ("Just as in C ... multiple
    // scopes"; names "visible outside of their scope ... as in C++"), so a user function
    // declared before the call hides every library function of its name, as a C++
    // declaration hides an outer one: `half frac(half)` is called for `frac(float)`, and the
    // library's frac(float2) is no candidate (docs/ambiguities.md C32; cgc 3.1 does the same,
    // and calls the library's where the user's is declared only after the call). The GLSL
    // functions of cgc's dialect (CGD-2) are library functions like the others.
    auto l = libraryByName_.find(e.name);
    if (l != libraryByName_.end() && indexes.empty())
      for (int i : l->second) indexes.push_back(i);
  }
  (void)receiverMethods;
  if (indexes.empty()) {
    if (e.kind == ExprKind::MethodCall)
      error(e.span, "'" + e.name + "' is not a declared function", rules::kStructs);
    else
      errorInFunctionBody(e.span, "'" + e.name + "' is not a declared function", rules::kNamespaces,
                          Deferral::UnresolvedName);
    return errorType();
  }
  for (const auto& a : args)
    if (isError(a)) return errorType();
  std::vector<const FunctionSignature*> candidates;
  for (int i : indexes) candidates.push_back(&result_.functions[static_cast<size_t>(i)]);
  OverloadResolution r = resolveOverload(candidates, args, *profile_, program_);
  if (r.chosen < 0) {
    std::string message = "no unique '" + e.name + "' for these arguments: " + r.failure;
    const char* rule =
        r.failedStep == 4 && candidates.size() &&
                std::all_of(candidates.begin(), candidates.end(),
                            [](const FunctionSignature* f) { return !f->profiles.empty(); })
            ? rules::kProfileOverloading
            : rules::kOverloading;
    // Seed "Profiles": a function the top-level function does not reach may use another
    // profile's overloads (tex2D in a vertex program's fragment function). Whether it is
    // reached is known once every body is checked: the call takes the overload chosen free of
    // the profile and the error waits (reportDeferred).
    OverloadResolution free =
        resolveOverload(candidates, args, *profile_, program_, /*freeOfProfile=*/true);
    if (free.chosen < 0 || currentFunction_ < 0 || options_.entry.empty()) {
      error(e.span, message, rule);
      return errorType();
    }
    errorInFunctionBody(e.span, message, rule, Deferral::ProfileRestriction);
    r = free;
  }
  int chosen = indexes[static_cast<size_t>(r.chosen)];
  const FunctionSignature& f = result_.functions[static_cast<size_t>(chosen)];
  e.info.function = chosen;
  // An overload the profile declares but does not support (the Direct3D 10/11 profiles' texture
  // forms cgc 3.1 rejects with C3004, integer samplers' lookups among them; CG-P20): an error
  // where a reached function calls it, as a call only another profile's overloads match.
  if (!f.unsupported.empty()) {
    std::string signature = e.name + "(";
    for (size_t k = 0; k < f.parameters.size(); ++k)
      signature += (k ? ", " : "") + typeName(f.parameters[k]);
    errorInFunctionBody(e.span,
                        "'" + signature + ")' is not supported in profile " + profile_->name +
                            " (cgc 3.1: " + f.unsupported + ")",
                        rules::kProfileOverloading, Deferral::ProfileRestriction);
  }
  if (static_cast<size_t>(chosen) >= glslLibraryOffset_)
    extensionUsed(CgcExtension::GlslFunctions, e.span,
                  "'" + e.name + "' is GLSL's function, not the seed's or Cg's library's");
  size_t first = e.kind == ExprKind::MethodCall ? 1 : 0;
  for (size_t k = 0; k < args.size(); ++k) {
    Expr& a = *e.operands[k + first];
    std::string context = "argument " + std::to_string(k + 1) + " of '" + e.name + "'";
    if (f.directions[k] == ParameterDirection::In) {
      // A dynamically typed (unsized array) formal takes the argument's type (step 5b).
      if (f.parameters[k]->kind != TypeKind::Array || f.parameters[k]->arraySize >= 0)
        convert(a, f.parameters[k], context, rules::kOverloading);
      continue;
    }
    // out/inout: copied back into the argument, which must be assignable and have the
    // formal's type. The seed's step 5 converts an actual to its formal, which an out argument
    // cannot undo, and does not say how the value is copied back. cgc 3.1 requires the argument
    // to have the formal's unqualified type exactly (C1113 for float and float1, float and
    // half, int and float, float[3] for an unsized float[], in user and library functions):
    // docs/ambiguities.md C34. The same type needs no conversion either way.
    if (!requireLvalue(
            a, ("the out argument " + std::to_string(k + 1) + " of '" + e.name + "'").c_str()))
      continue;
    if (!isError(args[k]) && !isError(f.parameters[k]) && !sameType(f.parameters[k], args[k]))
      error(a.span,
            "the out argument " + std::to_string(k + 1) + " of '" + e.name + "' is " +
                typeName(args[k]) + ", not the parameter's type " + typeName(f.parameters[k]) +
                " (an out or inout argument has its parameter's type exactly)",
            rules::kFunctionCalls);
  }
  if (currentFunction_ >= 0 && f.declaration >= 0)
    calls_[static_cast<size_t>(currentFunction_)].insert(f.declaration);
  return f.result ? f.result : errorType();
}

bool Checker::boolAsArithmetic(Expr& e, TypeP& a, TypeP& b) {
  // Arithmetic and bitwise operators on bool scalars and vectors: the seed does not say whether
  // bool is an arithmetic operand (C5); cgc 3.1 converts a bool operand to int when the other
  // is bool or integral, to the other operand's floating type otherwise, and refuses a cfloat
  // beside it (C1020). docs/ambiguities.md C26.
  TypeP* types[2] = {&a, &b};
  for (int k = 0; k < 2; ++k) {
    TypeP& self = *types[k];
    const TypeP& other = *types[1 - k];
    if (!isBoolShape(*self) || !isNumeric(*other)) continue;
    Scalar s =
        other->scalar == Scalar::Bool || isIntegral(other->scalar) ? Scalar::Int : other->scalar;
    if (s == Scalar::CFloat) {
      error(e.span,
            "operator '" + e.op + "' cannot be applied to " + typeName(a) + " and " + typeName(b) +
                " (a bool operand takes the other's type; cfloat is not one)",
            rules::kOperators);
      return false;
    }
    self = withScalar(*self, s);
    e.operands[static_cast<size_t>(k)]->info.convertedTo = self;
  }
  return true;
}

TypeP Checker::binaryOperator(Expr& e) {
  TypeP a = e.operands[0] ? expr(*e.operands[0]) : errorType();
  TypeP b = e.operands[1] ? expr(*e.operands[1]) : errorType();
  if (isError(a) || isError(b)) return errorType();
  const std::string& op = e.op;
  auto convertBoth = [&](const TypeP& t) {
    for (int k = 0; k < 2; ++k) {
      Expr& x = *e.operands[static_cast<size_t>(k)];
      TypeP want = x.info.type->kind == TypeKind::Scalar && t->kind != TypeKind::Scalar
                       ? t  // smeared
                       : withScalar(*x.info.type, t->scalar);
      if (!sameType(*x.info.type, *want)) x.info.convertedTo = want;
    }
  };
  if (op == "&&" || op == "||") {
    // Seed "Boolean": bool operands (scalars or vectors of the same size), both always
    // evaluated; numeric scalars count as C's truth values (docs/ambiguities.md C8).
    for (const TypeP& t : {a, b})
      if (!(isBoolShape(*t) || (t->kind == TypeKind::Scalar && isNumeric(*t)))) {
        error(e.span, "operator '" + op + "' needs bool operands, not " + typeName(t),
              rules::kBoolean);
        return errorType();
      }
    if (a->kind == TypeKind::Vector || b->kind == TypeKind::Vector) {
      if (!isBoolShape(*a) || !isBoolShape(*b) || a->kind != b->kind || a->columns != b->columns) {
        error(e.span,
              "operator '" + op + "': each operand must be a bool vector of the same size (" +
                  typeName(a) + ", " + typeName(b) + ")",
              rules::kBoolean);
        return errorType();
      }
      return a;
    }
    for (auto& x : e.operands)
      if (x->info.type->scalar != Scalar::Bool) x->info.convertedTo = scalarType(Scalar::Bool);
    return scalarType(Scalar::Bool);
  }
  bool comparison = op == "<" || op == ">" || op == "<=" || op == ">=" || op == "==" || op == "!=";
  if (comparison) {
    if (a->kind == TypeKind::Matrix || b->kind == TypeKind::Matrix || !isNumeric(*a) ||
        !isNumeric(*b)) {
      error(e.span,
            "operator '" + op + "' applies to numeric or bool scalars and vectors, not " +
                typeName(a) + " and " + typeName(b),
            rules::kComparisons);
      return errorType();
    }
    // A bool beside a number compares as the arithmetic operators take it (C26).
    if (isBoolShape(*a) != isBoolShape(*b) && !boolAsArithmetic(e, a, b)) return errorType();
    TypeP t = commonType(a, b, e.span, rules::kComparisons, op);
    if (isError(t)) return t;
    convertBoth(t);
    return withScalar(*t, Scalar::Bool);
  }
  if (isBoolShape(*a) || isBoolShape(*b)) {
    if (!boolAsArithmetic(e, a, b)) return errorType();
  }
  if (!isArithmetic(*a) || !isArithmetic(*b)) {
    error(e.span,
          "operator '" + op + "' cannot be applied to " + typeName(a) + " and " + typeName(b),
          rules::kOperators);
    return errorType();
  }
  bool integralOnly = op == "%" || op == "<<" || op == ">>" || op == "&" || op == "|" || op == "^";
  if (integralOnly && (!isIntegral(a->scalar) || !isIntegral(b->scalar))) {
    // Seed "Arithmetic": "% ... may only be applied to two operands of cint or int types"; the
    // operator table's V%V and M%M are read as int vectors and matrices (C9). The bitwise
    // operators come from C ("Statements are expressed just as in C"), integral only.
    error(
        e.span,
        "operator '" + op + "' needs integral operands, not " + typeName(a) + " and " + typeName(b),
        op == "%" ? rules::kArithmetic : rules::kOperators);
    return errorType();
  }
  TypeP t = commonType(a, b, e.span, rules::kOperators, op);
  if (isError(t)) return t;
  convertBoth(t);
  return t;
}

Scalar Checker::integerLiteralType(const Expr& e) {
  std::string suffix = literalSuffix(e.literal, false);
  Scalar type = Scalar::CInt;
  switch (integerSuffix(suffix)) {
    case IntegerSuffix::UnsignedInt:
      type = Scalar::UInt;
      break;
    case IntegerSuffix::Long:
      type = Scalar::Long;
      break;
    case IntegerSuffix::UnsignedLong:
      type = Scalar::ULong;
      break;
    case IntegerSuffix::Short:
      type = Scalar::Short;
      break;
    case IntegerSuffix::UnsignedShort:
      type = Scalar::UShort;
      break;
    case IntegerSuffix::Char:
      type = Scalar::Char;
      break;
    case IntegerSuffix::UnsignedChar:
      type = Scalar::UChar;
      break;
    case IntegerSuffix::None:
    case IntegerSuffix::Unknown:  // the lexer reported it
      break;
  }
  // "Constant literals are defined as in C": a constant's value must be in the range of its
  // type (C11 6.4.4p2). A literal has no sign, so the range is [0, max]. cint takes up to
  // 2^32 - 1 (cgc 3.1 wraps 3000000000 and rejects 9000000000: C0125 integer constant
  // overflow).
  std::string digits = e.literal.substr(0, e.literal.size() - suffix.size());
  errno = 0;
  unsigned long long value = std::strtoull(digits.c_str(), nullptr, 0);
  int bits = scalarBits(type);
  unsigned long long max = type == Scalar::CInt ? 0xFFFFFFFFull
                           : bits >= 64
                               ? (isUnsignedIntegral(type) ? ~0ull : ~0ull >> 1)
                               : (1ull << (isUnsignedIntegral(type) ? bits : bits - 1)) - 1;
  if (errno == ERANGE || value > max)
    error(e.span,
          "integer constant '" + e.literal + "' is outside the range of its type " +
              scalarName(type) + " (0 to " + std::to_string(max) + "; C11 6.4.4p2)",
          rules::kConstants);
  return type;
}

TypeP Checker::expr(Expr& e) {
  TypeP t = errorType();
  e.info.lvalue = false;
  switch (e.kind) {
    case ExprKind::IntLiteral: {
      t = scalarType(integerLiteralType(e));
      break;
    }
    case ExprKind::FloatLiteral: {
      std::string s = literalSuffix(e.literal, true);
      t = scalarType(s == "f"   ? Scalar::Float
                     : s == "h" ? Scalar::Half
                     : s == "x" ? Scalar::Fixed
                                : Scalar::CFloat);
      break;
    }
    case ExprKind::BoolLiteral:
      t = scalarType(Scalar::Bool);
      break;
    case ExprKind::Name: {
      const Symbol* s = lookup(e.name);
      if (!s) {
        bool isFunction = functionsByName_.count(e.name) || libraryByName_.count(e.name);
        if (isFunction)
          error(e.span, "function '" + e.name + "' used as a value", rules::kNamespaces);
        else
          errorInFunctionBody(e.span, "'" + e.name + "' is not declared", rules::kNamespaces,
                              Deferral::UnresolvedName);
        break;
      }
      t = s->type ? s->type : errorType();
      e.info.lvalue = !s->isConst && !s->isSamplerParameter;
      break;
    }
    case ExprKind::Member:
      t = member(e);
      break;
    case ExprKind::Index: {
      TypeP base = e.operands[0] ? expr(*e.operands[0]) : errorType();
      TypeP index = e.operands[1] ? expr(*e.operands[1]) : errorType();
      if (isError(base) || isError(index)) break;
      if (index->kind != TypeKind::Scalar || index->scalar == Scalar::Bool) {
        error(e.operands[1]->span, "an index must be a numeric scalar, not " + typeName(index),
              rules::kArrays);
        break;
      }
      if (!isIntegral(index->scalar)) e.operands[1]->info.convertedTo = scalarType(Scalar::Int);
      int size = 0;
      switch (base->kind) {
        case TypeKind::Vector:
          t = scalarType(base->scalar);
          size = base->columns;
          break;
        case TypeKind::Matrix:
          t = vectorType(base->scalar, base->columns);
          size = base->rows;
          break;
        case TypeKind::Array:
          t = base->element;
          size = base->arraySize;
          break;
        default:
          error(e.span, typeName(base) + " cannot be subscripted", rules::kArrays);
          t = errorType();
      }
      if (isError(t)) break;
      if (auto v = constantInteger(*e.operands[1]); v && size > 0 && (*v < 0 || *v >= size))
        error(e.operands[1]->span,
              "index " + std::to_string(*v) + " is out of range for " + typeName(base),
              rules::kArrays);
      e.info.lvalue = e.operands[0]->info.lvalue;
      break;
    }
    case ExprKind::Call:
    case ExprKind::MethodCall:
      t = call(e);
      break;
    case ExprKind::Construct:
      t = construct(e);
      break;
    case ExprKind::Cast: {
      TypeP target = applyArrayDimensions(resolveType(e.type), e.typeArraySizes, e.type.packed);
      TypeP from = e.operands[0] ? expr(*e.operands[0]) : errorType();
      if (isError(target) || isError(from)) break;
      Conversion c = classifyConversion(*from, *target, program_);
      if (!c.allowedExplicitly()) {
        error(e.span,
              "cannot cast " + typeName(from) + " to " + typeName(target) + " (" + c.reason + ")",
              rules::kConversions);
        break;
      }
      t = target;
      break;
    }
    case ExprKind::Unary: {
      TypeP a = e.operands[0] ? expr(*e.operands[0]) : errorType();
      if (isError(a)) break;
      if (e.op == "!") {
        if (isBoolShape(*a))
          t = a;
        else if (a->kind == TypeKind::Scalar && isNumeric(*a)) {
          e.operands[0]->info.convertedTo = scalarType(Scalar::Bool);
          t = scalarType(Scalar::Bool);
        } else
          error(e.span, "operator '!' needs a bool operand, not " + typeName(a), rules::kBoolean);
        break;
      }
      if (isBoolShape(*a) && (e.op == "~" || e.op == "-" || e.op == "+")) {
        // A bool operand is an int (docs/ambiguities.md C26).
        t = withScalar(*a, Scalar::Int);
        e.operands[0]->info.convertedTo = t;
        break;
      }
      if (e.op == "~") {
        if (isArithmetic(*a) && isIntegral(a->scalar))
          t = a;
        else
          error(e.span, "operator '~' needs an integral operand, not " + typeName(a),
                rules::kOperators);
        break;
      }
      if (isArithmetic(*a))
        t = a;
      else
        error(e.span, "unary '" + e.op + "' cannot be applied to " + typeName(a),
              rules::kOperators);
      break;
    }
    case ExprKind::PreIncrement:
    case ExprKind::PostIncrement: {
      TypeP a = e.operands[0] ? expr(*e.operands[0]) : errorType();
      if (isError(a)) break;
      if (!isArithmetic(*a)) {
        error(e.span, "'" + e.op + "' cannot be applied to " + typeName(a), rules::kArithmetic);
        break;
      }
      requireLvalue(*e.operands[0], ("the operand of '" + e.op + "'").c_str());
      t = a;
      break;
    }
    case ExprKind::Binary:
      t = binaryOperator(e);
      break;
    case ExprKind::Assign: {
      TypeP l = e.operands[0] ? expr(*e.operands[0]) : errorType();
      TypeP r = e.operands[1] ? expr(*e.operands[1]) : errorType();
      if (isError(l) || isError(r)) break;
      requireLvalue(*e.operands[0], "the left operand of an assignment");
      if (e.op == "=") {
        if (l->kind == TypeKind::Array && l->arraySize < 0) {
          // Seed "Assignment": a dynamically typed object takes the type of a compatible value.
          if (r->kind != TypeKind::Array || !r->element || !l->element ||
              !sameType(*r->element, *l->element))
            error(e.span, "an unsized array takes only arrays of its element type",
                  rules::kUnsizedArrays);
        } else {
          convert(*e.operands[1], l, "the assignment", rules::kAssignment);
        }
        t = l;
        break;
      }
      // Compound assignment: the operator on both, then the conversion to the left operand's
      // type (seed "Arithmetic": "when the corresponding arithmetic operator is supported").
      Expr tmp;
      tmp.kind = ExprKind::Binary;
      tmp.op = e.op.substr(0, e.op.size() - 1);
      tmp.span = e.span;
      // Borrow the operands to type the operation, then give them back.
      tmp.operands.push_back(std::move(e.operands[0]));
      tmp.operands.push_back(std::move(e.operands[1]));
      TypeP opType = binaryOperator(tmp);
      e.operands[0] = std::move(tmp.operands[0]);
      e.operands[1] = std::move(tmp.operands[1]);
      e.operands[0]->info.convertedTo = nullptr;
      if (!isError(opType)) {
        Conversion c = classifyConversion(*opType, *l, program_);
        if (!c.allowedImplicitly())
          error(e.span,
                "the result " + typeName(opType) + " of '" + e.op + "' does not convert to " +
                    typeName(l) + " (" + c.reason + ")",
                rules::kAssignment);
      }
      t = l;
      break;
    }
    case ExprKind::Conditional: {
      TypeP c = e.operands[0] ? expr(*e.operands[0]) : errorType();
      TypeP a = e.operands[1] ? expr(*e.operands[1]) : errorType();
      TypeP b = e.operands[2] ? expr(*e.operands[2]) : errorType();
      if (isError(c) || isError(a) || isError(b)) break;
      if (!(c->kind == TypeKind::Scalar && isNumeric(*c)) && !isBoolShape(*c)) {
        error(e.operands[0]->span, "the condition of '?:' must be bool, not " + typeName(c),
              rules::kConditional);
        break;
      }
      if (c->kind == TypeKind::Scalar && c->scalar != Scalar::Bool)
        e.operands[0]->info.convertedTo = scalarType(Scalar::Bool);
      if (!isNumeric(*a) || !isNumeric(*b)) {
        // Structures and arrays: the same type on both sides (the seed's list is lost, C10).
        if (!sameType(*a, *b)) {
          error(e.span,
                "the operands of '?:' have different types " + typeName(a) + " and " + typeName(b),
                rules::kConditional);
          break;
        }
        if (c->kind == TypeKind::Vector) {
          error(e.span, "a bool vector condition selects between numeric vectors",
                rules::kConditional);
          break;
        }
        t = a;
        break;
      }
      // Seed "Smearing": the binary rule on the second and third operands, then with the first.
      TypeP arms = commonType(a, b, e.span, rules::kConditional, "?:");
      if (isError(arms)) break;
      if (c->kind == TypeKind::Vector) {
        if (arms->kind == TypeKind::Matrix ||
            (arms->kind == TypeKind::Vector && arms->columns != c->columns)) {
          error(e.span,
                "with a " + typeName(c) + " condition both operands must be vectors of size " +
                    std::to_string(c->columns) + " (" + typeName(arms) + ")",
                rules::kConditional);
          break;
        }
        arms = vectorType(arms->scalar, c->columns);
      }
      for (int k = 1; k <= 2; ++k) {
        Expr& x = *e.operands[static_cast<size_t>(k)];
        if (!sameType(*x.info.type, *arms)) x.info.convertedTo = arms;
      }
      t = arms;
      break;
    }
    case ExprKind::Comma:
      if (e.operands[0]) expr(*e.operands[0]);
      t = e.operands[1] ? expr(*e.operands[1]) : errorType();
      break;
    case ExprKind::InitializerList: {
      if (e.type.name.empty()) {
        error(e.span, "an initializer list is only allowed in an initializer", rules::kAssignment);
        break;
      }
      // cgc's dialect, glsl-array-constructors (CGD-3): `T[](a, b)` or `T[n](...)` outside an
      // initializer is an array value of n elements of T, each argument converted to T as an
      // initializer's would be (cgc 3.1 accepts it as an argument, assigned, subscripted).
      TypeP element = resolveType(e.type);
      if (isError(element)) break;
      size_t n = e.operands.size();
      if (!e.typeArraySizes.empty() && e.typeArraySizes[0] &&
          std::to_string(n) != e.typeArraySizes[0]->literal) {
        error(e.span,
              "the array constructor " + typeName(element) + "[" + e.typeArraySizes[0]->literal +
                  "] has " + std::to_string(n) + " arguments",
              rules::kTypes);
        break;
      }
      bool ok = true;
      for (size_t k = 0; k < n; ++k) {
        if (!e.operands[k]) continue;
        TypeP a = expr(*e.operands[k]);
        if (isError(a)) {
          ok = false;
          continue;
        }
        ok &= convert(*e.operands[k], element,
                      "element " + std::to_string(k + 1) + " of the array constructor",
                      rules::kTypes);
      }
      if (ok) t = arrayType(element, static_cast<int>(n));
      break;
    }
  }
  e.info.type = t;
  return t;
}

}  // namespace plumb::cg
