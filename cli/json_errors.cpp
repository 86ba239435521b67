// `--format json` on every failure path (json_errors.h).
#include "cli/json_errors.h"

#include <cstring>
#include <iostream>
#include <sstream>
#include <streambuf>
#include <vector>

#include <nlohmann/json.hpp>

namespace plumb::cli {

namespace {

/// Forwards to `target`, counting the characters (standard output) or keeping them too
/// (standard error).
class ForwardingBuf : public std::streambuf {
 public:
  ForwardingBuf(std::streambuf* target, bool keep) : target_(target), keep_(keep) {}
  size_t count = 0;
  std::string kept;

 protected:
  int overflow(int c) override {
    if (c == traits_type::eof()) return traits_type::not_eof(c);
    ++count;
    if (keep_) kept.push_back(static_cast<char>(c));
    return target_->sputc(static_cast<char>(c));
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    count += static_cast<size_t>(n);
    if (keep_) kept.append(s, static_cast<size_t>(n));
    return target_->sputn(s, n);
  }
  int sync() override { return target_->pubsync(); }

 private:
  std::streambuf* target_;
  bool keep_;
};

/// The kept text as lines, without colour (SGR) sequences and empty lines.
std::vector<std::string> plainLines(const std::string& text) {
  std::string plain;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\x1b' && i + 1 < text.size() && text[i + 1] == '[') {
      size_t end = text.find('m', i);
      if (end != std::string::npos) {
        i = end;
        continue;
      }
    }
    plain.push_back(text[i]);
  }
  std::vector<std::string> lines;
  std::istringstream in(plain);
  for (std::string line; std::getline(in, line);)
    if (line.find_first_not_of(" \t\r") != std::string::npos) lines.push_back(line);
  return lines;
}

}  // namespace

struct JsonErrors::Buffers {
  ForwardingBuf out, err;
  std::streambuf *oldOut, *oldErr;
  Buffers()
      : out(std::cout.rdbuf(), false),
        err(std::cerr.rdbuf(), true),
        oldOut(std::cout.rdbuf(&out)),
        oldErr(std::cerr.rdbuf(&err)) {}
  ~Buffers() {
    std::cout.rdbuf(oldOut);
    std::cerr.rdbuf(oldErr);
  }
};

JsonErrors::JsonErrors(int argc, char** argv) {
  bool json = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--format=json") == 0 ||
        (std::strcmp(argv[i], "--format") == 0 && i + 1 < argc &&
         std::strcmp(argv[i + 1], "json") == 0))
      json = true;
    bool formatValue = i > 1 && (std::strcmp(argv[i - 1], "--format") == 0 ||
                                 std::strcmp(argv[i - 1], "--color") == 0);
    if (command_.empty() && argv[i][0] != '-' && !formatValue) command_ = argv[i];
  }
  if (json) buffers_ = std::make_unique<Buffers>();
}

JsonErrors::~JsonErrors() = default;

int JsonErrors::finish(int exitCode) {
  if (!buffers_) return exitCode;
  std::cout.flush();
  size_t written = buffers_->out.count;
  std::vector<std::string> errors = plainLines(buffers_->err.kept);
  buffers_.reset();  // the streams are themselves again
  if (exitCode != 0 && written == 0) {
    if (errors.empty())
      errors.push_back("plumb: failed with exit status " + std::to_string(exitCode));
    nlohmann::json j = {{"format", "plumb-error"},
                        {"version", 1},
                        {"command", command_},
                        {"exitStatus", exitCode},
                        {"errors", errors}};
    std::cout << j.dump(2) << "\n";
  }
  return exitCode;
}

}  // namespace plumb::cli
