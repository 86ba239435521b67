// Every evaluated opcode of the seed runs on every pair of edge values (NaN, ±inf, ±0, the
// smallest subnormal, the largest finite value, 2^±64, ±1, -1.5, 0.5) in both numeric modes
// and gives an outcome for each path: no crash, no exception, no lost path. The values
// themselves are checked by golden_test.cpp.
#include "semantics/tgsi/opcode_table.h"
#include "tgsi_run_fixture.h"

namespace plumb::tgsi {
namespace {

using namespace testing;

const uint32_t kEdges[] = {0x7FC00000, 0x7F800000, 0xFF800000, 0x00000000, 0x80000000,
                           0x00000001, 0x7F7FFFFF, 0x5F800000, 0x1F800000, 0x3F800000,
                           0xBF800000, 0xBFC00000, 0x3F000000};

TEST(TgsiEveryOpcode, RunsOnEdgeValuesInBothModes) {
  int opcodes = 0;
  for (const OpcodeInfo& o : opcodeTable()) {
    if (o.status != OpcodeStatus::Evaluated) continue;
    std::string name(o.name);
    if (name == "BRA" || name == "CAL" || name == "RET" || name == "PUSHA" || name == "POPA" ||
        name == "BGNFOR" || name == "ENDFOR")
      continue;  // control flow: golden_test.cpp
    ++opcodes;
    std::string body = "  0: " + name;
    bool address = name == "ARL" || name == "ARR";
    if (o.destinations) body += address ? " ADDR[0]" : " OUT[0]";
    for (int i = 0; i < o.sources; ++i)
      body += std::string(i || o.destinations ? "," : "") + " IN[" + std::to_string(i) + "]";
    if (address) body += "\n  1: MOV OUT[0], CONST[ADDR[0].x+1]";
    for (uint32_t a : kEdges)
      for (uint32_t b : kEdges) {
        std::vector<std::array<uint32_t, 4>> ins = {{a, b, a, b}, {b, a, b, a}, {a, a, b, b}};
        for (Numerics n : {Numerics::Exact, Numerics::Ieee32}) {
          Outs outs = run(body, ins, n);
          EXPECT_FALSE(outs.empty()) << body;
          EXPECT_LE(outs.size(), 16u) << body;
        }
      }
  }
  EXPECT_EQ(opcodes, 66);
}

}  // namespace
}  // namespace plumb::tgsi
