// The profile table (see profile.h).
#include "checker/cg/profile.h"

#include <algorithm>

// Designated initializers leave the other fields at their defaults on purpose.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

namespace plumb::cg {

namespace {
const char* kManual = "NVIDIA Cg Toolkit 3.1 reference manual, profile pages";
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
                 .extraOutputs = vertexOutputs,
                 .source = kManual});
    p.push_back({.name = "arbfp1",
                 .stage = Stage::Fragment,
                 .wildcards = {"ps"},
                 .dynamicLoops = false,
                 .extraOutputs = fragmentOutputs,
                 .source = kManual});
    p.push_back({.name = "vp40",
                 .stage = Stage::Vertex,
                 .wildcards = {"vs"},
                 .extraOutputs = vertexOutputs,
                 .source = kManual});
    p.push_back({.name = "fp40",
                 .stage = Stage::Fragment,
                 .wildcards = {"ps"},
                 .nativeHalf = true,
                 .nativeFixed = true,
                 .extraOutputs = fragmentOutputs,
                 .source = kManual});
    p.push_back({.name = "vs_1_1",
                 .stage = Stage::Vertex,
                 .wildcards = {"vs_1", "vs"},
                 .fixedSupported = false,
                 .dynamicLoops = false,
                 .extraOutputs = vertexOutputs,
                 .source = kManual});
    p.push_back({.name = "vs_2_0",
                 .stage = Stage::Vertex,
                 .wildcards = {"vs_2", "vs"},
                 .dynamicLoops = false,
                 .extraOutputs = vertexOutputs,
                 .source = kManual});
    p.push_back({.name = "ps_1_1",
                 .stage = Stage::Fragment,
                 .wildcards = {"ps_1", "ps"},
                 .dynamicLoops = false,
                 .extraOutputs = fragmentOutputs,
                 .source = kManual});
    p.push_back({.name = "ps_2_0",
                 .stage = Stage::Fragment,
                 .wildcards = {"ps_2", "ps"},
                 .nativeHalf = true,
                 .dynamicLoops = false,
                 .extraOutputs = fragmentOutputs,
                 .source = kManual});
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

bool isProfileOrWildcard(const std::string& name) {
  if (findProfile(name)) return true;
  for (const auto& p : knownProfiles())
    if (std::find(p.wildcards.begin(), p.wildcards.end(), name) != p.wildcards.end()) return true;
  return false;
}

}  // namespace plumb::cg
