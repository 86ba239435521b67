#include "gen/wgsl/behavior_render.h"

#include <algorithm>
#include <cctype>

namespace plumb::gen::wgsl::behavior {

namespace {

enum class Ctx { Unused, I32, Bool, Any, Target };

/// The context of expression slot `s` of a statement (as the encoding's slotCtxIs).
Ctx slotCtx(const NodeValue& n, int s) {
  switch (n.kind) {
    case Kind::Let:
    case Kind::VarInit:
    case Kind::Phony:
      return s == 0 ? Ctx::Any : Ctx::Unused;
    case Kind::Assign:
    case Kind::CompoundAssign:
      return s == 0 ? Ctx::I32 : Ctx::Target;
    case Kind::IncDec:
      return s == 1 ? Ctx::Target : Ctx::Unused;
    case Kind::CallStmt:
    case Kind::ReturnValue:
    case Kind::Switch:
      return s == 0 ? Ctx::I32 : Ctx::Unused;
    case Kind::BreakIf:
    case Kind::If:
    case Kind::IfElse:
    case Kind::While:
      return s == 0 ? Ctx::Bool : Ctx::Unused;
    case Kind::IfElseIf:
    case Kind::IfElseIfElse:
      return Ctx::Bool;
    case Kind::For:
      if (s == 0) return n.hasCond ? Ctx::Bool : Ctx::Unused;
      return n.hasInit ? Ctx::I32 : Ctx::Unused;
    default:
      return Ctx::Unused;
  }
}

/// A stream for one place and purpose: the same in both twins.
Rng streamFor(uint64_t seed, int position, int purpose) {
  return Rng(seed ^ (static_cast<uint64_t>(position + 2) * 0x9e3779b97f4a7c15ull) ^
             (static_cast<uint64_t>(purpose + 1) * 0xc2b2ae3d27d4eb4full));
}

class Renderer {
 public:
  Renderer(const SolvedPair& pair, const Twin& twin, uint64_t seed)
      : pair_(pair), t_(pair.tmpl), twin_(twin), seed_(seed) {
    line_.assign(t_.positions.size(), 0);
    continuingLine_.assign(t_.positions.size(), 0);
    elseIfLine_.assign(t_.positions.size(), 0);
  }

  /// The function (header and body) as lines; line numbers relative to its header (1).
  std::vector<std::string> function() {
    lines_.push_back(header());
    sequence(t_.body, 1);
    lines_.push_back("}");
    return lines_;
  }
  std::vector<int>& line() { return line_; }
  std::vector<int>& continuingLine() { return continuingLine_; }
  std::vector<int>& elseIfLine() { return elseIfLine_; }

 private:
  bool helper() const { return twin_.fn == FnKind::HelperVoid || twin_.fn == FnKind::HelperI32; }

  std::string header() const {
    switch (twin_.fn) {
      case FnKind::HelperVoid:
        return "fn f(p: i32) {";
      case FnKind::HelperI32:
        return "fn f(p: i32) -> i32 {";
      case FnKind::Compute:
        return "@compute @workgroup_size(1) fn main() {";
      case FnKind::FragmentVoid:
        return "@fragment fn main() {";
      case FnKind::FragmentRet:
        return "@fragment fn main() -> @location(0) vec4<f32> {";
      case FnKind::Vertex:
        return "@vertex fn main() -> @builtin(position) vec4<f32> {";
    }
    return "";
  }

  /// An operand that is neither a call nor a literal: the uniform's components, the private
  /// variable, the helper's parameter.
  std::string atom(Rng& r) const {
    static constexpr const char* kAtoms[] = {"u.x", "u.y", "u.z", "u.w", "g"};
    if (helper() && r.chance(30)) return "p";
    return r.pick(kAtoms);
  }
  static std::string comparison(Rng& r) {
    static constexpr const char* kOps[] = {">", "<", ">=", "<=", "==", "!="};
    return std::string(" ") + r.pick(kOps) + " " + std::to_string(r.between(0, 9));
  }
  std::string boolOperand(Rng& r, bool discards) const {
    if (discards) return "testOrDiscard(" + atom(r) + ")";
    return r.chance(50) ? "test(" + atom(r) + ")" : atom(r) + comparison(r);
  }
  std::string index(Rng& r, bool discards) const {
    if (discards) return "mayDiscard(" + atom(r) + ")";
    return r.chance(50) ? "plain(" + atom(r) + ")" : atom(r);
  }

