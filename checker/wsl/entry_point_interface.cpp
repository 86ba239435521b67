// The entry-point interface (seed "Arguments and Return Types", "Built-in Variables"): an entry
// point's parameters and return type are flattened through structs into items, each with its
// semantic, and each item must fall in one of the four buckets (built-in variables, resources,
// stage-in/out variables, specialization constants) that its stage accepts in its direction.
// Every rejection cites `wsl-validation-arguments-and-return-types`. Where the seed is silent
// (duplicate semantics, the register letters, SV_Position as a fragment input, what a
// specialization constant's "scalar" is) Plumb takes the reference implementation's reading
// (docs/ambiguities.md, WSL W42).
#include <algorithm>
#include <cctype>
#include <functional>
#include <optional>

#include "checker/wsl/checker_state.h"

namespace plumb::wsl {

namespace {

const char* const kRule = "wsl-validation-arguments-and-return-types";

/// A semantic as the grammar reads it (`semantic ::= builtInSemantic | stageInOutSemantic |
/// resourceSemantic | specializationConstantSemantic`).
struct Semantic {
  enum class Bucket { BuiltIn, StageInOut, Resource, Specialization } bucket = Bucket::BuiltIn;
  std::string name;   // BuiltIn: `SV_Target`, `SV_Position`, ..
  int64_t index = 0;  // SV_Target n, attribute(n), register(bn): n
  char mode = 0;      // Resource: the register's letter (b, u, t, s)
  int64_t space = 0;  // Resource: spaceN (0 when missing)
  std::string text;

