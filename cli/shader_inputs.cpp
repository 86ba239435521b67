// Inputs shared by the subcommands that run or check a shader (shader_inputs.h).
#include "cli/shader_inputs.h"

#include <cstdlib>
#include <iostream>
#include <sstream>

#include "cli/commands.h"
#include "cli/input_files.h"
#include "semantics/diagnostic_json.h"

namespace plumb::cli {

bool parseDispatch(const char* command, const std::string& text, std::array<uint32_t, 3>& out) {
  std::istringstream in(text);
  std::string part;
  int k = 0;
  while (std::getline(in, part, ',')) {
    char* end = nullptr;
    unsigned long v = std::strtoul(part.c_str(), &end, 10);
    if (k >= 3 || part.empty() || *end || v == 0 || v > 65535) {
      std::cerr << "plumb " << command << ": --dispatch needs X[,Y[,Z]] with each in [1, 65535], got '" << text
                << "'\n";
      return false;
    }
    out[k++] = static_cast<uint32_t>(v);
  }
  return true;
}

bool parseOverrides(const char* command, const std::vector<std::string>& given,
                    std::vector<std::pair<std::string, std::string>>& out) {
  for (const std::string& kv : given) {
    size_t eq = kv.find('=');
    if (eq == std::string::npos || eq == 0) {
      std::cerr << "plumb " << command << ": --override needs NAME=VALUE, got '" << kv << "'\n";
      return false;
    }
    out.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
  }
  return true;
}

int readBindingsFile(const char* command, const std::string& path, nlohmann::json& out) {
  if (path.empty()) return kOk;
  std::optional<nlohmann::json> j = readJsonFile(command, path);
  if (!j) return kUsage;
  out = std::move(*j);
  return kOk;
}

void printNotRun(const char* format, int version, const SourceFile& file,
                 const DiagnosticList& diagnostics, const std::vector<std::string>& errors,
                 bool json, std::string_view revision) {
  if (json) {
    nlohmann::json diags = nlohmann::json::array();
    for (const Diagnostic& d : diagnostics.all()) diags.push_back(toJson(d));
    std::cout << nlohmann::json{{"format", format},
                                {"version", version},
                                {"revision", std::string(revision)},
                                {"file", file.name()},
                                {"ran", false},
                                {"diagnostics", diags},
                                {"errors", errors}}
                     .dump(2)
              << "\n";
    return;
  }
  for (const Diagnostic& d : diagnostics.all()) std::cerr << renderText(d);
  for (const std::string& e : errors) std::cerr << file.name() << ": error: " << e << "\n";
}

}  // namespace plumb::cli
