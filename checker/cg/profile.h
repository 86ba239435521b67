// Cg compilation profiles (seed "Profiles", "Overloading of Functions by Profile"). The seed
// leaves each profile to "a separate specification" that it does not include; the profiles
// below take their facts from NVIDIA's Cg reference manual (Cg Toolkit 3.1, "Profiles"
// pages), as docs/cg.md lists: the stage, the wildcards a profile matches, the precision of
// half and fixed, and whether loops may depend on run-time values.
#pragma once

#include <string>
#include <vector>

namespace plumb::cg {

/// The programmable stage a profile compiles for. The seed knows vertex and fragment programs;
/// geometry (gp4gp, gs_4_0) and tessellation control and evaluation (gp5tcp, hs_5_0; gp5tep,
/// ds_5_0) programs come from the Cg 3.1 profiles' documentation, which Plumb checks but does
/// not evaluate (docs/cg.md "Profiles").
enum class Stage { Generic, Vertex, Fragment, Geometry, TessControl, TessEval };

/// The stage's name as the messages say it ("vertex", "tessellation control").
const char* stageName(Stage s);

/// Which arrays (and matrices) a subscript that is a run-time value may index; the profiles'
/// relative addressing (docs/ambiguities.md CG-P11, CG-P13, CG-P14).
enum class RunTimeSubscripts {
  Any,                      // gp4 and later, the generic profiles
  CompileTimeOnly,          // arbfp1, ps_1_1, ps_2_0: no relative addressing (cgc C5043)
  UniformArrays,            // arbvp1, vp40, vs_1_1-vs_3_0: only uniform storage (cgc C6016)
  TexcoordInputsByCounter,  // fp40: the texture coordinate inputs, by a loop's counter (C6013)
  VaryingInputsByCounter,   // ps_3_0: the varying inputs, by a loop's counter (cgc C6013)
};

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
  /// Loops whose trip count depends on run-time values (false: loops must unroll; CG-P10).
  bool dynamicLoops = true;
  /// Which arrays and matrices a run-time subscript may index (CG-P11, CG-P13, CG-P14).
  RunTimeSubscripts runTimeSubscripts = RunTimeSubscripts::Any;
  /// The range of a loop counter's initial value in a loop that is not unrolled (vs_3_0,
  /// ps_3_0: Direct3D 9's `loop aL, i#` counts from 0 to 255; CG-P15); {0, -1}: none.
  int loopCounterMin = 0, loopCounterMax = -1;
  /// The integer operators |, &, ^, <<, >>, ~ on run-time values (false: the profile has no
  /// integer instructions, only folding; CG-P12).
  bool integerOperations = true;
  /// The output binding semantics beyond the seed's tables 10/11 (seed: "Profiles may define
  /// additional output binding semantics"); empty with `anyOutputSemantic`.
  std::vector<std::string> extraOutputs;
  bool anyOutputSemantic = false;  // generic profiles: any name
  /// The profile options that may precede a program as profile modifiers (`TRIANGLE void
  /// main(...)`, `gp5tcp PATCH_4 void main(...)`): the manual's "Profile Options" that it says are
  /// "better specified as a profile modifier preceding the Cg entry function".
  std::vector<std::string> modifiers;
  /// The program receives `AttribArray<T>` inputs (a geometry program's vertices, a
  /// tessellation program's control points).
  bool attribArrayInputs = false;
  /// A fragment program's texture coordinate inputs: TEXCOORD0 .. TEXCOORD<n-1> (TEX0 ..);
  /// 0: not modelled. The fp40 page's "Varying Input Semantics" (texture coordinate sets 0-7),
  /// and cgc 3.1's C5102 for arbfp1, ps_2_0, gp4fp and gp5fp (docs/ambiguities.md CG-P9).
  int textureCoordinateSets = 0;
  std::string source;  // where the facts come from
};

/// The profiles Plumb knows: `generic` (no stage, everything supported: the seed's core
/// language), the seed's example profiles `profileA`/`profileB` (generic), `arbvp1`/`arbfp1`,
/// `vp40`/`fp40`, `vs_1_1`, `vs_2_0`, `ps_1_1`, `ps_2_0` (for the seed's wildcards), the
/// NV_gpu_program4/5 profiles `gp4vp`, `gp4fp`, `gp4gp`, `gp5vp`, `gp5fp`, `gp5gp`, `gp5tcp`,
/// `gp5tep`, and Direct3D's `vs_3_0`, `ps_3_0`, `vs_4_0`, `ps_4_0`, `gs_4_0`, `vs_5_0`,
/// `ps_5_0`, `gs_5_0`, `hs_5_0`, `ds_5_0` (the profiles NVIDIA's examples compile for).
const std::vector<Profile>& knownProfiles();
const Profile* findProfile(const std::string& name);

/// A profile specifier's relation to the compilation profile (overload step 6): 3 for the
/// exact profile, 2 for a numbered wildcard (`vs_2`), 1 for a stage wildcard (`vs`), 0 for an
/// open-profile function, -1 for a conflict (step 2 eliminates it).
int profileMatch(const std::string& specifier, const Profile& profile);
/// Whether `name` is a profile or a wildcard name.
bool isProfileOrWildcard(const std::string& name);
/// Whether `name` is a profile option some profile takes as a modifier (`TRIANGLE`, `PATCH_4`).
bool isProfileModifier(const std::string& name);

}  // namespace plumb::cg