  std::string expression(int p, int s) const {
    const NodeValue& n = twin_.nodes[p];
    Ctx c = slotCtx(n, s);
    const ExprValue& e = n.x[s];
    Rng r = streamFor(seed_, p, 10 + s);
    bool boolean = c == Ctx::Bool;
    switch (e.form) {
      case Form::Lit:
        return std::to_string(r.between(0, 99));
      case Form::Var:
        if (boolean) return "flag";
        return helper() && c != Ctx::Target && r.chance(40) ? "p" : "g";
      case Form::Call:
        if (boolean)
          return std::string(e.discardA ? "testOrDiscard" : "test") + "(" + atom(r) + ")";
        return std::string(e.discardA ? "mayDiscard" : "plain") + "(" + atom(r) + ")";
      case Form::Index:
        return std::string(boolean ? "flags[" : "arr[") + index(r, e.discardA) + "]";
      case Form::Member:
        return std::string(e.discardA ? "makeOrDiscard" : "make") + "(" + atom(r) + ")." +
               (boolean ? "b" : "a");
      case Form::Or:
      case Form::And:
        return boolOperand(r, e.discardA) + (e.form == Form::Or ? " || " : " && ") +
               boolOperand(r, e.discardB);
      case Form::Cmp: {
        std::string lhs = e.discardA ? "mayDiscard(" + atom(r) + ")"
                                     : (r.chance(50) ? "plain(" + atom(r) + ")" : atom(r));
        return lhs + comparison(r);
      }
    }
    return "";
  }

  std::string leaf(int p) const {
    const NodeValue& n = twin_.nodes[p];
    Rng r = streamFor(seed_, p, 0);
    std::string v = std::to_string(p);
    switch (n.kind) {
      case Kind::Empty:
        return "";
      case Kind::VarDecl:
        return "var v" + v + ": i32";
      case Kind::Let:
        return "let v" + v + " = " + expression(p, 0);
      case Kind::VarInit:
        return "var v" + v + " = " + expression(p, 0);
      case Kind::Assign:
        return expression(p, 1) + " = " + expression(p, 0);
      case Kind::Phony:
        return "_ = " + expression(p, 0);
      case Kind::CallStmt: {
        static constexpr const char* kNext[] = {"tick", "plain"};
        const char* callee = n.callee == Callee::Next      ? r.pick(kNext)
                             : n.callee == Callee::Discard ? "halt"
                                                           : "maybeHalt";
        return std::string(callee) + "(" + expression(p, 0) + ")";
      }
      case Kind::Return:
        return "return";
      case Kind::ReturnValue:
        if (twin_.fn == FnKind::HelperI32) return "return " + expression(p, 0);
        return "return vec4<f32>(f32(" + expression(p, 0) + "))";
      case Kind::Discard:
        return "discard";
      case Kind::Break:
        return "break";
      case Kind::BreakIf:
        return "break if " + expression(p, 0);
      case Kind::Continue:
        return "continue";
      case Kind::Fallthrough:
        return "fallthrough";
      case Kind::Const:
        return "const k" + v + " = " + std::to_string(r.between(0, 99));
      case Kind::CompoundAssign: {
        static constexpr const char* kOps[] = {"+=", "-=", "*=", "|=", "&=", "^="};
        return expression(p, 1) + " " + r.pick(kOps) + " " + expression(p, 0);
      }
      case Kind::IncDec:
        return expression(p, 1) + (r.chance(50) ? "++" : "--");
      case Kind::StaticAssert: {
        int64_t b = r.between(0, 20);
        return "staticAssert " + std::to_string(b + r.between(1, 20)) + " > " + std::to_string(b);
      }
      default:
        return "";
    }
  }

  void emit(int depth, const std::string& text) {
    lines_.push_back(text.empty() ? std::string() : std::string(2 * depth, ' ') + text);
  }
  int nextLine() const { return static_cast<int>(lines_.size()) + 1; }

  void sequence(const std::vector<int>& seq, int depth) {
    for (int p : seq) statement(p, depth);
  }

  bool anyStatement(const std::vector<int>& seq) const {
    for (int p : seq)
      if (twin_.nodes[p].kind != Kind::Absent) return true;
    return false;
  }

