// The progress line (progress.h).
#include "cli/progress.h"

#include <cstdio>
#include <iostream>

#include "cli/terminal.h"

namespace plumb::cli {

ProgressLine::ProgressLine(bool enabled, std::string status)
    : enabled_(enabled), status_(std::move(status)), start_(std::chrono::steady_clock::now()) {
  if (enabled_) thread_ = std::thread([this] { run(); });
}

ProgressLine::~ProgressLine() {
  finish();
}

void ProgressLine::run() {
  std::unique_lock lock(mutex_);
  // Nothing for the first second: short work leaves no trace on the terminal.
  if (wake_.wait_until(lock, start_ + std::chrono::seconds(1), [this] { return stop_; })) return;
  while (!stop_) {
    auto seconds =
        std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - start_)
            .count();
    std::fprintf(stderr, "\r\033[K%s  [%llds]", status_.c_str(), static_cast<long long>(seconds));
    std::fflush(stderr);
    drawn_ = true;
    wake_.wait_for(lock, std::chrono::milliseconds(250), [this] { return stop_; });
  }
}

void ProgressLine::erase() {
  if (!drawn_) return;
  std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
  drawn_ = false;
}

void ProgressLine::update(const std::string& status) {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  status_ = status;
}

void ProgressLine::finish() {
  if (!enabled_) return;
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
    erase();
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void ProgressLine::between(const std::function<void()>& print) {
  if (!enabled_) {
    print();
    return;
  }
  std::lock_guard lock(mutex_);
  erase();
  print();
  std::cout.flush();
}

bool progressWanted(bool quiet) {
  return !quiet && stderrIsTerminal();
}

}  // namespace plumb::cli
