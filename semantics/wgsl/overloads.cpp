// Expands the rows of the overload table into concrete overloads.
//
// A row's parameterization lists variables with their alternatives. Expansion substitutes
// alternatives textually, one variable at a time, in the signature's type expressions (an
// alternative may itself mention variables: `T: S | vecN<S>`), then parses the resulting type
// expressions. Variables whose alternative is `*` stay as wildcards.
#include "semantics/wgsl/overloads.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <mutex>
#include <stdexcept>

namespace plumb {

namespace {

std::string_view trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

// Splits at `sep` outside angle brackets and parentheses: views of `s`, trimmed.
std::vector<std::string_view> splitTop(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '<' || c == '(') ++depth;
    if (c == '>' || c == ')') --depth;
    if (c == sep && depth == 0) {
      out.push_back(trim(s.substr(start, i - start)));
      start = i + 1;
    }
  }
  std::string_view last = trim(s.substr(start));
  if (!last.empty() || !out.empty()) out.push_back(last);
  return out;
}

bool isIdentChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

struct Variable {
  std::string name;
  std::vector<std::string> alternatives;  // {"*"} for a wildcard
  bool wildcard() const { return alternatives.size() == 1 && alternatives[0] == "*"; }
};

// Replaces variable `v` by `value` in `text`: whole identifiers, and the size parts of
// `vecN`, `matCxR` and of predeclared names such as `__frexp_result_vecN`.
std::string substitute(const std::string& text, const std::string& v, const std::string& value) {
  // Only words containing `v` change: a text without it is its own substitution (the common
  // case; the table is expanded at every start of Plumb: README "Performance").
  if (!v.empty() && text.find(v) == std::string::npos) return text;
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    if (!isIdentChar(text[i])) {
      out += text[i++];
      continue;
    }
    size_t j = i;
    while (j < text.size() && isIdentChar(text[j])) ++j;
    std::string word = text.substr(i, j - i);
    if (word == v) {
      word = value;
    } else {
      // vecN -> vec2, matCxR -> mat2x3, __frexp_result_vecN -> __frexp_result_vec2
      for (size_t p = word.find("vec"); p != std::string::npos; p = word.find("vec", p + 3)) {
        size_t q = p + 3;
        if (word.compare(q, v.size(), v) == 0 &&
            (q + v.size() == word.size() ||
             !std::isalnum(static_cast<unsigned char>(word[q + v.size()])) ||
             word[q + v.size()] == '_'))
          word.replace(q, v.size(), value);
      }
      if (word.rfind("mat", 0) == 0 && word.size() >= 6) {
        size_t x = word.find('x', 3);
        if (x != std::string::npos) {
          std::string c = word.substr(3, x - 3), r = word.substr(x + 1);
          if (c == v) c = value;
          if (r == v) r = value;
          word = "mat" + c + "x" + r;
        }
      }
    }
    out += word;
    i = j;
  }
  return out;
}

bool mentions(const std::string& text, const std::string& v) {
  // substitute changes only words that contain `v`: a text without it cannot mention it (the
  // common case, and the table is expanded at every start of Plumb: README "Performance").
  if (v.empty()) return substitute(text, v, "\x01") != text;
  if (text.find(v) == std::string::npos) return false;
  // substitute's word loop, without building the text: a word changes when it is `v`, when a
  // `vec` in it is followed by `v` (then the end, or a character that is not alphanumeric, or
  // `_`), or when it is `matCxR` with C or R equal to `v`.
  std::string_view t(text);
  for (size_t i = 0; i < t.size();) {
    if (!isIdentChar(t[i])) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < t.size() && isIdentChar(t[j])) ++j;
    std::string_view word = t.substr(i, j - i);
    i = j;
    if (word == v) return true;
    for (size_t p = word.find("vec"); p != std::string_view::npos; p = word.find("vec", p + 3)) {
      size_t q = p + 3;
      if (word.compare(q, v.size(), v) == 0 &&
          (q + v.size() == word.size() ||
           !std::isalnum(static_cast<unsigned char>(word[q + v.size()])) ||
           word[q + v.size()] == '_'))
        return true;
    }
    if (word.rfind("mat", 0) == 0 && word.size() >= 6) {
      size_t x = word.find('x', 3);
      if (x != std::string_view::npos && (word.substr(3, x - 3) == v || word.substr(x + 1) == v))
        return true;
    }
  }
  return false;
}

