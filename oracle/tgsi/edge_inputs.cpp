#include "oracle/tgsi/edge_inputs.h"

#include <bit>
#include <random>

namespace plumb::tgsi {

const std::vector<uint32_t>& edgeValues() {
  static const std::vector<uint32_t> values = [] {
    std::vector<uint32_t> v;
    auto f = [&](float x) { v.push_back(std::bit_cast<uint32_t>(x)); };
    auto both = [&](float x) {
      f(x);
      f(-x);
    };
    both(0.0f);
    both(1.0f);
    both(0.5f);
    both(1.5f);
    both(2.5f);
    v.push_back(0x7f800000u);  // +inf
    v.push_back(0xff800000u);  // -inf
    v.push_back(0x7fc00000u);  // the quiet NaN
    v.push_back(0xffc00000u);  // the quiet NaN with the sign set
    v.push_back(0x00000001u);  // the smallest subnormal
    v.push_back(0x80000001u);
    v.push_back(0x007fffffu);  // the largest subnormal
    v.push_back(0x807fffffu);
    v.push_back(0x00800000u);  // the smallest normal
    v.push_back(0x80800000u);
    v.push_back(0x7f7fffffu);  // the largest finite
    v.push_back(0xff7fffffu);
    both(0x1p64f);  // RCC's and LIT's neighbourhood of 2^±64
    both(0x1p-64f);
    // LIT: the exponent's clamp at ±128 and values just past it.
    both(128.0f);
    both(128.5f);
    // EX2 / EXP: the last finite result, overflow, the subnormal range and underflow.
    f(127.0f);
    f(128.0f - 0x1p-17f);  // also just below LIT's clamp
    f(-126.0f);
    f(-149.0f);
    f(-150.0f);
    // FLR / FRAC: just below an integer, the first float without a fraction.
    both(0.99999994f);
    both(0x1p23f);
    both(8388607.5f);
    f(1e-7f);
    // SIN / COS: pi, 2 pi, a large argument.
    both(3.14159274f);
    f(6.28318548f);
    f(1e6f);
    f(100.0f);
    f(-3.75f);
    f(0.25f);
    f(2.0f);
    f(3.0f);
    return v;
  }();
  return values;
}

std::vector<RegisterValues> edgeInputs(const Program& program, size_t random, uint64_t seed) {
  std::vector<std::pair<File, uint32_t>> registers;
  for (const Declaration& d : program.declarations)
    if (d.file == File::Input || d.file == File::Constant)
      for (uint64_t i = d.first; i <= d.last; ++i)
        registers.push_back({d.file, static_cast<uint32_t>(i)});
  const std::vector<uint32_t>& e = edgeValues();
  const size_t n = e.size();
  std::vector<RegisterValues> cases;
  // Register r, component c of case (a, b): the offsets make (reg0.c, reg1.c) run over every
  // pair of edge values for each c, and the components of one register differ.
  auto fill = [&](size_t a, size_t b) {
    RegisterValues values;
    for (size_t r = 0; r < registers.size(); ++r) {
      Register reg;
      for (size_t c = 0; c < 4; ++c) {
        size_t index = r == 0 ? a + 5 * c : r == 1 ? b + 7 * c : a + b + (3 + r) * c + r;
        reg[c] = Word::of(e[index % n]);
      }
      values[registers[r]] = reg;
    }
    cases.push_back(std::move(values));
  };
  if (registers.size() <= 1) {
    for (size_t a = 0; a < n; ++a) fill(a, 0);
  } else {
    for (size_t a = 0; a < n; ++a)
      for (size_t b = 0; b < n; ++b) fill(a, b);
  }
  std::mt19937_64 rng(seed);
  for (size_t i = 0; i < random; ++i) {
    RegisterValues values;
    for (const auto& key : registers) {
      Register reg;
      for (Word& w : reg) w = Word::of(e[rng() % n]);
      values[key] = reg;
    }
    cases.push_back(std::move(values));
  }
  return cases;
}

}  // namespace plumb::tgsi
