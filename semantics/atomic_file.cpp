#include "semantics/atomic_file.h"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

namespace plumb {

namespace {

// The temporary file being written, for the signal handler: a fixed buffer (no allocation in
// the handler) and a flag saying whether it holds a path.
char gPendingPath[4096];
volatile sig_atomic_t gPending = 0;
std::atomic<bool> gHandlersInstalled{false};

void removePendingAndDie(int sig) {
  if (gPending) ::unlink(gPendingPath);
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

}  // namespace

std::string temporaryPathFor(const std::string& path) {
  std::filesystem::path p(path);
  std::string name = "." + p.filename().string() + ".tmp." + std::to_string(::getpid());
  return (p.parent_path() / name).string();
}

bool writeFileAtomically(const std::string& path, const std::string& text, std::string& error) {
  std::string tmp = temporaryPathFor(path);
  if (tmp.size() >= sizeof gPendingPath) {
    error = "path too long: " + path;
    return false;
  }
  std::memcpy(gPendingPath, tmp.c_str(), tmp.size() + 1);
  gPending = 1;
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    gPending = 0;
    error = "cannot write '" + path + "': " + std::strerror(errno);
    return false;
  }
  const char* data = text.data();
  size_t left = text.size();
  bool ok = true;
  while (left > 0) {
    ssize_t n = ::write(fd, data, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ok = false;
      break;
    }
    data += n;
    left -= static_cast<size_t>(n);
  }
  int savedErrno = errno;
  if (::close(fd) != 0 && ok) {
    ok = false;
    savedErrno = errno;
  }
  if (ok && ::rename(tmp.c_str(), path.c_str()) != 0) {
    ok = false;
    savedErrno = errno;
  }
  if (!ok) {
    ::unlink(tmp.c_str());
    error = "cannot write '" + path + "': " + std::strerror(savedErrno);
  }
  gPending = 0;
  return ok;
}

void installTemporaryFileCleanup() {
  if (gHandlersInstalled.exchange(true)) return;
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
    struct sigaction sa {};
    sa.sa_handler = removePendingAndDie;
    sigemptyset(&sa.sa_mask);
    ::sigaction(sig, &sa, nullptr);
  }
}

}  // namespace plumb
