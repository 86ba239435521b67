// One runner process of the oracle: a child that reads JSON lines on stdin and answers one
// JSON line per request on stdout (protocol `plumb-oracle-runner` v1, docs/oracle.md).
// Every wait has a deadline: a runner that does not answer in time is killed with its whole
// process group, and one that exits is reported as crashed; the caller restarts it.
#pragma once

#include <sys/types.h>
#include <string>
#include <utility>
#include <vector>

namespace plumb::oracle {

struct ProcessSpec {
  std::vector<std::string> argv;                         // argv[0] is looked up in PATH
  std::vector<std::pair<std::string, std::string>> env;  // added to (or replacing in) environ
  std::string workingDirectory;                          // empty: unchanged
};

class RunnerProcess {
 public:
  explicit RunnerProcess(ProcessSpec spec) : spec_(std::move(spec)) {}
  ~RunnerProcess() { stop(); }
  RunnerProcess(const RunnerProcess&) = delete;
  RunnerProcess& operator=(const RunnerProcess&) = delete;

  /// Starts the child (in its own process group). False with `error` if it cannot be started.
  bool start(std::string& error);
  bool running() const { return pid_ > 0; }

  enum class Reply { Line, Timeout, Exited };
  /// Reads one line from the child's stdout, waiting at most `seconds`.
  /// Timeout: the child is killed. Exited: the child closed stdout or died (it is reaped).
  Reply readLine(double seconds, std::string& line);
  /// Writes one line to the child's stdin; false if the child is gone.
  bool writeLine(const std::string& line);

  /// Closes stdin, waits up to `graceSeconds` for the child to exit, then kills its group.
  void stop(double graceSeconds = 0.5);

  /// The last few kilobytes the child wrote on stderr, and how it ended ("exit status 3",
  /// "killed by signal 11").
  std::string stderrTail() const { return stderr_; }
  std::string exitDescription() const { return exit_; }

 private:
  void drainStderr();
  void kill();
  void reap(bool wait);

  ProcessSpec spec_;
  pid_t pid_ = -1;
  int in_ = -1, out_ = -1, err_ = -1;
  std::string buffer_;  // stdout bytes after the last complete line
  std::string stderr_;
  std::string exit_;
};

}  // namespace plumb::oracle
