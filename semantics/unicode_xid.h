// Unicode identifier classes (#identifiers: UAX #31, Unicode 14.0.0).
#pragma once

namespace plumb {

struct CodePointRange {
  char32_t first;
  char32_t last;
};

bool isXidStart(char32_t c);
bool isXidContinue(char32_t c);

}  // namespace plumb
