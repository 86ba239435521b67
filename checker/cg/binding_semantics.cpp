// The program: its entry function, inputs and outputs, binding semantics (seed "How Programs
// Receive and Return Data", "Binding Semantics", "Aliasing of Semantics", Tables 10 and 11) and
// the profile restrictions on what it reaches (seed "Profiles").
#include <algorithm>
#include <cctype>
#include <functional>

#include "checker/cg/checker_state.h"
#include "checker/cg/profile_limits.h"

namespace plumb::cg {

namespace {

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// The name an output semantic aliases under: COLOR0 is "Same as COLOR" (Table 11), HPOS is
// POSITION "for backward compatibility" (seed "Mandatory Computation of Position Output").
std::string canonicalOutput(const std::string& semantic) {
  std::string s = upper(semantic);
  if (s == "COLOR0") return "COLOR";
  if (s == "HPOS" || s == "POSITION0") return "POSITION";
  if (s == "DEPTH0") return "DEPTH";
  // A semantic without its index is index 0: cgc 3.1 binds `TEXCOORD` to TEX0 and reports
  // `TEXCOORD` beside `TEXCOORD0` as two bindings of one output (C5121); the seed's tables list
  // the indexed names only (docs/ambiguities.md C28).
  if (s == "TEXCOORD") return "TEXCOORD0";
  return s;
}

}  // namespace

void Checker::checkEntry() {
  auto it = functionsByName_.find(options_.entry);
  std::vector<int> found;
  if (it != functionsByName_.end())
    for (int i : it->second)
      if (result_.functions[static_cast<size_t>(i)].ownerStruct < 0) found.push_back(i);
  if (found.empty()) {
    error(Span{0, 0}, "there is no function '" + options_.entry + "' to compile as the program",
          rules::kPrograms);
    return;
  }
  // The overloads of the name that the profile keeps (seed "Overloading of Functions by
  // Profile": the most specific profile version).
  int bestRank = -1;
  std::vector<int> best;
  for (int i : found) {
    const FunctionSignature& f = result_.functions[static_cast<size_t>(i)];
    int rank = 0;
    if (!f.profiles.empty()) {
      rank = -1;
      for (const auto& p : f.profiles) rank = std::max(rank, profileMatch(p, *profile_));
    }
    if (rank > bestRank) {
      bestRank = rank;
      best = {i};
    } else if (rank == bestRank) {
      best.push_back(i);
    }
  }
  if (bestRank < 0) {
    error(program_.functions[static_cast<size_t>(found[0])].nameSpan,
          "'" + options_.entry + "' is declared only for other profiles than " + profile_->name,
          rules::kProfileOverloading);
    return;
  }
  if (best.size() != 1) {
    error(
        program_.functions[static_cast<size_t>(best[1])].nameSpan,
        "the program '" + options_.entry + "' is overloaded: which one is the program is ambiguous",
        rules::kPrograms);
    return;
  }
  const FunctionSignature& sig = result_.functions[static_cast<size_t>(best[0])];
  int index = sig.declaration >= 0 ? sig.declaration : best[0];
  FunctionDecl& f = program_.functions[static_cast<size_t>(index)];
  if (!f.hasBody) {
    error(f.nameSpan, "the program '" + f.name + "' is declared but not defined", rules::kPrograms);
    return;
  }
  if (f.specifiers.isStatic) {
    // Seed "Function Declarations": static functions "may not be compiled as a program".
    error(f.nameSpan, "a static function cannot be compiled as a program", rules::kFunctionDecls);
    return;
  }
  result_.entry = index;
  // Profile options written as modifiers (`TRIANGLE void main`, `gp5tep QUADS PATCH_4 void
  // main`): options of the compilation profile ("Profile Options" of its page).
  // A geometry program names its input primitive (gp4gp page, "POINT ... The entry function
  // inputs point primitives"; gp5gp adds PATCH_1 .. PATCH_32): cgc's C6022 "No input primitive
  // type" without one.
  if (profile_->stage == Stage::Geometry) {
    const auto& mods = f.specifiers.profiles;
    bool input = std::any_of(mods.begin(), mods.end(), [](const std::string& m) {
      return m == "POINT" || m == "LINE" || m == "LINE_ADJ" || m == "TRIANGLE" ||
             m == "TRIANGLE_ADJ" || m.rfind("PATCH_", 0) == 0;
    });
    if (!input)
      error(f.nameSpan,
            "the geometry program '" + f.name +
                "' names no input primitive (POINT, LINE, LINE_ADJ, TRIANGLE or TRIANGLE_ADJ "
                "before it: profile " +
                profile_->name + ")",
            rules::kProfiles);
  }
  for (size_t k = 0; k < f.specifiers.profiles.size(); ++k) {
    const std::string& m = f.specifiers.profiles[k];
    if (!isProfileModifier(m)) continue;
    if (std::find(profile_->modifiers.begin(), profile_->modifiers.end(), m) ==
        profile_->modifiers.end())
      // Nothing says another profile's option is an error; cgc 3.1 ignores it.
      warning(f.specifiers.profileSpans[k],
              "'" + m + "' is not a profile option of " + stageName(profile_->stage) + " profile " +
                  profile_->name + " (ignored)",
              rules::kProfiles);
  }

  // Flattens a structure into its members (connectors, seed "Using a Structure to Define
  // Binding Semantics"): each member with its own semantic, or the enclosing one.
  std::function<void(std::vector<ProgramVariable>&, const std::string&, const TypeP&,
                     const std::string&, Span, bool)>
      add = [&](std::vector<ProgramVariable>& list, const std::string& name, const TypeP& t,
                const std::string& semantic, Span span, bool uniform) {
        if (t && t->kind == TypeKind::Struct && semantic.empty() && t->structIndex >= 0) {
          for (const auto& m : program_.structs[static_cast<size_t>(t->structIndex)].members)
            if (m.function < 0)
              for (const auto& d : m.field.declarators)
                add(list, name + "." + d.name, d.declaredType, d.semantic.name, d.span, uniform);
          return;
        }
        list.push_back({name, t, uniform, semantic, span});
      };

  for (Parameter& p : f.parameters) {
    const Specifiers& s = p.specifiers;
    ParameterDirection dir = s.inout || (s.in && s.out) ? ParameterDirection::InOut
                             : s.out                    ? ParameterDirection::Out
                                                        : ParameterDirection::In;
    const std::string name = p.declarator.name.empty() ? "<unnamed>" : p.declarator.name;
    if (p.declarator.initializer && !s.uniform)
      error(p.declarator.initializer->span,
            "a default value on a varying parameter of the program (only uniform parameters of "
            "the top-level function may have one)",
            rules::kParameters);
    if (dir != ParameterDirection::In && s.uniform)
      error(p.span, "an out parameter of the program must be varying, not uniform",
            rules::kPrograms);
    if (dir != ParameterDirection::Out)
      add(result_.inputs, name, p.declarator.declaredType, p.declarator.semantic.name, p.span,
          s.uniform);
    if (dir != ParameterDirection::In)
      add(result_.outputs, name, p.declarator.declaredType, p.declarator.semantic.name, p.span,
          false);
  }
  if (sig.result && sig.result->kind != TypeKind::Void)
    add(result_.outputs, "<return>", sig.result, f.semantic.name, f.nameSpan, false);
  // Global variables: the uniform ones are uniform inputs (Plumb lists every one, referenced or
  // not); varying globals are inputs unless `out`, outputs when `out` or `inout`.
  for (const auto& g : result_.globals) {
    const VariableDecl& v = program_.globals[static_cast<size_t>(g.decl)];
    const Declarator& d = v.declarators[static_cast<size_t>(g.declarator)];
    if (v.specifiers.isStatic) continue;
    if (g.uniform) {
      add(result_.inputs, d.name, g.type, d.semantic.name, d.span, true);
      continue;
    }
    if (!v.specifiers.out || v.specifiers.inout || v.specifiers.in)
      add(result_.inputs, d.name, g.type, d.semantic.name, d.span, false);
    if (v.specifiers.out || v.specifiers.inout)
      add(result_.outputs, d.name, g.type, d.semantic.name, d.span, false);
  }

  // Output binding semantics: Table 10 (vertex) or 11 (fragment) and the profile's additions;
  // a geometry or tessellation program's are its profile's only ("Output Semantics" of its page
  // of the reference manual: the seed has no such stages).
  if (!profile_->anyOutputSemantic && profile_->stage != Stage::Generic) {
    const Stage stage = profile_->stage;
    const bool vertex = stage == Stage::Vertex;
    const bool seedStage = vertex || stage == Stage::Fragment;
    std::vector<std::string> allowed = stage == Stage::Fragment
                                           ? std::vector<std::string>{"COLOR", "COLOR0", "DEPTH"}
                                           : std::vector<std::string>{"POSITION", "PSIZE"};
    allowed.insert(allowed.end(), profile_->extraOutputs.begin(), profile_->extraOutputs.end());
    bool position = false;
    for (const auto& o : result_.outputs) {
      if (o.semantic.empty()) continue;
      std::string u = upper(o.semantic);
      if (canonicalOutput(u) == "POSITION") position = true;
      if (std::find(allowed.begin(), allowed.end(), u) == allowed.end() &&
          std::find(allowed.begin(), allowed.end(), canonicalOutput(u)) == allowed.end())
        error(o.span,
              "'" + o.semantic + "' (output " + o.name + ") is not an output binding semantic of " +
                  stageName(stage) + " profile " + profile_->name +
                  (seedStage ? std::string(" (Table ") + (vertex ? "10" : "11") +
                                   " and the profile's additions)"
                             : std::string(" (the profile's \"Output Semantics\")")),
              vertex                     ? rules::kVertexOutputs
              : stage == Stage::Fragment ? rules::kFragmentOutputs
                                         : rules::kProfiles);
    }
    if (vertex && !position)
      warning(f.nameSpan,
              "the vertex program has no POSITION output (seed \"Mandatory Computation of Position "
              "Output\": profiles may require one)",
              rules::kVertexOutputs);
  }
  checkStageInputs(f);
  // The profile's varying input semantics (its page of the manual; the seed defers them to the
  // profile, "Binding Semantics"): texture coordinate sets 0 .. n-1 (CG-P9).
  if (profile_->textureCoordinateSets > 0)
    for (const auto& in : result_.inputs) {
      if (in.uniform) continue;
      std::string u = upper(in.semantic);
      size_t digits = u.rfind("TEXCOORD", 0) == 0 ? 8 : u.rfind("TEX", 0) == 0 ? 3 : 0;
      if (digits == 0 || digits >= u.size() ||
          !std::all_of(u.begin() + static_cast<long>(digits), u.end(),
                       [](char c) { return c >= '0' && c <= '9'; }))
        continue;
      if (u.size() - digits > 3 || std::stoi(u.substr(digits)) >= profile_->textureCoordinateSets)
        error(in.span,
              "'" + in.semantic + "' (input " + in.name + "): fragment profile " + profile_->name +
                  " has the texture coordinate sets 0-" +
                  std::to_string(profile_->textureCoordinateSets - 1) +
                  " (the profile's varying input semantics)",
              rules::kSemantics);
    }
  // Seed "Aliasing of Semantics": "Output aliasing is illegal"; Plumb detects it.
  std::map<std::string, const ProgramVariable*> seen;
  for (const auto& o : result_.outputs) {
    if (o.semantic.empty()) continue;
    std::string key = canonicalOutput(o.semantic);
    auto [pos, fresh] = seen.emplace(key, &o);
    if (!fresh)
      error(o.span,
            "outputs " + pos->second->name + " and " + o.name +
                " alias the output binding semantic " + key,
            rules::kAliasing);
  }
}

// AttribArray inputs are a geometry or tessellation program's: "varying parameters with vertex
// attribute input semantics must be declared with the AttribArray template-style syntax" (gp4gp
// and gp5tep pages of the Cg 3.1 reference manual). Plumb does not require them there: cgc 3.1
// accepts a plain varying input in those stages and NVIDIA's quad_tri_bezier.cg has one
// (docs/ambiguities.md CG-P2); in the other stages an AttribArray input is an error (cgc: C5108).
void Checker::checkStageInputs(const FunctionDecl& f) {
  if (profile_->attribArrayInputs || profile_->stage == Stage::Generic) return;
  for (const Parameter& p : f.parameters) {
    const Specifiers& s = p.specifiers;
    if (s.uniform || (s.out && !s.in && !s.inout) || !p.type.attribArray) continue;
    error(p.span,
          "AttribArray input '" + p.declarator.name + "' in a " + stageName(profile_->stage) +
              " program (profile " + profile_->name +
              "): only geometry and tessellation programs receive attribute arrays",
          rules::kProfiles);
  }
}

std::set<int> Checker::reachedFrom(const std::vector<int>& roots) const {
  std::vector<int> work = roots;
  std::set<int> seen(roots.begin(), roots.end());
  while (!work.empty()) {
    int f = work.back();
    work.pop_back();
    for (int g : calls_[static_cast<size_t>(f)])
      if (seen.insert(g).second) work.push_back(g);
  }
  return seen;
}

void Checker::errorInFunctionBody(Span span, const std::string& message, const char* rule,
                                  Deferral kind) {
  if (kind == Deferral::UnresolvedName && deadBranchDepth_ > 0 &&
      options_.dialect.allows(CgcExtension::UnresolvedDeadBranchNames)) {
    extensionUsed(CgcExtension::UnresolvedDeadBranchNames, span,
                  message + " in a branch that a constant condition skips");
    return;
  }
  if (currentFunction_ < 0 || options_.entry.empty()) {
    error(span, message, rule);
    return;
  }
  deferred_[static_cast<size_t>(currentFunction_)].push_back({span, message, rule, kind});
}

void Checker::reportDeferred() {
  // The roots: the entry checkEntry chose; when it could not choose (an earlier error, no such
  // function), every function of the entry's name; with none, every function counts as reached.
  std::vector<int> roots;
  if (result_.entry >= 0) {
    roots.push_back(result_.entry);
  } else if (auto it = functionsByName_.find(options_.entry); it != functionsByName_.end()) {
    roots = it->second;
  }
  std::set<int> reached = reachedFrom(roots);
  for (size_t f = 0; f < deferred_.size(); ++f) {
    bool isReached = roots.empty() || reached.count(static_cast<int>(f)) > 0;
    for (const DeferredError& d : deferred_[f]) {
      if (isReached) {
        error(d.span, d.message, d.rule);
      } else if (d.kind == Deferral::UnresolvedName &&
                 options_.dialect.allows(CgcExtension::UnresolvedUnreachedNames)) {
        extensionUsed(CgcExtension::UnresolvedUnreachedNames, d.span,
                      d.message + " in '" + program_.functions[f].name + "', which the entry '" +
                          options_.entry + "' does not reach");
      } else if (d.kind == Deferral::UnresolvedName) {
        // The seed's exemption names profile restrictions only (docs/ambiguities.md CGO-7);
        // cgc 3.1 does not resolve names here, which the message says for the oracle.
        error(d.span,
              d.message + " (in '" + program_.functions[f].name + "', which the entry '" +
                  options_.entry + "' does not reach; cgc 3.1 leaves such names unresolved)",
              d.rule);
      }
    }
  }
}

void Checker::checkProfileRestrictions() {
  if (result_.entry < 0) return;
  // Seed "Profiles": the restrictions apply to the top-level function and what it reaches.
  std::set<int> seen = reachedFrom({result_.entry});
  result_.reachable.assign(seen.begin(), seen.end());
  for (int f : result_.reachable) {
    if (profile_->stage != Stage::Fragment && profile_->stage != Stage::Generic)
      for (Span s : discards_[static_cast<size_t>(f)])
        error(s,
              std::string("'discard' in a ") + stageName(profile_->stage) + " program (profile " +
                  profile_->name + ")",
              rules::kProfiles);
    if (profile_->stage != Stage::Geometry && profile_->stage != Stage::Generic)
      for (Span s : emits_[static_cast<size_t>(f)])
        error(s,
              std::string("emitVertex in a ") + stageName(profile_->stage) + " program (profile " +
                  profile_->name + "): only geometry programs emit vertices (gp4gp page)",
              rules::kProfiles);
  }
  // The limits of the profile's hardware (profile_limits.h: CG-P10 to CG-P12), each violation
  // once.
  std::set<std::pair<std::pair<size_t, size_t>, std::string>> reported;
  for (const ProfileLimitViolation& v : checkProfileLimits(program_, result_, *profile_))
    if (reported.insert({{v.span.begin, v.span.end}, v.limit}).second)
      error(v.span, v.message, rules::kProfiles);
}

}  // namespace plumb::cg
