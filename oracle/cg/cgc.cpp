// Running NVIDIA's cgc (docs/cg.md "Oracle").
#include "oracle/cg/cgc.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <thread>

namespace plumb::cg {
namespace {

std::string readAll(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

bool executable(const std::filesystem::path& p) {
  return !p.empty() && ::access(p.c_str(), X_OK) == 0 && !std::filesystem::is_directory(p);
}

/// Runs argv in `directory` with stdout and stderr to files; kills the process group after
/// `timeoutSeconds`. Returns the exit status (-1: could not start, -2: timed out).
int runProcess(const std::vector<std::string>& argv, const std::string& directory,
               const std::filesystem::path& out, const std::filesystem::path& err,
               int timeoutSeconds) {
  pid_t pid = ::fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    ::setpgid(0, 0);
    if (!directory.empty() && ::chdir(directory.c_str()) != 0) ::_exit(127);
    int o = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    int e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    int in = ::open("/dev/null", O_RDONLY);
    if (o < 0 || e < 0 || in < 0) ::_exit(127);
    ::dup2(in, 0);
    ::dup2(o, 1);
    ::dup2(e, 2);
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    ::execvp(args[0], args.data());
    ::_exit(127);
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeoutSeconds);
  int status = 0;
  for (;;) {
    pid_t r = ::waitpid(pid, &status, WNOHANG);
    if (r == pid) break;
    if (r < 0) return -1;
    if (std::chrono::steady_clock::now() > deadline) {
      ::kill(-pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      return -2;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

struct TempDir {
  std::filesystem::path path;
  TempDir() {
    std::string tmpl = (std::filesystem::temp_directory_path() / "plumb-cgc-XXXXXX").string();
    if (::mkdtemp(tmpl.data())) path = tmpl;
  }
  ~TempDir() {
    std::error_code ec;
    if (!path.empty()) std::filesystem::remove_all(path, ec);
  }
};

}  // namespace

std::optional<std::string> findCgc(const std::string& requested) {
  if (!requested.empty()) {
    if (executable(requested)) return requested;
    return std::nullopt;
  }
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "/usr/bin:/bin");
  for (std::string d; std::getline(dirs, d, ':');) {
    std::filesystem::path p = std::filesystem::path(d.empty() ? "." : d) / "cgc";
    if (executable(p)) return p.string();
  }
  return std::nullopt;
}

std::string cgcVersion(const std::string& cgc) {
  TempDir t;
  if (t.path.empty()) return "";
  runProcess({cgc, "-v"}, "", t.path / "out", t.path / "err", 10);
  std::string text = readAll(t.path / "out") + readAll(t.path / "err");
  std::smatch m;
  if (std::regex_search(text, m, std::regex(R"(version ([0-9.]+))"))) return m[1];
  return "";
}

std::vector<CgcDiagnostic> parseCgcDiagnostics(const std::string& text) {
  static const std::regex line(R"(^.*?\((\d+)\) : (error|warning|fatal error) (C\d+): (.*?)\r?$)");
  std::vector<CgcDiagnostic> out;
  std::stringstream s(text);
  for (std::string l; std::getline(s, l);) {
    std::smatch m;
    if (std::regex_match(l, m, line)) out.push_back({std::stoi(m[1]), m[2], m[3], m[4]});
  }
  return out;
}

std::string cgcVerdict(int exitCode, const std::vector<CgcDiagnostic>& errors,
                       const std::vector<CgcDiagnostic>& warnings) {
  if (exitCode != 0 || !errors.empty()) return "reject";
  return warnings.empty() ? "accept" : "warn";
}

CgcResult runCgc(const std::string& cgc, const CgcInvocation& inv) {
  CgcResult r;
  TempDir t;
  if (t.path.empty()) {
    r.failure = "cannot create a temporary directory";
    return r;
  }
  const std::filesystem::path file = std::filesystem::absolute(inv.file);
  std::vector<std::string> argv = {cgc, "-quiet", "-profile", inv.profile};
  if (inv.entry.empty()) {
    argv.insert(argv.end(), {"-noentry", "-nocode"});
  } else {
    argv.insert(argv.end(), {"-entry", inv.entry});
  }
  for (const std::string& d : inv.includeDirs) argv.push_back("-I" + d);
  for (const std::string& d : inv.defines) argv.push_back("-D" + d);
  argv.push_back(file.filename().string());
  int status = runProcess(argv, file.parent_path().string(), t.path / "out", t.path / "err",
                          inv.timeoutSeconds);
  if (status == -1 || status == 127) {
    r.failure = "cannot run " + cgc;
    return r;
  }
  if (status == -2) {
    r.failure = "cgc did not finish within " + std::to_string(inv.timeoutSeconds) + " s";
    return r;
  }
  r.ran = true;
  r.exitCode = status;
  r.output = readAll(t.path / "out");
  for (CgcDiagnostic& d : parseCgcDiagnostics(readAll(t.path / "err") + r.output)) {
    (d.severity == "warning" ? r.warnings : r.errors).push_back(std::move(d));
  }
  r.verdict = cgcVerdict(r.exitCode, r.errors, r.warnings);
  return r;
}

std::optional<std::vector<std::string>> hlslFoldedValues(const std::string& output) {
  // The code without cgc's `//` header and comments.
  std::string code;
  std::stringstream s(output);
  for (std::string l; std::getline(s, l);) {
    size_t c = l.find("//");
    if (c != std::string::npos) l.erase(c);
    code += l + " ";
  }
  static const std::regex ret(R"(return\s+([^;]*);)");
  std::smatch m;
  if (!std::regex_search(code, m, ret)) return std::nullopt;
  std::string expr = m[1];
  static const std::regex ctor(R"(^\s*(?:float|int|half|fixed|bool)[1-4]?\s*\((.*)\)\s*$)");
  std::smatch c;
  if (std::regex_match(expr, c, ctor)) expr = c[1];
  static const std::regex number(R"(^\s*([-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?)f?\s*$)");
  std::vector<std::string> values;
  std::stringstream parts(expr);
  for (std::string p; std::getline(parts, p, ',');) {
    std::smatch n;
    if (!std::regex_match(p, n, number)) return std::nullopt;
    values.push_back(n[1]);
  }
  if (values.empty()) return std::nullopt;
  return values;
}

}  // namespace plumb::cg
