#include "gen/wgsl/overload_model.h"

#include <map>
#include <tuple>

#include "semantics/wgsl/overloads.h"
#include "semantics/wgsl/type.h"

namespace plumb::gen::wgsl::overload {

const char* kindName(int k) {
  static const char* names[] = {"bool", "AbstractInt", "AbstractFloat", "i32", "u32", "f32", "f16"};
  return k >= 0 && k < kKinds ? names[k] : "?";
}

Ty scalar(int kind) {
  return Ty{Scalar, 0, 0, kind};
}
Ty vec(int n, int kind) {
  return Ty{Vector, n, 0, kind};
}
Ty mat(int c, int r, int kind) {
  return Ty{Matrix, c, r, kind};
}

std::string spell(const Ty& t) {
  std::string k = kindName(t.kind);
  switch (t.shape) {
    case Vector:
      return "vec" + std::to_string(t.n) + "<" + k + ">";
    case Matrix:
      return "mat" + std::to_string(t.n) + "x" + std::to_string(t.r) + "<" + k + ">";
    default:
      return k;
  }
}

bool wellFormed(const Ty& t) {
  if (t.kind < 0 || t.kind >= kKinds) return false;
  switch (t.shape) {
    case Scalar:
      return t.n == 0 && t.r == 0;
    case Vector:
      return t.n >= 2 && t.n <= 4 && t.r == 0;
    case Matrix:
      return t.n >= 2 && t.n <= 4 && t.r >= 2 && t.r <= 4 &&
             (t.kind == AbstractFloat || t.kind == F32 || t.kind == F16);
    default:
      return false;
  }
}

// #conversion-rank, "ConversionRank from one type to another" (l.1281-1345). Identity is 0;
// the abstract rows are 1..7; every other pair of distinct kinds is "infinity". The numbers
// of the table are used, not the examples' (docs/ambiguities.md S2): only their order matters
// to the procedure, and the order is the same.
int kindRank(int src, int dst) {
  if (src == dst) return 0;
  if (src == AbstractFloat) {
    if (dst == F32) return 1;  // "conversion rank abstract float to f32"
    if (dst == F16) return 2;  // "conversion rank abstract float to f16"
  }
  if (src == AbstractInt) {
    switch (dst) {
      case I32:
        return 3;  // "abstract int to i32"
      case U32:
        return 4;  // "abstract int to u32"
      case AbstractFloat:
        return 5;  // "abstract int to abstract float"
      case F32:
        return 6;  // "abstract int to f32"
      case F16:
        return 7;  // "abstract int to f16"
      default:
        break;
    }
  }
  return kInfinity;  // "conversion rank for non-convertible cases"
}

int rank(const Ty& src, const Ty& dst) {
  // "conversion rank abstract vector" / "abstract matrix": inherit from the components when
  // the shapes agree; no conversion changes a shape.
  if (src.shape != dst.shape || src.n != dst.n || src.r != dst.r) return kInfinity;
  return kindRank(src.kind, dst.kind);
}

const std::vector<RankRow>& rankRows() {
  static const std::vector<RankRow> rows = {
      {"identity", "conversion rank identity: T to T, rank 0", -1, -1, 0},
      {"load-rule", "conversion rank from reference via load rule: ref<AS,T,AM> to T, rank 0", -1,
       -1, 0},
      {"abstract-float-to-f32", "conversion rank abstract float to f32: rank 1", AbstractFloat, F32,
       1},
      {"abstract-float-to-f16", "conversion rank abstract float to f16: rank 2", AbstractFloat, F16,
       2},
      {"abstract-int-to-i32", "conversion rank abstract int to i32: rank 3", AbstractInt, I32, 3},
      {"abstract-int-to-u32", "conversion rank abstract int to u32: rank 4", AbstractInt, U32, 4},
      {"abstract-int-to-abstract-float", "conversion rank abstract int to abstract float: rank 5",
       AbstractInt, AbstractFloat, 5},
      {"abstract-int-to-f32", "conversion rank abstract int to f32: rank 6", AbstractInt, F32, 6},
      {"abstract-int-to-f16", "conversion rank abstract int to f16: rank 7", AbstractInt, F16, 7},
      {"abstract-vector", "conversion rank abstract vector: vecN<S> to vecN<T> inherits", -1, -1,
       -1},
      {"abstract-matrix", "conversion rank abstract matrix: matCxR<S> to matCxR<T> inherits", -1,
       -1, -1},
      {"non-convertible", "conversion rank for non-convertible cases: infinity", -1, -1, kInfinity},
  };
  return rows;
}

Resolution resolve(const std::vector<Ty>& args, const std::vector<Candidate>& candidates) {
  // #overload-resolution-section l.1366-1379.
  Resolution out;
  std::vector<std::vector<int>> ranks(candidates.size());
  std::vector<size_t> feasible;
  for (size_t c = 0; c < candidates.size(); ++c) {
    const Candidate& k = candidates[c];
    if (k.params.size() != args.size()) continue;
    bool ok = true;
    for (size_t i = 0; i < args.size(); ++i) {
      ranks[c].push_back(rank(args[i], k.params[i]));
      ok = ok && ranks[c].back() < kInfinity;
    }
    if (ok) feasible.push_back(c);
  }
  out.feasible = static_cast<int>(feasible.size());
  auto preferred = [&](size_t a, size_t b) {
    bool strictly = false;
    for (size_t i = 0; i < args.size(); ++i) {
      if (ranks[a][i] > ranks[b][i]) return false;
      strictly = strictly || ranks[a][i] < ranks[b][i];
    }
    return strictly;
  };
  for (size_t a : feasible) {
    bool all = true;
    for (size_t b : feasible) all = all && (a == b || preferred(a, b));
    if (all) out.winner = static_cast<int>(a);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Callees from the overload table.

namespace {

std::optional<Ty> toTy(const TypeTable& types, Type t) {
  auto kindOf = [](TypeKind k) -> int {
    switch (k) {
      case TypeKind::Bool:
        return Bool;
      case TypeKind::AbstractInt:
        return AbstractInt;
      case TypeKind::AbstractFloat:
        return AbstractFloat;
      case TypeKind::I32:
        return I32;
      case TypeKind::U32:
        return U32;
      case TypeKind::F32:
        return F32;
      case TypeKind::F16:
        return F16;
      default:
        return -1;
    }
  };
  const TypeNode& n = types[t];
  Ty out;
  if (n.kind == TypeKind::Vector) {
    out = vec(n.size, kindOf(types.kind(n.element)));
  } else if (n.kind == TypeKind::Matrix) {
    out = mat(n.size, n.rows, kindOf(types.kind(n.element)));
  } else {
    out = scalar(kindOf(n.kind));
  }
  if (out.kind < 0 || !wellFormed(out)) return std::nullopt;
  return out;
}

}  // namespace

const std::vector<Callee>& numericCallees() {
  static const std::vector<Callee> callees = [] {
    TypeTable types;
    OverloadTable table(types);
    std::span<const OverloadRow> rows = overloadRows();
    std::map<std::tuple<int, std::string, size_t>, Callee> byKey;
    std::map<std::tuple<int, std::string, size_t>, bool> excluded;
    for (const Overload& o : table.all()) {
      auto key = std::make_tuple(static_cast<int>(o.row->kind), std::string(o.row->name),
                                 o.parameters.size());
      Callee& c = byKey[key];
      c.kind = o.row->kind;
      c.name = o.row->name;
      c.arity = o.parameters.size();
      // Only calls a compute shader can make (derivatives are fragment-only), with parameters
      // and results the family spells (no pointers, textures or result structures).
      bool ok = o.hasResult && (o.row->flags & kCompute) && !o.parameters.empty();
      Candidate k;
      for (const TypePattern& p : o.parameters) {
        std::optional<Ty> t = p.concrete() ? toTy(types, p.type) : std::nullopt;
        ok = ok && t.has_value();
        if (t) k.params.push_back(*t);
      }
      std::optional<Ty> result =
          o.hasResult && o.result.concrete() ? toTy(types, o.result.type) : std::nullopt;
      ok = ok && result.has_value();
      if (!ok) {
        excluded[key] = true;
        continue;
      }
      k.result = *result;
      k.group = static_cast<int>(o.row - rows.data());
      c.creationTime = c.creationTime && (o.row->flags & kConst);
      c.candidates.push_back(std::move(k));
    }
    std::vector<Callee> out;
    for (auto& [key, c] : byKey)
      if (!excluded.count(key) && !c.candidates.empty()) out.push_back(std::move(c));
    return out;
  }();
  return callees;
}

const Callee* findCallee(OverloadKind kind, const std::string& name, size_t arity) {
  for (const Callee& c : numericCallees())
    if (c.kind == kind && c.name == name && c.arity == arity) return &c;
  return nullptr;
}

// ---------------------------------------------------------------------------------------------
// Solver encoding.

z3::expr small(z3::context& z, int v) {
  return z.bv_val(v, kValueBits);
}
z3::expr smallVar(z3::context& z, const std::string& name) {
  return z.bv_const(name.c_str(), kValueBits);
}
z3::expr index(z3::context& z, int v) {
  return z.bv_val(v, kIndexBits);
}
z3::expr indexVar(z3::context& z, const std::string& name) {
  return z.bv_const(name.c_str(), kIndexBits);
}

TyVars declareTy(z3::context& z, z3::solver& s, const std::string& name) {
  TyVars v{smallVar(z, name + ".shape"), smallVar(z, name + ".n"), smallVar(z, name + ".r"),
           smallVar(z, name + ".kind")};
  s.add(v.shape >= 0 && v.shape <= 2 && v.kind >= 0 && v.kind < kKinds);
  s.add(z3::implies(v.shape == Scalar, v.n == 0 && v.r == 0));
  s.add(z3::implies(v.shape == Vector, v.n >= 2 && v.n <= 4 && v.r == 0));
  s.add(z3::implies(v.shape == Matrix,
                    v.n >= 2 && v.n <= 4 && v.r >= 2 && v.r <= 4 &&
                        (v.kind == AbstractFloat || v.kind == F32 || v.kind == F16)));
  return v;
}

z3::expr equalTy(const TyVars& a, const TyVars& b) {
  return a.shape == b.shape && a.n == b.n && a.r == b.r && a.kind == b.kind;
}

z3::expr equalTy(const TyVars& a, const Ty& b) {
  return a.shape == b.shape && a.n == b.n && a.r == b.r && a.kind == b.kind;
}

Ty readTy(SolverSession& session, const TyVars& v) {
  return Ty{static_cast<int>(session.intValue(v.shape)), static_cast<int>(session.intValue(v.n)),
            static_cast<int>(session.intValue(v.r)), static_cast<int>(session.intValue(v.kind))};
}

z3::expr kindRankExpr(z3::context& z, const z3::expr& src, const z3::expr& dst) {
  z3::expr out = small(z, kInfinity);
  for (int s = kKinds - 1; s >= 0; --s) {
    z3::expr row = small(z, kInfinity);
    for (int d = kKinds - 1; d >= 0; --d) row = z3::ite(dst == d, small(z, kindRank(s, d)), row);
    out = z3::ite(src == s, row, out);
  }
  return out;
}

z3::expr isAbstractExpr(const z3::expr& kind) {
  return kind == AbstractInt || kind == AbstractFloat;
}

namespace {
z3::expr shapeIs(const TyVars& a, const Ty& p) {
  return a.shape == p.shape && a.n == p.n && a.r == p.r;
}
}  // namespace

z3::expr ResolutionEncoder::rankTo(const TyVars& arg, const Ty& p) {
  // The column of the table for Dest = p.kind: the sources with a finite rank.
  z3::expr kr = small(z_, kInfinity);
  for (int s = kKinds - 1; s >= 0; --s)
    if (int r = kindRank(s, p.kind); r < kInfinity) kr = z3::ite(arg.kind == s, small(z_, r), kr);
  return z3::ite(shapeIs(arg, p), kr, small(z_, kInfinity));
}

z3::expr ResolutionEncoder::feasibleTo(const TyVars& arg, const Ty& p) {
  z3::expr any = z_.bool_val(false);
  for (int s = 0; s < kKinds; ++s)
    if (kindRank(s, p.kind) < kInfinity) any = any || arg.kind == s;
  return shapeIs(arg, p) && any;
}

std::vector<z3::expr> ResolutionEncoder::feasibility(
    const std::vector<TyVars>& args, const std::vector<const Candidate*>& candidates) {
  std::vector<z3::expr> out;
  for (const Candidate* c : candidates) {
    z3::expr f = z_.bool_val(c->params.size() == args.size());
    for (size_t i = 0; i < c->params.size() && i < args.size(); ++i)
      f = f && feasibleTo(args[i], c->params[i]);
    out.push_back(f.simplify());
  }
  return out;
}

ResolutionVars ResolutionEncoder::resolved(const std::string& tag, const std::vector<TyVars>& args,
                                           const std::vector<const Candidate*>& candidates,
                                           const std::vector<z3::expr>& active) {
  z3::expr winner = indexVar(z_, tag + ".winner");
  TyVars result{smallVar(z_, tag + ".result.shape"), smallVar(z_, tag + ".result.n"),
                smallVar(z_, tag + ".result.r"), smallVar(z_, tag + ".result.kind")};
  std::vector<z3::expr> wr, feasible;
  std::vector<TyVars> params;
  for (size_t i = 0; i < args.size(); ++i) {
    std::string p = tag + ".param" + std::to_string(i);
    wr.push_back(smallVar(z_, tag + ".rank" + std::to_string(i)));
    params.push_back(TyVars{smallVar(z_, p + ".shape"), smallVar(z_, p + ".n"),
                            smallVar(z_, p + ".r"), smallVar(z_, p + ".kind")});
  }
  s_.add(winner >= 0 && winner < static_cast<int>(candidates.size()));
  // Ranks of each argument to each distinct parameter type, shared between candidates.
  std::map<std::pair<size_t, std::tuple<int, int, int, int>>, z3::expr> cache;
  auto rankOf = [&](size_t i, const Ty& p) {
    auto key = std::make_pair(i, std::make_tuple(p.shape, p.n, p.r, p.kind));
    auto it = cache.find(key);
    if (it == cache.end()) it = cache.emplace(key, rankTo(args[i], p)).first;
    return it->second;
  };
  for (size_t c = 0; c < candidates.size(); ++c) {
    const Candidate& k = *candidates[c];
    bool arityOk = k.params.size() == args.size();
    z3::expr f = z_.bool_val(arityOk);
    if (arityOk)
      for (size_t i = 0; i < args.size(); ++i) f = f && rankOf(i, k.params[i]) < kInfinity;
    feasible.push_back(f);
    if (!arityOk) {
      s_.add(winner != static_cast<int>(c));
      continue;
    }
    // Step 1 for the winner: feasible, with its rank vector and types recorded.
    z3::expr is = winner == static_cast<int>(c);
    z3::expr facts = active[c] && f && equalTy(result, k.result);
    for (size_t i = 0; i < args.size(); ++i)
      facts = facts && wr[i] == rankOf(i, k.params[i]) && equalTy(params[i], k.params[i]);
    s_.add(z3::implies(is, facts));
    // Steps 2-3: the winner is preferred over every other feasible candidate: no position
    // ranks worse, one ranks strictly better.
    z3::expr noWorse = z_.bool_val(true), better = z_.bool_val(false);
    for (size_t i = 0; i < args.size(); ++i) {
      z3::expr rc = rankOf(i, k.params[i]);
      noWorse = noWorse && wr[i] <= rc;
      better = better || wr[i] < rc;
    }
    s_.add(z3::implies(active[c] && f && !is, noWorse && better));
  }
  return ResolutionVars{winner, result, feasible, wr, params};
}

}  // namespace plumb::gen::wgsl::overload
