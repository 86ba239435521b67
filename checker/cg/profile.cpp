// The profile table (see profile.h).
#include "checker/cg/profile.h"

#include <algorithm>

// Designated initializers leave the other fields at their defaults on purpose.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

namespace plumb::cg {

namespace {
const char* kManual = "NVIDIA Cg Toolkit 3.1 reference manual, profile pages";

std::vector<std::string> numbered(const std::string& prefix, int first, int last) {
  std::vector<std::string> v;
  for (int i = first; i <= last; ++i) v.push_back(prefix + std::to_string(i));
  return v;
}

std::vector<std::string> joined(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// The profiles of cgc 3.1 after the seed's (NVIDIA's examples compile for them: docs/cg.md
// "Real-world Cg"). Each entry's facts are the profile's page of the reference manual
// (/usr/share/doc/nvidia-cg-doc/html/<profile>.html): the stage, the loops ("Data-dependent
// loops and branching are allowed"), the precisions ("Data Types"), the output semantics
// ("Output Semantics"), the profile options written as modifiers ("Profile Options").
void addLaterProfiles(std::vector<Profile>& p, const std::vector<std::string>& vertexOutputs,
                      const std::vector<std::string>& fragmentOutputs) {
  // gp4vp "Output Semantics" (also gp4gp's and, by "corresponds to", gp5tcp/gp5tep's): the
  // vertex list, and the generic attributes ATTR0-ATTR15 that the input table names as aliases
  // (NVIDIA's phong_tess_vp.cg writes them; docs/ambiguities.md CG-P2).
  const std::vector<std::string> gp4Vertex = joined(vertexOutputs, numbered("ATTR", 0, 15));
  // gp4gp adds PRIMITIVEID and LAYER.
  const std::vector<std::string> gp4Geometry = joined(gp4Vertex, {"PRIMITIVEID", "LAYER"});
  // gp4fp "Output Semantics": COLOR, COL, COLOR0-COLOR7, COL0-COL7, DEPTH, DEPR.
  const std::vector<std::string> gp4Fragment =
      joined(joined({"COL", "DEPR", "DEPTH0"}, numbered("COLOR", 0, 7)), numbered("COL", 0, 7));
  // gp5tcp "Varying Output Semantics": gp5tep's inputs (gp5vp's outputs), EDGETESS, INNERTESS,
  // PATCH.
  const std::vector<std::string> tessControl =
      joined(gp4Vertex, {"EDGETESS", "INNERTESS", "PATCH"});
  const std::vector<std::string> gsOptions = {"POINT",    "LINE",         "LINE_ADJ",
                                              "TRIANGLE", "TRIANGLE_ADJ", "POINT_OUT",
                                              "LINE_OUT", "TRIANGLE_OUT"};
  const std::vector<std::string> patches = numbered("PATCH_", 1, 32);
  const std::vector<std::string> tepOptions =
      joined(patches, {"TRIANGLES", "QUADS", "ISOLINES", "POINT_MODE", "ORDER_CCW", "ORDER_CW",
                       "SPACE_FRACTIONAL_EVEN", "SPACE_FRACTIONAL_ODD", "SPACE_EQUAL"});
  // The Direct3D 10/11 pages' "Output Semantics" (HLSL translation): POSITION/HPOS, COLOR,
  // COLOR0, COL0, COL, COLOR1, COL1, TEXCOORD#/TEX#, FOGC/FOG, PSIZE/PSIZ; pixel profiles COLOR#
  // and DEPTH.
  const std::vector<std::string> d3dVertex = joined(
      joined({"HPOS", "COLOR", "COLOR0", "COL0", "COL", "COLOR1", "COL1", "FOGC", "FOG", "PSIZ"},
             numbered("TEXCOORD", 0, 15)),
      numbered("TEX", 0, 15));
  const std::vector<std::string> d3dFragment =
      joined(joined({"COL", "DEPTH0"}, numbered("COLOR", 0, 7)), numbered("COL", 0, 7));
  auto source = [](const char* name) { return std::string(kManual) + " (" + name + ")"; };

  p.push_back({.name = "vs_3_0",
               .stage = Stage::Vertex,
               .wildcards = {"vs"},
               .runTimeSubscripts = RunTimeSubscripts::UniformArrays,
               .loopCounterMin = 0,
               .loopCounterMax = 255,
               .integerOperations = false,
               .extraOutputs = vertexOutputs,
               .source = source("vs_3_0")});
  p.push_back({.name = "ps_3_0",
               .stage = Stage::Fragment,
               .wildcards = {"ps"},
               .nativeHalf = true,
               .runTimeSubscripts = RunTimeSubscripts::VaryingInputsByCounter,
               .loopCounterMin = 0,
               .loopCounterMax = 255,
               .integerOperations = false,
               .extraOutputs = fragmentOutputs,
               .source = source("ps_3_0")});
  for (const char* gen : {"gp4", "gp5"}) {
    const std::string g = gen;
    p.push_back({.name = g + "vp",
                 .stage = Stage::Vertex,
                 .wildcards = {"vs"},
                 .extraOutputs = gp4Vertex,
                 .source = source((g + "vp").c_str())});
    // "half: 32-bit IEEE floating-point" (the gp4 pages' Data Types).
    p.push_back({.name = g + "fp",
                 .stage = Stage::Fragment,
                 .wildcards = {"ps"},
                 .nativeFixed = true,
                 .extraOutputs = gp4Fragment,
                 .textureCoordinateSets = 8,
                 .source = source((g + "fp").c_str())});
    // gp4gp: "varying parameters with vertex attribute input semantics must be declared with the
    // AttribArray template-style syntax"; INSTANCEID and PRIMITIVEID are per primitive.
    p.push_back({.name = g + "gp",
                 .stage = Stage::Geometry,
                 .extraOutputs = gp4Geometry,
                 .modifiers = g == "gp5" ? joined(gsOptions, patches) : gsOptions,
                 .attribArrayInputs = true,
                 .source = source((g + "gp").c_str())});
  }
  // gp5tcp: "in int id : CONTROLPOINT_ID, in AttribArray<float3> inPositions : POSITION".
  p.push_back({.name = "gp5tcp",
               .stage = Stage::TessControl,
               .extraOutputs = tessControl,
               .modifiers = patches,
               .attribArrayInputs = true,
               .source = source("gp5tcp")});
  // gp5tep: "All input semantics must use the AttribArray template-style syntax", except
  // TESSCOORD, UV and PATCH.
  p.push_back({.name = "gp5tep",
               .stage = Stage::TessEval,
               .extraOutputs = gp4Vertex,
               .modifiers = tepOptions,
               .attribArrayInputs = true,
               .source = source("gp5tep")});
  for (const char* sm : {"4_0", "5_0"}) {
    const std::string v = sm;
    p.push_back({.name = "vs_" + v,
                 .stage = Stage::Vertex,
                 .wildcards = {"vs"},
                 .extraOutputs = d3dVertex,
                 .source = source(("vs_" + v).c_str())});
    p.push_back({.name = "ps_" + v,
                 .stage = Stage::Fragment,
                 .wildcards = {"ps"},
                 .extraOutputs = d3dFragment,
                 .source = source(("ps_" + v).c_str())});
    p.push_back({.name = "gs_" + v,
                 .stage = Stage::Geometry,
                 .extraOutputs = d3dVertex,
                 .modifiers = gsOptions,
                 .attribArrayInputs = true,
                 .source = source(("gs_" + v).c_str())});
  }
  p.push_back({.name = "hs_5_0",
               .stage = Stage::TessControl,
               .extraOutputs = joined(d3dVertex, {"EDGETESS", "INNERTESS", "PATCH"}),
               .modifiers = patches,
               .attribArrayInputs = true,
               .source = source("hs_5_0")});
  p.push_back({.name = "ds_5_0",
               .stage = Stage::TessEval,
               .extraOutputs = d3dVertex,
               .modifiers = tepOptions,
               .attribArrayInputs = true,
               .source = source("ds_5_0")});
}
}  // namespace

const char* stageName(Stage s) {
  switch (s) {
    case Stage::Generic:
      return "generic";
    case Stage::Vertex:
      return "vertex";
    case Stage::Fragment:
      return "fragment";
    case Stage::Geometry:
      return "geometry";
    case Stage::TessControl:
      return "tessellation control";
    case Stage::TessEval:
      return "tessellation evaluation";
  }
  return "generic";
}

const std::vector<Profile>& knownProfiles() {
  static const std::vector<Profile> profiles = [] {
    std::vector<Profile> p;
    p.push_back({.name = "generic",
                 .stage = Stage::Generic,
                 .nativeHalf = true,
                 .nativeFixed = true,
                 .anyOutputSemantic = true,
                 .source = "Plumb: the seed's core language, no profile restrictions"});
    // The seed's example (section "Overloading of Functions by Profile").
    for (const char* n : {"profileA", "profileB"})
      p.push_back({.name = n,
                   .stage = Stage::Generic,
                   .nativeHalf = true,
                   .nativeFixed = true,
                   .anyOutputSemantic = true,
                   .source = "seed example"});
    const std::vector<std::string> vertexOutputs = {
        "HPOS",      "COLOR0",    "COLOR1",    "COL0",      "COL1",      "BCOL0",     "BCOL1",
        "TEXCOORD0", "TEXCOORD1", "TEXCOORD2", "TEXCOORD3", "TEXCOORD4", "TEXCOORD5", "TEXCOORD6",
        "TEXCOORD7", "TEX0",      "TEX1",      "TEX2",      "TEX3",      "TEX4",      "TEX5",
        "TEX6",      "TEX7",      "FOGC",      "FOG",       "PSIZ",      "CLP0",      "CLP1",
        "CLP2",      "CLP3",      "CLP4",      "CLP5",      "COLOR"};
    const std::vector<std::string> fragmentOutputs = {"COLOR1", "COLOR2", "COLOR3", "COL",
                                                      "COL0",   "DEPR",   "DEPTH0"};
    p.push_back({.name = "arbvp1",
                 .stage = Stage::Vertex,
                 .wildcards = {"vs"},
                 .dynamicLoops = false,
                 .runTimeSubscripts = RunTimeSubscripts::UniformArrays,
                 .integerOperations = false,
                 .extraOutputs = vertexOutputs,
                 .source = kManual});
    p.push_back({.name = "arbfp1",
                 .stage = Stage::Fragment,
                 .wildcards = {"ps"},
                 .dynamicLoops = false,
                 .runTimeSubscripts = RunTimeSubscripts::CompileTimeOnly,
                 .integerOperations = false,
                 .extraOutputs = fragmentOutputs,
                 .textureCoordinateSets = 8,
                 .source = kManual});
    p.push_back({.name = "vp40",
                 .stage = Stage::Vertex,
                 .wildcards = {"vs"},
                 .runTimeSubscripts = RunTimeSubscripts::UniformArrays,
                 .integerOperations = false,
                 .extraOutputs = vertexOutputs,
                 .source = kManual});
    p.push_back({.name = "fp40",
                 .stage = Stage::Fragment,
                 .wildcards = {"ps"},
                 .nativeHalf = true,
                 .nativeFixed = true,
                 .runTimeSubscripts = RunTimeSubscripts::TexcoordInputsByCounter,
                 .integerOperations = false,
                 .extraOutputs = fragmentOutputs,
                 .textureCoordinateSets = 8,
                 .source = kManual});
    p.push_back({.name = "vs_1_1",
                 .stage = Stage::Vertex,
                 .wildcards = {"vs_1", "vs"},
                 .fixedSupported = false,
                 .dynamicLoops = false,
                 .runTimeSubscripts = RunTimeSubscripts::UniformArrays,
                 .integerOperations = false,
                 .extraOutputs = vertexOutputs,
                 .source = kManual});
    p.push_back({.name = "vs_2_0",
                 .stage = Stage::Vertex,
                 .wildcards = {"vs_2", "vs"},
                 .dynamicLoops = false,
                 .runTimeSubscripts = RunTimeSubscripts::UniformArrays,
                 .integerOperations = false,
                 .extraOutputs = vertexOutputs,
                 .source = kManual});
    p.push_back({.name = "ps_1_1",
                 .stage = Stage::Fragment,
                 .wildcards = {"ps_1", "ps"},
                 .dynamicLoops = false,
                 .runTimeSubscripts = RunTimeSubscripts::CompileTimeOnly,
                 .integerOperations = false,
                 .extraOutputs = fragmentOutputs,
                 .source = kManual});
    p.push_back({.name = "ps_2_0",
                 .stage = Stage::Fragment,
                 .wildcards = {"ps_2", "ps"},
                 .nativeHalf = true,
                 .dynamicLoops = false,
                 .runTimeSubscripts = RunTimeSubscripts::CompileTimeOnly,
                 .integerOperations = false,
                 .extraOutputs = fragmentOutputs,
                 .textureCoordinateSets = 8,
                 .source = kManual});
    addLaterProfiles(p, vertexOutputs, fragmentOutputs);
    return p;
  }();
  return profiles;
}

const Profile* findProfile(const std::string& name) {
  for (const auto& p : knownProfiles())
    if (p.name == name) return &p;
  return nullptr;
}

int profileMatch(const std::string& specifier, const Profile& profile) {
  if (specifier == profile.name) return 3;
  auto it = std::find(profile.wildcards.begin(), profile.wildcards.end(), specifier);
  if (it == profile.wildcards.end()) return -1;
  // Numbered wildcards (`vs_2`) are more specific than the stage wildcards (`vs`).
  return specifier.find('_') != std::string::npos ? 2 : 1;
}

bool isProfileModifier(const std::string& name) {
  for (const auto& p : knownProfiles())
    if (std::find(p.modifiers.begin(), p.modifiers.end(), name) != p.modifiers.end()) return true;
  return false;
}

bool isProfileOrWildcard(const std::string& name) {
  if (findProfile(name)) return true;
  for (const auto& p : knownProfiles())
    if (std::find(p.wildcards.begin(), p.wildcards.end(), name) != p.wildcards.end()) return true;
  return false;
}

}  // namespace plumb::cg
