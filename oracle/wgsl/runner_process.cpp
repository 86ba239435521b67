// Child processes with deadlines (POSIX): fork/exec, pipes, poll, process groups.
#include "oracle/wgsl/runner_process.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>

extern char** environ;

namespace plumb::oracle {

namespace {

constexpr size_t kStderrKeep = 8192;
constexpr size_t kMaxAnswer = size_t{1} << 29;  // a runaway runner must not exhaust memory

double secondsSince(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

void closeFd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

}  // namespace

bool RunnerProcess::start(std::string& error) {
  stop();
  // A runner that dies while we write to it must not kill Plumb with SIGPIPE.
  std::signal(SIGPIPE, SIG_IGN);
  // Everything the child needs is prepared before fork: after it, only async-signal-safe calls.
  std::vector<std::string> envStrings;
  for (char** e = environ; *e; ++e) {
    std::string s(*e);
    bool replaced = false;
    for (const auto& [k, v] : spec_.env)
      if (s.compare(0, k.size() + 1, k + "=") == 0) replaced = true;
    if (!replaced) envStrings.push_back(std::move(s));
  }
  for (const auto& [k, v] : spec_.env) envStrings.push_back(k + "=" + v);
  std::vector<char*> envp, argv;
  for (std::string& s : envStrings) envp.push_back(s.data());
  envp.push_back(nullptr);
  std::vector<std::string> args = spec_.argv;
  for (std::string& s : args) argv.push_back(s.data());
  argv.push_back(nullptr);
  if (args.empty()) {
    error = "no command";
    return false;
  }
  // Resolve argv[0] in PATH now (execve does not search).
  std::string program = args[0];
  if (program.find('/') == std::string::npos) {
    const char* path = std::getenv("PATH");
    std::string paths = path ? path : "/usr/bin:/bin";
    size_t i = 0;
    std::string found;
    while (i <= paths.size()) {
      size_t j = paths.find(':', i);
      if (j == std::string::npos) j = paths.size();
      std::string candidate = paths.substr(i, j - i) + "/" + program;
      if (::access(candidate.c_str(), X_OK) == 0) {
        found = candidate;
        break;
      }
      i = j + 1;
    }
    if (found.empty()) {
      error = "'" + program + "' is not in PATH";
      return false;
    }
    program = found;
  } else if (::access(program.c_str(), X_OK) != 0) {
    error = "'" + program + "' is not executable";
    return false;
  }

  int inPipe[2], outPipe[2], errPipe[2];
  if (::pipe2(inPipe, O_CLOEXEC) != 0) {
    error = std::string("pipe: ") + std::strerror(errno);
    return false;
  }
  if (::pipe2(outPipe, O_CLOEXEC) != 0) {
    ::close(inPipe[0]);
    ::close(inPipe[1]);
    error = std::string("pipe: ") + std::strerror(errno);
    return false;
  }
  if (::pipe2(errPipe, O_CLOEXEC) != 0) {
    for (int fd : {inPipe[0], inPipe[1], outPipe[0], outPipe[1]}) ::close(fd);
    error = std::string("pipe: ") + std::strerror(errno);
    return false;
  }
  const char* cwd = spec_.workingDirectory.empty() ? nullptr : spec_.workingDirectory.c_str();
  pid_t pid = ::fork();
  if (pid < 0) {
    for (int fd : {inPipe[0], inPipe[1], outPipe[0], outPipe[1], errPipe[0], errPipe[1]})
      ::close(fd);
    error = std::string("fork: ") + std::strerror(errno);
    return false;
  }
  if (pid == 0) {
    ::setpgid(0, 0);
    ::dup2(inPipe[0], 0);
    ::dup2(outPipe[1], 1);
    ::dup2(errPipe[1], 2);
    if (cwd && ::chdir(cwd) != 0) ::_exit(126);
    ::execve(program.c_str(), argv.data(), envp.data());
    ::_exit(127);
  }
  ::setpgid(pid, pid);  // also here, so the group exists before we might kill it
  ::close(inPipe[0]);
  ::close(outPipe[1]);
  ::close(errPipe[1]);
  pid_ = pid;
  in_ = inPipe[1];
  out_ = outPipe[0];
  err_ = errPipe[0];
  ::fcntl(out_, F_SETFL, O_NONBLOCK);
  ::fcntl(err_, F_SETFL, O_NONBLOCK);
  buffer_.clear();
  stderr_.clear();
  exit_.clear();
  return true;
}

void RunnerProcess::drainStderr() {
  if (err_ < 0) return;
  char chunk[4096];
  for (;;) {
    ssize_t n = ::read(err_, chunk, sizeof chunk);
    if (n > 0) {
      stderr_.append(chunk, static_cast<size_t>(n));
      if (stderr_.size() > kStderrKeep) stderr_.erase(0, stderr_.size() - kStderrKeep);
      continue;
    }
    if (n == 0) closeFd(err_);
    return;
  }
}

RunnerProcess::Reply RunnerProcess::readLine(double seconds, std::string& line) {
  auto t0 = std::chrono::steady_clock::now();
  for (;;) {
    size_t nl = buffer_.find('\n');
    if (nl != std::string::npos) {
      line = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      return Reply::Line;
    }
    if (out_ < 0) {
      // The child closed its output: give it a moment to exit, then make sure it is gone.
      auto closed = std::chrono::steady_clock::now();
      while (pid_ > 0 && secondsSince(closed) < 2.0) {
        reap(false);
        if (pid_ > 0) ::usleep(5000);
      }
      if (pid_ > 0) kill();
      return Reply::Exited;
    }
    double left = seconds - secondsSince(t0);
    if (left <= 0) {
      kill();
      exit_ = "no answer in " + std::to_string(seconds) + " s; killed";
      return Reply::Timeout;
    }
    pollfd fds[2] = {{out_, POLLIN, 0}, {err_, POLLIN, 0}};
    int timeoutMs = static_cast<int>(left * 1000) + 1;
    int r = ::poll(fds, err_ >= 0 ? 2 : 1, timeoutMs);
    if (r < 0 && errno != EINTR) {
      kill();
      exit_ = std::string("poll: ") + std::strerror(errno);
      return Reply::Exited;
    }
    if (err_ >= 0 && (fds[1].revents & (POLLIN | POLLHUP | POLLERR))) drainStderr();
    if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
      char chunk[65536];
      for (;;) {
        ssize_t n = ::read(out_, chunk, sizeof chunk);
        if (n > 0) {
          buffer_.append(chunk, static_cast<size_t>(n));
          if (buffer_.size() > kMaxAnswer) {
            kill();
            exit_ = "an answer longer than 512 MiB; killed";
            buffer_.clear();
            return Reply::Exited;
          }
          continue;
        }
        if (n == 0) closeFd(out_);  // end of output: the child is exiting
        break;
      }
    }
  }
}

bool RunnerProcess::writeLine(const std::string& line) {
  if (in_ < 0) return false;
  std::string data = line + "\n";
  size_t done = 0;
  while (done < data.size()) {
    ssize_t n = ::write(in_, data.data() + done, data.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;  // EPIPE: the child is gone
    }
    done += static_cast<size_t>(n);
  }
  return true;
}

void RunnerProcess::kill() {
  if (pid_ > 0) {
    ::kill(-pid_, SIGKILL);
    ::kill(pid_, SIGKILL);
  }
  reap(true);
}

void RunnerProcess::reap(bool wait) {
  if (pid_ <= 0) return;
  int status = 0;
  pid_t r = ::waitpid(pid_, &status, wait ? 0 : WNOHANG);
  if (r == pid_) {
    if (exit_.empty()) {
      if (WIFEXITED(status))
        exit_ = "exit status " + std::to_string(WEXITSTATUS(status));
      else if (WIFSIGNALED(status))
        exit_ = "killed by signal " + std::to_string(WTERMSIG(status));
    }
    // Whatever the runner started in its group (a browser) goes with it.
    ::kill(-pid_, SIGKILL);
    pid_ = -1;
    drainStderr();
    closeFd(in_);
    closeFd(out_);
    closeFd(err_);
  }
}

void RunnerProcess::stop(double graceSeconds) {
  if (pid_ <= 0) {
    closeFd(in_);
    closeFd(out_);
    closeFd(err_);
    return;
  }
  closeFd(in_);  // end of input: a runner exits by itself
  auto t0 = std::chrono::steady_clock::now();
  while (pid_ > 0 && secondsSince(t0) < graceSeconds) {
    reap(false);
    if (pid_ > 0) {
      drainStderr();
      ::usleep(10000);
    }
  }
  if (pid_ > 0) kill();
  closeFd(out_);
  closeFd(err_);
}

}  // namespace plumb::oracle
