#include "gen/wgsl/litmus_skeleton.h"

#include <algorithm>

namespace plumb::gen::wgsl::litmus {

bool reads(OpKind k) {
  return k != OpKind::Store;
}

bool writes(OpKind k) {
  return k != OpKind::Load;
}

bool covers(const BarrierLine& line, Space space) {
  for (BarrierCall c : line)
    if ((c == BarrierCall::Storage) == (space == Space::Storage)) return true;
  return false;
}

std::string Skeleton::locationName(int loc) const {
  const Location& l = locs[loc];
  return l.space == Space::Storage ? std::string("m.") + l.name : std::string(1, l.name);
}

namespace {

std::string u32(uint32_t v) {
  return std::to_string(v) + "u";
}

/// The statement(s) of one operation. Reads store their value in r[slot]; the plain increment
/// is the classic racy read-modify-write, two accesses.
std::string statement(const Skeleton& s, const Op& op) {
  const Location& l = s.locs[op.loc];
  std::string p = s.locationName(op.loc);
  std::string r = op.slot >= 0 ? "r[" + std::to_string(op.slot) + "] = " : "";
  switch (op.kind) {
    case OpKind::Load:
      return r + (l.atomic ? "atomicLoad(&" + p + ")" : p) + ";";
    case OpKind::Store:
      return l.atomic ? "atomicStore(&" + p + ", " + u32(op.value) + ");"
                      : p + " = " + u32(op.value) + ";";
    case OpKind::Add:
      return r + "atomicAdd(&" + p + ", " + u32(op.value) + ");";
    case OpKind::Exchange:
      return r + "atomicExchange(&" + p + ", " + u32(op.value) + ");";
    case OpKind::CompareExchange: {
      std::string call =
          "atomicCompareExchangeWeak(&" + p + ", " + u32(op.cmp) + ", " + u32(op.value) + ")";
      if (op.exchangedSlot < 0) return r + call + ".old_value;";
      // Both members: `exchanged` shows a spurious failure (docs/ambiguities.md M6).
      std::string c = "c" + std::to_string(op.slot);
      return "let " + c + " = " + call + "; " + r + c + ".old_value; r[" +
             std::to_string(op.exchangedSlot) + "] = select(0u, 1u, " + c + ".exchanged);";
    }
    case OpKind::Increment: {
      std::string a = "a" + std::to_string(op.slot);
      return "let " + a + " = " + p + "; " + p + " = " + a + " + " + u32(op.value) + "; " + r + a +
             ";";
    }
  }
  return "";
}

const char* callText(BarrierCall c) {
  return c == BarrierCall::Storage ? "storageBarrier();" : "workgroupBarrier();";
}

}  // namespace

std::string renderWgsl(const Skeleton& s) {
  std::string out;
  bool storage = false;
  for (const Location& l : s.locs) storage = storage || l.space == Space::Storage;
  if (storage) {
    out += "struct Mem {\n";
    for (const Location& l : s.locs)
      if (l.space == Space::Storage)
        out += std::string("  ") + l.name + (l.atomic ? ": atomic<u32>,\n" : ": u32,\n");
    out += "}\n\n@group(0) @binding(0) var<storage, read_write> m: Mem;\n";
  }
  if (s.slots > 0)
    out += "@group(0) @binding(1) var<storage, read_write> r: array<u32, " +
           std::to_string(s.slots) + ">;\n";
  for (const Location& l : s.locs)
    if (l.space == Space::Workgroup)
      out += std::string("var<workgroup> ") + l.name + (l.atomic ? ": atomic<u32>;\n" : ": u32;\n");
  out += "\nconst G = " + u32(s.groupSize) + ";\n\n";
  out += "@compute @workgroup_size(G)\n";
  out +=
      "fn main(@builtin(workgroup_id) wid: vec3<u32>, "
      "@builtin(local_invocation_index) lid: u32) {\n";
  out += "  let t = wid.x * G + lid;\n";
  std::vector<size_t> roleOf(s.invocations());
  for (size_t role = 0; role < s.threads.size(); ++role) roleOf[s.invocation[role]] = role;
  for (size_t phase = 0; phase <= s.barriers.size(); ++phase) {
    if (phase > 0) {
      out += " ";
      for (BarrierCall c : s.barriers[phase - 1]) out += std::string(" ") + callText(c);
      out += "\n";
    }
    for (uint32_t t = 0; t < s.invocations(); ++t) {
      std::string body;
      for (const Op& op : s.threads[roleOf[t]].ops)
        if (op.phase == static_cast<int>(phase)) body += " " + statement(s, op);
      if (!body.empty()) out += "  if (t == " + u32(t) + ") {" + body + " }\n";
    }
  }
  out += "}\n";
  return out;
}

// --- the shapes --------------------------------------------------------------------------------

namespace {

Op st(int loc, uint32_t v) {
  return Op{OpKind::Store, loc, v, 0, -1, 0};
}
Op ld(int loc) {
  return Op{OpKind::Load, loc, 0, 0, -1, 0};
}
Op add(int loc, uint32_t v) {
  return Op{OpKind::Add, loc, v, 0, -1, 0};
}

constexpr int kX = 0, kY = 1, kInit = -1;

std::vector<Shape> makeShapes() {
  std::vector<Shape> v;
  // Message passing: the reader sees the flag but not the data.
  v.push_back({"MP",
               "mp",
               {{st(kX, 1), st(kY, 1)}, {ld(kY), ld(kX)}},
               2,
               false,
               {{1, 0, 0, 1}, {1, 1, kInit, 0}},
               {},
               false});
  // Store buffering: both loads miss the other thread's store.
  v.push_back({"SB",
               "sb",
               {{st(kX, 1), ld(kY)}, {st(kY, 1), ld(kX)}},
               2,
               false,
               {{0, 1, kInit, 0}, {1, 1, kInit, 0}},
               {},
               false});
  // Load buffering: each load reads the other thread's later store.
  v.push_back({"LB",
               "lb",
               {{ld(kX), st(kY, 1)}, {ld(kY), st(kX, 1)}},
               2,
               false,
               {{0, 0, 1, 1}, {1, 0, 0, 1}},
               {},
               false});
  // 2+2W: each location ends with the value of the store that is first in its thread.
  v.push_back({"2+2W",
               "2p2w",
               {{st(kX, 1), st(kY, 2)}, {st(kY, 1), st(kX, 2)}},
               2,
               true,
               {},
               {{kX, 0, 0}, {kY, 1, 0}},
               false});
  // S: the load sees y=1, yet the other thread's x=1 is overwritten by the first store.
  v.push_back({"S",
               "s",
               {{st(kX, 2), st(kY, 1)}, {ld(kY), st(kX, 1)}},
               2,
               true,
               {{1, 0, 0, 1}},
               {{kX, 0, 0}},
               false});
  // R: y ends with the second thread's store, whose later load still misses x=1.
  v.push_back({"R",
               "r",
               {{st(kX, 1), st(kY, 1)}, {st(kY, 2), ld(kX)}},
               2,
               true,
               {{1, 1, kInit, 0}},
               {{kY, 1, 0}},
               false});
  // IRIW: two readers disagree on the order of two independent writes.
  v.push_back({"IRIW",
               "iriw",
               {{st(kX, 1)}, {st(kY, 1)}, {ld(kX), ld(kY)}, {ld(kY), ld(kX)}},
               2,
               false,
               {{2, 0, 0, 0}, {2, 1, kInit, 0}, {3, 0, 1, 0}, {3, 1, kInit, 0}},
               {},
               false});
  // WRC: write-to-read causality through a middle thread.
  v.push_back({"WRC",
               "wrc",
               {{st(kX, 1)}, {ld(kX), st(kY, 1)}, {ld(kY), ld(kX)}},
               2,
               false,
               {{1, 0, 0, 0}, {2, 0, 1, 1}, {2, 1, kInit, 0}},
               {},
               false});
  // RWC: read-to-write causality.
  v.push_back({"RWC",
               "rwc",
               {{st(kX, 1)}, {ld(kX), ld(kY)}, {st(kY, 1), ld(kX)}},
               2,
               false,
               {{1, 0, 0, 0}, {1, 1, kInit, 0}, {2, 1, kInit, 0}},
               {},
               false});
  // Coherence of two reads, a write and a read, two writes, a read and a write.
  v.push_back({"CoRR",
               "corr",
               {{st(kX, 1)}, {ld(kX), ld(kX)}},
               1,
               false,
               {{1, 0, 0, 0}, {1, 1, kInit, 0}},
               {},
               true});
  v.push_back(
      {"CoWW", "coww", {{st(kX, 1), st(kX, 2)}, {ld(kX)}}, 1, true, {}, {{kX, 0, 0}}, true});
  v.push_back({"CoRW",
               "corw",
               {{ld(kX), st(kX, 1)}, {st(kX, 2)}},
               1,
               true,
               {{0, 0, 1, 0}},
               {{kX, 1, 0}},
               true});
  v.push_back(
      {"CoWR", "cowr", {{st(kX, 1), ld(kX)}, {st(kX, 2)}}, 1, false, {{0, 1, kInit, 0}}, {}, true});
  // RMW atomicity: two increments cannot both read the initial value (no lost update).
  v.push_back({"RMW",
               "rmw",
               {{add(kX, 1)}, {add(kX, 1)}},
               1,
               false,
               {{0, 0, kInit, 0}, {1, 0, kInit, 0}},
               {},
               true});
  return v;
}

}  // namespace

const std::vector<Shape>& shapes() {
  static const std::vector<Shape> all = makeShapes();
  return all;
}

}  // namespace plumb::gen::wgsl::litmus