  bool operator==(const Semantic& o) const {
    return bucket == o.bucket && name == o.name && index == o.index && mode == o.mode &&
           space == o.space;
  }
};

std::optional<int64_t> number(const std::string& s) {
  if (s.empty() || s.size() > 9 || s.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  return std::stoll(s);
}

// The parser keeps a semantic as the text of its tokens (`register(b0,space1)`, `SV_Target0`).
std::optional<Semantic> readSemantic(const std::string& text) {
  Semantic s;
  s.text = text;
  if (text == "specialized") {
    s.bucket = Semantic::Bucket::Specialization;
    return s;
  }
  auto inside = [&](const std::string& head) -> std::optional<std::string> {
    if (text.rfind(head + "(", 0) != 0 || text.back() != ')') return std::nullopt;
    return text.substr(head.size() + 1, text.size() - head.size() - 2);
  };
  if (auto a = inside("attribute")) {
    auto n = number(*a);
    if (!n) return std::nullopt;
    s.bucket = Semantic::Bucket::StageInOut;
    s.index = *n;
    return s;
  }
  if (auto r = inside("register")) {
    // `register(b0)` or `register(b0, space1)`: Identifier, Identifier.
    std::string reg = r->substr(0, r->find(','));
    std::string space = r->find(',') == std::string::npos ? "" : r->substr(r->find(',') + 1);
    if (reg.size() < 2 || std::string("butsBUTS").find(reg[0]) == std::string::npos) return {};
    auto n = number(reg.substr(1));
    if (!n) return std::nullopt;
    s.bucket = Semantic::Bucket::Resource;
    s.mode = char(std::tolower(reg[0]));
    s.index = *n;
    if (!space.empty()) {
      auto k = space.rfind("space", 0) == 0 ? number(space.substr(5)) : std::nullopt;
      if (!k) return std::nullopt;
      s.space = *k;
    }
    return s;
  }
  s.name = text;
  if (text.rfind("SV_Target", 0) == 0) {
    s.name = "SV_Target";
    auto n = number(text.substr(9));
    if (!n) return std::nullopt;
    s.index = *n;
  }
  return s;
}

/// Seed "Built-in Variables": each built-in's type, and whether the stage has it as an input
/// (the argument tables) or an output (the return value tables).
struct BuiltIn {
  const char* name;
  TypeP (*type)();
  FunctionDecl::Stage stage;
  bool input;
};
TypeP float4() {
  return vectorOf(floatType(), 4);
}
TypeP uint3() {
  return vectorOf(uintType(), 3);
}
const BuiltIn kBuiltIns[] = {
    {"SV_InstanceID", uintType, FunctionDecl::Stage::Vertex, true},
    {"SV_VertexID", uintType, FunctionDecl::Stage::Vertex, true},
    {"PSIZE", floatType, FunctionDecl::Stage::Vertex, false},
    {"SV_Position", float4, FunctionDecl::Stage::Vertex, false},
    {"SV_IsFrontFace", boolType, FunctionDecl::Stage::Fragment, true},
    // Not in the seed's table; the RI's (W42): the rasterized position reaches the fragment.
    {"SV_Position", float4, FunctionDecl::Stage::Fragment, true},
    {"SV_SampleIndex", uintType, FunctionDecl::Stage::Fragment, true},
    {"SV_InnerCoverage", uintType, FunctionDecl::Stage::Fragment, true},
    {"SV_Target", float4, FunctionDecl::Stage::Fragment, false},
    {"SV_Depth", floatType, FunctionDecl::Stage::Fragment, false},
    {"SV_Coverage", uintType, FunctionDecl::Stage::Fragment, false},
    {"SV_DispatchThreadID", uint3, FunctionDecl::Stage::Compute, true},
    {"SV_GroupID", uint3, FunctionDecl::Stage::Compute, true},
    {"SV_GroupIndex", uintType, FunctionDecl::Stage::Compute, true},
    {"SV_GroupThreadID", uint3, FunctionDecl::Stage::Compute, true},
};

bool isNumber(const Type& t) {
  return isInteger(t) || isFloatingPoint(t);
}

// The item's semantic accepts its type (seed: "must use the appropriate type for that semantic";
// resources are textures, samplers or slices in the device or constant space; stage-in/out
// variables are scalars, vectors or matrices; specialization constants are scalars).
bool acceptsType(const Semantic& s, const Type& t) {
  switch (s.bucket) {
    case Semantic::Bucket::BuiltIn:
      for (const BuiltIn& b : kBuiltIns)
        if (s.name == b.name) return sameType(*b.type(), t);
      return false;
    case Semantic::Bucket::StageInOut:
      return isScalar(t) || t.kind == Type::Kind::Vector || t.kind == Type::Kind::Matrix;
    case Semantic::Bucket::Specialization:
      return isNumber(t);
    case Semantic::Bucket::Resource: {
      // The seed's "appropriate semantic as described below" was never written; the RI's
      // letters (W42): b a constant slice, u a device or constant one or a texture, t a
      // constant one or a texture, s a sampler; each but s also an array passed by value.
      const bool slice = isPointerOrRef(t);
      switch (s.mode) {
        case 'b':
          return slice ? t.space == AddressSpace::Constant : t.kind == Type::Kind::Array;
        case 'u':
          return slice ? t.space == AddressSpace::Constant || t.space == AddressSpace::Device
                       : t.kind == Type::Kind::Texture || t.kind == Type::Kind::Array;
        case 't':
          return slice ? t.space == AddressSpace::Constant
                       : t.kind == Type::Kind::Texture || t.kind == Type::Kind::Array;
        default:
          return t.kind == Type::Kind::Sampler;
      }
    }
  }
  return false;
}

// Seed: "Vertex shaders accept all four buckets as input, and allow only built-in variables and
// stage-out variables as output. Fragment shaders accept all four buckets as input, and allow
// only built-in variables as output. Compute shaders only accept built-in variables and
// resources, and do not allow any output."
bool acceptsStage(const Semantic& s, FunctionDecl::Stage stage, bool input) {
  switch (s.bucket) {
    case Semantic::Bucket::BuiltIn:
      for (const BuiltIn& b : kBuiltIns)
        if (s.name == b.name && b.stage == stage && b.input == input) return true;
      return false;
    case Semantic::Bucket::StageInOut:
      return stage == FunctionDecl::Stage::Vertex ||
             (stage == FunctionDecl::Stage::Fragment && input);
    case Semantic::Bucket::Resource:
      return input;
    case Semantic::Bucket::Specialization:
      return input && stage != FunctionDecl::Stage::Compute;
  }
  return false;
}

}  // namespace

void Checker::checkEntryPointInterface(const FunctionDecl& d, const Function& f) {
  struct Item {
    TypeP type;
    std::string semantic;
    Span span;
  };
  // "flattened through structs - that is, each member of any struct appearing in an argument to
  // an entry point or return type is considered independently, recursively".
  std::vector<int> open;  // the structs being flattened
  std::function<void(const TypeP&, const std::string&, Span, std::vector<Item>&)> flatten =
      [&](const TypeP& t, const std::string& semantic, Span span, std::vector<Item>& out) {
        if (t->kind == Type::Kind::Struct && t->declaration >= 0) {
          if (!semantic.empty()) {
            error(span,
                  "the struct " + typeName(*t) + " has the semantic '" + semantic +
                      "': an entry point's structs are flattened, only their members have "
                      "semantics",
                  kRule);
            return;
          }
          // A struct that contains itself is reported elsewhere; do not flatten it forever.
          if (std::find(open.begin(), open.end(), t->declaration) != open.end()) return;
          open.push_back(t->declaration);
          for (const StructInfo::Field& m : p_->structs[size_t(t->declaration)].fields)
            flatten(m.type, m.semantic, m.span, out);
          open.pop_back();
          return;
        }
        if (t->kind == Type::Kind::Void) {
          if (!semantic.empty())
            error(span, "void has no value to give the semantic '" + semantic + "'", kRule);
          return;
        }
        out.push_back({t, semantic, span});
      };
  std::vector<Item> inputs, outputs;
  for (size_t i = 0; i < d.parameters.size() && i < f.parameters.size(); ++i)
    if (f.parameters[i])
      flatten(f.parameters[i], d.parameters[i].semantic, d.parameters[i].span, inputs);
  if (f.result) flatten(f.result, d.semantic, d.nameSpan, outputs);

  // Slices hold plain data (bucket 2: "Slices must only hold scalars, vectors, matrices, or
  // structs containing any of these types").
  std::function<bool(const Type&)> plain = [&](const Type& t) -> bool {
    if (isPointerOrRef(t)) return false;
    if (t.kind == Type::Kind::Array) return plain(*t.element);
    if (t.kind == Type::Kind::Struct && t.declaration >= 0) {
      if (std::find(open.begin(), open.end(), t.declaration) != open.end()) return true;
      open.push_back(t.declaration);
      for (const auto& field : p_->structs[size_t(t.declaration)].fields)
        if (!plain(*field.type)) {
          open.clear();
          return false;
        }
      open.pop_back();
    }
    return true;
  };

  const char* stage = stageKeyword(d.stage);
  for (bool input : {true, false}) {
    const std::vector<Item>& items = input ? inputs : outputs;
    const char* direction = input ? "input" : "output";
    std::vector<Semantic> seen;
    for (const Item& item : items) {
      if ((isPointerOrRef(*item.type) || item.type->kind == Type::Kind::Array) &&
          !plain(*item.type->element)) {
        error(item.span,
              "this " + std::string(direction) + " of an entry point holds " +
                  typeName(*item.type->element) +
                  ": slices must only hold scalars, vectors, matrices or structs of these",
              kRule);
        continue;
      }
      if (item.semantic.empty()) {
        error(item.span,
              "this " + std::string(direction) + " of the " + stage + " entry point '" + d.name +
                  "' (" + typeName(*item.type) +
                  ") has no semantic: each is a built-in, resource, stage-in/out variable or "
                  "specialization constant",
              kRule);
        continue;
      }
      std::optional<Semantic> s = readSemantic(item.semantic);
      bool known = s && s->bucket != Semantic::Bucket::BuiltIn;
      for (const BuiltIn& b : kBuiltIns) known |= s && s->name == b.name;
      if (!known) {
        // `SV_DispatchThreadId`: the keyword list's spelling, not the grammar's (W4).
        error(item.span, "'" + item.semantic + "' is no semantic of the grammar", kRule);
        continue;
      }
      bool duplicate = false;
      for (const Semantic& other : seen) duplicate |= other == *s;
      if (duplicate) {
        error(item.span,
              "the semantic '" + item.semantic + "' is given to two " + direction + "s of '" +
                  d.name + "'",
              kRule);
        continue;
      }
      seen.push_back(*s);
      if (!acceptsType(*s, *item.type)) {
        error(
            item.span,
            "the semantic '" + item.semantic + "' does not accept the type " + typeName(*item.type),
            kRule);
        continue;
      }
      if (!acceptsStage(*s, d.stage, input))
        error(item.span,
              "the semantic '" + item.semantic + "' is not an " + direction + " of a " + stage +
                  " entry point",
              kRule);
    }
  }
}

}  // namespace plumb::wsl
