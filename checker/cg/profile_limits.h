// The limits of the older profiles' hardware that cgc 3.1 reports and the Cg 3.1 reference
// manual's profile pages state (docs/cg.md "Profiles", docs/ambiguities.md CG-P10 to CG-P12).
// The seed leaves them to each profile's "separate specification" ("compilers are permitted to
// issue error messages in these cases"): each is a named profile rule here.
//
// They all turn on one question: is a value known when the program is compiled (a literal, a
// `const`, a loop counter of an unrolled loop, anything computed from those), or only when it
// runs (an input of the program: a varying or uniform parameter of the entry, a uniform global,
// a texture lookup, and anything computed from one or assigned under a condition on one)?
// `RunTimeValues` answers it for the functions the entry reaches: locals and parameters
// statement by statement, globals and what crosses calls as summaries (a parameter is one when
// some call passes one).
//  - CG-P10: a loop whose condition is a run-time value cannot be unrolled, in the profiles
//    whose loops must unroll (arbvp1, arbfp1, vs_1_1, vs_2_0, ps_1_1, ps_2_0; cgc C5013).
//  - CG-P11: an array subscript that is a run-time value, in the fragment profiles without
//    relative addressing (arbfp1, ps_1_1, ps_2_0; cgc C5043).
//  - CG-P11 also holds for a matrix's rows (a uniform matrix is four constant registers).
//  - CG-P12: |, &, ^, <<, >> and ~ on integer run-time values, in the profiles without integer
//    instructions (arbvp1, arbfp1, vp40, fp40, vs_1_1 .. vs_3_0, ps_1_1 .. ps_3_0; cgc C5508).
//  - CG-P13: a run-time subscript of storage that is not uniform (a varying input, an array
//    of constants), in the vertex profiles before gp4 (arbvp1, vs_1_1, vs_2_0, vp40, vs_3_0;
//    cgc C6016).
//  - CG-P14: a run-time subscript in fp40 and ps_3_0, except of a varying input array (fp40:
//    texture coordinates) by a loop's counter (cgc C6013).
//  - CG-P15: a loop that cannot be unrolled whose int counter counts up from a constant
//    outside [0, 255], in vs_3_0 and ps_3_0 (the loop register aL; cgc C7002).
// CG-P13 and CG-P14 flag only what cgc's rule certainly rejects: a local array of run-time
// values, or a parameter of a function that is not the entry, may be a copy that cgc
// propagates to its source, and is not limited (docs/ambiguities.md).
#pragma once

#include <string>
#include <vector>

#include "checker/cg/checker.h"
#include "checker/cg/profile.h"
#include "semantics/cg/ast.h"
#include "semantics/source.h"

namespace plumb::cg {

struct ProfileLimitViolation {
  Span span;
  std::string message;
  std::string limit;  // "CG-P10" .. "CG-P15"
};

/// The violations of the profile's limits in the functions `checked.reachable` lists.
std::vector<ProfileLimitViolation> checkProfileLimits(const Program& program,
                                                      const CheckedProgram& checked,
                                                      const Profile& profile);

}  // namespace plumb::cg
