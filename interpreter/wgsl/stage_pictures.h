// Pictures of a fragment stage's outcome set (plumb run --picture): for every pixel of the
// viewport, the output at one @location as a colour — the lower bound and the upper bound of
// each component over every finished outcome, and a mask of the pixels whose set is not a
// single value — for people who would rather look than read (docs/formats.md "Pictures").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace plumb::interp {

struct StagePictures {
  uint32_t width = 0, height = 0;
  /// RGBA rows from the top (png.h): the lower bounds, the upper bounds, the mask (white where
  /// some component may take several values or the fragment may be discarded, black where it
  /// is one value; transparent where no fragment was drawn).
  std::vector<uint8_t> lower, upper, mask;
  std::string error;  // non-empty: no pictures, and why
};

/// The pictures of output `@location(location)` of a plumb-run report (version 4) of a fragment
/// stage drawn over a viewport. A float component is clamped to [0, 1] and scaled to 0..255
/// (rounded to nearest), as a unorm8 render target stores it; an integer component is clamped
/// to 0..255. A missing component is 0 (alpha 1), as WebGPU completes a colour.
StagePictures stagePictures(const nlohmann::json& report, uint32_t location);

}  // namespace plumb::interp
