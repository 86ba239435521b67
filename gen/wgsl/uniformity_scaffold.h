// The parts the rows of the `uniformity` family are made of (uniformity.cpp): the module-scope
// declarations and entry point of a compute or fragment shader, the menus of sources (values
// that are uniform or not by the rows of #uniformity-expressions), the sinks (calls that
// require uniform control flow, #uniformity-function-calls) and dependency chains whose links
// Z3 picks.
#pragma once

#include <string>
#include <vector>

#include "gen/rng.h"
#include "gen/wgsl/uniformity_program.h"

namespace plumb::gen::wgsl::uniformity {

enum class Stage { Compute, Fragment };

class Scaffold {
 public:
  Scaffold(Program& p, Rng& rng, Stage stage);

  Program& program() { return p_; }
  Rng& rng() { return rng_; }
  Stage stage() const { return stage_; }

  /// A u32 value in the entry point, chosen by Z3 among the stage's sources (flippable).
  ExprP source();
  /// A u32 value in a helper function (module-scope variables and constants only).
  ExprP helperSource();
  /// A statement that requires uniform control flow, chosen by Z3 among the stage's.
  StmtP sink();
  /// The sink `name(...)` forced (barrier, derivative, texture sampling).
  StmtP sinkCall(const std::string& name);
  /// A boolean condition on the u32 value `v` (its shape drawn from the stream).
  ExprP condition(ExprP v, Key key = KeyNone);
  /// A chain of `links` declarations ending in a u32 named by the result, each link picked by
  /// Z3 (let, var, operator, built-in, type constructor, index, member, user function, or a
  /// restart from a new source), each with a source of its own.
  std::string chain(std::vector<StmtP>& out, int links);
  /// A fresh name with the prefix.
  std::string fresh(const std::string& prefix);
  /// Adds a helper function (before the entry point).
  void helper(Function f);
  /// Finishes the program: the entry point with `body`.
  void entry(std::vector<StmtP> body);
  /// Replaces the entry point's parameters (U9's structures).
  void entryParams(std::vector<Param> params) { params_ = std::move(params); }
  /// Lets source() read the @location input: only the rows about it (hole U1) may, since
  /// the seed's letter calls it uniform where the current text (and Tint) do not
  /// (docs/ambiguities.md U1, revision delta U18); any other row relying on it would test
  /// the hole incidentally.
  void allowUserDefinedInput() { userDefinedInput_ = true; }

 private:
  Program& p_;
  Rng& rng_;
  Stage stage_;
  std::vector<Param> params_;
  std::vector<Function> helpers_;
  int names_ = 0;
  bool pass2_ = false;
  bool userDefinedInput_ = false;
};

}  // namespace plumb::gen::wgsl::uniformity
