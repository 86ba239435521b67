// The PNG encoder (interpreter/wgsl/png.cpp) and the pictures of a fragment stage
// (interpreter/wgsl/stage_pictures.cpp).
#include <gtest/gtest.h>

#include <cstring>

#include "interpreter/wgsl/png.h"
#include "interpreter/wgsl/run.h"
#include "interpreter/wgsl/stage_pictures.h"

namespace plumb::interp {
namespace {

uint32_t be32(const std::vector<uint8_t>& b, size_t at) {
  return uint32_t(b[at]) << 24 | uint32_t(b[at + 1]) << 16 | uint32_t(b[at + 2]) << 8 | b[at + 3];
}

TEST(Png, ChecksumsOfKnownValues) {
  const char* text = "123456789";
  const auto* p = reinterpret_cast<const uint8_t*>(text);
  EXPECT_EQ(pngCrc32(p, 9), 0xcbf43926u);  // the CRC-32 check value
  EXPECT_EQ(adler32(p, 9), 0x091e01deu);   // RFC 1950's Adler-32 of "123456789"
  const char* wiki = "Wikipedia";
  EXPECT_EQ(adler32(reinterpret_cast<const uint8_t*>(wiki), 9), 0x11e60398u);
}

TEST(Png, TheChunksOfATwoByOneImage) {
  std::vector<uint8_t> rgba = {255, 0, 0, 255, 0, 0, 255, 128};
  std::vector<uint8_t> png = encodePng(2, 1, rgba);
  const uint8_t signature[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  ASSERT_GT(png.size(), 8u);
  EXPECT_EQ(std::memcmp(png.data(), signature, 8), 0);
  // IHDR: length 13, width 2, height 1, depth 8, colour type 6; its CRC over type and data.
  EXPECT_EQ(be32(png, 8), 13u);
  EXPECT_EQ(std::string(png.begin() + 12, png.begin() + 16), "IHDR");
  EXPECT_EQ(be32(png, 16), 2u);
  EXPECT_EQ(be32(png, 20), 1u);
  EXPECT_EQ(png[24], 8);
  EXPECT_EQ(png[25], 6);
  EXPECT_EQ(be32(png, 29), pngCrc32(png.data() + 12, 17));
  // IDAT: a zlib stream with one stored block holding the filter byte and the 8 bytes.
  size_t idat = 33;
  EXPECT_EQ(std::string(png.begin() + idat + 4, png.begin() + idat + 8), "IDAT");
  uint32_t length = be32(png, idat);
  const uint8_t* z = png.data() + idat + 8;
  EXPECT_EQ(z[0], 0x78);
  EXPECT_EQ((z[0] * 256 + z[1]) % 31, 0);
  EXPECT_EQ(z[2], 1);  // BFINAL, stored
  EXPECT_EQ(z[3] | z[4] << 8, 9);
  EXPECT_EQ((z[5] | z[6] << 8), 0xffff ^ 9);
  EXPECT_EQ(z[7], 0);  // filter None
  EXPECT_EQ(std::memcmp(z + 8, rgba.data(), 8), 0);
  EXPECT_EQ(length, 2u + 5u + 9u + 4u);
  EXPECT_EQ(be32(png, idat + 8 + length), pngCrc32(png.data() + idat + 4, length + 4));
  // IEND closes it.
  EXPECT_EQ(std::string(png.end() - 8, png.end() - 4), "IEND");
}

TEST(Png, LargeImagesTakeSeveralStoredBlocks) {
  std::vector<uint8_t> rgba(200 * 100 * 4, 7);
  std::vector<uint8_t> png = encodePng(200, 100, rgba);
  // 100 rows of 801 bytes: two blocks of at most 65535 bytes, 5 bytes of header each.
  EXPECT_EQ(be32(png, 33), 2u + 80100u + 2u * 5u + 4u);
}

TEST(StagePictures, BoundsAndMaskOfAFragmentShader) {
  // Pixel (1, 0) takes an inexact sin: its red component is an interval; the others are exact.
  auto file = std::make_unique<SourceFile>("p.wgsl", R"(
@fragment fn main(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> {
  if p.x > 1.0 && p.y < 1.0 { return vec4<f32>(sin(0.5), 0.0, 0.0, 1.0); }
  return vec4<f32>(p.x * 0.5, 1.0, 0.0, 1.0);
}
)");
  RunRequest request;
  request.bindings = {
      {"format", "plumb-bindings"}, {"version", 1}, {"fragment", {{"viewport", {2, 2}}}}};
  RunReport r = runShader(*file, request);
  ASSERT_TRUE(r.ran);
  StagePictures p = stagePictures(r.json, 0);
  ASSERT_TRUE(p.error.empty()) << p.error;
  EXPECT_EQ(p.width, 2u);
  EXPECT_EQ(p.height, 2u);
  // (0, 0): red 0.25 -> 64, green 255; single value.
  EXPECT_EQ(p.lower[0], 64);
  EXPECT_EQ(p.upper[0], 64);
  EXPECT_EQ(p.lower[1], 255);
  EXPECT_EQ(p.mask[0], 0);
  // (1, 0): sin(0.5) ~ 0.479 -> 122 at both ends, but a set: white in the mask.
  EXPECT_EQ(p.lower[4], 122);
  EXPECT_EQ(p.upper[4], 122);
  EXPECT_EQ(p.mask[4], 255);
  EXPECT_EQ(p.mask[7], 255);
  StagePictures none = stagePictures(r.json, 3);
  EXPECT_NE(none.error.find("no output @location(3)"), std::string::npos);
}

}  // namespace
}  // namespace plumb::interp
