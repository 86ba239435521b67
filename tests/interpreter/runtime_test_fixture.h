// Shared by the run-time operations tests: a type table with the overload table, and
// builders for run-time values.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "interpreter/wgsl/runtime_operations.h"
#include "semantics/wgsl/overloads.h"

namespace plumb::interp::testing {

class RuntimeTest : public ::testing::Test {
 protected:
  TypeTable types;
  OverloadTable overloads{types};

  RValue i32(int64_t v) { return RValue{types.i32(), v}; }
  RValue u32(int64_t v) { return RValue{types.u32(), v}; }
  RValue boolean(bool b) { return RValue{types.boolType(), b}; }
  RValue f32(double v) { return RValue{types.f32(), FloatSet::exact(v)}; }
  RValue f32(double lo, double hi) { return RValue{types.f32(), FloatSet::range(lo, hi)}; }
  RValue f16(double v) { return RValue{types.f16(), FloatSet::exact(v)}; }
  RValue anyOf(Type t) { return anyValueOf(types, t); }
  RValue vec(std::vector<RValue> parts) {
    Type t = types.vector(static_cast<uint8_t>(parts.size()), parts[0].type);
    return RValue{t, Components(parts.begin(), parts.end())};
  }

  /// The only alternative of a successful operation.
  static RValue one(const OperationResult& r) {
    EXPECT_TRUE(r.ok()) << r.unsupported;
    EXPECT_EQ(r.alternatives.size(), 1u);
    return r.ok() ? r.alternatives[0] : RValue{};
  }
  static FloatSet set(const RValue& v) {
    return std::holds_alternative<FloatSet>(v.data) ? v.floatSet() : FloatSet{NAN, NAN, false};
  }

  OperationResult op(std::string_view o, Type result, std::vector<RValue> operands,
                     OperatorOptions options = {}) {
    return applyOperator(types, o, result, operands, options);
  }
  RValue op1(std::string_view o, Type result, std::vector<RValue> operands) {
    return one(op(o, result, std::move(operands)));
  }

  /// A built-in call resolved as overload resolution would for these argument types.
  OperationResult call(std::string_view name, std::vector<RValue> args) {
    for (const Overload& o : overloads.candidates(OverloadKind::Builtin, name)) {
      if (o.parameters.size() != args.size()) continue;
      Bindings b(o.wildcards);
      bool match = true;
      for (size_t i = 0; i < args.size() && match; ++i)
        match = matchPattern(types, o.parameters[i], args[i].type, b);
      if (!match) continue;
      return callBuiltin(types, o, instantiate(types, o.result, b), args);
    }
    ADD_FAILURE() << "no overload of " << name;
    return {};
  }
  RValue call1(std::string_view name, std::vector<RValue> args) {
    return one(call(name, std::move(args)));
  }
  std::string text(const RValue& v) { return formatRValue(types, v); }
};

}  // namespace plumb::interp::testing
