// A function as overload resolution sees it (seed "Function Overloading"): a user function
// (one per optional-argument count is not needed: defaults are kept per parameter) or a
// standard-library overload (standard_library.h).
#pragma once

#include <string>
#include <vector>

#include "semantics/cg/type.h"

namespace plumb::cg {

enum class ParameterDirection { In, Out, InOut };

struct FunctionSignature {
  std::string name;
  std::vector<TypeP> parameters;               // unqualified types
  std::vector<ParameterDirection> directions;  // same length
  std::vector<bool> hasDefault;                // same length (seed "optional arguments")
  TypeP result;
  /// Profile specifiers (seed "Overloading of Functions by Profile"); empty: open-profile.
  std::vector<std::string> profiles;
  int declaration = -1;  // a user function: index into Program::functions; -1: the library
  int ownerStruct = -1;  // a member function: its struct
  bool defined = false;  // a user function with a body
  /// A library overload its compiler declares in these profiles and rejects when a call
  /// chooses it ("not supported in this profile"): cgc's code (C3004); empty: supported.
  std::string unsupported;
};

}  // namespace plumb::cg
