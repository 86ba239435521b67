// Docs true to the binary (issue 16 item 3): every `plumb SUBCOMMAND ... --option` that README.md
// and docs/*.md write, in a code block or an inline code span, is listed by
// `plumb SUBCOMMAND --help`; and every other `--option` they mention is an option of some
// subcommand, or of a tool named in the list below.
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_util.h"

namespace {

namespace fs = std::filesystem;
using cli_testing::plumb;

const std::vector<std::string> kSubcommands = {
    "parse",         "check",   "eval",     "layout",       "builtins",      "run",
    "litmus",        "explore", "oracle",   "gen",          "corpus verify", "corpus coverage",
    "corpus export", "reduce",  "tgsi run", "tgsi opcodes", "tgsi oracle",   "wsl desugar",
    "wsl check",     "wsl run", "cg check", "cg run",       "cg oracle"};

// Options of other tools that the docs mention: CMake, Google Benchmark, valgrind, the CTS and
// bench programs, Chromium, the fuzzers, a Markdown example. Each is named where it appears.
const std::set<std::string> kOtherTools = {
    "--build",
    "--preset",
    "--target",
    "--benchmark",
    "--tool",
    "--rounds",
    "--file",
    "--list-disagreements",
    "--sample",  // tests/conformance/cts_validation
    "--fuzz",
    "--pictures",  // scripts/deps.sh
    "--clang",     // scripts/deps.sh
    "--use-vulkan",
    "--use-webgpu-adapter",
    "--remote-debugging-pipe",
    "--check",
    "--verbose",          // tests/conformance/wsl_ri_replay
    "--list",             // tests/conformance/wsl_ri_replay
    "--ri",               // oracle/wsl/differential.mjs
    "--plumb",            // oracle/wsl/differential.mjs
    "--programs",         // oracle/wsl/differential.mjs
    "--functions",        // oracle/wsl/differential.mjs
    "--library",          // oracle/wsl/differential.mjs
    "--via-cts-current",  // scripts/tint_corpus_acceptance.py
    "--as-needed",        // the linker (cli/CMakeLists.txt)
    "--x"};

const std::string& help(const std::string& subcommand) {
  static std::map<std::string, std::string> cache;
  auto it = cache.find(subcommand);
  if (it == cache.end()) it = cache.emplace(subcommand, plumb(subcommand + " --help").out).first;
  return it->second;
}

// `option` as a whole word of `text` (not the prefix of a longer option).
bool lists(const std::string& text, const std::string& option) {
  for (size_t at = text.find(option); at != std::string::npos; at = text.find(option, at + 1)) {
    size_t end = at + option.size();
    if (end == text.size() || !(std::isalnum(static_cast<unsigned char>(text[end])) ||
                                text[end] == '-' || text[end] == '_'))
      return true;
  }
  return false;
}

struct Mention {
  std::string where;  // FILE:LINE
  std::string text;   // a code span or a code block's logical line
};

// Code spans and code-block lines; a code-block line indented under a `plumb` line continues it.
std::vector<Mention> codeMentions(const fs::path& file) {
  std::ifstream in(file);
  std::vector<Mention> out;
  std::string line;
  bool block = false;
  int n = 0;
  static const std::regex span("`([^`]+)`");
  while (std::getline(in, line)) {
    ++n;
    std::string where = file.filename().string() + ":" + std::to_string(n);
    if (line.starts_with("```")) {
      block = !block;
      continue;
    }
    if (block) {
      bool continuation = !line.empty() && line[0] == ' ' && !out.empty() &&
                          line.find_first_not_of(' ') != std::string::npos &&
                          line[line.find_first_not_of(' ')] != '#';
      if (continuation)
        out.back().text += " " + line;
      else
        out.push_back({where, line});
      continue;
    }
    for (std::sregex_iterator i(line.begin(), line.end(), span), end; i != end; ++i)
      out.push_back({where, (*i)[1]});
  }
  return out;
}

std::vector<std::string> options(const std::string& text) {
  static const std::regex option("(^|[^A-Za-z0-9_-])(--[a-z][a-z0-9-]*)");
  std::vector<std::string> out;
  for (std::sregex_iterator i(text.begin(), text.end(), option), end; i != end; ++i)
    out.push_back((*i)[2]);
  return out;
}

std::vector<fs::path> docFiles() {
  std::vector<fs::path> files = {fs::path(PLUMB_SOURCE_DIR) / "README.md"};
  for (const fs::directory_entry& e : fs::directory_iterator(fs::path(PLUMB_SOURCE_DIR) / "docs"))
    if (e.path().extension() == ".md") files.push_back(e.path());
  return files;
}

TEST(CliDocs, EveryDocumentedOptionIsInItsSubcommandsHelp) {
  static const std::regex command(
      "\\bplumb\\s+([a-z]+)((\\s+(verify|coverage|export|opcodes|desugar|check)"
      "(\\|(verify|coverage|export|check|run))*|"
      "(?:\\s+(?:run|oracle)(?=\\s)))?)");
  size_t checked = 0;
  for (const fs::path& file : docFiles()) {
    for (const Mention& m : codeMentions(file)) {
      // One command per pipeline stage: `plumb gen ... && plumb corpus verify ...`.
      static const std::regex separator("&&|\\| |;");
      std::sregex_token_iterator part(m.text.begin(), m.text.end(), separator, -1), end;
      for (; part != end; ++part) {
        std::string text = *part;
        std::smatch c;
        if (!std::regex_search(text, c, command)) continue;
        std::vector<std::string> names;
        std::string subs = c[2].str();
        if (subs.empty()) {
          names.push_back(c[1]);
        } else {
          std::stringstream s(std::regex_replace(subs, std::regex("\\s+"), ""));
          for (std::string sub; std::getline(s, sub, '|');) names.push_back(c[1].str() + " " + sub);
        }
        bool known = false;
        for (const std::string& n : names)
          for (const std::string& k : kSubcommands) known = known || n == k || n == c[1].str();
        if (!known) continue;
        for (const std::string& o : options(c.suffix().str())) {
          if (o == "--help" || o == "--version") continue;
          for (const std::string& n : names) {
            ++checked;
            EXPECT_TRUE(lists(help(n), o))
                << m.where << ": `plumb " << n << " " << o << "` is documented, but `plumb " << n
                << " --help` does not list " << o << " (in: " << text << ")";
          }
        }
      }
    }
  }
  EXPECT_GT(checked, 100u);  // the extraction finds the README's usage block and the examples
}

TEST(CliDocs, EveryMentionedOptionBelongsToSomeSubcommandOrANamedTool) {
  std::string all = plumb("--help").out;
  for (const std::string& s : kSubcommands) all += help(s);
  for (const fs::path& file : docFiles()) {
    std::ifstream in(file);
    std::string line;
    for (int n = 1; std::getline(in, line); ++n)
      for (const std::string& o : options(line)) {
        if (kOtherTools.count(o)) continue;
        EXPECT_TRUE(lists(all, o)) << file.filename().string() << ":" << n << ": " << o
                                   << " is no option of any plumb subcommand";
      }
  }
}

}  // namespace
