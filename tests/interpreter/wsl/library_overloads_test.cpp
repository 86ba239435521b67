// The library overloads added after comparing Plumb's table with the RI's declarations
// (oracle/wsl/library_diff.mjs; docs/wsl.md "The library against the RI's"): the integer
// functions on every integer type and vector, the bit casts, log10, degrees, radians, rcp, fma,
// isnormal, isordered, f16tof32, f32tof16, dst, lit (docs/ambiguities.md W50); the derivatives'
// typed stop (W51); textures and samplers inside a struct argument.
#include <gtest/gtest.h>

#include <cmath>

#include "interpreter/wsl/arguments.h"
#include "interpreter/wsl/float_sets.h"
#include "wsl_fixture.h"

namespace plumb::wsl::test {
namespace {

std::string run(const std::string& body) {
  return onlyValue(runText(body, "f"));
}

TEST(WslLibraryOverloads, IntegerFunctionsOnEveryWidthAndVector) {
  EXPECT_EQ(run("int f() { return int(abs(char(-5))); }"), "5");
  EXPECT_EQ(run("int f() { return int(abs(short(-32768))); }"), "-32768");  // wraps
  EXPECT_EQ(run("int f() { return int(sign(short(-9))); }"), "-1");
  EXPECT_EQ(run("uint f() { return sign(0u) + sign(7u); }"), "1u");
  EXPECT_EQ(run("int f() { return int(clamp(uchar(200), uchar(10), uchar(100))); }"), "100");
  EXPECT_EQ(run("int f() { int3 v = clamp(int3(-5, 5, 50), int3(0, 0, 0), int3(10, 10, 10)); "
                "return v.x * 10000 + v.y * 100 + v.z; }"),
            "510");
  EXPECT_EQ(run("int f() { return dot(int3(1, 2, 3), int3(4, 5, 6)); }"), "32");
  EXPECT_EQ(run("uint f() { return dot(uint2(4294967295u, 1u), uint2(1u, 2u)); }"), "1u");
  EXPECT_EQ(run("int f() { return mul(int2(1, 2), int2(3, 4)); }"), "11");
  EXPECT_EQ(run("int f() { int2 v = mul(3, int2(1, 2)); return v.y; }"), "6");
  EXPECT_EQ(run("int f() { int4 v = mul(int4(1, 2, 3, 4), -1); return v.w; }"), "-4");
  EXPECT_EQ(run("int f() { return int(max(char(-3), char(2))) * 10 + int(min(ushort(3), "
                "ushort(9))); }"),
            "23");
  // The seed's bit functions at each width (W50): the RI counts some of them from the top.
  EXPECT_EQ(run("uint f() { return firstbithigh(short(-1)); }"), "4294967295u");
  EXPECT_EQ(run("uint f() { return firstbithigh(uchar(64)); }"), "6u");
  EXPECT_EQ(run("uint f() { return firstbithigh(char(-3)); }"), "1u");
  EXPECT_EQ(run("uint f() { return firstbitlow(ushort(8)); }"), "3u");
  EXPECT_EQ(run("int f() { return int(reversebits(uchar(1))); }"), "128");
  EXPECT_EQ(run("int f() { return int(count_bits(ushort(7))) + int(count_bits(4294967295u)); }"),
            "35");
  EXPECT_EQ(run("int f() { uchar2 c = count_bits(uint2(1u, 3u)); return int(c.y); }"), "2");
  EXPECT_EQ(run("uint f() { uint3 v = firstbitlow(uint3(1u, 2u, 0u)); return v.y; }"), "1u");
}

TEST(WslLibraryOverloads, BitCastsKeepTheBits) {
  EXPECT_EQ(run("int f() { return asint(1.0); }"), "1065353216");
  EXPECT_EQ(run("uint f() { return asuint(-1); }"), "4294967295u");
  EXPECT_EQ(run("float f() { return asfloat(1069547520u); }"), "1.5");
  EXPECT_EQ(run("float f() { return asfloat(-1082130432); }"), "-1.0");
  EXPECT_EQ(run("float f() { float2 v = asfloat(int2(0, 1065353216)); return v.y; }"), "1.0");
  EXPECT_EQ(run("float f() { float2x2 m = asfloat(float2x2(1.0, 2.0, 3.0, 4.0)); return "
                "m[1][0]; }"),
            "3.0");
  // A set of floats that is not one value: any int (the bits of each of them).
  EXPECT_EQ(run("int f() { return asint(sin(1.0)); }"), "any int");
  // HLSL's conversions (1.0 is 0x3C00, -2.0 is 0xC000; the high half of the uint is ignored).
  EXPECT_EQ(run("uint f() { return f32tof16(1.0) + f32tof16(-2.0); }"), "64512u");
  EXPECT_EQ(run("float f() { return f16tof32(15360u) + f16tof32(65536u + 14336u); }"), "1.5");
}

TEST(WslLibraryOverloads, FloatFunctionsOfTheSeedAndTheRI) {
  auto bounds = [](const std::string& program, double exact) {
    RunResult r = runText(program, "f");
    ASSERT_EQ(r.outcomes.size(), 1u) << program << " " << r.error;
    FloatRange x = rangeOf(r.outcomes.front().value);
    EXPECT_FALSE(x.any) << program;
    EXPECT_LE(double(x.lo), exact) << program << ": " << valueText(r.outcomes.front().value);
    EXPECT_GE(double(x.hi), exact) << program << ": " << valueText(r.outcomes.front().value);
    EXPECT_LT(double(x.hi) - double(x.lo), 1e-3 * std::max(1.0, std::fabs(exact))) << program;
  };
  bounds("float f() { return log10(100.0); }", 2.0);
  bounds("float f() { return degrees(3.14159265); }", double(3.14159265f) * 180 / M_PI);
  bounds("float f() { return radians(90.0); }", M_PI / 2);
  bounds("float f() { float3 v = radians(float3(0.0, 180.0, 360.0)); return v.y; }", M_PI);
  bounds("half f() { return degrees(half(1.0)); }", 180 / M_PI);
  EXPECT_EQ(run("float f() { return rcp(4.0); }"), "0.25");
  EXPECT_EQ(run("float f() { return fma(2.0, 3.0, 1.0); }"), "7.0");
  // log10 of a non-positive number: "an unspecified value".
  EXPECT_EQ(run("float f() { return log10(-1.0); }"), "any float");
  EXPECT_EQ(run("bool f() { return isnormal(1.0) && !isnormal(0.0) && "
                "!isnormal(0.000000000000000000000000000000000000001); }"),
            "true");
  EXPECT_EQ(run("bool f() { return isordered(1.0, 2.0); }"), "true");
  EXPECT_EQ(run("bool f() { bool2 b = isunordered(float2(1.0, 2.0), float2(3.0, 4.0)); return "
                "b.x || b.y; }"),
            "false");
  EXPECT_EQ(run("float f() { float4 d = dst(float4(1.0, 2.0, 3.0, 4.0), float4(5.0, 6.0, 7.0, "
                "8.0)); return d.x + d.y * 10.0 + d.z * 100.0 + d.w * 1000.0; }"),
            "8421.0");
  EXPECT_EQ(run("float f() { float4 l = lit(0.5, 2.0, 3.0); return l.y + l.z * 10.0; }"), "60.5");
}

TEST(WslLibraryOverloads, DerivativesAreATypedStopInOneInvocation) {
  RunResult r = runText("float f(float x) { return ddx(x) + 1.0; }", "f", {Value::makeFloat(2)});
  ASSERT_EQ(r.outcomes.size(), 1u) << r.error;
  EXPECT_EQ(r.outcomes.front().status, Outcome::Status::Unsupported);
  EXPECT_NE(r.outcomes.front().unsupported.find("ddx is a derivative across a fragment quad"),
            std::string::npos);
  EXPECT_EQ(runText("float2 f() { return fwidth(float2(1.0, 2.0)); }", "f").outcomes.front().status,
            Outcome::Status::Unsupported);
}

TEST(WslLibraryOverloads, TexturesAndSamplersInsideAStructArgument) {
  auto c = checkText(R"(struct S { Texture2D<float> t; sampler s; float k; }
      struct Outer { int n; S inner; }
      float f(Outer o) { return Sample(o.inner.t, o.inner.s, float2(0.1, 0.1)) * o.inner.k +
                                float(o.n); })");
  ASSERT_TRUE(c->program) << c->messages();
  std::string error;
  HostArguments host;
  std::optional<std::vector<Value>> args = typedArguments(
      *c->program, "f",
      {R"(json:[100, [{"maker": "make2DTexture", "elementType": "float", "data": [[[3, 4], [5, 6]]]}, {}, 2.0]])"},
      error, &host);
  ASSERT_TRUE(args) << error;
  EXPECT_EQ(host.resources.textures.size(), 1u);
  EXPECT_EQ(host.resources.samplers.size(), 1u);
  RunOptions o;
  o.entry = "f";
  o.arguments = *args;
  o.resources = host.resources;
  EXPECT_EQ(onlyValue(runFunction(*c->program, o)), "106.0");
  // A texture where the struct wants a sampler, or a bare number for the texture: an error.
  EXPECT_FALSE(typedArguments(*c->program, "f", {"json:[1, [2, {}, 2.0]]"}, error, &host));
}

}  // namespace
}  // namespace plumb::wsl::test
