// No input crashes or hangs the Cg front end (design.md "Bounded and total"): the fuzz target
// body over hostile inputs and the seed corpus, which must also be valid Cg.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "fuzz/cg_fuzz_target.h"
#include "tests/checker/cg/cg_check_util.h"

namespace plumb::cg {
namespace {

void feed(const std::string& s) {
  fuzz::cgOneInput(reinterpret_cast<const uint8_t*>(s.data()), s.size());
}

TEST(CgRobustness, HostileInputs) {
  feed("");
  feed(std::string("\0\xff\xfe float", 10));
  feed("/* never closed");
  feed("\"never closed");
  feed("float f() { return " + std::string(100000, '(') + "1; }");
  feed("void f() { " + std::string(20000, '{') + " }");
  feed("float x = " + std::string(50000, '-') + "1;");
  feed("float a[99999999999999999999];");
  feed("float a[16777216][16777216]; float4 main() : COLOR { return a[1][1]; }");
  feed("struct S { S s; }; float4 main(S s) : COLOR { return 1; }");
  feed(
      "struct B; struct A { B b; }; struct B { A a; }; float4 main(A a) : COLOR { return "
      "(float4)a; }");
  feed("typedef T T; T x;");
  feed("float f(float x) { return f(x); } float4 main() : COLOR { return f(1); }");
  feed("const int N = 1 << 62; float a[N];");
  feed("const int N = -9223372036854775807 - 1; float a[-N];");
  feed("float4 main() : COLOR { float4 v; v._m00 = 1; v.xyzwxyzw = 1; return v[9999999999]; }");
  feed("interface I { float f(); }; struct S : I { }; struct T : S { };");
  feed("float4 main(float4 p = main()) : COLOR { return p; }");
  feed(std::string(300, '{'));
  feed("void f() { switch (1) { case 1 << 40: default: } }");
  std::string many = "float4 main() : COLOR { float x = 0";
  for (int i = 0; i < 20000; ++i) many += " + x";
  feed(many + "; return x; }");
  SUCCEED();
}

std::string readFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(CgRobustness, SeedCorpusIsValidCg) {
  const std::filesystem::path dir = std::filesystem::path(PLUMB_SOURCE_DIR) / "tests/fuzz/cg-seeds";
  const std::map<std::string, std::string> profiles = {{"vertex_transform.cg", "arbvp1"},
                                                       {"fragment_texture.cg", "arbfp1"},
                                                       {"overloads.cg", "arbvp1"},
                                                       {"structs_arrays.cg", "fp40"}};
  size_t n = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    std::string text = readFile(entry.path());
    feed(text);
    auto it = profiles.find(entry.path().filename().string());
    ASSERT_NE(it, profiles.end()) << entry.path() << " needs a profile in this test";
    auto r = testing::checkText(text, it->second, "main");
    EXPECT_TRUE(r.ok) << entry.path() << ": " << r.rule << " " << r.message;
    ++n;
  }
  EXPECT_EQ(n, profiles.size());
}

}  // namespace
}  // namespace plumb::cg
