// A progress line on standard error for work longer than a second: drawn (and redrawn in
// place, with the seconds elapsed) only when standard error is a terminal, never into a log
// or a pipe; erased when the work ends, so the report that follows starts on a clean line.
// A thread redraws it, so work that reports nothing for a while (one long `plumb run`) still
// shows that it is alive.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace plumb::cli {

class ProgressLine {
 public:
  /// `enabled` false (`--quiet`, or not a terminal): every call does nothing.
  ProgressLine(bool enabled, std::string status);
  ~ProgressLine();
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  /// The status shown from now on (drawn once a second has passed since construction).
  void update(const std::string& status);
  /// Erases the line and stops drawing it.
  void finish();
  /// Runs `print` (output to stdout) with the line erased, then lets it be redrawn.
  void between(const std::function<void()>& print);

 private:
  void run();
  void erase();  // with mutex_ held

  bool enabled_;
  std::string status_;
  bool drawn_ = false, stop_ = false;
  std::chrono::steady_clock::time_point start_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::thread thread_;
};

/// A progress line on a terminal: stderr is a TTY and not `quiet`.
bool progressWanted(bool quiet);

}  // namespace plumb::cli
