#include "oracle/tgsi/arb_runner_process.h"

#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace plumb::tgsi {
namespace fs = std::filesystem;

std::string shellQuoted(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

std::string readWholeFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

bool runInDirectory(const std::string& command, const fs::path& dir, const std::string& what,
                    std::string& results, std::string& error) {
  const std::string line = command + " < " + shellQuoted((dir / "inputs.txt").string()) + " > " +
                           shellQuoted((dir / "results.txt").string()) + " 2> " +
                           shellQuoted((dir / "errors.txt").string());
  const int status = std::system(line.c_str());
  const std::string errors = readWholeFile(dir / "errors.txt");
  results = readWholeFile(dir / "results.txt");
  std::error_code ignored;
  fs::remove_all(dir, ignored);
  if (status == 0) return true;
  error = "the " + what + " failed (status " + std::to_string(status) + "): " + errors;
  return false;
}

std::string defaultArbRunner() {
  if (const char* env = std::getenv("PLUMB_TGSI_RUNNER")) return env;
  return PLUMB_TGSI_RUNNER_DEFAULT;
}

MesaRun runArb(const std::string& runner, const ArbProgram& arb, const Program& program,
               const std::vector<RegisterValues>& cases) {
  MesaRun run;
  if (!fs::exists(runner)) {
    run.error = "the Mesa runner '" + runner +
                "' is not installed (run scripts/tgsi_oracle_setup.sh, or give --runner)";
    return run;
  }
  static std::atomic<unsigned> counter{0};
  const fs::path dir =
      fs::temp_directory_path() /
      ("plumb-tgsi-oracle-" + std::to_string(getpid()) + "-" + std::to_string(counter++));
  fs::create_directories(dir);
  {
    std::ofstream(dir / "program.arb", std::ios::binary) << arb.text;
    std::ofstream in(dir / "inputs.txt", std::ios::binary);
    char word[16];
    for (const RegisterValues& values : cases) {
      auto put = [&](File file, uint32_t index) {
        Register r{};
        if (file == File::Immediate) {
          for (int c = 0; c < 4; ++c) r[c] = Word::of(program.immediates[index].words[c]);
        } else if (auto it = values.find({file, index}); it != values.end()) {
          r = it->second;
        }
        for (const Word& w : r) {
          std::snprintf(word, sizeof word, "%08x ", w.bits);
          in << word;
        }
      };
      for (const auto& [file, index] : arb.locals) put(file, index);
      for (const auto& [file, index] : arb.envs) put(file, index);
      in << "\n";
    }
  }
  const std::string command =
      shellQuoted(runner) + " " + (arb.vertex ? "vertex" : "fragment") + " " +
      std::to_string(arb.outputs.size()) + " " + std::to_string(arb.locals.size()) + " " +
      std::to_string(arb.envs.size()) + " " + shellQuoted((dir / "program.arb").string());
  std::string output;
  if (!runInDirectory(command, dir, "Mesa runner", output, run.error)) return run;
  std::istringstream results(output);
  std::string line;
  while (std::getline(results, line)) {
    std::istringstream words(line);
    std::string head;
    words >> head;
    if (head == "renderer") {
      std::getline(words >> std::ws, run.renderer);
      continue;
    }
    MesaResult r;
    r.discarded = head == "discarded";
    if (!r.discarded) {
      r.outputs.resize(arb.outputs.size());
      for (auto& reg : r.outputs)
        for (uint32_t& w : reg) {
          std::string hex;
          words >> hex;
          w = static_cast<uint32_t>(std::strtoul(hex.c_str(), nullptr, 16));
        }
    }
    run.results.push_back(std::move(r));
  }
  if (run.results.size() != cases.size())
    run.error = "the Mesa runner answered " + std::to_string(run.results.size()) + " of " +
                std::to_string(cases.size()) + " cases";
  return run;
}

}  // namespace plumb::tgsi