class TypeParser {
 public:
  // `onlyExisting`: every type the text names is already interned (an on-demand table, whose
  // types a build-time list interned: OverloadTable's second constructor), so none is added.
  TypeParser(TypeTable& types, const std::vector<Variable>& vars, const OverloadTable& table,
             std::string text, std::string& error, bool onlyExisting)
      : types_(types),
        vars_(vars),
        table_(table),
        text_(std::move(text)),
        error_(error),
        onlyExisting_(onlyExisting) {}

  TypePattern parse() {
    TypePattern p = type();
    skip();
    if (pos_ != text_.size()) fail("trailing text");
    return p;
  }

 private:
  void skip() {
    while (pos_ < text_.size() && text_[pos_] == ' ') ++pos_;
  }
  std::string word() {
    skip();
    size_t b = pos_;
    while (pos_ < text_.size() && isIdentChar(text_[pos_])) ++pos_;
    return text_.substr(b, pos_ - b);
  }
  bool eat(char c) {
    skip();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  void fail(const std::string& why) {
    if (error_.empty()) error_ = why + " in '" + text_ + "'";
  }
  Type intern(const TypeNode& node) {
    if (!onlyExisting_) return types_.intern(node);
    Type t = types_.find(node);
    if (!t) fail("a type missing from the build's list of the table's types");
    return t;
  }
  TypePattern concrete(Type t) {
    TypePattern p;
    p.type = t;
    return p;
  }
  // A node whose element is `inner`: concrete if inner is.
  TypePattern wrap(TypeNode node, TypePattern inner) {
    if (inner.concrete()) {
      node.element = inner.type;
      return concrete(intern(node));
    }
    TypePattern p;
    p.shape = node;
    p.children.push_back(std::move(inner));
    return p;
  }
  int wildcardIndex(const std::string& w) {
    for (size_t i = 0; i < vars_.size(); ++i)
      if (vars_[i].name == w && vars_[i].wildcard()) return static_cast<int>(i);
    return -1;
  }
  ast::AddressSpace addressSpace(const std::string& w) {
    if (w == "function") return ast::AddressSpace::Function;
    if (w == "private") return ast::AddressSpace::Private;
    if (w == "workgroup") return ast::AddressSpace::Workgroup;
    if (w == "uniform") return ast::AddressSpace::Uniform;
    if (w == "storage") return ast::AddressSpace::Storage;
    fail("unknown address space '" + w + "'");
    return ast::AddressSpace::None;
  }
  ast::AccessMode accessMode(const std::string& w) {
    if (w == "read") return ast::AccessMode::Read;
    if (w == "write") return ast::AccessMode::Write;
    if (w == "read_write") return ast::AccessMode::ReadWrite;
    fail("unknown access mode '" + w + "'");
    return ast::AccessMode::None;
  }

  TypePattern type() {
    std::string w = word();
    if (w.empty()) {
      fail("expected a type");
      return {};
    }
    if (int wc = wildcardIndex(w); wc >= 0) {
      TypePattern p;
      p.wildcard = wc;
      return p;
    }
    if (w == "bool") return concrete(types_.boolType());
    if (w == "i32") return concrete(types_.i32());
    if (w == "u32") return concrete(types_.u32());
    if (w == "f32") return concrete(types_.f32());
    if (w == "f16") return concrete(types_.f16());
    if (w == "AbstractInt") return concrete(types_.abstractInt());
    if (w == "AbstractFloat") return concrete(types_.abstractFloat());
    if (w == "sampler") return concrete(intern(TypeNode{TypeKind::Sampler}));
    if (w == "sampler_comparison") return concrete(intern(TypeNode{TypeKind::SamplerComparison}));
    if (w == "texture_external") return concrete(intern(TypeNode{TypeKind::ExternalTexture}));
    if (w.size() == 4 && w.rfind("vec", 0) == 0 && w[3] >= '2' && w[3] <= '4') {
      TypeNode n{TypeKind::Vector};
      n.size = static_cast<uint8_t>(w[3] - '0');
      return wrap(n, argument());
    }
    if (w.size() == 6 && w.rfind("mat", 0) == 0 && w[4] == 'x') {
      TypeNode n{TypeKind::Matrix};
      n.size = static_cast<uint8_t>(w[3] - '0');
      n.rows = static_cast<uint8_t>(w[5] - '0');
      return wrap(n, argument());
    }
    if (w == "atomic") return wrap(TypeNode{TypeKind::Atomic}, argument());
    if (w == "array") {
      if (!eat('<')) fail("expected '<'");
      TypePattern e = type();
      if (!eat('>')) fail("expected '>' (only runtime-sized arrays appear in signatures)");
      TypeNode n{TypeKind::Array};
      n.arrayCount = ArrayCount::Runtime;
      return wrap(n, std::move(e));
    }
    if (w == "ptr") {
      if (!eat('<')) fail("expected '<'");
      TypeNode n{TypeKind::Pointer};
      n.space = addressSpace(word());
      if (!eat(',')) fail("expected ','");
      TypePattern store = type();
      // #access-mode-defaults: storage and uniform default to read, the others read_write.
      n.access = n.space == ast::AddressSpace::Storage || n.space == ast::AddressSpace::Uniform
                     ? ast::AccessMode::Read
                     : ast::AccessMode::ReadWrite;
      if (eat(',')) n.access = accessMode(word());
      if (!eat('>')) fail("expected '>'");
      return wrap(n, std::move(store));
    }
    static const std::map<std::string, ast::TextureDimension> kSampled = {
        {"texture_1d", ast::TextureDimension::D1},
        {"texture_2d", ast::TextureDimension::D2},
        {"texture_2d_array", ast::TextureDimension::D2Array},
        {"texture_3d", ast::TextureDimension::D3},
        {"texture_cube", ast::TextureDimension::Cube},
        {"texture_cube_array", ast::TextureDimension::CubeArray}};
    if (auto it = kSampled.find(w); it != kSampled.end()) {
      TypeNode n{TypeKind::SampledTexture};
      n.dimension = it->second;
      return wrap(n, argument());
    }
    if (w == "texture_multisampled_2d")
      return wrap(TypeNode{TypeKind::MultisampledTexture}, argument());
    static const std::map<std::string, ast::TextureDimension> kStorage = {
        {"texture_storage_1d", ast::TextureDimension::D1},
        {"texture_storage_2d", ast::TextureDimension::D2},
        {"texture_storage_2d_array", ast::TextureDimension::D2Array},
        {"texture_storage_3d", ast::TextureDimension::D3}};
    if (auto it = kStorage.find(w); it != kStorage.end()) {
      TypeNode n{TypeKind::StorageTexture};
      n.dimension = it->second;
      if (!eat('<')) fail("expected '<'");
      std::string f = word();
      bool found = false;
      for (int i = 0; i <= static_cast<int>(ast::kLastTexelFormat); ++i)
        if (ast::spelling(static_cast<ast::TexelFormat>(i)) == f) {
          n.format = static_cast<ast::TexelFormat>(i);
          found = true;
        }
      if (!found) fail("unknown texel format '" + f + "'");
      if (!eat(',')) fail("expected ','");
      n.access = accessMode(word());
      if (!eat('>')) fail("expected '>'");
      return concrete(intern(n));
    }
    static const std::map<std::string, ast::DepthTextureKind> kDepth = {
        {"texture_depth_2d", ast::DepthTextureKind::D2},
        {"texture_depth_2d_array", ast::DepthTextureKind::D2Array},
        {"texture_depth_cube", ast::DepthTextureKind::Cube},
        {"texture_depth_cube_array", ast::DepthTextureKind::CubeArray},
        {"texture_depth_multisampled_2d", ast::DepthTextureKind::Multisampled2d}};
    if (auto it = kDepth.find(w); it != kDepth.end()) {
      TypeNode n{TypeKind::DepthTexture};
      n.depth = it->second;
      return concrete(intern(n));
    }
    if (w.rfind("__", 0) == 0) {
      std::string full = w;
      if (eat('<')) {  // __atomic_compare_exchange_result<T>
        TypePattern t = type();
        if (!eat('>')) fail("expected '>'");
        if (!t.concrete()) fail("wildcard in a predeclared structure");
        full += "<" + types_.name(t.type) + ">";
      }
      Type s = table_.predeclaredStruct(full);
      if (!s) fail("unknown predeclared structure '" + full + "'");
      return concrete(s);
    }
    fail("unknown type '" + w + "'");
    return {};
  }

  TypePattern argument() {
    if (!eat('<')) {
      fail("expected '<'");
      return {};
    }
    TypePattern t = type();
    if (!eat('>')) fail("expected '>'");
    return t;
  }

  TypeTable& types_;
  const std::vector<Variable>& vars_;
  const OverloadTable& table_;
  std::string text_;
  std::string& error_;
  bool onlyExisting_;
  size_t pos_ = 0;
};

std::string key(OverloadKind k, std::string_view name) {
  return std::to_string(static_cast<int>(k)) + ":" + std::string(name);
}

}  // namespace

