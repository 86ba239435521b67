// Cg compilation profiles (seed "Profiles", "Overloading of Functions by Profile"). The seed
// leaves each profile to "a separate specification" that it does not include; the profiles
// below take their facts from NVIDIA's Cg reference manual (Cg Toolkit 3.1, "Profiles"
// pages), as docs/cg.md lists: the stage, the wildcards a profile matches, the precision of
// half and fixed, and whether loops may depend on run-time values.
#pragma once

#include <string>
#include <vector>

namespace plumb::cg {

enum class Stage { Generic, Vertex, Fragment };

struct Profile {
  std::string name;
  Stage stage = Stage::Generic;
  /// The wildcard names that match it, most specific first (seed: `vs`, `ps`, `vs_1`, `vs_2`,
  /// `ps_1`, `ps_2`; "how specific ... is determined by the profile specification").
  std::vector<std::string> wildcards;
  /// half and fixed computed at their own precision (false: evaluated as float, as arbfp1/arbvp1
  /// and the vertex profiles do).
  bool nativeHalf = false;
  bool nativeFixed = false;
  /// `fixed` fully supported (false: "partial support", seed "Partial Support of Types").
  bool fixedSupported = true;
  /// Loops whose trip count depends on run-time values (false: loops must unroll).
  bool dynamicLoops = true;
  /// The output binding semantics beyond the seed's tables 10/11 (seed: "Profiles may define
  /// additional output binding semantics"); empty with `anyOutputSemantic`.
  std::vector<std::string> extraOutputs;
  bool anyOutputSemantic = false;  // generic profiles: any name
  std::string source;              // where the facts come from
};

/// The profiles Plumb knows: `generic` (no stage, everything supported: the seed's core
/// language), the seed's example profiles `profileA`/`profileB` (generic), `arbvp1`/`arbfp1`,
/// `vp40`/`fp40`, and `vs_1_1`, `vs_2_0`, `ps_1_1`, `ps_2_0` (for the seed's wildcards).
const std::vector<Profile>& knownProfiles();
const Profile* findProfile(const std::string& name);

/// A profile specifier's relation to the compilation profile (overload step 6): 3 for the
/// exact profile, 2 for a numbered wildcard (`vs_2`), 1 for a stage wildcard (`vs`), 0 for an
/// open-profile function, -1 for a conflict (step 2 eliminates it).
int profileMatch(const std::string& specifier, const Profile& profile);
/// Whether `name` is a profile or a wildcard name.
bool isProfileOrWildcard(const std::string& name);

}  // namespace plumb::cg
