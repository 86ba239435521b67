// Verdict-only oracle cases (docs/oracle.md "Verdict-only cases"): for each entry point of a
// program, the minimal pipeline a runner creates to make a backend apply its pipeline-creation
// rules, with nothing drawn or dispatched. A vertex entry point gets one vertex buffer per
// @location input, no fragment stage and a depth attachment (WebGPU wants one attachment at
// least); a fragment entry point gets a generated vertex stage
// that writes every input it reads (inter-stage interfaces must match in WebGPU) and one color
// target per @location output, its format chosen from the output's type.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "checker/wgsl/checker.h"

namespace plumb::oracle {

/// One user-defined input or output of an entry point (#user-defined-inputs-outputs).
struct LocatedDatum {
  uint32_t location = 0;
  Type type;
  Attributes::Interpolation interpolation = Attributes::Interpolation::None;
  Attributes::Sampling sampling = Attributes::Sampling::None;
};

/// The pipeline inputs or outputs of an entry point (#pipeline-inputs-outputs).
struct StageInterfaceData {
  std::vector<LocatedDatum> located;
  std::set<std::string> builtins;
};

/// One pipeline of a verdict-only case, as the runner receives it in "pipelines".
struct PipelinePlan {
  std::string entry;
  ShaderStage stage = ShaderStage::None;
  nlohmann::json vertexBuffers = nlohmann::json::array();  // vertex: GPUVertexBufferLayout-s
  nlohmann::json targets = nlohmann::json::array();        // fragment: GPUColorTargetState-s
  nlohmann::json depthStencil;  // null or a GPUDepthStencilState (vertex; fragment without color)
  std::string partnerWgsl;      // fragment: the generated vertex stage (its entry point is "main")
  /// The entry point's interface (types in the checked module's table): what a draw
  /// (oracle/wgsl/draw_plan.h) feeds and reads back.
  StageInterfaceData inputs, outputs;
};

/// The WGSL `@interpolate(...) ` attribute text of a datum ("" for the default).
std::string interpolationText(const LocatedDatum& d);
/// (component kind, component count) of a numeric scalar or vector, or nullopt.
std::optional<std::pair<TypeKind, int>> numericShape(const TypeTable& types, Type t);

/// The pipelines for every entry point of a checked module, in source order. Interface data
/// whose type Plumb could not establish (a program with errors) is left out: such a case is
/// compared on the shader module's verdict first, and a backend that compiles it still gets a
/// pipeline to create.
std::vector<PipelinePlan> planPipelines(const CheckedModule& module);

/// The vertex format (GPUVertexFormat) of a vertex input, or nullopt for a type no format has
/// (f16 scalars and 3-vectors).
std::optional<std::string> vertexFormat(const TypeTable& types, Type t);
/// The color target format (GPUTextureFormat) for a fragment output: r/rg/rgba 32-bit of its
/// component type, with no more components than the output has (a vec3 gets rg); f16 outputs
/// get the 16-bit float formats.
std::optional<std::string> targetFormat(const TypeTable& types, Type t);

/// The JSON a runner receives for one pipeline (protocol `plumb-oracle-runner` v1).
nlohmann::json pipelineJson(const PipelinePlan& p);

}  // namespace plumb::oracle