// ------------------------------------------------------------------- predeclared structures

Type OverloadTable::predeclaredStruct(std::string_view name) const {
  auto it = structs_.find(std::string(name));
  return it == structs_.end() ? Type{} : it->second;
}

static void addPredeclaredStructs(TypeTable& types, std::unordered_map<std::string, Type>& out,
                                  bool current) {
  auto add = [&](const std::string& name, std::vector<std::pair<std::string, Type>> members) {
    StructInfo info;
    info.name = name;
    for (auto& [n, t] : members) info.members.push_back(MemberInfo{n, t, {}, 0, 0});
    out[name] = types.addStruct(std::move(info));
  };
  if (current) {
    // new#frexp-builtin, new#modf-builtin (revision 2026, delta 6.2): the structures are
    // named by their element type (__frexp_result_f32, __frexp_result_vec2_f16, ...), the
    // significand is `fract`, and AbstractFloat has its own (__frexp_result_abstract, with an
    // AbstractInt exponent). The seed's names (__frexp_result, __frexp_result_vec2) stay as
    // keys of the f32 structures, for the seed's rows.
    for (std::string element : {"f32", "f16", "abstract"}) {
      Type f = element == "f32"   ? types.f32()
               : element == "f16" ? types.f16()
                                  : types.abstractFloat();
      Type e = element == "abstract" ? types.abstractInt() : types.i32();
      add("__frexp_result_" + element, {{"fract", f}, {"exp", e}});
      add("__modf_result_" + element, {{"fract", f}, {"whole", f}});
      for (uint8_t n = 2; n <= 4; ++n) {
        std::string v = "_vec" + std::to_string(n) + "_" + element;
        add("__frexp_result" + v, {{"fract", types.vector(n, f)}, {"exp", types.vector(n, e)}});
        add("__modf_result" + v, {{"fract", types.vector(n, f)}, {"whole", types.vector(n, f)}});
      }
    }
    for (const char* base : {"__frexp_result", "__modf_result"}) {
      out[base] = out[std::string(base) + "_f32"];
      for (int n = 2; n <= 4; ++n)
        out[std::string(base) + "_vec" + std::to_string(n)] =
            out[std::string(base) + "_vec" + std::to_string(n) + "_f32"];
    }
  } else {
    // #float-builtin-functions: frexp and modf results.
    for (bool half : {false, true}) {
      Type f = half ? types.f16() : types.f32();
      std::string suffix = half ? "_f16" : "";
      add("__frexp_result" + suffix, {{"sig", f}, {"exp", types.i32()}});
      add("__modf_result" + suffix, {{"fract", f}, {"whole", f}});
      for (uint8_t n = 2; n <= 4; ++n) {
        std::string v = "_vec" + std::to_string(n) + suffix;
        add("__frexp_result" + v,
            {{"sig", types.vector(n, f)}, {"exp", types.vector(n, types.i32())}});
        add("__modf_result" + v, {{"fract", types.vector(n, f)}, {"whole", types.vector(n, f)}});
      }
    }
  }
  // #atomic-rmw: atomicCompareExchangeWeak's result.
  for (Type t : {types.i32(), types.u32()})
    add("__atomic_compare_exchange_result<" + types.name(t) + ">",
        {{"old_value", t}, {"exchanged", types.boolType()}});
}

