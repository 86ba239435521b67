// WSL programs on the memory model explorer (memmodel/wsl/explore.cpp, issue 20 item 4): racy
// and atomic programs get every final state the model allows, barriers order, and a barrier in
// non-uniform control flow is a stuck state.
#include "memmodel/wsl/explore.h"

#include <gtest/gtest.h>

#include "wsl_fixture.h"

namespace plumb::wsl::test {
namespace {

using memmodel::wsl::exploreWsl;
using memmodel::wsl::WslExploreRequest;
using memmodel::wsl::WslExploreResult;

WslExploreResult exploreText(const std::string& text, const std::string& entry,
                             uint32_t invocations, uint32_t bufferLength = 2) {
  auto c = checkText(text);
  if (!c->program) {
    WslExploreResult r;
    r.error = "invalid: " + c->messages();
    return r;
  }
  WslExploreRequest q;
  q.entry = entry;
  q.invocations = invocations;
  q.bufferLength = bufferLength;
  return exploreWsl(*c->program, q);
}

// The states as `status name=value ...` lines, sorted.
std::vector<std::string> states(const WslExploreResult& r) {
  std::vector<std::string> out;
  if (!r.error.empty()) return {"error: " + r.error};
  if (r.states.empty()) out.push_back(memmodel::wsl::wslExploreText(r));
  for (const auto& s : r.states) {
    std::string line = s.status;
    for (const auto& [name, v] : s.values) line += " " + name + "=" + v;
    out.push_back(line);
  }
  return out;
}

TEST(WslExplore, RacyIncrementLosesAnUpdate) {
  auto r = exploreText("void inc(device int* x, uint id) { *x = *x + 1; }", "inc", 2);
  EXPECT_EQ(states(r), (std::vector<std::string>{"returned x=1", "returned x=2"}));
  ASSERT_EQ(r.states.size(), 2u);
  EXPECT_TRUE(r.states[0].racy);
  EXPECT_TRUE(r.complete);
}

TEST(WslExplore, InterlockedAddNeverLosesOne) {
  const char* p = R"(void inc(device atomic_int* x, device int[] old, uint id) {
      int before;
      InterlockedAdd(x, 1, &before);
      old[id] = before;
    })";
  auto r = exploreText(p, "inc", 2);
  EXPECT_EQ(states(r), (std::vector<std::string>{"returned x=2 old[0]=0 old[1]=1",
                                                 "returned x=2 old[0]=1 old[1]=0"}));
  for (const auto& s : r.states) EXPECT_FALSE(s.racy);
}

TEST(WslExplore, CompareExchangeLetsOneInvocationWin) {
  const char* p = R"(void claim(device atomic_uint* owner, device uint[] seen, uint id) {
      uint previous;
      InterlockedCompareExchange(owner, 0u, id + 1u, &previous);
      seen[id] = previous;
    })";
  auto r = exploreText(p, "claim", 2);
  EXPECT_EQ(states(r), (std::vector<std::string>{"returned owner=1u seen[0]=0u seen[1]=1u",
                                                 "returned owner=2u seen[0]=2u seen[1]=0u"}));
}

TEST(WslExplore, BarrierOrdersTheWriteBeforeTheRead) {
  const char* with = R"(void f(device int[] buf, uint id) {
      if (id == 0u) buf[0u] = 5;
      AllMemoryBarrierWithGroupSync();
      if (id == 1u) buf[1u] = buf[0u];
    })";
  EXPECT_EQ(states(exploreText(with, "f", 2)),
            (std::vector<std::string>{"returned buf[0]=5 buf[1]=5"}));
  const char* without = R"(void f(device int[] buf, uint id) {
      if (id == 0u) buf[0u] = 5;
      if (id == 1u) buf[1u] = buf[0u];
    })";
  EXPECT_EQ(states(exploreText(without, "f", 2)),
            (std::vector<std::string>{"returned buf[0]=5 buf[1]=0", "returned buf[0]=5 buf[1]=5"}));
}