  void statement(int p, int depth) {
    const NodeValue& n = twin_.nodes[p];
    const Position& pos = t_.positions[p];
    if (n.kind == Kind::Absent) return;
    line_[p] = nextLine();
    auto open = [&](const std::string& text) { emit(depth, text); };
    switch (n.kind) {
      case Kind::Blank:
        emit(depth, "");
        return;
      case Kind::Block:
        open("{");
        sequence(pos.seqs[0], depth + 1);
        emit(depth, "}");
        return;
      case Kind::If:
      case Kind::IfElse:
      case Kind::IfElseIf:
      case Kind::IfElseIfElse:
        open("if " + expression(p, 0) + " {");
        sequence(pos.seqs[0], depth + 1);
        elseIfLine_[p] = nextLine();
        if (n.kind == Kind::IfElse) {
          emit(depth, "} else {");
          sequence(pos.seqs[1], depth + 1);
        } else if (n.kind != Kind::If) {
          emit(depth, "} else if " + expression(p, 1) + " {");
          sequence(pos.seqs[1], depth + 1);
          if (n.kind == Kind::IfElseIfElse) {
            emit(depth, "} else {");
            sequence(pos.seqs[2], depth + 1);
          }
        }
        emit(depth, "}");
        return;
      case Kind::Loop:
        open("loop {");
        sequence(pos.seqs[0], depth + 1);
        if (anyStatement(pos.seqs[1])) {
          continuingLine_[p] = nextLine();
          emit(depth + 1, "continuing {");
          sequence(pos.seqs[1], depth + 2);
          emit(depth + 1, "}");
        }
        emit(depth, "}");
        return;
      case Kind::While:
        open("while " + expression(p, 0) + " {");
        sequence(pos.seqs[0], depth + 1);
        emit(depth, "}");
        return;
      case Kind::For: {
        std::string init = !n.hasInit ? ""
                           : n.callee == Callee::Next
                               ? "var count" + std::to_string(p) + " = " + expression(p, 1)
                           : n.callee == Callee::Discard ? "halt(" + expression(p, 1) + ")"
                                                         : "maybeHalt(" + expression(p, 1) + ")";
        std::string cond = n.hasCond ? " " + expression(p, 0) : "";
        std::string update;
        if (!pos.seqs[1].empty()) {
          int u = pos.seqs[1][0];
          const Kind uk = twin_.nodes[u].kind;
          if (uk != Kind::Absent) line_[u] = line_[p];
          if (uk != Kind::Absent && uk != Kind::Blank) {
            update = " " + leaf(u);
          }
        }
        open("for (" + init + ";" + cond + ";" + update + ") {");
        sequence(pos.seqs[0], depth + 1);
        emit(depth, "}");
        return;
      }
      case Kind::Switch: {
        open("switch " + expression(p, 0) + " {");
        Rng r = streamFor(seed_, p, 1);
        int clauses = pair_.clauses[p];
        int deflt = static_cast<int>(r.below(static_cast<uint64_t>(clauses)));
        int64_t value = r.between(0, 5);
        for (int k = 0; k < clauses; ++k) {
          if (k == deflt) {
            // The seed's switch_body: `default` alone, with an optional colon.
            emit(depth + 1, r.chance(20) ? "default: {" : "default {");
          } else {
            std::string label = "case " + std::to_string(value++);
            if (r.chance(25)) label += ", " + std::to_string(value++);
            emit(depth + 1, label + " {");
          }
          sequence(pos.seqs[k], depth + 2);
          emit(depth + 1, "}");
        }
        emit(depth, "}");
        return;
      }
      default:
        open(leaf(p) + ";");
        return;
    }
  }

