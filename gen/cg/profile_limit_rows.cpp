// Rows limit.*, texture.lookup and interface.implementation (docs/gen.md "Family cg"): Cg
// programs on both sides of the profiles' limits on run-time values, of the texture lookups a
// profile has, and of the seed's interfaces, each with the family's own reading.
//
// The reading comes from the facts below, each from a profile's or a function's page of the
// Cg 3.1 reference manual (or the instruction set the profile compiles to), and from the
// program's own construction (which value a loop bound or a subscript is made of) — never from
// Plumb's profile table or its run-time-value analysis (checker/cg/profile_limits.cpp), which
// the derivation (cg_derive.cpp) then has to agree with.
#include <string>
#include <vector>

#include "gen/cg/cg_rows.h"

namespace plumb::gen::cg {
namespace {

// What a profile's page says, as the rows need it.
struct LimitFacts {
  const char* name;
  bool vertex;
  // "Data-dependent loops are not allowed; all loops must be unrollable" (arbvp1, arbfp1,
  // vs_2_0, ps_2_0 pages).
  bool unrolls;
  // Relative addressing: 0 any array (gp4: "Relative indexing of uniform arrays is
  // supported", and of the others), 1 none (arbfp1, ps_2_0: "Relative indexing of uniform
  // arrays is not supported"), 2 uniform arrays only (arbvp1, vs_2_0, vp40: "Relative indexing
  // of uniform arrays is supported"; vs_3_0, whose page copies ps_3_0's sentence, compiles
  // to Direct3D 9's vertex shader 3.0, whose a0 register addresses the constant registers), 3
  // the texture coordinate inputs by a loop's counter (fp40: NV_fragment_program2's relative
  // addressing of fragment attributes by the loop index), 4 the varying inputs by a loop's
  // counter (ps_3_0: pixel shader 3.0's aL on the input registers).
  int addressing;
  // Integer instructions (the gp4 pages: NV_gpu_program4's integer operations; the others
  // treat int as float).
  bool integers;
  // A loop that is not unrolled counts in an integer loop register from 0 to 255 (Direct3D 9
  // shader model 3's `loop aL, i#`: vs_3_0, ps_3_0).
  bool loopRegister;
  // Texture lookups: "supported in all fragment profiles and all vertex profiles starting with
  // vp40" (tex2D, tex3D, texCUBE pages; arbvp1 and vs_2_0 have none).
  bool lookups;
  // The level-of-detail forms: "supported in fragment profiles starting with fp40 and in
  // vertex profiles starting with vp40" (tex2Dlod page).
  bool lodLookups;
  // The explicit-derivative forms (`tex2D(s, uv, dx, dy)`): the fragment profiles with
  // derivatives (the ddx page: not arbfp1; ps_2_0 has no gradient instruction) and the vertex
  // profiles from gp4 on, whose lookups take a level from derivatives; not vp40 and vs_3_0,
  // whose vertex lookups take an explicit level only (docs/ambiguities.md CG-P19).
  bool derivativeLookups;
};
constexpr LimitFacts kLimitProfiles[] = {
    {"arbfp1", false, true, 1, false, false, true, false, false},
    {"ps_2_0", false, true, 1, false, false, true, false, false},
    {"fp40", false, false, 3, false, false, true, true, true},
    {"ps_3_0", false, false, 4, false, true, true, true, true},
    {"gp4fp", false, false, 0, true, false, true, true, true},
    {"arbvp1", true, true, 2, false, false, false, false, false},
    {"vs_2_0", true, true, 2, false, false, false, false, false},
    {"vp40", true, false, 2, false, false, true, true, false},
    {"vs_3_0", true, false, 2, false, true, true, true, false},
    {"gp4vp", true, false, 0, true, false, true, true, true},
};
constexpr int kLimitProfileCount =
    static_cast<int>(sizeof kLimitProfiles / sizeof kLimitProfiles[0]);

const std::vector<std::string> kAcceptVerdicts = {"accept", "warn"};

// The program's input, output and the value its loops accumulate, by stage.
struct StageText {
  std::string input, output, base, term;
};
StageText stageText(bool vertex) {
  if (vertex) return {"float4 p : POSITION", "POSITION", "p", "p"};
  return {"float2 uv : TEXCOORD0", "COLOR", "0", "uv.x"};
}

CgProgram limitProgram(const std::string& row, const LimitFacts& f, const std::string& rule,
                       const std::string& source, bool reject, const std::string& why) {
  CgProgram p;
  p.rowId = row;
  p.rule = rule;
  p.profile = p.plumbProfile = f.name;
  p.source = source;
  p.reading.verdicts = reject ? std::vector<std::string>{"reject"} : kAcceptVerdicts;
  p.reading.why = why;
  return p;
}

// ------------------------------------------------------------------- limit.loop-unroll

// Where a loop's bound comes from: a literal, a static const global, a uniform global, a
// uniform parameter, a varying input, a local reassigned a constant after a varying input, a
// helper's parameter that the entry passes a uniform to.
constexpr int kBoundSources = 7;
bool boundIsRunTime(int b) {
  return b == 2 || b == 3 || b == 4 || b == 6;
}
constexpr int kCounterStarts[] = {0, 1, -2, 256};

bool loopRejects(const LimitFacts& f, int bound, int start, bool intCounter) {
  const bool rt = boundIsRunTime(bound);
  if (f.unrolls && rt) return true;
  const int s = kCounterStarts[start];
  return f.loopRegister && rt && intCounter && (s < 0 || s > 255);
}

CgDraft loopDraft(SolverSession& session, Rng& rng) {
  CgDraft d;
  // profile, bound source, counter start, counter type (0 int, 1 float), other profile.
  const std::vector<int> sizes = {kLimitProfileCount, kBoundSources, 4, 2, kLimitProfileCount};
  const bool wantReject = rng.below(2);
  std::vector<int> c = solveTableChoice(
      session, rng, sizes,
      [wantReject](const std::vector<int>& t) {
        const LimitFacts &f = kLimitProfiles[t[0]], &g = kLimitProfiles[t[4]];
        if (loopRejects(f, t[1], t[2], t[3] == 0) != wantReject) return false;
        // Both sides: the same program under another profile of the stage is judged otherwise.
        return f.vertex == g.vertex && t[0] != t[4] &&
               loopRejects(f, t[1], t[2], t[3] == 0) != loopRejects(g, t[1], t[2], t[3] == 0);
      },
      d.failure);
  if (c.empty()) return d;
  const LimitFacts& f = kLimitProfiles[c[0]];
  const StageText st = stageText(f.vertex);
  const std::string counter = c[3] == 0 ? "int" : "float";
  const std::string start = std::to_string(kCounterStarts[c[2]]);
  const std::string varying = f.vertex ? "p.w" : "uv.y";
  std::string globals, params, locals, bound;
  switch (c[1]) {
    case 0:
      bound = "4";
      break;
    case 1:
      globals = "static const float kCount = 4;\n";
      bound = "kCount";
      break;
    case 2:
      globals = "uniform float n;\n";
      bound = "n";
      break;
    case 3:
      params = ", uniform float n";
      bound = "n";
      break;
    case 4:
      bound = varying;
      break;
    case 5:
      locals = "  float m = " + varying + ";\n  m = 4;\n";
      bound = "m";
      break;
    default:
      params = ", uniform float n";
      bound = "n";
      break;
  }
  const std::string loop = "for (" + counter + " i = " + start + "; i < " + start + " + " +
                           (c[1] == 6 ? "count" : bound) + "; i++) s += ";
  std::string src = globals;
  if (c[1] == 6)
    src += "float4 accumulate(float4 x, float count) {\n  float4 s = 0;\n  " + loop +
           "x;\n  return s;\n}\n";
  src += "float4 main(" + st.input + params + ") : " + st.output + " {\n" + locals;
  if (c[1] == 6) {
    src += "  return accumulate(" + st.term + ", n);\n}\n";
  } else {
    src += "  float4 s = " + st.base + ";\n  " + loop + st.term + ";\n  return s;\n}\n";
  }
  const bool reject = loopRejects(f, c[1], c[2], c[3] == 0);
  static const char* const kSourceNames[] = {"a literal",
                                             "a static const global",
                                             "a uniform global",
                                             "a uniform parameter",
                                             "a varying input",
                                             "a local reassigned a constant",
                                             "a helper's parameter given a uniform"};
  d.program = limitProgram(kLimitLoop, f,
                           "Profiles: loops that must unroll; the loop register (CG-P10, CG-P15)",
                           src, reject,
                           std::string("the bound is ") + kSourceNames[c[1]] +
                               (boundIsRunTime(c[1]) ? " (run-time)" : " (compile-time)") + ", " +
                               counter + " counter from " + start + "; " + f.name +
                               (f.unrolls        ? " unrolls every loop"
                                : f.loopRegister ? " counts in aL, 0-255"
                                                 : " loops") +
                               "; under " + kLimitProfiles[c[4]].name + " the other verdict");
  d.program.derivation = {{"bound", kSourceNames[c[1]]},
                          {"start", kCounterStarts[c[2]]},
                          {"counter", counter},
                          {"other_profile", kLimitProfiles[c[4]].name}};
  return d;
}

// -------------------------------------------------------------- limit.run-time-subscript

// The indexed storage: a uniform global array, a uniform matrix parameter, a const local
// array, a static const global array, a varying input array (TEXCOORD0..), a varying input
// array (COLOR0, COLOR1; fragment programs), a uniform vector.
constexpr int kArrayKinds = 7;
// The subscript: a literal, a uniform int, the counter of a loop of 2, the counter of a loop
// bound by the uniform, that counter plus 1.
constexpr int kSubscripts = 5;
bool subscriptIsRunTime(int s) {
  return s == 1 || s == 3 || s == 4;
}
bool subscriptIsCounter(int s) {
  return s == 3 || s == 4;
}

bool subscriptRejects(const LimitFacts& f, int kind, int sub) {
  if (f.unrolls && subscriptIsCounter(sub)) return true;    // the loop itself cannot unroll
  if (!subscriptIsRunTime(sub) || kind == 6) return false;  // a vector's subscript: a select
  switch (f.addressing) {
    case 0:
      return false;
    case 1:
      return true;
    case 2:
      return kind == 2 || kind == 3 || kind == 4 || kind == 5;
    case 3:
      return !(kind == 4 && subscriptIsCounter(sub));
    default:
      return !((kind == 4 || kind == 5) && subscriptIsCounter(sub));
  }
}

CgDraft subscriptDraft(SolverSession& session, Rng& rng) {
  CgDraft d;
  const std::vector<int> sizes = {kLimitProfileCount, kArrayKinds, kSubscripts, kLimitProfileCount};
  const bool wantReject = rng.below(2);
  std::vector<int> c = solveTableChoice(
      session, rng, sizes,
      [wantReject](const std::vector<int>& t) {
        const LimitFacts &f = kLimitProfiles[t[0]], &g = kLimitProfiles[t[3]];
        if (f.vertex && t[1] == 5) return false;
        if (subscriptRejects(f, t[1], t[2]) != wantReject)
          return false;  // COLOR0 arrays: fragment inputs only
        return f.vertex == g.vertex && t[0] != t[3] &&
               subscriptRejects(f, t[1], t[2]) != subscriptRejects(g, t[1], t[2]);
      },
      d.failure);
  if (c.empty()) return d;
  const LimitFacts& f = kLimitProfiles[c[0]];
  const StageText st = stageText(f.vertex);
  const std::string values = "{float4(1, 2, 3, 4), float4(5, 6, 7, 8), float4(9, 10, 11, 12)}";
  std::string globals, params = ", uniform int k", locals, array;
  switch (c[1]) {
    case 0:
      globals = "uniform float4 arr[3];\n";
      array = "arr";
      break;
    case 1:
      params += ", uniform float4x4 m";
      array = "m";
      break;
    case 2:
      locals = "  const float4 arr[3] = " + values + ";\n";
      array = "arr";
      break;
    case 3:
      globals = "static const float4 arr[3] = " + values + ";\n";
      array = "arr";
      break;
    case 4:
      params += ", float4 tc[3] : TEXCOORD1";
      array = "tc";
      break;
    case 5:
      params += ", float4 col[2] : COLOR0";
      array = "col";
      break;
    default:
      params += ", uniform float4 v";
      array = "v";
      break;
  }
  std::string body;
  switch (c[2]) {
    case 0:
      body = "  s += " + array + "[1];\n";
      break;
    case 1:
      body = "  s += " + array + "[k];\n";
      break;
    case 2:
      body = "  for (int i = 0; i < 2; i++) s += " + array + "[i];\n";
      break;
    case 3:
      body = "  for (int i = 0; i < k; i++) s += " + array + "[i];\n";
      break;
    default:
      body = "  for (int i = 0; i < k; i++) s += " + array + "[i + 1];\n";
      break;
  }
  const std::string src = globals + "float4 main(" + st.input + params + ") : " + st.output +
                          " {\n" + locals + "  float4 s = " + st.base + ";\n" + body +
                          "  return s;\n}\n";
  static const char* const kKindNames[] = {"a uniform array",        "a uniform matrix",
                                           "a const local array",    "a static const array",
                                           "a TEXCOORD input array", "a COLOR input array",
                                           "a uniform vector"};
  static const char* const kSubNames[] = {"a literal", "a uniform", "an unrolled loop's counter",
                                          "a loop's counter", "a loop's counter plus 1"};
  d.program = limitProgram(
      kLimitSubscript, f,
      "Profiles: relative addressing of arrays (CG-P11, CG-P13, CG-P14; CG-P10 for the loop)", src,
      subscriptRejects(f, c[1], c[2]),
      std::string(kKindNames[c[1]]) + " subscripted by " + kSubNames[c[2]] + " in " + f.name +
          "; under " + kLimitProfiles[c[3]].name + " the other verdict");
  d.program.derivation = {{"storage", kKindNames[c[1]]},
                          {"subscript", kSubNames[c[2]]},
                          {"other_profile", kLimitProfiles[c[3]].name}};
  return d;
}

// ------------------------------------------------------------- limit.integer-operator

constexpr const char* kIntegerOperators[] = {"|", "&", "^", "<<", ">>", "~"};
// The operand: a literal, a const local, a uniform int, a varying input cast to int, a local
// reassigned a constant after a varying input.
constexpr int kOperandSources = 5;
bool operandIsRunTime(int o) {
  return o == 2 || o == 3;
}

CgDraft integerDraft(SolverSession& session, Rng& rng) {
  CgDraft d;
  const std::vector<int> sizes = {kLimitProfileCount, 6, kOperandSources, kLimitProfileCount};
  const bool wantReject = rng.below(2);
  std::vector<int> c = solveTableChoice(
      session, rng, sizes,
      [wantReject](const std::vector<int>& t) {
        const LimitFacts &f = kLimitProfiles[t[0]], &g = kLimitProfiles[t[3]];
        const bool rt = operandIsRunTime(t[2]);
        if ((rt && !f.integers) != wantReject) return false;
        return f.vertex == g.vertex && t[0] != t[3] && (rt && !f.integers) != (rt && !g.integers);
      },
      d.failure);
  if (c.empty()) return d;
  const LimitFacts& f = kLimitProfiles[c[0]];
  const StageText st = stageText(f.vertex);
  const std::string varying = f.vertex ? "p.x" : "uv.x";
  std::string params, decl;
  switch (c[2]) {
    case 0:
      decl = "  int q = 6;\n";
      break;
    case 1:
      decl = "  const int q = 6;\n";
      break;
    case 2:
      params = ", uniform int u";
      decl = "  int q = u;\n";
      break;
    case 3:
      decl = "  int q = (int)" + varying + ";\n";
      break;
    default:
      decl = "  int q = (int)" + varying + ";\n  q = 6;\n";
      break;
  }
  const std::string op = kIntegerOperators[c[1]];
  const std::string expr = op == "~" ? "~q" : "q " + op + " 3";
  const std::string src = "float4 main(" + st.input + params + ") : " + st.output + " {\n" + decl +
                          "  int r = " + expr + ";\n  return " + st.base +
                          " + float4(r, 0, 0, 1);\n}\n";
  static const char* const kOperandNames[] = {"a literal", "a const local", "a uniform",
                                              "a varying input", "a local reassigned a constant"};
  const bool rt = operandIsRunTime(c[2]);
  d.program = limitProgram(kLimitInteger, f, "Profiles: integer instructions (CG-P12)", src,
                           rt && !f.integers,
                           "'" + op + "' on " + kOperandNames[c[2]] + " in " + f.name +
                               (f.integers ? " (integer instructions)" : " (int as float)") +
                               "; under " + kLimitProfiles[c[3]].name + " the other verdict");
  d.program.derivation = {{"operator", op},
                          {"operand", kOperandNames[c[2]]},
                          {"other_profile", kLimitProfiles[c[3]].name}};
  return d;
}

// ------------------------------------------------------------------- texture.lookup

// The lookup families and their samplers; the coordinate of each form.
struct LookupFacts {
  const char* function;  // tex2D
  const char* sampler;   // sampler2D
  const char* plain;     // the coordinate of texND(s, c)
  const char* proj;      // of texNDproj
  const char* derivatives;  // the coordinate, dx and dy of texND(s, c, dx, dy)
};
constexpr LookupFacts kLookups[] = {
    {"tex1D", "sampler1D", "t.x", "t.xy", "t.x, t.y, t.z"},
    {"tex2D", "sampler2D", "t.xy", "t", "t.xy, t.zw, t.zw"},
    {"tex3D", "sampler3D", "t.xyz", "t", "t.xyz, t.xyz, t.yzw"},
    {"texCUBE", "samplerCUBE", "t.xyz", "t", "t.xyz, t.xyz, t.yzw"},
    {"texRECT", "samplerRECT", "t.xy", "t.xyz", "t.xy, t.zw, t.zw"},
};
constexpr int kLookupCount = static_cast<int>(sizeof kLookups / sizeof kLookups[0]);

bool lookupRejects(const LimitFacts& f, int function, int sampler, int form) {
  if (function != sampler) return true;  // the synopsis: texND takes samplerND
  if (!f.lookups) return true;
  return (form == 2 && !f.lodLookups) || (form == 3 && !f.derivativeLookups);
}

CgDraft textureDraft(SolverSession& session, Rng& rng) {
  CgDraft d;
  // profile, function, sampler type, form (plain, proj, lod, explicit derivatives), other
  // profile.
  const std::vector<int> sizes = {kLimitProfileCount, kLookupCount, kLookupCount, 4,
                                  kLimitProfileCount};
  const bool wantReject = rng.below(2);
  std::vector<int> c = solveTableChoice(
      session, rng, sizes,
      [wantReject](const std::vector<int>& t) {
        const LimitFacts &f = kLimitProfiles[t[0]], &g = kLimitProfiles[t[4]];
        if (f.vertex != g.vertex || t[0] == t[4]) return false;
        if (lookupRejects(f, t[1], t[2], t[3]) != wantReject) return false;
        // texRECT has no level-of-detail page in the 3.1 manual.
        if (t[3] == 2 && t[1] == 4) return false;
        const bool here = lookupRejects(f, t[1], t[2], t[3]);
        const bool there = lookupRejects(g, t[1], t[2], t[3]);
        // Where the profile decides; and a sampler of the neighbouring type (rejected
        // everywhere) in the plain form.
        return here != there || (t[2] == (t[1] + 1) % kLookupCount && t[3] == 0);
      },
      d.failure);
  if (c.empty()) return d;
  const LimitFacts& f = kLimitProfiles[c[0]];
  const StageText st = stageText(f.vertex);
  const LookupFacts& l = kLookups[c[1]];
  static const char* const kForms[] = {"", "proj", "lod", ""};
  const std::string call = std::string(l.function) + kForms[c[3]] + "(s, " +
                           (c[3] == 0   ? l.plain
                            : c[3] == 1 ? l.proj
                            : c[3] == 2 ? "t"
                                        : l.derivatives) +
                           ")";
  const std::string src = std::string("uniform ") + kLookups[c[2]].sampler + " s;\n" +
                          "float4 main(float4 t : TEXCOORD0" + (f.vertex ? ", " + st.input : "") +
                          ") : " + st.output + " {\n  return " + call + (f.vertex ? " + p" : "") +
                          ";\n}\n";
  d.program = limitProgram(
      kTextureLookup, f, "Standard library: texture lookups by sampler type and profile", src,
      lookupRejects(f, c[1], c[2], c[3]),
      call + " on a " + kLookups[c[2]].sampler + " in " + f.name + "; under " +
          kLimitProfiles[c[4]].name + (c[1] == c[2] ? " the other verdict" : " also rejected"));
  d.program.derivation = {
      {"function", std::string(l.function) + kForms[c[3]] + (c[3] == 3 ? " (derivatives)" : "")},
      {"sampler", kLookups[c[2]].sampler},
      {"other_profile", kLimitProfiles[c[4]].name}};
  return d;
}

// ------------------------------------------------------------ interface.implementation

// How the structure implements the interface: exactly; without the member function; with
// another return type; with another parameter type; without declaring the interface (the
// member function present). How the program uses it: an interface local initialised from the
// structure; a parameter of interface type; a call through the interface of a member function
// the interface does not declare; a call with one argument too many.
constexpr int kImplementations = 5;
constexpr int kUses = 4;

CgDraft interfaceDraft(SolverSession& session, Rng& rng) {
  CgDraft d;
  // Half the slots a program the seed accepts (the one implementation, used through the
  // interface as a local or a parameter), half one it rejects.
  const bool wantReject = rng.below(2);
  std::vector<int> c = solveTableChoice(
      session, rng, {kImplementations, kUses},
      [wantReject](const std::vector<int>& t) { return (t[0] != 0 || t[1] >= 2) == wantReject; },
      d.failure);
  if (c.empty()) return d;
  const int impl = c[0], use = c[1];
  std::string method = "  float3 illuminate(float3 p) { return c * p; }\n";
  if (impl == 1) method.clear();
  if (impl == 2) method = "  float4 illuminate(float3 p) { return float4(c * p, 1); }\n";
  if (impl == 3) method = "  float3 illuminate(float2 p) { return c * p.x; }\n";
  std::string src = "interface Light {\n  float3 illuminate(float3 p);\n};\n";
  src += std::string("struct Lamp") + (impl == 4 ? "" : " : Light") + " {\n  float3 c;\n" + method +
         "  float3 tint() { return c; }\n};\n";
  std::string body = "  Lamp q;\n  q.c = p;\n";
  if (use == 1) {
    src += "float3 shade(Light l, float3 p) { return l.illuminate(p); }\n";
    body += "  return float4(shade(q, p), 1);\n";
  } else {
    body += "  Light l = q;\n";
    body += use == 0   ? "  return float4(l.illuminate(p), 1);\n"
            : use == 2 ? "  return float4(l.tint(), 1);\n"
                       : "  return float4(l.illuminate(p, p), 1);\n";
  }
  src += "float4 main(float3 p : TEXCOORD0) : COLOR {\n" + body + "}\n";
  // Seed "Struct and Interface types": a structure that inherits an interface "must define an
  // implementation member function for every member function declared in the interface type"
  // (C++'s reading: the same signature); an interface "may only declare member functions", so
  // a call through it reaches only those, with their parameters. A structure that does not
  // inherit the interface is not one of its implementations: the seed has no conversion to an
  // interface type other than inheritance (silent; cgc and C++ reject it).
  const bool reject = impl != 0 || use >= 2;
  CgProgram& p = d.program;
  p.rowId = kInterfaceImplementation;
  p.rule = "Struct and Interface types: implementing an interface, calls through it";
  p.profile = p.plumbProfile = "fp40";
  p.source = src;
  p.reading.verdicts = reject ? std::vector<std::string>{"reject"} : kAcceptVerdicts;
  p.reading.silent = impl == 4 && use < 2;
  static const char* const kImplNames[] = {"implements it", "lacks the member function",
                                           "returns another type", "takes another parameter type",
                                           "does not inherit the interface"};
  static const char* const kUseNames[] = {"an interface local", "an interface parameter",
                                          "a call of a function the interface lacks",
                                          "a call with an extra argument"};
  p.reading.why =
      std::string("the structure ") + kImplNames[impl] + "; used through " + kUseNames[use];
  p.derivation = {{"implementation", kImplNames[impl]}, {"use", kUseNames[use]}};
  return d;
}

}  // namespace

CgDraft limitRowDraft(const std::string& row, SolverSession& session, Rng& rng) {
  if (row == kLimitLoop) return loopDraft(session, rng);
  if (row == kLimitSubscript) return subscriptDraft(session, rng);
  if (row == kLimitInteger) return integerDraft(session, rng);
  if (row == kTextureLookup) return textureDraft(session, rng);
  return interfaceDraft(session, rng);
}

}  // namespace plumb::gen::cg
