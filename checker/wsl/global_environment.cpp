// Seed "Validation": "Building the global typing environment" (types, enums, structs and their
// address-takers, function sets and the operator shapes), "Other validation steps" (void, type
// names, typedef cycles, no pointers or array references in structs and arrays, coherence of
// operators, duplicate signatures), "Typing of functions" (the 8 steps) and "Verifying the
// absence of recursion". Each error's rule is `wsl-validation-<step>`.
#include <algorithm>
#include <functional>
#include <set>

#include "checker/wsl/checker_state.h"
#include "semantics/wsl/parser.h"

namespace plumb::wsl {
namespace {

constexpr uint64_t kMaxVariableBytes = 1u << 20;  // design.md "Bounded and total": a resource limit

bool isOperatorName(const std::string& n, const char* prefix) {
  return n.rfind(prefix, 0) == 0;
}

}  // namespace

void Behaviours::add(const Behaviour& b) {
  for (const Behaviour& x : all_)
    if (x.kind == b.kind && (b.kind != Behaviour::Kind::Return || sameType(x.type, b.type))) return;
  all_.push_back(b);
}
void Behaviours::remove(Behaviour::Kind k) {
  all_.erase(
      std::remove_if(all_.begin(), all_.end(), [&](const Behaviour& b) { return b.kind == k; }),
      all_.end());
}
bool Behaviours::has(Behaviour::Kind k) const {
  return std::any_of(all_.begin(), all_.end(), [&](const Behaviour& b) { return b.kind == k; });
}
bool Behaviours::returnsPointerOrRef() const {
  return std::any_of(all_.begin(), all_.end(), [&](const Behaviour& b) {
    return b.kind == Behaviour::Kind::Return && b.type && isPointerOrRef(*b.type);
  });
}
std::string Behaviours::text() const {
  std::string s = "{";
  for (size_t i = 0; i < all_.size(); ++i) {
    const Behaviour& b = all_[i];
    s += i ? ", " : "";
    switch (b.kind) {
      case Behaviour::Kind::Return:
        s += "Return " + (b.type ? typeName(*b.type) : "?");
        break;
      case Behaviour::Kind::Break:
        s += "Break";
        break;
      case Behaviour::Kind::Continue:
        s += "Continue";
        break;
      case Behaviour::Kind::Fallthrough:
        s += "Fallthrough";
        break;
      case Behaviour::Kind::Normal:
        s += "Normal";
        break;
      case Behaviour::Kind::Discard:
        s += "Discard";
        break;
    }
  }
  return s + "}";
}

Address Checker::allocateStore(const TypeP& t) {
  uint32_t a = alignmentOf(*p_, *t);
  Address at = (p_->storeEnd + a - 1) / a * a;
  p_->storeEnd = at + std::max<uint32_t>(1, sizeOf(*p_, *t));
  return at;
}

const std::vector<int>* Checker::functionSet(const std::string& name) const {
  auto it = p_->functionSets.find(name);
  return it == p_->functionSets.end() ? nullptr : &it->second;
}

// Seed "Validating types", "Resolving typedefs", "Void type", "No pointers or array references
// in structs and arrays".
TypeP Checker::resolveType(const TypeSyntax& t, const SourceFile* file, bool allowVoid) {
  const SourceFile* saved = currentFile_;
  currentFile_ = file;
  TypeP base;
  static const std::set<std::string> unsupported = {};
  // Seed "Textures": the 16 texture types; "If the type argument ... is missing, it is assumed
  // to be float4"; "The T types above may be any scalar or vector integral or floating point
  // type" (the depth textures: float).
  static const std::set<std::string> textures = {
      "Texture1D",        "RWTexture1D",         "Texture1DArray",        "RWTexture1DArray",
      "Texture2D",        "RWTexture2D",         "Texture2DArray",        "RWTexture2DArray",
      "Texture3D",        "RWTexture3D",         "TextureCube",           "TextureDepth2D",
      "RWTextureDepth2D", "TextureDepth2DArray", "RWTextureDepth2DArray", "TextureDepthCube"};
  // Seed "Built-in aggregate types": `float4`, or `vector<float, 4>` (and the RI's uchar
  // vectors), docs/ambiguities.md WSL W36.
  auto scalarNamed = [](const std::string& n) -> TypeP {
    if (n == "bool") return boolType();
    if (n == "int") return intType();
    if (n == "uint") return uintType();
    if (n == "uchar") return ucharType();
    if (n == "float") return floatType();
    // The reference implementation's other scalars (docs/ambiguities.md W43).
    if (n == "char") return charType();
    if (n == "short") return shortType();
    if (n == "ushort") return ushortType();
    if (n == "half") return halfType();
    return nullptr;
  };
  auto dimension = [](const std::string& n) -> uint32_t {
    return n.size() == 1 && n[0] >= '2' && n[0] <= '4' ? uint32_t(n[0] - '0') : 0;
  };
  bool vectorArguments = false;
  if (t.name == "vector" && t.typeArguments.size() == 1 && t.constantArguments.size() == 1 &&
      t.typeArguments[0]->suffixes.empty() && t.typeArguments[0]->typeArguments.empty()) {
    TypeP e = scalarNamed(t.typeArguments[0]->name);
    const std::string& n = t.constantArguments[0];
    if (e && (n == "2" || n == "3" || n == "4")) {
      base = vectorOf(e, uint32_t(n[0] - '0'));
      vectorArguments = true;
    }
  } else if (t.name == "matrix" && t.typeArguments.size() == 1 && t.constantArguments.size() == 2 &&
             t.typeArguments[0]->suffixes.empty() && t.typeArguments[0]->typeArguments.empty()) {
    // The RI's `matrix<T, R, C>` of half and float (W44).
    TypeP e = scalarNamed(t.typeArguments[0]->name);
    uint32_t rows = dimension(t.constantArguments[0]), columns = dimension(t.constantArguments[1]);
    if (e && isFloatingPoint(*e) && rows && columns) {
      base = matrixOf(e, rows, columns);
      vectorArguments = true;
    }
  } else if (t.name.size() >= 4 && t.name[t.name.size() - 2] == 'x' &&
             dimension(t.name.substr(t.name.size() - 1)) &&
             dimension(t.name.substr(t.name.size() - 3, 1))) {
    // `float2x3`: two rows of float3.
    TypeP e = scalarNamed(t.name.substr(0, t.name.size() - 3));
    if (e && isFloatingPoint(*e))
      base = matrixOf(e, dimension(t.name.substr(t.name.size() - 3, 1)),
                      dimension(t.name.substr(t.name.size() - 1)));
  } else if (t.name.size() >= 2 && t.name.back() >= '2' && t.name.back() <= '4') {
    if (TypeP e = scalarNamed(t.name.substr(0, t.name.size() - 1)))
      base = vectorOf(e, uint32_t(t.name.back() - '0'));
  }
  bool textureArguments = false;
  if (base)
    ;
  else if (textures.count(t.name) && t.constantArguments.empty() && t.typeArguments.size() <= 1) {
    TypeP inner =
        t.typeArguments.empty() ? vectorOf(floatType(), 4) : resolveType(*t.typeArguments[0], file);
    if (!inner) {
      currentFile_ = saved;
      return nullptr;
    }
    const Type& scalar = inner->kind == Type::Kind::Vector ? *inner->element : *inner;
    bool depth = t.name.find("Depth") != std::string::npos;
    if ((depth && inner->kind != Type::Kind::Float) ||
        !(isInteger(scalar) || isFloatingPoint(scalar))) {
      error(t.span, "'" + typeName(*inner) + "' is not a type argument of " + t.name,
            "wsl-validation-textures");
      currentFile_ = saved;
      return nullptr;
    }
    base = textureOf(t.name, inner);
    textureArguments = true;
  } else if (t.name == "sampler")
    base = samplerType();
  else if (t.name == "atomic_int")
    base = atomicOf(intType());
  else if (t.name == "atomic_uint")
    base = atomicOf(uintType());
  else if (t.name == "void")
    base = voidType();
  else if (t.name == "bool")
    base = boolType();
  else if (t.name == "int")
    base = intType();
  else if (t.name == "uint")
    base = uintType();
  else if (t.name == "uchar")
    base = ucharType();
  else if (scalarNamed(t.name))
    base = scalarNamed(t.name);
  else if (auto it = typeNames_.find(t.name); it != typeNames_.end()) {
    base = it->second >= 0 ? p_->structs[size_t(it->second)].type
                           : p_->enums[size_t(-1 - it->second)].type;
  } else if (auto td = typedefs_.find(t.name); td != typedefs_.end()) {
    if (resolvingTypedefs_.count(t.name)) {
      error(t.span, "typedef '" + t.name + "' depends on itself",
            "wsl-validation-resolving-typedefs");
      currentFile_ = saved;
      return nullptr;
    }
    resolvingTypedefs_.insert(t.name);
    base = resolveType(*td->second, file);
    resolvingTypedefs_.erase(t.name);
  } else if (unsupported.count(t.name) || t.name.find("Texture") != std::string::npos ||
             (t.name.size() >= 4 && std::isdigit(static_cast<unsigned char>(t.name.back())) &&
              (t.name.rfind("float", 0) == 0 || t.name.rfind("int", 0) == 0 ||
               t.name.rfind("uint", 0) == 0 || t.name.rfind("bool", 0) == 0 ||
               t.name.rfind("half", 0) == 0))) {
    error(t.span, "Plumb does not implement the standard library type '" + t.name + "' yet",
          "wsl-unsupported");
  } else {
    error(t.span, "unknown type '" + t.name + "'", "wsl-validation-validating-types");
  }
  if (!base) {
    currentFile_ = saved;
    return nullptr;
  }
  if (!vectorArguments && !textureArguments &&
      (!t.typeArguments.empty() || !t.constantArguments.empty())) {
    error(t.span, "type arguments of '" + t.name + "' are not implemented", "wsl-unsupported");
    currentFile_ = saved;
    return nullptr;
  }
  // Suffixes: pointers and references wrap left to right; a run of sizes reads like C
  // (`int[2][3]` is two arrays of three ints, as the reference implementation reads it).
  std::vector<uint32_t> run;
  auto flush = [&]() {
    for (auto it = run.rbegin(); it != run.rend(); ++it) base = arrayOf(base, *it);
    run.clear();
  };
  for (const auto& s : t.suffixes) {
    if (s.kind == TypeSyntax::Suffix::Kind::Array) {
      run.push_back(s.size);
      continue;
    }
    flush();
    if (s.kind == TypeSyntax::Suffix::Kind::Pointer)
      base = pointerTo(base, s.space);
    else
      base = arrayRefTo(base, s.space);
  }
  flush();
  // Void only as a return type; pointers and references not inside arrays.
  std::function<bool(const Type&, bool)> bad = [&](const Type& x, bool top) -> bool {
    if (x.kind == Type::Kind::Void) {
      if (top && allowVoid) return false;
      error(t.span, "'void' may only be the return type of a function", "wsl-validation-void-type");
      return true;
    }
    if (x.kind == Type::Kind::Array || x.kind == Type::Kind::ArrayRef) {
      // Seed "Samplers", "Textures": "Arrays must not contain samplers (textures) anywhere inside
      // them" (an array reference too: its elements are an array's; through a struct's fields
      // when the struct's are known).
      std::set<int> visiting;  // a struct that contains itself is another rule's error
      std::function<const Type*(const Type&)> opaque = [&](const Type& y) -> const Type* {
        if (y.kind == Type::Kind::Texture || y.kind == Type::Kind::Sampler) return &y;
        if (y.kind == Type::Kind::Array) return opaque(*y.element);
        if (y.kind == Type::Kind::Struct && y.declaration >= 0 &&
            size_t(y.declaration) < p_->structs.size() && visiting.insert(y.declaration).second)
          for (const StructInfo::Field& f : p_->structs[size_t(y.declaration)].fields)
            if (f.type)
              if (const Type* o = opaque(*f.type)) return o;
        return nullptr;
      };
      if (const Type* o = opaque(*x.element)) {
        const bool texture = o->kind == Type::Kind::Texture;
        error(t.span,
              std::string("an array must not contain ") + (texture ? "textures" : "samplers") +
                  " anywhere inside it",
              texture ? "wsl-validation-textures" : "wsl-validation-samplers");
        return true;
      }
    }
    if (x.kind == Type::Kind::Array) {
      if (isPointerOrRef(*x.element)) {
        error(t.span, "an array must not hold pointers or array references",
              "wsl-validation-no-pointers-or-array-references-in-structs-and-arrays");
        return true;
      }
      return bad(*x.element, false);
    }
    if (isPointerOrRef(x)) return bad(*x.element, false);
    return false;
  };
  if (bad(*base, true)) {
    currentFile_ = saved;
    return nullptr;
  }
  if (base->kind == Type::Kind::Array && sizeOf(*p_, *base) > kMaxVariableBytes) {
    error(t.span,
          "an array of " + std::to_string(sizeOf(*p_, *base)) + " bytes exceeds Plumb's limit of " +
              std::to_string(kMaxVariableBytes) + " bytes per type",
          "wsl-limit-type-size");
    currentFile_ = saved;
    return nullptr;
  }
  currentFile_ = saved;
  return base;
}

void Checker::buildGlobalEnvironment() {
  currentFile_ = p_->file.get();
  const Program& prog = p_->program;
  static const std::set<std::string> builtinTypes = {"void",  "bool", "int",   "uint",   "uchar",
                                                     "float", "char", "short", "ushort", "half"};
  auto declareType = [&](const std::string& name, Span span) {
    if (builtinTypes.count(name) || typeNames_.count(name) || typedefs_.count(name)) {
      error(span, "there is already a type named '" + name + "'",
            "wsl-validation-building-the-global-typing-environment");
      return false;
    }
    return true;
  };
  // Names first (types may refer to each other in any order).
  for (size_t i = 0; i < prog.structs.size(); ++i) {
    const StructDecl& d = prog.structs[i];
    StructInfo info;
    info.name = d.name;
    auto t = std::make_shared<Type>();
    t->kind = Type::Kind::Struct;
    t->name = d.name;
    t->declaration = int(i);
    info.type = t;
    p_->structs.push_back(info);
    if (declareType(d.name, d.span)) typeNames_[d.name] = int(i);
  }
  for (size_t i = 0; i < prog.enums.size(); ++i) {
    const EnumDecl& d = prog.enums[i];
    EnumInfo info;
    info.name = d.name;
    auto t = std::make_shared<Type>();
    t->kind = Type::Kind::Enum;
    t->name = d.name;
    t->declaration = int(i);
    info.type = t;
    info.base = intType();
    p_->enums.push_back(info);
    if (declareType(d.name, d.span)) typeNames_[d.name] = -1 - int(i);
  }
  for (const TypedefDecl& d : prog.typedefs)
    if (declareType(d.name, d.span)) typedefs_[d.name] = d.typeSyntax;
  for (const TypedefDecl& d : prog.typedefs) {
    TypeP t = resolveType(*d.typeSyntax, p_->file.get());
    (void)t;
  }
  // Enums (seed step 4).
  for (size_t i = 0; i < prog.enums.size(); ++i) {
    const EnumDecl& d = prog.enums[i];
    EnumInfo& info = p_->enums[i];
    if (d.baseSyntax) {
      TypeP base = resolveType(*d.baseSyntax, p_->file.get());
      if (base && base->kind != Type::Kind::Int && base->kind != Type::Kind::Uint)
        error(d.baseSyntax->span, "the base type of an enum must be int or uint",
              "wsl-validation-enum");
      else if (base)
        info.base = base;
    }
    int64_t next = 0;
    bool valid = true;
    for (const EnumElement& e : d.elements) {
      int64_t v = next;
      if (e.value) {
        if (e.value->kind != ExprKind::IntLiteral && e.value->kind != ExprKind::UintLiteral) {
          error(e.value->span, "an enum value must be an integer literal", "wsl-validation-enum");
          valid = false;
          continue;
        }
        std::string digits = e.value->literal;
        if (!digits.empty() && digits.back() == 'u') digits.pop_back();
        try {
          size_t used = 0;
          v = std::stoll(digits, &used, 0);
        } catch (...) {
          v = int64_t(1) << 40;
        }
      }
      int64_t lo = info.base->kind == Type::Kind::Int ? INT32_MIN : 0;
      int64_t hi = info.base->kind == Type::Kind::Int ? INT32_MAX : int64_t(UINT32_MAX);
      if (v < lo || v > hi) {
        error(e.span,
              "the value " + std::to_string(v) + " of '" + e.name + "' is not representable in " +
                  typeName(*info.base),
              "wsl-validation-enum");
        valid = false;
      }
      for (const auto& prior : info.elements) {
        if (prior.second == v) {
          error(e.span, "'" + e.name + "' has the same value as '" + prior.first + "'",
                "wsl-validation-enum");
          valid = false;
        }
        if (prior.first == e.name) {
          error(e.span, "the enum already has an element '" + e.name + "'", "wsl-validation-enum");
          valid = false;
        }
      }
      info.elements.push_back({e.name, v});
      next = v + 1;
    }
    if (valid && !info.valid(0))
      error(d.span, "no element of enum '" + d.name + "' has the value 0", "wsl-validation-enum");
    addNative("operator==", {info.type, info.type}, boolType(), "==");
    addNative("operator " + typeName(*info.base), {info.type}, info.base, "cast");
    addNative("operator " + d.name, {info.base}, info.type, "cast");
  }
  // Structs (seed step 3): distinct fields, C layout, no pointers or references inside, and no
  // struct containing itself ("depends on" acyclic).
  std::vector<int> state(prog.structs.size(), 0);
  std::function<void(size_t)> layout = [&](size_t i) {
    if (state[i] == 2) return;
    if (state[i] == 1) {
      error(prog.structs[i].span, "struct '" + prog.structs[i].name + "' contains itself",
            "wsl-validation-resolving-typedefs");
      return;
    }
    state[i] = 1;
    const StructDecl& d = prog.structs[i];
    std::vector<StructInfo::Field> fields;
    uint32_t offset = 0;
    for (const StructField& f : d.fields) {
      for (const auto& prior : fields)
        if (prior.name == f.name)
          error(f.span, "struct '" + d.name + "' already has a field '" + f.name + "'",
                "wsl-validation-building-the-global-typing-environment");
      TypeP t = resolveType(*f.typeSyntax, p_->file.get());
      if (!t) continue;
      if (isPointerOrRef(*t)) {
        error(f.span, "a struct field must not be a pointer or an array reference",
              "wsl-validation-no-pointers-or-array-references-in-structs-and-arrays");
        continue;
      }
      const Type* inner = t.get();
      while (inner->kind == Type::Kind::Array) inner = inner->element.get();
      if (inner->kind == Type::Kind::Struct) layout(size_t(inner->declaration));
      uint32_t a = alignmentOf(*p_, *t);
      offset = (offset + a - 1) / a * a;
      fields.push_back({f.name, t, offset, f.semantic, f.span});
      offset += sizeOf(*p_, *t);
    }
    p_->structs[i].fields = fields;
    state[i] = 2;
  };
  for (size_t i = 0; i < prog.structs.size(); ++i) layout(i);
  generateStructOperators();
  for (const FunctionDecl& d : prog.functions)
    registerFunction(d, p_->file.get(), Function::Origin::User);
}

// Seed step 3.4: "4 function declarations [operator&.field] ... one for each address space".
void Checker::generateStructOperators() {
  for (const StructInfo& s : p_->structs)
    for (const auto& f : s.fields)
      for (AddressSpace as : {AddressSpace::Thread, AddressSpace::Threadgroup, AddressSpace::Device,
                              AddressSpace::Constant}) {
        int id = addNative("operator&." + f.name, {pointerTo(s.type, as)}, pointerTo(f.type, as),
                           "field-ander");
        p_->functions[size_t(id)].fieldOffset = f.offset;
      }
  // The getters and setters of the thread address-takers (seed "Generated functions").
  for (const StructInfo& s : p_->structs)
    for (const auto& f : s.fields) {
      std::string t1 = s.name, t2 = typeName(*f.type);
      addGeneratedSource(t2 + " operator." + f.name + "(" + t1 + " b) { return b." + f.name +
                         "; }\n" + t1 + " operator." + f.name + "=(" + t1 + " b, " + t2 +
                         " newval) { b." + f.name + " = newval; return b; }\n");
    }
}

void Checker::registerFunction(const FunctionDecl& d, const SourceFile* file,
                               Function::Origin origin) {
  Function f;
  f.name = d.name;
  f.stage = d.stage;
  f.origin = origin;
  f.span = d.span;
  f.result = resolveType(*d.returnTypeSyntax, file, true);
  bool ok = f.result != nullptr;
  for (const Parameter& prm : d.parameters) {
    TypeP t = resolveType(*prm.typeSyntax, file);
    ok &= t != nullptr;
    f.parameters.push_back(t);
    f.parameterNames.push_back(prm.name);
  }
  if (!ok) return;
  const SourceFile* saved = currentFile_;
  currentFile_ = file;
  checkOperatorShapes(d, f, file);
  currentFile_ = saved;
  int id = int(p_->functions.size());
  p_->functions.push_back(f);
  p_->functionSets[d.name].push_back(id);
  pending_.push_back({id, d, file});
  // Seed "Checking the coherence of operators": a thread address-taker gives a getter and a setter.
  if (isOperatorName(d.name, "operator&.") && f.parameters.size() == 1 &&
      f.parameters[0]->kind == Type::Kind::Pointer && f.result->kind == Type::Kind::Pointer &&
      f.parameters[0]->space == AddressSpace::Thread && f.result->space == AddressSpace::Thread) {
    std::string field = d.name.substr(10);
    std::string t1 = typeName(*f.parameters[0]->element), t2 = typeName(*f.result->element);
    addGeneratedSource(t2 + " operator." + field + "(" + t1 + " b) { return b." + field + "; }\n" +
                       t1 + " operator." + field + "=(" + t1 + " b, " + t2 + " newval) { b." +
                       field + " = newval; return b; }\n");
  }
}

// Seed "Building the global typing environment", step 5: the shapes of operator declarations.
void Checker::checkOperatorShapes(const FunctionDecl& d, const Function& f, const SourceFile*) {
  const std::string& n = d.name;
  const size_t arity = f.parameters.size();
  const char* rule = "wsl-validation-building-the-global-typing-environment";
  auto isPtr = [](const TypeP& t) { return t->kind == Type::Kind::Pointer; };
  auto isAggregateLike = [](const TypeP& t) {
    return t->kind == Type::Kind::Pointer || t->kind == Type::Kind::ArrayRef ||
           t->kind == Type::Kind::Array;
  };
  auto intOrUint = [](const TypeP& t) {
    return t->kind == Type::Kind::Int || t->kind == Type::Kind::Uint;
  };
  auto fail = [&](const std::string& m) { error(d.nameSpan, "'" + n + "': " + m, rule); };
  if (isOperatorName(n, "operator&.")) {
    if (arity != 1) return fail("an address-taker has exactly one parameter");
    if (!isPtr(f.result)) return fail("the return type of an address-taker must be a pointer");
    if (!isPtr(f.parameters[0])) return fail("the parameter of an address-taker must be a pointer");
    if (f.result->space != f.parameters[0]->space)
      return fail(
          "the parameter and the return type of an address-taker must be in the same address "
          "space");
  } else if (isOperatorName(n, "operator.") && n.back() == '=') {
    if (arity != 2) return fail("a setter has exactly two parameters");
    if (isAggregateLike(f.parameters[0]))
      return fail(
          "the first parameter of a setter must not be a pointer, array reference or array");
  } else if (isOperatorName(n, "operator.")) {
    if (arity != 1) return fail("a getter has exactly one parameter");
    if (isAggregateLike(f.parameters[0]))
      return fail("the parameter of a getter must not be a pointer, array reference or array");
  } else if (n == "operator[]") {
    if (arity != 2) return fail("operator[] has exactly two parameters");
    if (isAggregateLike(f.parameters[0]) && d.stage == FunctionDecl::Stage::None &&
        f.origin == Function::Origin::User)
      return fail(
          "the first parameter of operator[] must not be a pointer, array reference or array");
    if (!intOrUint(f.parameters[1]))
      return fail("the second parameter of operator[] must be uint or int");
  } else if (n == "operator[]=") {
    if (arity != 3) return fail("operator[]= has exactly three parameters");
    if (isAggregateLike(f.parameters[0]) && f.origin == Function::Origin::User)
      return fail(
          "the first parameter of operator[]= must not be a pointer, array reference or array");
    if (!intOrUint(f.parameters[1]))
      return fail("the second parameter of operator[]= must be uint or int");
  } else if (n == "operator&[]") {
    if (arity != 2) return fail("operator&[] has exactly two parameters");
    if (!isPtr(f.result)) return fail("the return type of operator&[] must be a pointer");
    if (!isPtr(f.parameters[0]))
      return fail("the first parameter of operator&[] must be a pointer");
    if (isAggregateLike(f.parameters[0]->element) && f.origin == Function::Origin::User)
      return fail("operator&[] must not point at a pointer, array reference or array");
    if (f.result->space != f.parameters[0]->space)
      return fail(
          "the first parameter and the return type of operator&[] must be in the same address "
          "space");
    if (!intOrUint(f.parameters[1]))
      return fail("the second parameter of operator&[] must be uint or int");
  } else if (n == "operator++" || n == "operator--") {
    if (arity != 1) return fail("it has exactly one parameter");
    if (!sameType(f.parameters[0], f.result))
      return fail("its parameter and return types must be the same");
  } else if (n == "operator+" || n == "operator-") {
    if (arity != 1 && arity != 2) return fail("it has one or two parameters");
  } else if (n == "operator==" || n == "operator!=" || n == "operator<" || n == "operator>" ||
             n == "operator<=" || n == "operator>=" || n == "operator*" || n == "operator/" ||
             n == "operator%" || n == "operator&" || n == "operator|" || n == "operator^" ||
             n == "operator<<" || n == "operator>>") {
    if (arity != 2) return fail("it has exactly two parameters");
  } else if (n == "operator~") {
    if (arity != 1) return fail("it has exactly one parameter");
  }
}

void Checker::addGeneratedSource(const std::string& text) {
  auto file = std::make_shared<SourceFile>(
      "<generated " + std::to_string(p_->generatedSources.size()) + ">", text);
  p_->generatedSources.push_back(file);
  DiagnosticList local;
  ParseOptions options;
  std::optional<Program> parsed = parseProgram(*file, local, options);
  if (!parsed) {
    for (const Diagnostic& d : local.all()) diagnostics_.add(d);
    return;
  }
  std::vector<DesugarStep> ignored;
  Program desugared = desugarProgram(*parsed, options_.desugar, ignored);
  for (const FunctionDecl& d : desugared.functions)
    registerFunction(d, file.get(), Function::Origin::Generated);
}

// Seed "Generated functions": for each T[n] used, operator&[] in the 4 address spaces, and from
// the thread one a getter operator[] and a setter operator[]=. The seed writes the address-taker's
// body `return &((@a)[i]);`, where `@a` would make a reference to the parameter (a pointer);
// Plumb writes `@*a`, the array it points at (docs/ambiguities.md, WSL W12).
void Checker::ensureArrayOperators(const TypeP& arrayType) {
  std::string name = typeName(*arrayType);
  if (!generatedArrays_.insert(name).second) return;
  std::string t = typeName(*arrayType->element);
  std::string text;
  for (const char* as : {"thread", "threadgroup", "device", "constant"})
    text += t + "* " + as + " operator&[](" + name + "* " + as +
            " a, uint i) { return &((@*a)[i]); }\n";
  text += t + " operator[](" + name + " a, uint i) { return a[i]; }\n";
  text += name + " operator[]=(" + name + " a, uint i, " + t +
          " newval) { a[i] = newval; return a; }\n";
  addGeneratedSource(text);
}

void Checker::checkFunctionBodies() {
  while (!pending_.empty()) {
    Pending next = std::move(pending_.front());
    pending_.pop_front();
    checkFunction(next.id, next.decl, next.file);
  }
}

// Seed "Typing of functions", steps 1-8.
void Checker::checkFunction(int id, const FunctionDecl& d, const SourceFile* file) {
  currentFile_ = file;
  currentFunction_ = id;
  TypingEnvironment g;
  const char* rule = "wsl-validation-typing-of-functions";
  std::vector<Address> stores;
  for (size_t i = 0; i < d.parameters.size(); ++i) {
    const Parameter& prm = d.parameters[i];
    for (size_t j = 0; j < i; ++j)
      if (d.parameters[j].name == prm.name)
        error(prm.span, "two parameters are named '" + prm.name + "'", rule);
    TypeP t = p_->functions[size_t(id)].parameters[i];
    g[prm.name] = LocalBinding{t, AddressSpace::Thread};
    stores.push_back(allocateStore(t));
  }
  p_->functions[size_t(id)].parameterStores = stores;
  Behaviours b;
  std::vector<StmtP> body = typeBlock(g, d.body, 0, b, d.span);
  Function& f = p_->functions[size_t(id)];
  f.body = body;
  if (b.has(Behaviour::Kind::Break) || b.has(Behaviour::Kind::Continue) ||
      b.has(Behaviour::Kind::Fallthrough))
    error(
        d.nameSpan,
        "the body of '" + d.name +
            "' may end with break, continue or fallthrough outside a loop or switch (behaviours " +
            b.text() + ")",
        rule);
  for (const Behaviour& x : b.all())
    if (x.kind == Behaviour::Kind::Return && !sameType(x.type, f.result))
      error(d.nameSpan,
            "'" + d.name + "' returns " + typeName(*x.type) + " but is declared to return " +
                typeName(*f.result),
            rule);
  if (f.result->kind != Type::Kind::Void && b.has(Behaviour::Kind::Normal))
    error(d.nameSpan,
          "control may reach the end of '" + d.name + "', which returns " + typeName(*f.result) +
              " (behaviours " + b.text() + ")",
          rule);
  // Seed "Samplers", "Textures": "Functions that return samplers (textures) must only have one
  // return point."
  if (f.result->kind == Type::Kind::Texture || f.result->kind == Type::Kind::Sampler) {
    size_t returns = 0;
    std::function<void(const StmtP&)> count = [&](const StmtP& x) {
      if (!x) return;
      if (x->kind == StmtKind::Return) ++returns;
      for (const StmtP& y : x->statements) count(y);
      count(x->then);
      count(x->otherwise);
      count(x->body);
      for (const SwitchCase& c : x->cases)
        for (const StmtP& y : c.body) count(y);
    };
    for (const StmtP& x : body) count(x);
    const bool texture = f.result->kind == Type::Kind::Texture;
    if (returns > 1)
      error(d.nameSpan,
            "'" + d.name + "' returns a " + (texture ? "texture" : "sampler") + " from " +
                std::to_string(returns) + " return points; it must only have one",
            texture ? "wsl-validation-textures" : "wsl-validation-samplers");
  }
  // Seed "Arguments and Return Types": the buckets of an entry point's flattened inputs and
  // outputs (checker/wsl/entry_point_interface.cpp).
  if (d.stage == FunctionDecl::Stage::Vertex || d.stage == FunctionDecl::Stage::Fragment ||
      d.stage == FunctionDecl::Stage::Compute)
    checkEntryPointInterface(d, f);
  if ((d.stage == FunctionDecl::Stage::Vertex || d.stage == FunctionDecl::Stage::Compute) &&
      b.has(Behaviour::Kind::Discard))
    error(d.nameSpan, "a vertex or compute entry point must not discard", rule);
  f.mayDiscard = b.has(Behaviour::Kind::Discard);
}

// Seed "If there are two function declarations with the same names, number of parameters, and
// types of their parameters, then the program is invalid."
void Checker::checkDuplicateSignatures() {
  currentFile_ = p_->file.get();
  for (const auto& [name, ids] : p_->functionSets)
    for (size_t i = 0; i < ids.size(); ++i)
      for (size_t j = 0; j < i; ++j) {
        const Function& a = p_->functions[size_t(ids[i])];
        const Function& b = p_->functions[size_t(ids[j])];
        if (a.parameters.size() != b.parameters.size()) continue;
        bool same = true;
        for (size_t k = 0; k < a.parameters.size(); ++k)
          same &= sameType(a.parameters[k], b.parameters[k]);
        if (same && a.origin == Function::Origin::User)
          error(a.span, "'" + name + "' is already declared with the same parameter types",
                "wsl-validation-checking-the-coherence-of-operators-and-functions");
      }
  // A setter needs its getter.
  for (const auto& [name, ids] : p_->functionSets) {
    if (!(isOperatorName(name, "operator.") && name.back() == '=') && name != "operator[]=")
      continue;
    std::string getter = name.substr(0, name.size() - 1);
    for (int id : ids) {
      const Function& s = p_->functions[size_t(id)];
      if (s.origin != Function::Origin::User) continue;
      bool found = false;
      for (int gid : p_->lookup(getter)) {
        const Function& gf = p_->functions[size_t(gid)];
        if (gf.parameters.size() + 1 != s.parameters.size() ||
            !sameType(gf.result, s.parameters.back()))
          continue;
        bool same = true;
        for (size_t k = 0; k < gf.parameters.size(); ++k)
          same &= sameType(gf.parameters[k], s.parameters[k]);
        found |= same;
      }
      if (!found)
        error(s.span, "'" + name + "' needs a matching '" + getter + "'",
              "wsl-validation-checking-the-coherence-of-operators-and-functions");
    }
  }
}

// Seed "Verifying the absence of recursion": the "may call" relation must be acyclic.
void Checker::checkRecursion() {
  currentFile_ = p_->file.get();
  std::vector<int> state(p_->functions.size(), 0);
  std::function<bool(int)> visit = [&](int f) -> bool {
    if (state[size_t(f)] == 1) return true;
    if (state[size_t(f)] == 2) return false;
    state[size_t(f)] = 1;
    for (int g : p_->functions[size_t(f)].calls)
      if (visit(g)) {
        if (state[size_t(f)] == 1 && p_->functions[size_t(f)].origin == Function::Origin::User) {
          error(p_->functions[size_t(f)].span,
                "'" + p_->functions[size_t(f)].name + "' is recursive",
                "wsl-validation-verifying-the-absence-of-recursion");
          state[size_t(f)] = 2;
          return false;
        }
        state[size_t(f)] = 2;
        return true;
      }
    state[size_t(f)] = 2;
    return false;
  };
  for (size_t i = 0; i < p_->functions.size(); ++i) visit(int(i));
}

bool Checker::run() {
  addStandardLibrary();
  addVectorLibrary();
  addMatrixLibrary();
  buildGlobalEnvironment();
  if (diagnostics_.hasErrors()) return false;
  checkFunctionBodies();
  checkDuplicateSignatures();
  checkRecursion();
  checkStageRules();
  return !diagnostics_.hasErrors();
}

std::shared_ptr<const CheckedProgram> checkProgram(std::shared_ptr<const SourceFile> file,
                                                   const Program& program,
                                                   DiagnosticList& diagnostics,
                                                   const CheckOptions& options) {
  auto p = std::make_shared<CheckedProgram>();
  p->file = std::move(file);
  p->program = desugarProgram(program, options.desugar, p->desugarings);
  Checker checker(p, diagnostics, options);
  if (!checker.run()) return nullptr;
  return p;
}

}  // namespace plumb::wsl