// ------------------------------------------------------------------------------- expansion

namespace {

// The parses of type expressions, by the row's variables and the text (expandRow).
using ParseCache = std::unordered_map<std::string, TypePattern>;

// A row's signature and parameterization: rows with the same one expand alike.
std::string sameRowKey(const OverloadRow& row) {
  return std::string(row.signature) + '\x02' + std::string(row.parameterization);
}

// Appends the overloads of `row` to `out`. False if the row has a problem (reported on
// `problems` when given); its well-formed overloads are appended all the same.
bool expandRow(const OverloadRow& row, TypeTable& types, const OverloadTable& table,
               bool onlyExisting, ParseCache& parsed, std::vector<std::string>* problems,
               std::vector<Overload>& out) {
  bool rowProblem = false;
  auto rowReport = [&](const std::string& why) {
    rowProblem = true;
    if (problems)
      problems->push_back(std::string(row.name) + " " + std::string(row.signature) + ": " + why);
  };
  // "(a: T, b: T) -> R"
  std::string_view sig(row.signature);
  size_t open = sig.find('('), close = sig.rfind(')');
  if (open == std::string::npos || close == std::string::npos || close < open) {
    rowReport("malformed signature");
    return false;
  }
  std::vector<std::string> names, texts;
  for (std::string_view p : splitTop(sig.substr(open + 1, close - open - 1), ',')) {
    if (p.empty()) continue;
    size_t colon = p.find(':');
    if (colon == std::string::npos) {
      rowReport("parameter without a type: " + std::string(p));
      continue;
    }
    names.emplace_back(trim(p.substr(0, colon)));
    texts.emplace_back(trim(p.substr(colon + 1)));
  }
  std::string_view rest = trim(sig.substr(close + 1));
  bool hasResult = !rest.empty();
  if (hasResult) {
    if (!rest.starts_with("->")) {
      rowReport("expected '->' after the parameters");
      return false;
    }
    texts.emplace_back(trim(rest.substr(2)));
  }
  std::vector<Variable> vars;
  for (std::string_view clause : splitTop(row.parameterization, ';')) {
    if (clause.empty()) continue;
    size_t colon = clause.find(':');
    if (colon == std::string::npos) {
      rowReport("malformed parameterization clause: " + std::string(clause));
      continue;
    }
    Variable v{std::string(trim(clause.substr(0, colon))), {}};
    for (std::string_view alt : splitTop(clause.substr(colon + 1), '|'))
      v.alternatives.emplace_back(alt);
    vars.push_back(std::move(v));
  }
  // Depth-first substitution of the finite variables.
  std::vector<std::vector<std::string>> expanded;
  std::vector<std::pair<std::vector<std::string>, size_t>> stack{{texts, 0}};
  while (!stack.empty()) {
    auto [current, from] = std::move(stack.back());
    stack.pop_back();
    size_t v = from;
    while (v < vars.size() &&
           (vars[v].wildcard() ||
            std::none_of(current.begin(), current.end(),
                         [&](const std::string& t) { return mentions(t, vars[v].name); })))
      ++v;
    // A later variable may be introduced by an earlier one's alternative (T: S | vecN<S>),
    // so look again from the start when nothing is left after `from`.
    if (v == vars.size()) {
      bool again = false;
      for (size_t w = 0; w < vars.size(); ++w)
        if (!vars[w].wildcard() &&
            std::any_of(current.begin(), current.end(),
                        [&](const std::string& t) { return mentions(t, vars[w].name); })) {
          v = w;
          again = true;
          break;
        }
      if (!again) {
        expanded.push_back(std::move(current));
        continue;
      }
    }
    for (auto it = vars[v].alternatives.rbegin(); it != vars[v].alternatives.rend(); ++it) {
      std::vector<std::string> next = current;
      for (std::string& t : next) t = substitute(t, vars[v].name, *it);
      stack.push_back({std::move(next), 0});
    }
  }
  int wildcards = static_cast<int>(vars.size());
  // The parse of a type expression depends only on its text and on the row's variables
  // (which of them are wildcards, and where): many rows share both (`T: f32 | vec2<f32> ...`).
  // Interning is idempotent, so a remembered parse gives the types a new parse would.
  std::string varsKey;
  for (const Variable& v : vars) varsKey += v.name + (v.wildcard() ? "*;" : ";");
  varsKey += '\x01';
  for (const std::vector<std::string>& e : expanded) {
    Overload o;
    o.row = &row;
    o.parameterNames = names;
    o.hasResult = hasResult;
    o.wildcards = wildcards;
    std::string error;
    for (size_t i = 0; i < e.size(); ++i) {
      std::string cacheKey = varsKey + e[i];
      TypePattern p;
      if (auto hit = parsed.find(cacheKey); hit != parsed.end()) {
        p = hit->second;
      } else {
        p = TypeParser(types, vars, table, e[i], error, onlyExisting).parse();
        if (error.empty()) parsed.emplace(std::move(cacheKey), p);
      }
      if (hasResult && i + 1 == e.size())
        o.result = std::move(p);
      else
        o.parameters.push_back(std::move(p));
    }
    if (!hasResult) o.result.type = types.voidType();
    if (!error.empty()) {
      rowReport(error);
      continue;
    }
    out.push_back(std::move(o));
  }
  return !rowProblem;
}

// The rows a revision's table expands, in the table's order: the seed's, less those current
// WGSL replaces, then current WGSL's (Revision::currentBuiltins).
std::vector<const OverloadRow*> tableRows(const Revision* revision) {
  std::vector<const OverloadRow*> rows;
  bool current = revision && revision->currentBuiltins;
  for (const OverloadRow& row : overloadRows())
    if (!(current && (row.flags & kReplacedInCurrent))) rows.push_back(&row);
  if (current)
    for (const OverloadRow& row : currentOverloadRows()) rows.push_back(&row);
  return rows;
}

// A TypeNode as kTypeNodeFields integers (expansionTypes) and back: every field, in the
// struct's order, so that a list written by the build interns exactly the nodes it was made of.
constexpr size_t kTypeNodeFields = 11;

void appendTypeNodeFields(const TypeNode& n, std::vector<uint64_t>& out) {
  out.insert(out.end(), {uint64_t(n.kind), n.size, n.rows, uint64_t(n.space), uint64_t(n.access),
                         uint64_t(n.dimension), uint64_t(n.format), uint64_t(n.depth),
                         uint64_t(n.arrayCount), n.element.id, n.count});
}

TypeNode typeNodeFromFields(std::span<const uint64_t, kTypeNodeFields> f) {
  TypeNode n;
  n.kind = static_cast<TypeKind>(f[0]);
  n.size = static_cast<uint8_t>(f[1]);
  n.rows = static_cast<uint8_t>(f[2]);
  n.space = static_cast<ast::AddressSpace>(f[3]);
  n.access = static_cast<ast::AccessMode>(f[4]);
  n.dimension = static_cast<ast::TextureDimension>(f[5]);
  n.format = static_cast<ast::TexelFormat>(f[6]);
  n.depth = static_cast<ast::DepthTextureKind>(f[7]);
  n.arrayCount = static_cast<ArrayCount>(f[8]);
  n.element = Type{static_cast<uint32_t>(f[9])};
  n.count = f[10];
  return n;
}

}  // namespace