TEST(WslExplore, NonUniformBarrierIsStuck) {
  const char* p = R"(void f(device int[] x, uint id) {
      if (id == 0u) GroupMemoryBarrierWithGroupSync();
      x[id] = 1;
    })";
  auto r = exploreText(p, "f", 2);
  ASSERT_EQ(r.states.size(), 1u) << states(r).front();
  EXPECT_EQ(r.states[0].status, "stuck");
  // Invocation 0 waits at the barrier for ever: its store never happens; invocation 1's does.
  EXPECT_EQ(states(r), (std::vector<std::string>{"stuck x[0]=0 x[1]=1"}));
  EXPECT_NE(r.states[0].message.find("non-uniform"), std::string::npos);
}

TEST(WslExplore, RefusesParametersItCannotSupply) {
  auto r = exploreText("void f(int x) { }", "f", 2);
  EXPECT_NE(r.error.find("parameter 'x'"), std::string::npos);
}

// Threadgroup variables (W49): one location shared by the invocations, holding 0 before they
// run. With a barrier between the write and the reads every invocation reads the written value;
// without it the read races and may see either.
TEST(WslExplore, ThreadgroupVariableWithABarrier) {
  const char* p = R"(void f(device int[] out, uint id) {
      threadgroup int shared;
      if (id == 0u) shared = 7;
      GroupMemoryBarrierWithGroupSync();
      out[id] = shared;
    })";
  auto r = exploreText(p, "f", 2);
  EXPECT_EQ(states(r), (std::vector<std::string>{"returned out[0]=7 out[1]=7 shared=7"}));
  ASSERT_EQ(r.states.size(), 1u);
  EXPECT_FALSE(r.states[0].racy);
}

TEST(WslExplore, ThreadgroupVariableWithoutABarrierRaces) {
  const char* p = R"(void f(device int[] out, uint id) {
      threadgroup int shared;
      if (id == 0u) shared = 7;
      out[id] = shared;
    })";
  auto r = exploreText(p, "f", 2);
  EXPECT_EQ(states(r), (std::vector<std::string>{"returned out[0]=7 out[1]=0 shared=7",
                                                 "returned out[0]=7 out[1]=7 shared=7"}));
  ASSERT_EQ(r.states.size(), 2u);
  EXPECT_TRUE(r.states[0].racy || r.states[1].racy);
}

TEST(WslExplore, ThreadgroupArrayAndItsRules) {
  // Each invocation writes its own element: no race.
  const char* p = R"(void f(device int[] out, uint id) {
      threadgroup int[2] slots;
      slots[id] = int(id) + 1;
      AllMemoryBarrierWithGroupSync();
      out[id] = slots[1u - id];
    })";
  auto r = exploreText(p, "f", 2);
  EXPECT_EQ(states(r),
            (std::vector<std::string>{"returned out[0]=2 out[1]=1 slots[0]=1 slots[1]=2"}));
  // One invocation alone: the variable starts at its default value.
  RunResult one = runText("int g() { threadgroup int x; x = x + 5; return x; }", "g");
  EXPECT_EQ(onlyValue(one), "5");
  EXPECT_TRUE(one.rulesFired.count("block_vdecl_threadgroup"));
  EXPECT_FALSE(one.rulesFired.count("block_vdecl"));
  // No initializer, no pointer (W49); the declaration prints with its space.
  EXPECT_EQ(checkText("int g() { threadgroup int x = 1; return x; }")->firstRule(),
            "wsl-typing-variable_decl_init");
  EXPECT_FALSE(checkText("void g() { int y; threadgroup int* p = &y; }")->program);
  // `threadgroup int* p` stays a pointer (a thread variable of pointer type).
  EXPECT_TRUE(checkText("void g(threadgroup int* q) { threadgroup int* p = q; *p = 1; }")->program);
}

// A bounded float written to shared memory is a value of the location's domain: the other
// invocation may read it (a racy increment by sin(1.0) gives one or two increments).
TEST(WslExplore, BoundedFloatsReachTheOtherInvocation) {
  auto r = exploreText("void inc(device float* x, uint id) { *x = *x + sin(1.0); }", "inc", 2);
  ASSERT_EQ(r.states.size(), 2u) << memmodel::wsl::wslExploreText(r);
  EXPECT_NE(r.states[0].values[0].second, r.states[1].values[0].second);
  EXPECT_TRUE(r.complete);
}

}  // namespace
}  // namespace plumb::wsl::test
