// Cg preprocessing through the system cpp (see preprocess.h for the decision).
#include "semantics/cg/preprocess.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <thread>

extern char** environ;

namespace plumb::cg {
namespace {

std::vector<std::string_view> splitLines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n') {
      lines.push_back(text.substr(start, i - start));
      start = i + 1;
    }
  if (start < text.size()) lines.push_back(text.substr(start));
  return lines;
}

// A temporary file removed when the holder goes away.
struct TempFile {
  std::string path;
  int fd = -1;
  explicit TempFile(const char* tag) {
    const char* dir = std::getenv("TMPDIR");
    path = std::string(dir && *dir ? dir : "/tmp") + "/plumb-cg-" + tag + "-XXXXXX";
    fd = mkstemp(path.data());
  }
  ~TempFile() {
    if (fd >= 0) close(fd);
    if (!path.empty()) unlink(path.c_str());
  }
  bool ok() const { return fd >= 0; }
};

std::string readAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

uint32_t offsetOfLine(const SourceFile& file, size_t line) {
  std::string_view t = file.text();
  size_t current = 1;
  for (size_t i = 0; i < t.size(); ++i) {
    if (current == line) return static_cast<uint32_t>(i);
    if (t[i] == '\n') ++current;
  }
  return static_cast<uint32_t>(t.size());
}

}  // namespace

bool hasDirectives(std::string_view text) {
  for (std::string_view line : splitLines(text)) {
    size_t i = line.find_first_not_of(" \t\r\v\f");
    if (i != std::string_view::npos && line[i] == '#') return true;
  }
  return false;
}

std::string realignPreprocessed(std::string_view cppOutput, const std::string& mainName,
                                size_t lineCount) {
  std::vector<std::string> out(lineCount + 1);
  bool inMain = true;
  size_t mainLine = 1;  // the main file's line the next output line belongs to
  static const std::regex marker(R"(^#\s*(?:line\s+)?(\d+)\s+"((?:[^"\\]|\\.)*)\"(.*)$)");
  for (std::string_view raw : splitLines(cppOutput)) {
    std::string line(raw);
    std::smatch m;
    if (!line.empty() && line[0] == '#') {
      if (std::regex_match(line, m, marker)) {
        inMain = m[2].str() == mainName;
        if (inMain) mainLine = std::stoul(m[1].str());
      }
      // Any other directive left by cpp (`#pragma`) is the implementation's (Cg: none).
      continue;
    }
    if (mainLine >= out.size()) out.resize(mainLine + 1);
    if (line.find_first_not_of(" \t") != std::string::npos) {
      std::string& target = out[mainLine];
      if (!target.empty()) target += ' ';
      target += line;
    }
    if (inMain) ++mainLine;
  }
  std::string result;
  for (size_t i = 1; i < out.size(); ++i) {
    result += out[i];
    if (i + 1 < out.size()) result += '\n';
  }
  return result;
}

std::unique_ptr<SourceFile> preprocess(const SourceFile& file, DiagnosticList& diagnostics,
                                       const PreprocessOptions& options) {
  if (!hasDirectives(file.text()))
    return std::make_unique<SourceFile>(file.name(), std::string(file.text()));
  auto fatal = [&](const std::string& message) {
    diagnostics.error(&file, Span{0, 0}, message, kPreprocessorRule);
    return nullptr;
  };
  TempFile input("in"), output("out"), errors("err");
  if (!input.ok() || !output.ok() || !errors.ok())
    return fatal("cannot create a temporary file for the preprocessor");
  std::string_view text = file.text();
  if (write(input.fd, text.data(), text.size()) != static_cast<ssize_t>(text.size()))
    return fatal("cannot write the preprocessor's input");
  // GCC's cpp as a plain C preprocessor: no predefined system macros, no system include
  // directories, C99 comments; the including file's own directory first (quoted includes).
  std::vector<std::string> args = {options.cpp, "-xc", "-std=c99", "-undef", "-nostdinc", "-w"};
  args.push_back("-I" + (options.directory.empty() ? std::string(".") : options.directory));
  for (const auto& d : options.includeDirs) args.push_back("-I" + d);
  for (const auto& d : options.defines) args.push_back("-D" + d);
  args.push_back(input.path);
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, output.fd, 1);
  posix_spawn_file_actions_adddup2(&actions, errors.fd, 2);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  pid_t pid = 0;
  int rc = posix_spawnp(&pid, options.cpp.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0)
    return fatal("the file has preprocessing directives and the C preprocessor '" + options.cpp +
                 "' cannot be started (install cpp)");
  int status = 0;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(options.timeoutSeconds);
  for (;;) {
    pid_t r = waitpid(pid, &status, WNOHANG);
    if (r == pid) break;
    if (r < 0) return fatal("the preprocessor vanished");
    if (std::chrono::steady_clock::now() > deadline) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      return fatal("the preprocessor ran longer than " + std::to_string(options.timeoutSeconds) +
                   " seconds (a Plumb resource limit)");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  std::string out = readAll(output.path);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    // cpp's messages: `PATH:LINE:COL: error: MESSAGE`; those on the main file are located.
    std::string err = readAll(errors.path);
    static const std::regex located(R"(^(.*?):(\d+):(\d+): (?:fatal )?error: (.*)$)");
    bool any = false;
    for (std::string_view raw : splitLines(err)) {
      std::string line(raw);
      std::smatch m;
      if (!std::regex_match(line, m, located)) continue;
      bool main = m[1].str() == input.path;
      uint32_t at = main ? offsetOfLine(file, std::stoul(m[2].str())) +
                               static_cast<uint32_t>(std::stoul(m[3].str()) - 1)
                         : 0;
      if (at > text.size()) at = static_cast<uint32_t>(text.size());
      diagnostics.error(&file, Span{at, at},
                        (main ? "" : m[1].str() + ":" + m[2].str() + ": ") + m[4].str(),
                        kPreprocessorRule);
      any = true;
    }
    if (!any) return fatal("the preprocessor failed: " + err);
    return nullptr;
  }
  size_t lines = splitLines(text).size();
  return std::make_unique<SourceFile>(file.name(), realignPreprocessed(out, input.path, lines));
}

}  // namespace plumb::cg