// An on-demand table's state: each name's rows, expanded on the name's first lookup.
struct OverloadTable::OnDemand {
  struct Name {
    std::vector<const OverloadRow*> rows;
    bool expanded = false;
    std::vector<Overload> overloads;
  };
  TypeTable* types = nullptr;
  std::mutex mutex;  // candidates() may be called from several threads (the oracle's)
  std::vector<Name> names;
  std::unordered_map<std::string, size_t> byName;                   // key(kind, name) -> names
  std::unordered_map<std::string, std::vector<Overload>> sameRows;  // sameRowKey -> overloads
  ParseCache parsed;
  // The full table's overloads, by kind and name as the full constructor sorts them: built on
  // the first call of all() or size(), which expands every name (the overloads are copies of
  // the names' own, so a span from candidates() stays valid).
  bool allExpanded = false;
  std::vector<Overload> all;

  // Expands one name's rows if not yet done; the caller holds `mutex`.
  const std::vector<Overload>& expand(Name& entry, const OverloadTable& table);
  // Expands every name and fills `all`; the caller holds `mutex`.
  void expandAll(const OverloadTable& table);
};

const std::vector<Overload>& OverloadTable::OnDemand::expand(Name& entry,
                                                             const OverloadTable& table) {
  if (entry.expanded) return entry.overloads;
  // The full expansion's overloads of this name, in its order (the rows' order, each row's
  // expansion in its order), with the types the constructor's list interned.
  for (const OverloadRow* row : entry.rows) {
    std::string rowKey = sameRowKey(*row);
    auto same = sameRows.find(rowKey);
    if (same == sameRows.end()) {
      std::vector<Overload> fresh;
      if (!expandRow(*row, *types, table, true, parsed, nullptr, fresh))
        throw std::logic_error("the built-in table's row '" + std::string(row->name) +
                               std::string(row->signature) +
                               "' does not expand over the build's list of its types");
      same = sameRows.emplace(std::move(rowKey), std::move(fresh)).first;
    }
    for (const Overload& o : same->second) {
      entry.overloads.push_back(o);
      entry.overloads.back().row = row;
    }
  }
  entry.expanded = true;
  return entry.overloads;
}

