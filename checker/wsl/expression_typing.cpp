// WSL.ott `G |- e : t`: literal_true, literal_false, parens, comma, or, and, ternary_int_literals,
// ternary_no_int_literals, not, assignment, alval_to_rval, lval_to_alval, lval_to_rval,
// variable_name, address_taking, ptr_deref, take_ref_lval, array_index_rval, array_index_lval,
// array_ref_index, postfix_incr, prefix_incr, operator_plus_equal; and the seed's prose for
// literals, dots, indexing and calls (overload resolution), which WSL.ott leaves as a TODO.
#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "checker/wsl/checker_state.h"

namespace plumb::wsl {
namespace {

std::shared_ptr<Expr> copy(const ExprP& e) {
  return std::make_shared<Expr>(*e);
}

std::shared_ptr<Expr> valNode(const ExprP& from, const Value& v) {
  auto r = std::make_shared<Expr>(*from);
  r->kind = ExprKind::Val;
  r->value = v;
  r->operands.clear();
  r->info.type = v.type;
  return r;
}

// The exact value of an integer literal (decimal or hexadecimal, maybe negative); false when it
// does not fit in 64 bits.
bool literalValue(const std::string& text, int64_t& out) {
  std::string s = text;
  bool negative = !s.empty() && s[0] == '-';
  if (negative) s = s.substr(1);
  if (!s.empty() && s.back() == 'u') s.pop_back();
  errno = 0;
  char* end = nullptr;
  unsigned long long v = std::strtoull(s.c_str(), &end, s.rfind("0x", 0) == 0 ? 16 : 10);
  if (errno == ERANGE || v > (1ull << 40)) return false;
  out = negative ? -int64_t(v) : int64_t(v);
  return true;
}

}  // namespace

bool Checker::literalFits(const Typed& t, const Type& to) const {
  if (!t.integerLiteral || !t.expr) return false;
  int64_t v = t.expr->value.integer;
  switch (to.kind) {
    case Type::Kind::Int:
      return v >= INT32_MIN && v <= INT32_MAX;
    case Type::Kind::Uint:
      return v >= 0 && v <= int64_t(UINT32_MAX);
    case Type::Kind::Uchar:
    case Type::Kind::Char:
    case Type::Kind::Short:
    case Type::Kind::Ushort: {
      // The RI's other integers take the literals their range holds (W43).
      const uint32_t w = integerWidth(to);
      if (isSignedInteger(to)) return v >= -(int64_t(1) << (w - 1)) && v < (int64_t(1) << (w - 1));
      return v >= 0 && v < (int64_t(1) << w);
    }
    case Type::Kind::Float:
    case Type::Kind::Half:
      return true;
    default:
      return false;
  }
}

// Seed "Typing expressions": "int literals ... can be given the type uint ... int ... float".
ExprP Checker::coerceLiteral(const Typed& t, const TypeP& to) {
  if (t.expr->kind == ExprKind::Parens && !t.expr->operands.empty()) {
    // `(2)` is an integer literal too (parens): the literal inside gets the type, the
    // parentheses stay (parens_exec still steps over them).
    Typed inner = t;
    inner.expr = t.expr->operands[0];
    auto x = copy(t.expr);
    x->operands = {coerceLiteral(inner, to)};
    x->info = x->operands[0]->info;
    return x;
  }
  int64_t v = t.expr->value.integer;
  Value x;
  switch (to->kind) {
    case Type::Kind::Int:
      x = Value::makeInt(int32_t(v));
      break;
    case Type::Kind::Uint:
      x = Value::makeUint(uint32_t(v));
      break;
    case Type::Kind::Uchar:
    case Type::Kind::Char:
    case Type::Kind::Short:
    case Type::Kind::Ushort:
      x = Value::makeInteger(to, v);
      break;
    case Type::Kind::Float:
      x = Value::makeFloat(float(v));
      break;
    case Type::Kind::Half:
      x = Value::makeHalf(float(v));
      break;
    default:
      return t.expr;
  }
  return valNode(t.expr, x);
}

// lval_to_rval: LVal(tval, as) ==> tval; alval_to_rval: ALVal(tval) ==> tval.
Typed Checker::asRValue(Typed t) {
  if (t.category == Typed::Category::LValue) fired("lval_to_rval");
  if (t.category == Typed::Category::AbstractLValue) fired("alval_to_rval");
  t.category = Typed::Category::RValue;
  if (t.integerLiteral && !literalFits(t, *intType()) && t.expr) {
    // An integer literal given no other type is an int (ternary_int_literals, overloads).
  }
  return t;
}

// lval_to_alval: LVal(tval, as) with as != constant ==> ALVal(tval).
bool Checker::asAbstractLValue(Typed& t, const std::string& rule) {
  if (t.category == Typed::Category::AbstractLValue) return true;
  if (t.category == Typed::Category::LValue && t.space != AddressSpace::Constant) {
    fired("lval_to_alval");
    t.category = Typed::Category::AbstractLValue;
    return true;
  }
  error(t.expr->span,
        t.category == Typed::Category::LValue
            ? "a left value in the constant address space cannot be assigned"
            : "this expression cannot be assigned: it is not a left value",
        rule);
  return false;
}

ExprP Checker::expectRValue(const TypingEnvironment& g, const ExprP& e, const TypeP& expected,
                            const std::string& rule, TypeP* actual, bool* mayDiscard) {
  Typed t = typeExpression(g, e);
  if (!t.expr) return nullptr;
  t = asRValue(t);
  if (mayDiscard) *mayDiscard = t.mayDiscard;
  if (actual) *actual = t.type;
  if (!expected || sameType(t.type, expected)) {
    if (t.integerLiteral && !literalFits(t, *t.type)) {
      error(e->span, "the literal " + e->literal + " is not representable as " + typeName(*t.type),
            rule);
      return nullptr;
    }
    return t.expr;
  }
  if (t.integerLiteral && literalFits(t, *expected)) {
    if (actual) *actual = expected;
    return coerceLiteral(t, expected);
  }
  error(e->span, "expected " + typeName(*expected) + ", found " + typeName(*t.type), rule);
  return nullptr;
}

int Checker::resolveCall(const std::string& name, std::vector<Typed>& args, Span span,
                         const std::string& rule) {
  std::vector<int> candidates;
  bool entryPoint = false;
  for (int id : p_->lookup(name)) {
    const Function& f = p_->functions[size_t(id)];
    if (f.parameters.size() != args.size()) continue;
    if (f.stage == FunctionDecl::Stage::Vertex || f.stage == FunctionDecl::Stage::Fragment ||
        f.stage == FunctionDecl::Stage::Compute) {
      entryPoint = true;
      continue;  // "entry points may not be called by any WSL function"
    }
    candidates.push_back(id);
  }
  // Step 4: remove the functions some argument cannot be given.
  std::vector<int> fitting;
  for (int id : candidates) {
    const Function& f = p_->functions[size_t(id)];
    bool ok = true;
    for (size_t i = 0; i < args.size() && ok; ++i)
      ok = args[i].integerLiteral ? literalFits(args[i], *f.parameters[i])
                                  : sameType(args[i].type, f.parameters[i]);
    if (ok) fitting.push_back(id);
  }
  // Step 6: if several remain, integer literals are limited to int.
  if (fitting.size() > 1) {
    std::vector<int> narrowed;
    for (int id : fitting) {
      const Function& f = p_->functions[size_t(id)];
      bool ok = true;
      for (size_t i = 0; i < args.size() && ok; ++i)
        if (args[i].integerLiteral && f.parameters[i]->kind != Type::Kind::Int) ok = false;
      if (ok) narrowed.push_back(id);
    }
    fitting = narrowed;
  }
  if (fitting.empty() && candidates.empty() && entryPoint) {
    // Seed "Entry Points": "entry points may not be called by any WSL function".
    error(span,
          "'" + name + "' is an entry point: entry points may not be called by any WSL function",
          "wsl-validation-entry-points");
    return -1;
  }
  if (fitting.size() != 1) {
    std::string sig = name + "(";
    for (size_t i = 0; i < args.size(); ++i) sig += (i ? ", " : "") + typeName(*args[i].type);
    sig += ")";
    error(span,
          fitting.empty() ? "no function matches the call " + sig
                          : "the call " + sig + " is ambiguous (" + std::to_string(fitting.size()) +
                                " functions match)",
          rule);
    return -1;
  }
  int id = fitting.front();
  const Function& f = p_->functions[size_t(id)];
  for (size_t i = 0; i < args.size(); ++i)
    if (args[i].integerLiteral) {
      args[i].expr = coerceLiteral(args[i], f.parameters[i]);
      args[i].type = f.parameters[i];
      args[i].integerLiteral = false;
    }
  if (currentFunction_ >= 0) p_->functions[size_t(currentFunction_)].calls.push_back(id);
  return id;
}

Typed Checker::typeCall(const TypingEnvironment& g, const ExprP& e) {
  Typed r;
  std::string name = e->name;
  // A call of a type name is a call of its cast operator (seed: castOperatorDecl "is also the
  // name of the created function").
  static const std::set<std::string> scalars = {"bool", "int",   "uint",   "uchar", "float",
                                                "char", "short", "ushort", "half"};
  // `float4`, `int2`, `float2x3`, `half3x3`: a scalar name and the dimensions.
  auto aggregateName = [&](const std::string& n) {
    size_t d = n.find_first_of("234");
    if (d == std::string::npos || !scalars.count(n.substr(0, d))) return false;
    std::string dims = n.substr(d);
    return dims.size() == 1 ||
           (dims.size() == 3 && dims[1] == 'x' && dims[2] >= '2' && dims[2] <= '4');
  };
  TypeP constructed;
  if (!g.count(name) && (scalars.count(name) || aggregateName(name) || typeNames_.count(name) ||
                         typedefs_.count(name))) {
    TypeSyntax ts;
    ts.name = name;
    ts.span = e->span;
    TypeP t = resolveType(ts, currentFile_);
    if (!t) return r;
    name = "operator " + typeName(*t);
    constructed = t;
  }
  std::vector<Typed> args;
  bool discard = false;
  for (const ExprP& a : e->operands) {
    Typed t = typeExpression(g, a);
    if (!t.expr) return r;
    args.push_back(asRValue(t));
    discard |= t.mayDiscard;
  }
  if (constructed && constructed->kind == Type::Kind::Vector)
    ensureVectorConstructor(name, constructed, args);
  if (constructed && constructed->kind == Type::Kind::Matrix)
    ensureMatrixConstructor(name, constructed, args);
  if (!args.empty() && args[0].type && args[0].type->kind == Type::Kind::Texture)
    ensureTextureFunctions(args[0].type);
  ensureFloatFunctions(name);
  ensureIntegerFunctions(name);
  // Natives made on first use: `T(x)` of a T (a copy), `T()` (the default value), `==` of two
  // pointers or array references of one type (the reference implementation's library; the seed's
  // casts and comparisons are a Todo, docs/wsl.md).
  if (name.rfind("operator ", 0) == 0 && p_->lookup(name).empty() && args.size() <= 1) {
    TypeSyntax ts;
    ts.name = e->name;
    TypeP t = resolveType(ts, currentFile_);
    if (t && args.empty() && !isPointerOrRef(*t)) addNative(name, {}, t, "default");
    if (t && args.size() == 1 && sameType(args[0].type, t)) addNative(name, {t}, t, "identity");
  } else if (name.rfind("operator ", 0) == 0 && args.empty()) {
    bool have = false;
    for (int id : p_->lookup(name)) have |= p_->functions[size_t(id)].parameters.empty();
    TypeSyntax ts;
    ts.name = e->name;
    TypeP t = have ? nullptr : resolveType(ts, currentFile_);
    if (t && !isPointerOrRef(*t)) addNative(name, {}, t, "default");
  } else if (name.rfind("operator ", 0) == 0 && args.size() == 1) {
    bool have = false;
    for (int id : p_->lookup(name)) {
      const Function& f = p_->functions[size_t(id)];
      have |= f.parameters.size() == 1 && sameType(f.parameters[0], args[0].type);
    }
    if (!have && !p_->lookup(name).empty() &&
        sameType(p_->functions[size_t(p_->lookup(name).front())].result, args[0].type))
      addNative(name, {args[0].type}, args[0].type, "identity");
  }
  if (name == "operator==" && args.size() == 2 && isPointerOrRef(*args[0].type) &&
      sameType(args[0].type, args[1].type)) {
    bool have = false;
    for (int id : p_->lookup(name))
      have |= sameType(p_->functions[size_t(id)].parameters[0], args[0].type);
    if (!have) addNative(name, {args[0].type, args[1].type}, boolType(), "reference-equality");
  }
  int id = resolveCall(name, args, e->span, "wsl-typing-call");
  if (id < 0) return r;
  auto c = copy(e);
  c->name = name;
  c->operands.clear();
  for (const Typed& a : args) c->operands.push_back(a.expr);
  c->info.function = id;
  c->info.type = p_->functions[size_t(id)].result;
  c->info.mayDiscard = discard;
  r.expr = c;
  r.type = c->info.type;
  r.mayDiscard = discard;
  return r;
}

// Seed "To check a dot expression of the form e.foo".
Typed Checker::typeDot(const TypingEnvironment& g, const ExprP& e) {
  Typed r;
  const ExprP& base = e->operands[0];
  // An enum element: `Foo.A` (when no variable shadows the enum), replaced by its value.
  if (base->kind == ExprKind::Name && !g.count(base->name)) {
    auto it = typeNames_.find(base->name);
    if (it != typeNames_.end() && it->second < 0) {
      const EnumInfo& en = p_->enums[size_t(-1 - it->second)];
      for (const auto& [elementName, value] : en.elements)
        if (elementName == e->name) {
          r.expr = valNode(e, Value::makeEnum(en.type, value));
          r.type = en.type;
          return r;
        }
      error(e->span, "enum '" + en.name + "' has no element '" + e->name + "'", "wsl-typing-dot");
      return r;
    }
  }
  Typed t = typeExpression(g, base);
  if (!t.expr) return r;
  auto d = copy(e);
  d->operands = {t.expr};
  r.mayDiscard = t.mayDiscard;
  // `length` of an array or array reference: a special function (seed "To check that a
  // function call is well-typed", step 3).
  if (e->name == "length" &&
      (t.type->kind == Type::Kind::Array || t.type->kind == Type::Kind::ArrayRef ||
       t.type->kind == Type::Kind::Vector)) {
    int id = addNative("operator.length", {t.type}, uintType(), "length");
    d->info.getter = id;
    d->info.type = uintType();
    r.expr = d;
    r.type = uintType();
    return r;
  }
  if (t.type->kind == Type::Kind::Vector) ensureVectorSwizzle(t.type, e->name);
  if (t.category == Typed::Category::LValue) {
    for (int id : p_->lookup("operator&." + e->name)) {
      const Function& f = p_->functions[size_t(id)];
      if (f.parameters.size() == 1 && sameType(f.parameters[0], pointerTo(t.type, t.space))) {
        d->info.ander = id;
        d->info.leftValue = true;
        d->info.space = f.result->space;
        d->info.type = f.result->element;
        if (currentFunction_ >= 0) p_->functions[size_t(currentFunction_)].calls.push_back(id);
        r.expr = d;
        r.type = d->info.type;
        r.category = Typed::Category::LValue;
        r.space = d->info.space;
        return r;
      }
    }
  }
  auto findGetter = [&](const std::string& name, const TypeP& arg) {
    for (int id : p_->lookup(name)) {
      const Function& f = p_->functions[size_t(id)];
      if (f.parameters.size() == 1 && sameType(f.parameters[0], arg)) return id;
    }
    return -1;
  };
  bool abstract = t.category == Typed::Category::AbstractLValue ||
                  (t.category == Typed::Category::LValue && t.space != AddressSpace::Constant);
  if (abstract) {
    for (int id : p_->lookup("operator." + e->name + "=")) {
      const Function& f = p_->functions[size_t(id)];
      if (f.parameters.size() == 2 && sameType(f.parameters[0], t.type)) {
        if (t.category == Typed::Category::LValue) fired("lval_to_alval");
        d->info.setter = id;
        d->info.getter = findGetter("operator." + e->name, t.type);
        d->info.type = f.parameters[1];
        if (currentFunction_ >= 0) {
          p_->functions[size_t(currentFunction_)].calls.push_back(id);
          if (d->info.getter >= 0)
            p_->functions[size_t(currentFunction_)].calls.push_back(d->info.getter);
        }
        r.expr = d;
        r.type = f.parameters[1];
        r.category = Typed::Category::AbstractLValue;
        return r;
      }
    }
  }
  int getter = findGetter("operator." + e->name, t.type);
  if (getter >= 0) {
    d->info.getter = getter;
    d->info.type = p_->functions[size_t(getter)].result;
    if (currentFunction_ >= 0) p_->functions[size_t(currentFunction_)].calls.push_back(getter);
    r.expr = d;
    r.type = d->info.type;
    return r;
  }
  error(e->span, "no field, getter or address-taker '" + e->name + "' for " + typeName(*t.type),
        "wsl-typing-dot");
  return Typed{};
}

// Seed "To check that an array dereference e1[e2] is well-typed"; WSL.ott array_ref_index,
// array_index_lval, array_index_rval.
Typed Checker::typeIndex(const TypingEnvironment& g, const ExprP& e) {
  Typed r;
  Typed t = typeExpression(g, e->operands[0]);
  if (!t.expr) return r;
  bool indexDiscard = false;
  ExprP index = expectRValue(g, e->operands[1], uintType(), "wsl-typing-array_ref_index", nullptr,
                             &indexDiscard);
  if (!index) return r;
  auto d = copy(e);
  d->operands = {t.expr, index};
  r.mayDiscard = t.mayDiscard || indexDiscard;
  auto calls = [&](int id) {
    if (currentFunction_ >= 0 && id >= 0)
      p_->functions[size_t(currentFunction_)].calls.push_back(id);
  };
  if (t.type->kind == Type::Kind::ArrayRef) {
    // array_ref_index: G |- e : Ref(tval, as), G |- e' : uint  ==>  G |- e[e'] : LVal(tval, as)
    if (t.category != Typed::Category::RValue) t = asRValue(t);
    fired("array_ref_index");
    d->info.arrayRef = true;
    d->info.leftValue = true;
    d->info.space = t.type->space;
    d->info.type = t.type->element;
    r.expr = d;
    r.type = d->info.type;
    r.category = Typed::Category::LValue;
    r.space = d->info.space;
    return r;
  }
  if (t.type->kind == Type::Kind::Array) ensureArrayOperators(t.type);
  if (t.type->kind == Type::Kind::Vector || t.type->kind == Type::Kind::Matrix)
    ensureVectorIndexers(t.type);
  if (t.category == Typed::Category::LValue) {
    for (int id : p_->lookup("operator&[]")) {
      const Function& f = p_->functions[size_t(id)];
      if (f.parameters.size() == 2 && sameType(f.parameters[0], pointerTo(t.type, t.space)) &&
          sameType(f.parameters[1], uintType())) {
        // array_index_lval: G |- e : LVal([tval], as), G |- e' : uint  ==>  G |- e[e'] : LVal(tval,
        // as)
        if (t.type->kind == Type::Kind::Array) fired("array_index_lval");
        d->info.ander = id;
        d->info.leftValue = true;
        d->info.space = f.result->space;
        d->info.type = f.result->element;
        calls(id);
        r.expr = d;
        r.type = d->info.type;
        r.category = Typed::Category::LValue;
        r.space = d->info.space;
        return r;
      }
    }
  }
  auto findGetter = [&]() {
    for (int id : p_->lookup("operator[]")) {
      const Function& f = p_->functions[size_t(id)];
      if (f.parameters.size() == 2 && sameType(f.parameters[0], t.type) &&
          sameType(f.parameters[1], uintType()))
        return id;
    }
    return -1;
  };
  bool abstract = t.category == Typed::Category::AbstractLValue ||
                  (t.category == Typed::Category::LValue && t.space != AddressSpace::Constant);
  if (abstract) {
    for (int id : p_->lookup("operator[]=")) {
      const Function& f = p_->functions[size_t(id)];
      if (f.parameters.size() == 3 && sameType(f.parameters[0], t.type) &&
          sameType(f.parameters[1], uintType())) {
        d->info.setter = id;
        d->info.getter = findGetter();
        d->info.type = f.parameters[2];
        calls(id);
        calls(d->info.getter);
        r.expr = d;
        r.type = d->info.type;
        r.category = Typed::Category::AbstractLValue;
        return r;
      }
    }
  }
  int getter = findGetter();
  if (getter >= 0) {
    // array_index_rval: G |- e : [tval], G |- e' : uint  ==>  G |- e[e'] : tval
    if (t.type->kind == Type::Kind::Array) fired("array_index_rval");
    if (t.category != Typed::Category::RValue) t = asRValue(t);
    d->info.getter = getter;
    d->info.type = p_->functions[size_t(getter)].result;
    calls(getter);
    r.expr = d;
    r.type = d->info.type;
    return r;
  }
  error(e->span, "no indexer for " + typeName(*t.type), "wsl-typing-array_ref_index");
  return Typed{};
}

Typed Checker::typeExpression(const TypingEnvironment& g, const ExprP& e) {
  Typed r;
  auto fail = [&](const std::string& message, const char* rule) {
    error(e->span, message, std::string("wsl-typing-") + rule);
    return Typed{};
  };
  auto sub = [&](size_t i) { return typeExpression(g, e->operands[i]); };
  auto rv = [&](size_t i) {
    Typed t = sub(i);
    return t.expr ? asRValue(t) : t;
  };
  auto annotate = [&](std::shared_ptr<Expr> x, const TypeP& type) {
    x->info.type = type;
    r.expr = x;
    r.type = type;
    return r;
  };
  switch (e->kind) {
    case ExprKind::IntLiteral: {
      int64_t v = 0;
      if (!literalValue(e->literal, v) || v < INT32_MIN || v > int64_t(UINT32_MAX))
        return fail("the integer literal " + e->literal + " is not representable in 32 bits",
                    "literal");
      Value x = Value::makeInt(int32_t(v));
      x.integer = v;  // the exact value until a type is given (coerceLiteral)
      r.expr = valNode(e, x);
      r.type = intType();
      r.integerLiteral = true;
      return r;
    }
    case ExprKind::UintLiteral: {
      int64_t v = 0;
      if (!literalValue(e->literal, v) || v < 0 || v > int64_t(UINT32_MAX))
        return fail(
            "the literal " + e->literal + " is not representable as a 32-bit unsigned integer",
            "literal");
      r.expr = valNode(e, Value::makeUint(uint32_t(v)));
      r.type = uintType();
      return r;
    }
    case ExprKind::FloatLiteral: {
      std::string s = e->literal;
      if (!s.empty() && s.back() == 'f') s.pop_back();
      float f = std::strtof(s.c_str(), nullptr);  // round to nearest binary32
      r.expr = valNode(e, Value::makeFloat(f));
      r.type = floatType();
      return r;
    }
    case ExprKind::BoolLiteral:
      fired(e->literal == "true" ? "literal_true" : "literal_false");
      r.expr = valNode(e, Value::makeBool(e->literal == "true"));
      r.type = boolType();
      return r;
    case ExprKind::Name: {
      // variable_name: x -> t in G  ==>  G |- x : t
      auto it = g.find(e->name);
      if (it == g.end())
        return fail("no variable named '" + e->name + "' is in scope", "variable_name");
      fired("variable_name");
      auto x = copy(e);
      x->info.leftValue = true;
      x->info.space = it->second.space;
      annotate(x, it->second.type);
      r.category = Typed::Category::LValue;
      r.space = it->second.space;
      return r;
    }
    case ExprKind::Parens: {
      // parens: G |- e : t  ==>  G |- (e) : t
      Typed t = sub(0);
      if (!t.expr) return t;
      fired("parens");
      auto x = copy(e);
      x->operands = {t.expr};
      x->info = t.expr->info;
      t.expr = x;
      return t;
    }
    case ExprKind::Comma: {
      // comma: G |- e : t, G |- e' : tval'  ==>  G |- e, e' : tval'
      Typed a = sub(0);
      Typed b = rv(1);
      if (!a.expr || !b.expr) return Typed{};
      fired("comma");
      auto x = copy(e);
      x->operands = {a.expr, b.expr};
      annotate(x, b.type);
      r.integerLiteral = false;
      r.mayDiscard = a.mayDiscard || b.mayDiscard;
      return r;
    }
    case ExprKind::Or:
    case ExprKind::And: {
      const char* rule = e->kind == ExprKind::Or ? "or" : "and";
      bool d0 = false, d1 = false;
      ExprP a = expectRValue(g, e->operands[0], boolType(), std::string("wsl-typing-") + rule,
                             nullptr, &d0);
      ExprP b = expectRValue(g, e->operands[1], boolType(), std::string("wsl-typing-") + rule,
                             nullptr, &d1);
      if (!a || !b) return Typed{};
      fired(rule);
      auto x = copy(e);
      x->operands = {a, b};
      annotate(x, boolType());
      r.mayDiscard = d0 || d1;
      return r;
    }
    case ExprKind::Not: {
      bool d0 = false;
      ExprP a = expectRValue(g, e->operands[0], boolType(), "wsl-typing-not", nullptr, &d0);
      if (!a) return Typed{};
      fired("not");
      auto x = copy(e);
      x->operands = {a};
      annotate(x, boolType());
      r.mayDiscard = d0;
      return r;
    }
    case ExprKind::Ternary: {
      bool d0 = false;
      ExprP c = expectRValue(g, e->operands[0], boolType(), "wsl-typing-ternary_no_int_literals",
                             nullptr, &d0);
      if (!c) return Typed{};
      auto x = copy(e);
      if (e->operands[1]->kind == ExprKind::IntLiteral &&
          e->operands[2]->kind == ExprKind::IntLiteral) {
        // ternary_int_literals: G |- e0 ? integerLiteral : integerLiteral : int
        ExprP a = expectRValue(g, e->operands[1], intType(), "wsl-typing-ternary_int_literals");
        ExprP b = expectRValue(g, e->operands[2], intType(), "wsl-typing-ternary_int_literals");
        if (!a || !b) return Typed{};
        fired("ternary_int_literals");
        x->operands = {c, a, b};
        annotate(x, intType());
        r.mayDiscard = d0;
        return r;
      }
      Typed a = rv(1), b = rv(2);
      if (!a.expr || !b.expr) return Typed{};
      if (a.integerLiteral && literalFits(a, *b.type)) {
        a.expr = coerceLiteral(a, b.type);
        a.type = b.type;
      } else if (b.integerLiteral && literalFits(b, *a.type)) {
        b.expr = coerceLiteral(b, a.type);
        b.type = a.type;
      }
      if (!sameType(a.type, b.type))
        return fail("the branches of ?: have different types, " + typeName(*a.type) + " and " +
                        typeName(*b.type),
                    "ternary_no_int_literals");
      if (isPointerOrRef(*a.type))
        return fail("?: must not give a pointer or an array reference", "ternary_no_int_literals");
      fired("ternary_no_int_literals");
      x->operands = {c, a.expr, b.expr};
      annotate(x, a.type);
      r.mayDiscard = d0 || a.mayDiscard || b.mayDiscard;
      return r;
    }
    case ExprKind::Assign: {
      // assignment: G |- e : ALVal(tval), G |- e' : tval, tval not a pointer or reference
      Typed lhs = sub(0);
      if (!lhs.expr || !asAbstractLValue(lhs, "wsl-typing-assignment")) return Typed{};
      bool d1 = false;
      ExprP rhs = expectRValue(g, e->operands[1], lhs.type, "wsl-typing-assignment", nullptr, &d1);
      if (!rhs) return Typed{};
      if (isPointerOrRef(*lhs.type))
        return fail("a pointer or an array reference cannot be assigned", "assignment");
      fired("assignment");
      auto x = copy(e);
      x->operands = {lhs.expr, rhs};
      annotate(x, lhs.type);
      r.mayDiscard = lhs.mayDiscard || d1;
      return r;
    }
    case ExprKind::CompoundAssign: {
      // operator_plus_equal: G |- e1 : ALVal(tval1), G |- e2 : tval2, G |- operator+(e1, e2) :
      // tval1
      Typed lhs = sub(0);
      if (!lhs.expr || !asAbstractLValue(lhs, "wsl-typing-operator_plus_equal")) return Typed{};
      Typed rhs = rv(1);
      if (!rhs.expr) return Typed{};
      Typed lhsValue = lhs;
      lhsValue.category = Typed::Category::RValue;
      std::vector<Typed> args = {lhsValue, rhs};
      int id = resolveCall(e->name, args, e->span, "wsl-typing-operator_plus_equal");
      if (id < 0) return Typed{};
      if (!sameType(p_->functions[size_t(id)].result, lhs.type))
        return fail(e->name + " gives " + typeName(*p_->functions[size_t(id)].result) + ", not " +
                        typeName(*lhs.type),
                    "operator_plus_equal");
      fired("operator_plus_equal");
      auto x = copy(e);
      x->operands = {lhs.expr, args[1].expr};
      x->info.function = id;
      annotate(x, lhs.type);
      r.mayDiscard = lhs.mayDiscard || rhs.mayDiscard;
      return r;
    }
    case ExprKind::PrefixIncr:
    case ExprKind::PostfixIncr: {
      // postfix_incr / prefix_incr: G |- e : ALVal(tval), G |- operator++(e) : tval
      const char* rule = e->kind == ExprKind::PostfixIncr ? "postfix_incr" : "prefix_incr";
      std::string anchor = std::string("wsl-typing-") + rule;
      Typed t = sub(0);
      if (!t.expr || !asAbstractLValue(t, anchor)) return Typed{};
      Typed value = t;
      value.category = Typed::Category::RValue;
      std::vector<Typed> args = {value};
      int id = resolveCall(e->name, args, e->span, anchor);
      if (id < 0) return Typed{};
      if (!sameType(p_->functions[size_t(id)].result, t.type))
        return fail(e->name + " gives " + typeName(*p_->functions[size_t(id)].result) + ", not " +
                        typeName(*t.type),
                    rule);
      fired(rule);
      auto x = copy(e);
      x->operands = {t.expr};
      x->info.function = id;
      if (e->kind == ExprKind::PostfixIncr) x->info.store = allocateStore(t.type);
      annotate(x, t.type);
      r.mayDiscard = t.mayDiscard;
      return r;
    }
    case ExprKind::AddressOf: {
      // address_taking: G |- e : LVal(tval, as)  ==>  G |- &e : Ptr(tval, as)
      Typed t = sub(0);
      if (!t.expr) return t;
      if (t.category != Typed::Category::LValue)
        return fail("'&' needs a left value", "address_taking");
      fired("address_taking");
      auto x = copy(e);
      x->operands = {t.expr};
      annotate(x, pointerTo(t.type, t.space));
      r.mayDiscard = t.mayDiscard;
      return r;
    }
    case ExprKind::Deref: {
      // ptr_deref: G |- e : Ptr(tval, as)  ==>  G |- *e : LVal(tval, as)
      Typed t = rv(0);
      if (!t.expr) return t;
      if (t.type->kind != Type::Kind::Pointer)
        return fail("'*' needs a pointer, not " + typeName(*t.type), "ptr_deref");
      fired("ptr_deref");
      auto x = copy(e);
      x->operands = {t.expr};
      x->info.leftValue = true;
      x->info.space = t.type->space;
      annotate(x, t.type->element);
      r.category = Typed::Category::LValue;
      r.space = t.type->space;
      r.mayDiscard = t.mayDiscard;
      return r;
    }
    case ExprKind::MakeRef: {
      // take_ref_lval: G |- e : LVal(tval, as)  ==>  G |- @e : Ref(tval, as); for an array
      // LVal([tval], as), the reference is to its elements (docs/ambiguities.md, WSL W13).
      Typed t = sub(0);
      if (!t.expr) return t;
      if (t.category != Typed::Category::LValue)
        return fail("'@' needs a left value", "take_ref_lval");
      fired("take_ref_lval");
      auto x = copy(e);
      x->operands = {t.expr};
      TypeP element = t.type->kind == Type::Kind::Array ? t.type->element : t.type;
      annotate(x, arrayRefTo(element, t.space));
      r.mayDiscard = t.mayDiscard;
      return r;
    }
    case ExprKind::Index:
      return typeIndex(g, e);
    case ExprKind::Dot:
      return typeDot(g, e);
    case ExprKind::Call:
      return typeCall(g, e);
    default:
      return fail("this expression form cannot appear in a program", "expression");
  }
}

}  // namespace plumb::wsl
