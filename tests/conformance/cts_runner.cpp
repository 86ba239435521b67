#include "cts_runner.h"

#include <unistd.h>
#include <zlib.h>

#include <csignal>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <fstream>
#include <iostream>
#include <vector>

#if defined(__SANITIZE_ADDRESS__)
#define PLUMB_CTS_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PLUMB_CTS_SANITIZED 1
#endif
#endif
#ifdef PLUMB_CTS_SANITIZED
#include <sanitizer/common_interface_defs.h>
#endif

namespace plumb::cts {

namespace {

// Read by the handlers, which may only call async-signal-safe functions.
const char* volatile currentKey = nullptr;
const char* programName = "cts";

void writeCurrentCase(const char* what) {
  const char* key = currentKey;
  if (!key) return;
  auto put = [](const char* s) { (void)!write(STDERR_FILENO, s, std::strlen(s)); };
  put(programName);
  put(": ");
  put(what);
  put(" while running case ");
  put(key);
  put("\n");
}

#ifdef PLUMB_CTS_SANITIZED
// The sanitizers print their own report; add the case to it.
void sanitizerDeath() {
  writeCurrentCase("sanitizer error");
}
void installCrashReporting() {
  __sanitizer_set_death_callback(sanitizerDeath);
}
#else
extern "C" void fatalSignal(int signal) {
  writeCurrentCase(signal == SIGSEGV  ? "SIGSEGV"
                   : signal == SIGBUS ? "SIGBUS"
                   : signal == SIGFPE ? "SIGFPE"
                   : signal == SIGILL ? "SIGILL"
                                      : "SIGABRT");
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}
void installCrashReporting() {
  for (int s : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) std::signal(s, fatalSignal);
}
#endif

}  // namespace

void setCurrentCase(const char* key) {
  currentKey = key;
}

int runnerMain(int argc, char** argv, const char* program, Options o, void (*usage)(std::ostream&),
               int (*run)(const Options&)) {
  programName = program;
  std::vector<std::string> args(argv + 1, argv + argc);
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](std::string& out) {
      if (i + 1 >= args.size()) {
        std::cerr << program << ": " << a << " needs a value\n";
        return false;
      }
      out = args[++i];
      return true;
    };
    std::string v;
    if (a == "--help" || a == "-h") {
      usage(std::cout);
      return kOk;
    } else if (a == "--data") {
      if (!value(o.data)) return kUsage;
    } else if (a == "--file") {
      if (!value(v)) return kUsage;
      o.files.insert(v);
    } else if (a == "--known") {
      if (!value(o.known)) return kUsage;
    } else if (a == "--report") {
      if (!value(o.report)) return kUsage;
    } else if (a == "--emit-known") {
      if (!value(o.emitKnown)) return kUsage;
    } else if (a == "--list-disagreements") {
      o.listDisagreements = true;
    } else if (a == "--revision") {
      if (!value(o.revision)) return kUsage;
    } else if (a == "--min-agreement") {
      if (!value(v)) return kUsage;
      char* end = nullptr;
      o.minAgreement = std::strtod(v.c_str(), &end);
      if (v.empty() || *end != '\0' || o.minAgreement < 0 || o.minAgreement > 100) {
        std::cerr << program << ": --min-agreement needs a percentage 0..100, not '" << v << "'\n";
        return kUsage;
      }
    } else if (a == "--sample") {
      if (!value(v)) return kUsage;
      char* end = nullptr;
      unsigned long n = std::strtoul(v.c_str(), &end, 10);
      if (v.empty() || *end != '\0' || n == 0 || n > 1000000) {
        std::cerr << program << ": --sample needs a number 1..1000000, not '" << v << "'\n";
        return kUsage;
      }
      o.sample = n;
    } else {
      std::cerr << program << ": unknown argument '" << a << "'\n";
      usage(std::cerr);
      return kUsage;
    }
  }
  installCrashReporting();
  if (o.sampled())
    std::cout << program << ": a sample: every " << o.sample
              << "th case of each CTS test (--sample); known entries not checked for staleness\n";
  try {
    return run(o);
  } catch (const std::exception& e) {
    std::cerr << program << ": " << e.what() << "\n";
    return kUsage;
  }
}

bool readGzip(const std::string& path, std::string& out, std::string& error) {
  gzFile f = gzopen(path.c_str(), "rb");
  if (!f) {
    error = "cannot open";
    return false;
  }
  char buffer[1 << 16];
  for (;;) {
    int n = gzread(f, buffer, sizeof buffer);
    if (n < 0) {
      int code = 0;
      error = gzerror(f, &code);
      gzclose(f);
      return false;
    }
    if (n == 0) break;
    out.append(buffer, static_cast<size_t>(n));
  }
  gzclose(f);
  return true;
}

std::string ctsFile(std::string_view test, std::string_view prefix) {
  if (test.substr(0, prefix.size()) != prefix) return "";
  size_t end = test.find(':', prefix.size());
  return std::string(test.substr(
      prefix.size(), end == std::string_view::npos ? std::string_view::npos : end - prefix.size()));
}

bool writeReport(const char* program, const std::string& path, const nlohmann::json& report) {
  std::ofstream file(path, std::ios::binary);
  file << report.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  if (file) return true;
  std::cerr << program << ": cannot write '" << path << "'\n";
  return false;
}

}  // namespace plumb::cts