void OverloadTable::OnDemand::expandAll(const OverloadTable& table) {
  if (allExpanded) return;
  // The names by kind, then name: the full constructor's stable sort, whose equal keys keep
  // the rows' order, which is each name's own order here.
  std::vector<Name*> sorted;
  sorted.reserve(names.size());
  for (Name& n : names) sorted.push_back(&n);
  std::sort(sorted.begin(), sorted.end(), [](const Name* x, const Name* y) {
    const OverloadRow& a = *x->rows.front();
    const OverloadRow& b = *y->rows.front();
    if (a.kind != b.kind) return a.kind < b.kind;
    return a.name < b.name;
  });
  std::vector<Overload> out;
  for (Name* n : sorted) {
    const std::vector<Overload>& overloads = expand(*n, table);
    out.insert(out.end(), overloads.begin(), overloads.end());
  }
  all = std::move(out);
  allExpanded = true;
}

OverloadTable::OverloadTable(TypeTable& types, std::vector<std::string>* problems,
                             const Revision* revision) {
  addPredeclaredStructs(types, structs_, revision && revision->currentBuiltins);
  typesBeforeExpansion_ = types.size();
  ParseCache parsed;
  // Many rows share their signature and parameterization (`abs`, `acos`, ... are all
  // "(e: T) -> T" over ALLFLOATINGDECL): such a row's overloads are those of the first, whose
  // texts parsed again would only hit `parsed` (no type is interned), so they are copied
  // (README "Performance": the table is expanded at every start of Plumb).
  std::unordered_map<std::string, std::pair<size_t, size_t>> sameRows;  // -> overloads_ range
  for (const OverloadRow* rowPointer : tableRows(revision)) {
    const OverloadRow& row = *rowPointer;
    std::string rowKey = sameRowKey(row);
    if (auto same = sameRows.find(rowKey); same != sameRows.end()) {
      for (size_t i = same->second.first; i < same->second.first + same->second.second; ++i) {
        Overload o = overloads_[i];
        o.row = &row;
        overloads_.push_back(std::move(o));
      }
      continue;
    }
    size_t rowFirst = overloads_.size();
    if (expandRow(row, types, *this, false, parsed, problems, overloads_))
      sameRows.emplace(std::move(rowKey), std::pair{rowFirst, overloads_.size() - rowFirst});
  }
  // By kind and name, stably: the permutation is sorted (an Overload is costly to move), then
  // applied once.
  std::vector<uint32_t> order(overloads_.size());
  for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](uint32_t x, uint32_t y) {
    const OverloadRow& a = *overloads_[x].row;
    const OverloadRow& b = *overloads_[y].row;
    if (a.kind != b.kind) return a.kind < b.kind;
    return a.name < b.name;
  });
  std::vector<Overload> sorted;
  sorted.reserve(overloads_.size());
  for (uint32_t i : order) sorted.push_back(std::move(overloads_[i]));
  overloads_ = std::move(sorted);
  for (size_t i = 0; i < overloads_.size();) {
    size_t j = i;
    while (j < overloads_.size() && overloads_[j].row->kind == overloads_[i].row->kind &&
           overloads_[j].row->name == overloads_[i].row->name)
      ++j;
    byName_[key(overloads_[i].row->kind, overloads_[i].row->name)] = {i, j - i};
    i = j;
  }
}

