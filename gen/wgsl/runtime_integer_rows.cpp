// The integer rows of the `runtime` family: #arithmetic-expr (wrapping modulo 2^32, division
// and remainder by zero and of the most negative value by -1, negation of the most negative
// value), #bit-expr (shift counts modulo the bit width) and #integer-builtin-functions at
// their edges. Every result is exact: the seed requires one value, so Plumb's set must be that
// value alone (tight).
#include "gen/wgsl/runtime_rows.h"

namespace plumb::gen::wgsl::rt {

namespace {

constexpr uint32_t kMinI32 = 0x80000000u, kMaxI32 = 0x7fffffffu, kAllOnes = 0xffffffffu;

/// The distance between the two sides of a wrapping boundary: one step mostly, sometimes a
/// wider one (side A then lies within the step below the edge).
uint32_t step(Rng& rng) {
  return rng.chance(70) ? 1u
                        : 2u + static_cast<uint32_t>(rng.below(uint64_t(1) << (1 + rng.below(20))));
}

Row wrapRow(const char* id, const char* what, const char* op, Ty type,
            z3::expr (*exact)(const Formulas&, const z3::expr&, const z3::expr&)) {
  // Side A: the exact result (in 64 bits) is inside the type's range, within `step` of its
  // edge; side B: the right operand moved by `step` so that the exact result is outside and
  // wraps (#arithmetic-expr: "the result is modulo 2^32").
  Row r;
  bool isSigned = type == Ty::I32;
  std::string o = op;
  r.rule = {id, "arithmetic-expr", what, "", ""};
  r.shapes = {{std::string("$0 ") + op + " $1", {type, type}, type}};
  r.sideA = "in-range";
  r.sideB = "wraps";
  r.meaningA = "the exact result is in range";
  r.meaningB = "the exact result is outside the range and wraps modulo 2^32";
  r.constraint =
      "exact(a) in range, within step of the edge; b = a with the right operand "
      "moved by step; exact(b) outside";
  r.instances = o == "*" ? 3 : 5;
  r.boundary = [=](Builder& b, const Operands& a, const Operands& w) {
    const Formulas& f = b.f;
    uint32_t d = step(b.rng);
    z3::expr lo =
        isSigned ? f.ctx.bv_val(static_cast<int64_t>(INT32_MIN), 64) : f.ctx.bv_val(0, 64);
    z3::expr hi = isSigned ? f.ctx.bv_val(static_cast<int64_t>(INT32_MAX), 64)
                           : f.ctx.bv_val(static_cast<uint64_t>(UINT32_MAX), 64);
    z3::expr ea = exact(f, a[0], a[1]), eb = exact(f, w[0], w[1]);
    z3::expr wide = f.ctx.bv_val(static_cast<uint64_t>(d), 64);
    bool upper = b.rng.chance(50);
    if (!isSigned && o == "-") upper = false;  // u32 subtraction only wraps below zero
    if (!isSigned && o != "-") upper = true;   // u32 addition and multiplication only above
    z3::expr inRange = z3::sge(ea, lo) && z3::sle(ea, hi);
    z3::expr nearEdge = upper ? z3::sge(ea, hi - wide + 1) : z3::sle(ea, lo + wide - 1);
    z3::expr outside = upper ? z3::sgt(eb, hi) : z3::slt(eb, lo);
    // The left operand from the stream, where the edge can be reached (i32: a sum reaches
    // 2^31 - 1 only from a0 >= 0 ...); the solver picks the right operand at the edge.
    uint32_t left = static_cast<uint32_t>(b.rng.next());
    b.pin(1);
    if (o == "*") {
      // 2 <= |a0| < 2^31. The solver finds the right factor by division (folded: both are
      // constants): the largest |a1| whose product fits is edge / a0, truncated; searching
      // through a 64-bit multiplication takes it seconds, so the products' ranges are the
      // row's check, evaluated on the model.
      left = 2u + static_cast<uint32_t>(
                      b.rng.below(uint64_t(1) << (1 + b.rng.below(isSigned ? 29 : 30))));
      if (isSigned && b.rng.chance(50)) left = 0u - left;
      z3::expr edge = f.word(upper ? (isSigned ? kMaxI32 : kAllOnes) : kMinI32);
      bool negative = isSigned && static_cast<int32_t>(left) < 0;
      z3::expr dd = f.word(d);
      return b.fix(a, 0, left) &&
             a[1] == (isSigned ? edge / f.word(left) : z3::udiv(edge, f.word(left))) &&
             w[0] == a[0] && w[1] == (upper != negative ? a[1] + dd : a[1] - dd);
    }
    if (isSigned) left = upper ? left & kMaxI32 : left | kMinI32;
    // The right operand moves by d in the direction that moves the result across the edge.
    z3::expr dd = f.word(d);
    z3::expr moved = w[1] == a[1] + dd || w[1] == a[1] - dd;
    return inRange && nearEdge && outside && w[0] == a[0] && moved && b.fix(a, 0, left);
  };
  if (o == "*")
    r.check = [=](Builder& b, const Operands& a, const Operands& w) {
      const Formulas& f = b.f;
      z3::expr lo =
          isSigned ? f.ctx.bv_val(static_cast<int64_t>(INT32_MIN), 64) : f.ctx.bv_val(0, 64);
      z3::expr hi = isSigned ? f.ctx.bv_val(static_cast<int64_t>(INT32_MAX), 64)
                             : f.ctx.bv_val(static_cast<uint64_t>(UINT32_MAX), 64);
      z3::expr ea = exact(f, a[0], a[1]), eb = exact(f, w[0], w[1]);
      return z3::sge(ea, lo) && z3::sle(ea, hi) && !(z3::sge(eb, lo) && z3::sle(eb, hi));
    };
  r.outcome = [o](Builder& b, const Operands& v) {
    z3::expr x = o == "+" ? v[0] + v[1] : o == "-" ? v[0] - v[1] : v[0] * v[1];
    (void)b;
    return exactInteger(x);
  };
  return r;
}

z3::expr exactAddSigned(const Formulas& f, const z3::expr& x, const z3::expr& y) {
  return f.wideSigned(x) + f.wideSigned(y);
}
z3::expr exactSubSigned(const Formulas& f, const z3::expr& x, const z3::expr& y) {
  return f.wideSigned(x) - f.wideSigned(y);
}
z3::expr exactMulSigned(const Formulas& f, const z3::expr& x, const z3::expr& y) {
  return f.wideSigned(x) * f.wideSigned(y);
}
z3::expr exactAddUnsigned(const Formulas& f, const z3::expr& x, const z3::expr& y) {
  return f.wideUnsigned(x) + f.wideUnsigned(y);
}
z3::expr exactSubUnsigned(const Formulas& f, const z3::expr& x, const z3::expr& y) {
  return f.wideUnsigned(x) - f.wideUnsigned(y);
}
z3::expr exactMulUnsigned(const Formulas& f, const z3::expr& x, const z3::expr& y) {
  return f.wideUnsigned(x) * f.wideUnsigned(y);
}

using Binary = z3::expr (Formulas::*)(const z3::expr&, const z3::expr&) const;

/// `e1 / e2`, `e1 % e2` with e2 zero (side A) or one (side B; -1 or 1 for i32).
Row byZeroRow(const char* id, const char* what, const char* op, Ty type, Binary formula) {
  Row r;
  r.rule = {id, "arithmetic-expr", what, "", ""};
  r.shapes = {{std::string("$0 ") + op + " $1", {type, type}, type}};
  r.sideA = "zero";
  r.sideB = "nonzero";
  r.meaningA = "the divisor is zero";
  r.meaningB = "the divisor is 1 or -1";
  r.constraint = "a: e2 == 0; b: e1 unchanged, e2 == 1 (or -1 for i32)";
  r.instances = 6;
  bool isSigned = type == Ty::I32;
  r.boundary = [=](Builder& b, const Operands& a, const Operands& w) {
    const Formulas& f = b.f;
    z3::expr one = isSigned && b.rng.chance(50) ? f.word(kAllOnes) : f.word(1);
    b.prefer(a[0] != f.word(0));
    b.pin(1);
    return a[1] == f.word(0) && w[0] == a[0] && w[1] == one;
  };
  r.outcome = [formula](Builder& b, const Operands& v) {
    return exactInteger((b.f.*formula)(v[0], v[1]));
  };
  return r;
}

/// `MIN / -1` and `MIN % -1` (side A) against one operand moved by one (side B).
Row minByMinusOneRow(const char* id, const char* what, const char* op, Binary formula) {
  Row r;
  r.rule = {id, "arithmetic-expr", what, "", ""};
  r.shapes = {{std::string("$0 ") + op + " $1", {Ty::I32, Ty::I32}, Ty::I32}};
  r.sideA = "min-by-minus-one";
  r.sideB = "moved";
  r.meaningA = "e1 is the most negative i32 and e2 is -1";
  r.meaningB = "e1 is the most negative i32 plus one, or e2 is -2 or 1";
  r.constraint = "a: e1 == -2^31, e2 == -1; b: e1 + 1, or e2 - 1, or e2 == 1";
  r.instances = 6;
  r.mustMix = true;
  r.boundary = [](Builder& b, const Operands& a, const Operands& w) {
    const Formulas& f = b.f;
    z3::expr at = a[0] == f.word(kMinI32) && a[1] == f.word(kAllOnes);
    switch (b.rng.below(3)) {
      case 0:
        return at && w[0] == f.word(kMinI32 + 1) && w[1] == a[1];
      case 1:
        return at && w[0] == a[0] && w[1] == f.word(kAllOnes - 1);
      default:
        return at && w[0] == a[0] && w[1] == f.word(1);
    }
  };
  r.outcome = [formula](Builder& b, const Operands& v) {
    return exactInteger((b.f.*formula)(v[0], v[1]));
  };
  return r;
}

/// `-e` and `abs(e)` of the most negative i32 against the next value.
Row unaryMinRow(const char* id, const char* anchor, const char* what, const char* op,
                z3::expr (Formulas::*formula)(const z3::expr&) const) {
  Row r;
  r.rule = {id, anchor, what, "", ""};
  r.shapes = {{op, {Ty::I32}, Ty::I32}};
  r.sideA = "min";
  r.sideB = "min-plus-one";
  r.meaningA = "e is the most negative i32: the result is e";
  r.meaningB = "e is the most negative i32 plus one";
  r.constraint = "a: e == -2^31; b: e == -2^31 + 1";
  r.instances = 4;
  r.mustMix = true;
  r.boundary = [](Builder& b, const Operands& a, const Operands& w) {
    return a[0] == b.f.word(kMinI32) && w[0] == b.f.word(kMinI32 + 1);
  };
  r.outcome = [formula](Builder& b, const Operands& v) {
    return exactInteger((b.f.*formula)(v[0]));
  };
  return r;
}

/// `e1 << e2`, `e1 >> e2` with e2 = 31 (mod 32) on side A and e2 + 1 = 0 (mod 32) on side B.
Row shiftRow(const char* id, const char* what, const char* op, Ty type, Binary formula) {
  Row r;
  r.rule = {id, "bit-expr", what, "", ""};
  r.shapes = {{std::string("$0 ") + op + " $1", {type, Ty::U32}, type}};
  r.sideA = "count-31";
  r.sideB = "count-32";
  r.meaningA = "the shift count is 31 modulo 32";
  r.meaningB = "the shift count is 0 modulo 32 (32, 64, ...): no shift";
  r.constraint = "a: e2 mod 32 == 31; b: e2 + 1";
  r.instances = 6;
  r.boundary = [](Builder& b, const Operands& a, const Operands& w) {
    const Formulas& f = b.f;
    b.pin(1);
    if (b.rng.chance(30))
      b.prefer(a[1] == f.word(31));
    else
      b.prefer(z3::lshr(a[1], f.word(5)) == f.word(b.rng.below(uint64_t(1) << b.rng.below(28))));
    return (a[1] & f.word(31)) == f.word(31) && w[1] == a[1] + f.word(1) && w[0] == a[0] &&
           a[1] != f.word(kAllOnes);
  };
  r.outcome = [formula](Builder& b, const Operands& v) {
    return exactInteger((b.f.*formula)(v[0], v[1]));
  };
  return r;
}

/// A built-in at zero (side A) against a single set bit 1 << j (side B).
Row atZeroRow(const char* id, const char* what, std::vector<Shape> shapes,
              z3::expr (*formula)(Builder&, const z3::expr&), const char* meaningA) {
  Row r;
  r.rule = {id, "integer-builtin-functions", what, "", ""};
  r.shapes = std::move(shapes);
  r.sideA = "zero";
  r.sideB = "one-bit";
  r.meaningA = meaningA;
  r.meaningB = "e has one bit set";
  r.constraint = "a: e == 0; b: e == 1 << j";
  r.instances = 6;
  r.mustMix = true;
  r.boundary = [](Builder& b, const Operands& a, const Operands& w) {
    uint32_t j = static_cast<uint32_t>(b.rng.below(32));
    return a[0] == b.f.word(0) && w[0] == b.f.word(1u << j);
  };
  r.outcome = [formula](Builder& b, const Operands& v) { return exactInteger(formula(b, v[0])); };
  return r;
}

z3::expr clz(Builder& b, const z3::expr& e) {
  return b.f.countLeadingZeros(e);
}
z3::expr ctz(Builder& b, const z3::expr& e) {
  return b.f.countTrailingZeros(e);
}
z3::expr fltb(Builder& b, const z3::expr& e) {
  return b.f.firstTrailingBit(e);
}
z3::expr flbUnsigned(Builder& b, const z3::expr& e) {
  return b.f.firstLeadingBitUnsigned(e);
}

std::vector<Shape> bothTypes(const char* name) {
  std::string n = name;
  return {{n + "($0)", {Ty::U32}, Ty::U32}, {n + "($0)", {Ty::I32}, Ty::I32}};
}

Row firstLeadingBitSignedRow() {
  Row r;
  r.rule = {"runtime.first-leading-bit-signed", "integer-builtin-functions",
            "firstLeadingBit on i32: -1 for 0 and -1", "", ""};
  r.shapes = {{"firstLeadingBit($0)", {Ty::I32}, Ty::I32}};
  r.sideA = "all-sign";
  r.sideB = "one-bit-differs";
  r.meaningA = "e is 0 or -1: the result is -1";
  r.meaningB = "one bit of e differs from its sign bit";
  r.constraint = "a: e in {0, -1}; b: e ^ (1 << j)";
  r.instances = 6;
  r.mustMix = true;
  r.boundary = [](Builder& b, const Operands& a, const Operands& w) {
    const Formulas& f = b.f;
    uint32_t j = static_cast<uint32_t>(b.rng.below(32));
    z3::expr e = b.rng.chance(50) ? f.word(0) : f.word(kAllOnes);
    return a[0] == e && w[0] == (e ^ f.word(1u << j));
  };
  r.outcome = [](Builder& b, const Operands& v) {
    return exactInteger(b.f.firstLeadingBitSigned(v[0]));
  };
  return r;
}

/// extractBits / insertBits at the end of the word: which = 0: offset + count == 32 vs past
/// it; 1: offset 31 vs >= 32; 2: count 0 vs 1.
Row bitRangeRow(const char* id, const char* what, bool insert, int which) {
  Row r;
  r.rule = {id, "integer-builtin-functions", what, "", ""};
  if (insert)
    r.shapes = {{"insertBits($0, $1, $2, $3)", {Ty::U32, Ty::U32, Ty::U32, Ty::U32}, Ty::U32},
                {"insertBits($0, $1, $2, $3)", {Ty::I32, Ty::I32, Ty::U32, Ty::U32}, Ty::I32}};
  else
    r.shapes = {{"extractBits($0, $1, $2)", {Ty::U32, Ty::U32, Ty::U32}, Ty::U32},
                {"extractBits($0, $1, $2)", {Ty::I32, Ty::U32, Ty::U32}, Ty::I32}};
  const size_t o = insert ? 2 : 1, c = insert ? 3 : 2;  // operand positions of offset, count
  switch (which) {
    case 0:
      r.sideA = "end-at-32";
      r.sideB = "end-past-32";
      r.meaningA = "offset + count == 32";
      r.meaningB = "offset + count > 32: c = min(count, w - o) clamps it";
      r.constraint = "a: offset <= 32, offset + count == 32; b: count + d";
      break;
    case 1:
      r.sideA = "offset-31";
      r.sideB = "offset-32";
      r.meaningA = "offset is 31, count at least 1";
      r.meaningB = "offset is at least 32: o = min(offset, w) = 32, c = 0";
      r.constraint = "a: offset == 31, count >= 1; b: offset >= 32";
      break;
    default:
      r.sideA = "count-0";
      r.sideB = "count-1";
      r.meaningA = "count is 0: the result is 0 (extractBits) or e (insertBits)";
      r.meaningB = "count is 1";
      r.constraint = "a: count == 0, offset < 32; b: count == 1";
  }
  r.instances = 5;
  r.boundary = [o, c, which](Builder& b, const Operands& a, const Operands& w) {
    const Formulas& f = b.f;
    b.pin(o);
    b.pin(c);
    z3::expr same = f.ctx.bool_val(true);
    for (size_t i = 0; i < a.size(); ++i)
      if (i != (which == 1 ? o : c)) same = same && w[i] == a[i];
    switch (which) {
      case 0: {
        uint32_t d = b.rng.chance(70)
                         ? 1u
                         : 1u + static_cast<uint32_t>(b.rng.below(uint64_t(1) << b.rng.below(31)));
        b.prefer(a[o] == f.word(b.rng.below(33)));
        return same && z3::ule(a[o], f.word(32)) && a[o] + a[c] == f.word(32) &&
               z3::ule(a[c], f.word(32)) && w[c] == a[c] + f.word(d) && z3::ugt(w[c], a[c]);
      }
      case 1:
        if (b.rng.chance(60)) b.prefer(w[o] == f.word(32));
        return same && a[o] == f.word(31) && z3::uge(a[c], f.word(1)) && z3::uge(w[o], f.word(32));
      default:
        b.prefer(a[o] == f.word(b.rng.below(32)));
        return same && a[c] == f.word(0) && w[c] == f.word(1) && z3::ult(a[o], f.word(32));
    }
  };
  r.outcome = [insert](Builder& b, const Operands& v) {
    if (insert) return exactInteger(b.f.insertBits(v[0], v[1], v[2], v[3]));
    return exactInteger(b.f.extractBits(v[0], v[1], v[2], b.shape == 1));
  };
  return r;
}

}  // namespace

std::vector<Row> integerRows() {
  std::vector<Row> rows;
  rows.push_back(wrapRow("runtime.i32-add-wrap", "i32 addition at the edge of the range", "+",
                         Ty::I32, exactAddSigned));
  rows.push_back(wrapRow("runtime.i32-sub-wrap", "i32 subtraction at the edge of the range", "-",
                         Ty::I32, exactSubSigned));
  rows.push_back(wrapRow("runtime.i32-mul-wrap", "i32 multiplication at the edge of the range", "*",
                         Ty::I32, exactMulSigned));
  rows.push_back(
      wrapRow("runtime.u32-add-wrap", "u32 addition at 2^32", "+", Ty::U32, exactAddUnsigned));
  rows.push_back(
      wrapRow("runtime.u32-sub-wrap", "u32 subtraction at zero", "-", Ty::U32, exactSubUnsigned));
  rows.push_back(wrapRow("runtime.u32-mul-wrap", "u32 multiplication at 2^32", "*", Ty::U32,
                         exactMulUnsigned));
  rows.push_back(unaryMinRow("runtime.i32-negate-min", "arithmetic-expr",
                             "i32 negation of the most negative value", "-($0)",
                             &Formulas::negate));
  rows.push_back(byZeroRow("runtime.i32-div-by-zero", "i32 division by zero", "/", Ty::I32,
                           &Formulas::divideSigned));
  rows.push_back(byZeroRow("runtime.i32-rem-by-zero", "i32 remainder by zero", "%", Ty::I32,
                           &Formulas::remainderSigned));
  rows.push_back(byZeroRow("runtime.u32-div-by-zero", "u32 division by zero", "/", Ty::U32,
                           &Formulas::divideUnsigned));
  rows.push_back(byZeroRow("runtime.u32-rem-by-zero", "u32 remainder by zero", "%", Ty::U32,
                           &Formulas::remainderUnsigned));
  rows.push_back(minByMinusOneRow("runtime.i32-div-min-by-minus-one",
                                  "i32 division of the most negative value by -1", "/",
                                  &Formulas::divideSigned));
  rows.push_back(minByMinusOneRow("runtime.i32-rem-min-by-minus-one",
                                  "i32 remainder of the most negative value by -1", "%",
                                  &Formulas::remainderSigned));
  rows.push_back(shiftRow("runtime.u32-shift-left-count", "u32 shift left: count modulo 32", "<<",
                          Ty::U32, &Formulas::shiftLeft));
  rows.push_back(shiftRow("runtime.i32-shift-left-count", "i32 shift left: count modulo 32", "<<",
                          Ty::I32, &Formulas::shiftLeft));
  rows.push_back(shiftRow("runtime.u32-shift-right-count", "u32 shift right: count modulo 32", ">>",
                          Ty::U32, &Formulas::shiftRightLogical));
  rows.push_back(shiftRow("runtime.i32-shift-right-count",
                          "i32 shift right: count modulo 32 (arithmetic, S3)", ">>", Ty::I32,
                          &Formulas::shiftRightArithmetic));
  rows.push_back(unaryMinRow("runtime.abs-min", "integer-builtin-functions",
                             "abs of the most negative i32", "abs($0)", &Formulas::absSigned));
  rows.push_back(atZeroRow("runtime.count-leading-zeros-zero", "countLeadingZeros at zero",
                           bothTypes("countLeadingZeros"), clz, "e is 0: the result is 32"));
  rows.push_back(atZeroRow("runtime.count-trailing-zeros-zero", "countTrailingZeros at zero",
                           bothTypes("countTrailingZeros"), ctz, "e is 0: the result is 32"));
  rows.push_back(atZeroRow("runtime.first-trailing-bit-zero", "firstTrailingBit at zero",
                           bothTypes("firstTrailingBit"), fltb, "e is 0: the result is T(-1)"));
  rows.push_back(atZeroRow(
      "runtime.first-leading-bit-unsigned-zero", "firstLeadingBit on u32 at zero",
      {{"firstLeadingBit($0)", {Ty::U32}, Ty::U32}}, flbUnsigned, "e is 0: the result is T(-1)"));
  rows.push_back(firstLeadingBitSignedRow());
  rows.push_back(
      bitRangeRow("runtime.extract-bits-end", "extractBits: offset + count at 32", false, 0));
  rows.push_back(bitRangeRow("runtime.extract-bits-offset", "extractBits: offset at 32", false, 1));
  rows.push_back(bitRangeRow("runtime.extract-bits-count-zero", "extractBits: count 0", false, 2));
  rows.push_back(
      bitRangeRow("runtime.insert-bits-end", "insertBits: offset + count at 32", true, 0));
  rows.push_back(bitRangeRow("runtime.insert-bits-offset", "insertBits: offset at 32", true, 1));
  rows.push_back(bitRangeRow("runtime.insert-bits-count-zero", "insertBits: count 0", true, 2));
  return rows;
}

}  // namespace plumb::gen::wgsl::rt
