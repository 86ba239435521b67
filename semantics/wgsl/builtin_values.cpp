#include "semantics/wgsl/builtin_values.h"

namespace plumb {

std::string_view spelling(ShaderStage s) {
  switch (s) {
    case ShaderStage::Vertex: return "vertex";
    case ShaderStage::Fragment: return "fragment";
    case ShaderStage::Compute: return "compute";
    default: return "none";
  }
}

// #builtin-values, in the table's order.
static constexpr BuiltinValue kBuiltinValues[] = {
    {"vertex_index", ShaderStage::Vertex, true, "u32"},
    {"instance_index", ShaderStage::Vertex, true, "u32"},
    {"position", ShaderStage::Vertex, false, "vec4<f32>"},
    {"position", ShaderStage::Fragment, true, "vec4<f32>"},
    {"front_facing", ShaderStage::Fragment, true, "bool"},
    {"frag_depth", ShaderStage::Fragment, false, "f32"},
    {"local_invocation_id", ShaderStage::Compute, true, "vec3<u32>"},
    {"local_invocation_index", ShaderStage::Compute, true, "u32"},
    {"global_invocation_id", ShaderStage::Compute, true, "vec3<u32>"},
    {"workgroup_id", ShaderStage::Compute, true, "vec3<u32>"},
    {"num_workgroups", ShaderStage::Compute, true, "vec3<u32>"},
    {"sample_index", ShaderStage::Fragment, true, "u32"},
    {"sample_mask", ShaderStage::Fragment, true, "u32"},
    {"sample_mask", ShaderStage::Fragment, false, "u32"},
    // new#builtin-inputs-outputs: the values current WGSL adds (revision 2026, delta 8), with
    // the table's Extension column. clip_distances is array<f32, N> with N <= 8
    // (new#clip-distances-builtin-value), checked by the shader interface.
    {"clip_distances", ShaderStage::Vertex, false, "array<f32, N>", true, "clip_distances"},
    {"primitive_index", ShaderStage::Fragment, true, "u32", true, "primitive_index"},
    {"global_invocation_index", ShaderStage::Compute, true, "u32", true, {}, "linear_indexing"},
    {"workgroup_index", ShaderStage::Compute, true, "u32", true, {}, "linear_indexing"},
    {"subgroup_invocation_id", ShaderStage::Compute, true, "u32", true, "subgroups"},
    {"subgroup_invocation_id", ShaderStage::Fragment, true, "u32", true, "subgroups"},
    {"subgroup_size", ShaderStage::Compute, true, "u32", true, "subgroups"},
    {"subgroup_size", ShaderStage::Fragment, true, "u32", true, "subgroups"},
    {"subgroup_id", ShaderStage::Compute, true, "u32", true, "subgroups", "subgroup_id"},
    {"num_subgroups", ShaderStage::Compute, true, "u32", true, "subgroups", "subgroup_id"},
};

std::span<const BuiltinValue> builtinValues() { return kBuiltinValues; }

bool isBuiltinValueName(std::string_view name, bool current) {
  for (const BuiltinValue& v : kBuiltinValues)
    if (v.name == name && (current || !v.current)) return true;
  return false;
}

}  // namespace plumb