OverloadTable::OverloadTable(TypeTable& types, const Revision* revision,
                             std::span<const uint64_t> expansionTypes)
    : onDemand_(std::make_unique<OnDemand>()) {
  addPredeclaredStructs(types, structs_, revision && revision->currentBuiltins);
  typesBeforeExpansion_ = types.size();
  // The types in the order the full expansion interns them (the constructor above), so that
  // every handle is the one a full expansion gives: each node is new, and its handle the next.
  if (expansionTypes.size() % kTypeNodeFields != 0)
    throw std::logic_error("the list of the overload table's types is malformed");
  for (size_t i = 0; i < expansionTypes.size(); i += kTypeNodeFields) {
    size_t before = types.size();
    Type t = types.intern(typeNodeFromFields(
        std::span<const uint64_t, kTypeNodeFields>(&expansionTypes[i], kTypeNodeFields)));
    if (t.id != before)
      throw std::logic_error("the list of the overload table's types does not fit its rows");
  }
  onDemand_->types = &types;
  for (const OverloadRow* row : tableRows(revision)) {
    auto [it, fresh] =
        onDemand_->byName.try_emplace(key(row->kind, row->name), onDemand_->names.size());
    if (fresh) onDemand_->names.emplace_back();
    onDemand_->names[it->second].rows.push_back(row);
  }
}

