// Writes the source of checker/wgsl/builtin_type_order.h's functions (checker/CMakeLists.txt
// runs it at build time, so the list always fits the rows): the types the full expansion of
// the overload table interns, in its order, for the seed's rows and for current WGSL's.
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "semantics/atomic_file.h"
#include "semantics/wgsl/overloads.h"
#include "semantics/wgsl/revision.h"

namespace {

void writeOrder(std::ostringstream& out, const char* function, const plumb::Revision* revision) {
  std::vector<uint64_t> types = plumb::OverloadTable::expansionTypes(revision);
  out << "std::span<const uint64_t> " << function << "() {\n";
  if (types.empty()) {
    out << "  return {};\n}\n\n";
    return;
  }
  out << "  static constexpr uint64_t kTypes[] = {";
  for (size_t i = 0; i < types.size(); ++i)
    out << (i % 11 == 0 ? "\n     " : "") << ' ' << types[i] << ',';
  out << "\n  };\n  return kTypes;\n}\n\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: builtin_type_order_gen OUTPUT.cpp\n";
    return 2;
  }
  std::ostringstream out;
  out << "// Generated at build time by checker/wgsl/builtin_type_order_gen.cpp: do not edit.\n"
         "#include \"checker/wgsl/builtin_type_order.h\"\n\nnamespace plumb {\n\n";
  writeOrder(out, "seedBuiltinTypeOrder", nullptr);
  writeOrder(out, "currentBuiltinTypeOrder", &plumb::Revision::wgsl2026());
  out << "}  // namespace plumb\n";
  // Rewritten only when it changes, so that the checker is not compiled again for nothing.
  std::ifstream old(argv[1], std::ios::binary);
  std::stringstream before;
  before << old.rdbuf();
  if (old && before.str() == out.str()) return 0;
  std::string error;
  if (!plumb::writeFileAtomically(argv[1], out.str(), error)) {
    std::cerr << "builtin_type_order_gen: " << error << "\n";
    return 1;
  }
  return 0;
}