  const SolvedPair& pair_;
  const Template& t_;
  const Twin& twin_;
  uint64_t seed_;
  std::vector<std::string> lines_;
  std::vector<int> line_, continuingLine_, elseIfLine_;
};

bool usesWord(const std::string& text, const std::string& word) {
  for (size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) {
    auto ident = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    bool before = at > 0 && ident(text[at - 1]);
    bool after = at + word.size() < text.size() && ident(text[at + word.size()]);
    if (!before && !after) return true;
  }
  return false;
}

/// Module-scope declarations and helper functions, each with its behavior (#behaviors: a
/// function behavior is one of {}, {Next}, {Discard}, {Next, Discard}).
struct Declaration {
  const char* name;
  const char* text;
};
constexpr Declaration kDeclarations[] = {
    {"arr", "var<private> arr: array<i32, 4>;\n"},
    {"flags", "var<private> flags: array<bool, 4>;\n"},
    {"flag", "var<private> flag: bool;\n"},
    {"S", "struct S {\n  a: i32,\n  b: bool,\n}\n"},
    // {Next}
    {"plain", "fn plain(a: i32) -> i32 {\n  return a * 2 + 1;\n}\n"},
    {"test", "fn test(a: i32) -> bool {\n  return a > 2;\n}\n"},
    {"make", "fn make(a: i32) -> S {\n  return S(a, a > 0);\n}\n"},
    {"tick", "fn tick(a: i32) {\n  g = g + a;\n}\n"},
    // {Next, Discard}: the body is {Return, Discard}
    {"mayDiscard",
     "fn mayDiscard(a: i32) -> i32 {\n  if a < 0 {\n    discard;\n  }\n  return a;\n}\n"},
    {"testOrDiscard",
     "fn testOrDiscard(a: i32) -> bool {\n  if a == 7 {\n    discard;\n  }\n  return a > 2;\n}\n"},
    {"makeOrDiscard",
     "fn makeOrDiscard(a: i32) -> S {\n  if a > 100 {\n    discard;\n  }\n  return S(a, a > "
     "0);\n}\n"},
    {"maybeHalt", "fn maybeHalt(a: i32) {\n  if a > 5 {\n    discard;\n  }\n}\n"},
    // {Discard}
    {"halt", "fn halt(a: i32) {\n  discard;\n}\n"},
};

std::string join(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& l : lines) out += l + "\n";
  return out;
}

int countLines(const std::string& s) {
  return static_cast<int>(std::count(s.begin(), s.end(), '\n'));
}

}  // namespace

RenderedPair renderPair(const SolvedPair& pair, uint64_t seed) {
  Renderer rv(pair, pair.valid, seed), rw(pair, pair.invalid, seed);
  std::string fv = join(rv.function()), fw = join(rw.function());
  // The declarations either twin uses, so that the twins differ in the edit's line only.
  std::string prelude = "@group(0) @binding(0) var<uniform> u: vec4<i32>;\nvar<private> g: i32;\n";
  bool struct_ = usesWord(fv + fw, "make") || usesWord(fv + fw, "makeOrDiscard");
  for (const Declaration& d : kDeclarations) {
    bool used = std::string(d.name) == "S" ? struct_ : usesWord(fv + fw, d.name);
    // Variables together; a blank line before each structure and function.
    if (used) prelude += (std::string(d.text).starts_with("var") ? "" : "\n") + std::string(d.text);
  }
  prelude += "\n";
  int offset = countLines(prelude);
  RenderedPair out;
  auto finish = [&](Renderer& r, const std::string& f, RenderedTwin& t) {
    t.wgsl = prelude + f;
    t.functionLine = offset + 1;
    t.line = r.line();
    t.continuingLine = r.continuingLine();
    t.elseIfLine = r.elseIfLine();
    for (std::vector<int>* lines : {&t.line, &t.continuingLine, &t.elseIfLine})
      for (int& l : *lines)
        if (l) l += offset;
  };
  finish(rv, fv, out.valid);
  finish(rw, fw, out.invalid);
  return out;
}

int editLine(const SolvedPair& pair, const RenderedTwin& valid, const RenderedTwin& invalid) {
  if (pair.edit < 0) return valid.functionLine;
  const NodeValue &v = pair.valid.nodes[pair.edit], &w = pair.invalid.nodes[pair.edit];
  auto elseIf = [](Kind k) { return k == Kind::IfElseIf || k == Kind::IfElseIfElse; };
  bool elseLine = (v.kind == Kind::IfElse && w.kind == Kind::IfElseIf) ||
                  (v.kind == Kind::IfElseIf && w.kind == Kind::IfElse) ||
                  (v.kind == w.kind && elseIf(v.kind) &&
                   (v.x[1].form != w.x[1].form || v.x[1].discards() != w.x[1].discards()));
  if (elseLine) return valid.elseIfLine[pair.edit];
  return valid.line[pair.edit] ? valid.line[pair.edit] : invalid.line[pair.edit];
}

int violationLine(const SolvedPair& pair, const RenderedTwin& invalid) {
  if (pair.site < 0) return invalid.functionLine;
  if (pair.siteContinuing) return invalid.continuingLine[pair.site];
  return invalid.line[pair.site];
}

}  // namespace plumb::gen::wgsl::behavior
