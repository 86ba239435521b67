// A small PNG encoder (ISO/IEC 15948, the PNG specification): 8-bit RGBA, one IDAT chunk whose
// zlib stream (RFC 1950) holds stored (uncompressed) deflate blocks (RFC 1951 §3.2.4), so no
// compression library is needed. For the pictures of a fragment stage (stage_pictures.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace plumb::interp {

/// The PNG file of a `width` x `height` image whose pixels `rgba` holds row by row from the
/// top, four bytes (red, green, blue, alpha) each. `rgba` must hold width * height * 4 bytes.
std::vector<uint8_t> encodePng(uint32_t width, uint32_t height, const std::vector<uint8_t>& rgba);

/// CRC-32 of the PNG specification (Annex D), over `data` (exposed for tests).
uint32_t pngCrc32(const uint8_t* data, size_t size, uint32_t crc = 0);
/// Adler-32 of RFC 1950 §8.2 (exposed for tests).
uint32_t adler32(const uint8_t* data, size_t size);

}  // namespace plumb::interp