OverloadTable::~OverloadTable() = default;

std::vector<uint64_t> OverloadTable::expansionTypes(const Revision* revision) {
  TypeTable types;
  OverloadTable table(types, nullptr, revision);
  std::vector<uint64_t> out;
  for (size_t id = table.typesBeforeExpansion_; id < types.size(); ++id)
    appendTypeNodeFields(types[Type{static_cast<uint32_t>(id)}], out);
  return out;
}

std::span<const Overload> OverloadTable::candidates(OverloadKind kind,
                                                    std::string_view name) const {
  if (onDemand_) {
    auto it = onDemand_->byName.find(key(kind, name));
    if (it == onDemand_->byName.end()) return {};
    std::lock_guard<std::mutex> lock(onDemand_->mutex);
    return onDemand_->expand(onDemand_->names[it->second], *this);
  }
  auto it = byName_.find(key(kind, name));
  if (it == byName_.end()) return {};
  return std::span<const Overload>(overloads_.data() + it->second.first, it->second.second);
}

size_t OverloadTable::size() const {
  return all().size();
}

std::span<const Overload> OverloadTable::all() const {
  if (!onDemand_) return overloads_;
  std::lock_guard<std::mutex> lock(onDemand_->mutex);
  onDemand_->expandAll(*this);
  return onDemand_->all;
}

bool OverloadTable::isBuiltinName(std::string_view name) const {
  if (onDemand_) return onDemand_->byName.count(key(OverloadKind::Builtin, name)) > 0;
  return byName_.count(key(OverloadKind::Builtin, name)) > 0;
}

// ---------------------------------------------------------------------------- matching

bool matchPattern(const TypeTable& types, const TypePattern& p, Type arg, Bindings& b) {
  if (p.wildcard >= 0) {
    if (b.size() <= static_cast<size_t>(p.wildcard)) b.resize(p.wildcard + 1);
    if (!b[p.wildcard]) {
      b[p.wildcard] = arg;
      return true;
    }
    return b[p.wildcard] == arg;
  }
  if (p.children.empty()) return p.type == arg;
  TypeNode n = types[arg];
  TypeNode shape = p.shape;
  shape.element = n.element;
  if (!(shape == n)) return false;
  return matchPattern(types, p.children[0], n.element, b);
}

Type instantiate(TypeTable& types, const TypePattern& p, const Bindings& b) {
  if (p.wildcard >= 0) return static_cast<size_t>(p.wildcard) < b.size() ? b[p.wildcard] : Type{};
  if (p.children.empty()) return p.type;
  TypeNode n = p.shape;
  n.element = instantiate(types, p.children[0], b);
  return types.intern(n);
}

}  // namespace plumb
