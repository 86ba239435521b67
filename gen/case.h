// One generated conformance case (format `plumb-case`, version 1, docs/formats.md): a WGSL
// program on one side of one rule, the rule it exercises (spec anchor and table row), the
// expected result as Plumb derives it, the twin on the other side of the rule, and how the
// generator derived its own, independent expectation.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace plumb::gen {

inline constexpr const char* kCaseFormat = "plumb-case";
inline constexpr int kCaseVersion = 1;

enum class Side : uint8_t { Valid, Invalid };
const char* sideName(Side s);  // "valid", "invalid"

/// Where a case sits: the rule (its anchor in the normative text), the row of the rule's
/// table (or the boundary, for rules without a table), and on which side of it.
struct RuleRef {
  std::string anchor;  // e.g. "behaviors", "uniformity-statements", "arithmetic-expr"
  std::string row;     // the table row's name in the spec, or the family's boundary name
  std::string rowId;   // the family's stable id of the row: "behavior.loop-with-break"
  Side side = Side::Valid;
};

/// Options of Plumb's checker that the expectation depends on (as `plumb check` flags).
struct CaseOptions {
  bool strictUniformity = false;
  bool pipelineCreation = false;
  /// Pipeline-overridable constants at pipeline creation (name or id, WGSL text of a value).
  std::vector<std::pair<std::string, std::string>> overrides;
  bool literalShiftRight = false;
};

/// A runnable case's dispatch: entry point, workgroup counts, bindings (`plumb-bindings` v1
/// entries).
struct Dispatch {
  std::string entry;
  std::array<uint32_t, 3> workgroups{1, 1, 1};
  nlohmann::json bindings = nlohmann::json::array();
};

/// What a case runs through to get its expectation.
enum class CaseKind : uint8_t {
  Validation,  // parse + check: valid, or invalid with rule and position
  Run,         // plumb run: the outcome set of a compute dispatch
  Explore,     // plumb explore: the final states the memory model allows
};

struct GeneratedCase {
  std::string name;  // unique in its family: "<row>.<slot>.<side>"
  std::string family;
  std::string revision = "2022-06";
  RuleRef rule;
  CaseKind kind = CaseKind::Validation;
  std::string wgsl;
  CaseOptions options;
  std::optional<Dispatch> dispatch;                      // Run and Explore cases
  std::string twin;                                      // the other case of the edge pair, if any
  nlohmann::json expect;                                 // Plumb's expectation (derive.h)
  nlohmann::json derivation = nlohmann::json::object();  // the generator's own derivation
  std::string description;
};

nlohmann::json toJson(const GeneratedCase& c);
/// Reads a `plumb-case` v1 document; nullopt with `error` set when it is not one.
std::optional<GeneratedCase> caseFromJson(const nlohmann::json& j, std::string& error);

/// The case's file name inside its family folder.
std::string caseFileName(const GeneratedCase& c);

/// A name-safe slug of a row name: lower case, [a-z0-9-].
std::string slug(std::string_view text);

}  // namespace plumb::gen
