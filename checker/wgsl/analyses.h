// The analyses that run on a well-typed module after the checker's passes (checker.cpp calls
// them in this order when typing reported no error): each reads the CheckedModule and reports
// the rules it finds violated. One file each:
//   behaviors.cpp         statement behavior analysis (#behaviors)
//   shader_interface.cpp  entry points and the shader interface (#entry-points, #shader-interface)
//   aliasing.cpp          aliasing memory views (#function-aliasing)
//   uniformity.cpp        uniformity analysis (#uniformity)
#pragma once

#include "checker/wgsl/checker.h"

namespace plumb {

/// #behaviors: the behavior of every statement, expression and function; the errors it implies.
void analyzeBehaviors(CheckedModule& module, DiagnosticList& diagnostics);

/// #entry-points, #shader-interface: each entry point's pipeline inputs and outputs (built-in
/// values, user-defined IO, locations, interpolation, the vertex position output) and the
/// functions in its shader stage (the resource interface, stage-restricted built-ins).
void checkShaderInterface(CheckedModule& module, DiagnosticList& diagnostics);

/// #function-aliasing: calls that make two root identifiers of the callee alias while one of
/// them is written (checker/wgsl/aliasing.cpp). The seed makes that a dynamic error: reported as
/// warnings, unless `asErrors`, which applies the 2026 spec's shader-creation error (#aliasing
/// in wgsl-2026-08-19.bs; docs/ambiguities.md X1).
void checkAliasing(const CheckedModule& module, DiagnosticList& diagnostics, bool asErrors);

}  // namespace plumb
