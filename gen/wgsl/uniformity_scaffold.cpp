#include "gen/wgsl/uniformity_scaffold.h"

#include <algorithm>

namespace plumb::gen::wgsl::uniformity {

namespace {

constexpr const char* kCommonPrelude =
    "@group(0) @binding(0) var<uniform> ub: vec4<u32>;\n"
    "@group(0) @binding(1) var<storage, read> ro: array<u32>;\n"
    "@group(0) @binding(2) var<storage, read_write> rw: array<u32>;\n"
    "@group(0) @binding(3) var<storage, read_write> ra: atomic<u32>;\n"
    "var<private> pv: u32;\n"
    "const K = 7u;\n"
    "override O: u32 = 3u;\n";
constexpr const char* kComputePrelude =
    "var<workgroup> wg: u32;\n"
    "var<workgroup> wa: atomic<u32>;\n";
constexpr const char* kFragmentPrelude =
    "@group(1) @binding(0) var t: texture_2d<f32>;\n"
    "@group(1) @binding(1) var s: sampler;\n"
    "@group(1) @binding(2) var td: texture_depth_2d;\n"
    "@group(1) @binding(3) var sc: sampler_comparison;\n";

template <typename T>
void shuffle(std::vector<T>& v, Rng& rng) {
  for (size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[rng.below(i)]);
}

}  // namespace

Scaffold::Scaffold(Program& p, Rng& rng, Stage stage) : p_(p), rng_(rng), stage_(stage) {
  p_.prelude =
      std::string(kCommonPrelude) + (stage == Stage::Compute ? kComputePrelude : kFragmentPrelude);
  using M = ModuleName;
  for (const char* n : {"ub", "ro", "t", "s", "td", "sc"})
    p_.moduleNames[n] = {M::ReadOnlyVariable};
  for (const char* n : {"rw", "ra", "pv", "wg", "wa"}) p_.moduleNames[n] = {M::NonReadOnlyVariable};
  for (const char* n : {"K", "O"}) p_.moduleNames[n] = {M::Value};
  if (stage == Stage::Compute) {
    params_ = {{"lid", "vec3<u32>", "local_invocation_id"},
               {"lidx", "u32", "local_invocation_index"},
               {"gid", "vec3<u32>", "global_invocation_id"},
               {"wid", "vec3<u32>", "workgroup_id"},
               {"nwg", "vec3<u32>", "num_workgroups"}};
  } else {
    params_ = {{"pos", "vec4<f32>", "position"},
               {"ff", "bool", "front_facing"},
               {"si", "u32", "sample_index"},
               {"sm", "u32", "sample_mask"}};
    Param loc{"loc", "u32"};
    loc.location = 0;
    params_.push_back(loc);
  }
}

std::string Scaffold::fresh(const std::string& prefix) {
  return prefix + std::to_string(names_++);
}

ExprP Scaffold::source() {
  auto m = [](ExprP e, const char* label) { return labeled(std::move(e), label); };
  std::vector<ExprP> menu = {
      m(lit(std::to_string(rng_.below(9)) + "u"), "literal"),
      m(ref("K"), "const"),
      m(ref("O"), "override"),
      m(member(ref("ub"), std::string(1, "xyzw"[rng_.below(4)])), "uniform buffer"),
      m(index(ref("ro"), lit(std::to_string(rng_.below(4)))), "storage buffer, read"),
      m(call("arrayLength", {unary("&", ref(rng_.chance(50) ? "rw" : "ro"))}), "arrayLength"),
      m(index(ref("rw"), lit(std::to_string(rng_.below(4)))), "storage buffer, read_write"),
      m(ref("pv"), "private variable"),
  };
  if (stage_ == Stage::Compute) {
    std::string c(1, "xyz"[rng_.below(3)]);
    menu.push_back(m(member(ref("wid"), c), "built-in workgroup_id"));
    menu.push_back(m(member(ref("nwg"), c), "built-in num_workgroups"));
    menu.push_back(m(member(ref("lid"), c), "built-in local_invocation_id"));
    menu.push_back(m(ref("lidx"), "built-in local_invocation_index"));
    menu.push_back(m(member(ref("gid"), c), "built-in global_invocation_id"));
    menu.push_back(m(ref("wg"), "workgroup variable"));
    menu.push_back(m(call("atomicLoad", {unary("&", ref("wa"))}), "workgroup atomic"));
  } else {
    menu.push_back(m(member(call("textureDimensions", {ref("t")}), "x"), "textureDimensions"));
    menu.push_back(m(call("u32", {member(ref("pos"), "x")}), "built-in position"));
    menu.push_back(m(call("u32", {ref("ff")}), "built-in front_facing"));
    menu.push_back(m(ref("si"), "built-in sample_index"));
    menu.push_back(m(ref("sm"), "built-in sample_mask"));
    if (userDefinedInput_) menu.push_back(m(ref("loc"), "user-defined input"));
  }
  shuffle(menu, rng_);
  return choose(p_, "source", std::move(menu), true);
}

ExprP Scaffold::helperSource() {
  auto m = [](ExprP e, const char* label) { return labeled(std::move(e), label); };
  std::vector<ExprP> menu = {
      m(lit(std::to_string(1 + rng_.below(8)) + "u"), "literal"),
      m(ref("K"), "const"),
      m(member(ref("ub"), std::string(1, "xyzw"[rng_.below(4)])), "uniform buffer"),
      m(index(ref("ro"), lit(std::to_string(rng_.below(4)))), "storage buffer, read"),
      m(index(ref("rw"), lit(std::to_string(rng_.below(4)))), "storage buffer, read_write"),
      m(ref("pv"), "private variable"),
      m(call("atomicLoad", {unary("&", ref("ra"))}), "storage atomic"),
  };
  shuffle(menu, rng_);
  return choose(p_, "helper source", std::move(menu), true);
}

StmtP Scaffold::sinkCall(const std::string& name) {
  if (name == "workgroupBarrier" || name == "storageBarrier") return callStmt(call(name, {}));
  if (name == "textureSample")
    return phony(call(name, {ref("t"), ref("s"), call("vec2<f32>", {lit("0.5")})}));
  if (name == "textureSampleBias")
    return phony(call(name, {ref("t"), ref("s"), call("vec2<f32>", {lit("0.5")}), lit("1.0")}));
  if (name == "textureSampleCompare")
    return phony(call(name, {ref("td"), ref("sc"), call("vec2<f32>", {lit("0.5")}), lit("0.5")}));
  return phony(call(name, {lit(std::to_string(1 + rng_.below(4)) + ".0")}));
}

StmtP Scaffold::sink() {
  std::vector<std::string> names;
  if (stage_ == Stage::Compute) {
    names = {"workgroupBarrier", "storageBarrier"};
  } else {
    names = {"dpdx",          "dpdxCoarse",        "dpdxFine",
             "dpdy",          "dpdyCoarse",        "dpdyFine",
             "fwidth",        "fwidthCoarse",      "fwidthFine",
             "textureSample", "textureSampleBias", "textureSampleCompare"};
  }
  std::vector<StmtP> menu;
  for (const std::string& n : names) menu.push_back(labeledStmt(sinkCall(n), n));
  shuffle(menu, rng_);
  return chooseStmt(p_, "sink", std::move(menu));
}

ExprP Scaffold::condition(ExprP v, Key key) {
  switch (rng_.below(4)) {
    case 0:
      return binary("==", std::move(v), lit(std::to_string(rng_.below(4)) + "u"), key);
    case 1:
      return binary(">", std::move(v), lit(std::to_string(rng_.below(4)) + "u"), key);
    case 2:
      return binary("!=", binary("&", std::move(v), lit("1u")), lit("0u"), key);
    default:
      return binary("<", lit(std::to_string(1 + rng_.below(4)) + "u"), std::move(v), key);
  }
}

std::string Scaffold::chain(std::vector<StmtP>& out, int links) {
  std::string prev = fresh("v");
  out.push_back(let(prev, source()));
  for (int i = 0; i < links; ++i) {
    // The link's source is a let of its own, so that the link's alternatives share its node.
    std::string name = fresh("v"), sname = fresh("s");
    out.push_back(let(sname, source()));
    ExprP src = ref(sname);
    ExprP p = ref(prev);
    std::vector<StmtP> menu = {
        labeledStmt(let(name, binary(rng_.chance(50) ? "+" : "|", p, src)), "let, binary operator"),
        labeledStmt(var(name, "u32", binary("^", src, p)), "var with initializer"),
        labeledStmt(let(name, call(rng_.chance(50) ? "max" : "min", {p, src})),
                    "built-in function"),
        labeledStmt(
            let(name, index(call("array<u32, 2>", {p, src}), lit(rng_.chance(50) ? "0" : "1"))),
            "index of a type constructor"),
        labeledStmt(let(name, member(call("vec2<u32>", {src, p}), rng_.chance(50) ? "x" : "y")),
                    "member of a type constructor"),
        labeledStmt(let(name, call("pass2", {p, src})),
                    "user function (parameters for the return value)"),
        labeledStmt(let(name, src), "restart from the source"),
        labeledStmt(let(name, call("select", {src, p, binary(">", p, src)})), "select"),
    };
    pass2_ = true;
    shuffle(menu, rng_);
    out.push_back(chooseStmt(p_, "link", std::move(menu)));
    prev = name;
  }
  return prev;
}

void Scaffold::helper(Function f) {
  helpers_.push_back(std::move(f));
}

void Scaffold::entry(std::vector<StmtP> body) {
  if (pass2_) {
    Function f{"pass2", "", {{"a", "u32"}, {"b", "u32"}}, "u32"};
    f.body = {returnStmt(binary("^", ref("a"), ref("b")))};
    p_.functions.push_back(std::move(f));
  }
  for (Function& f : helpers_) p_.functions.push_back(std::move(f));
  Function e{"main", stage_ == Stage::Compute ? "compute" : "fragment", params_};
  e.body = std::move(body);
  p_.functions.push_back(std::move(e));
}

}  // namespace plumb::gen::wgsl::uniformity
