// `--format json` on every failure path (issue 16, item 9): a program reading plumb's JSON
// gets a JSON document on standard output even when plumb stops on a usage error, an
// unreadable input or an internal error, not an empty stream and text on stderr. While
// active, standard error is still written as text and also kept; when the command ends with a
// non-zero status and has written nothing on standard output, the kept lines are written as
// one object (format `plumb-error`, docs/formats.md):
//   {"format": "plumb-error", "version": 1, "command": "run", "exitStatus": 2,
//    "errors": ["plumb run: error: cannot read 'x.wgsl': No such file or directory"]}
#pragma once

#include <memory>
#include <string>

namespace plumb::cli {

class JsonErrors {
 public:
  /// Active when the command line asks for `--format json` (or `--format=json`).
  JsonErrors(int argc, char** argv);
  ~JsonErrors();
  JsonErrors(const JsonErrors&) = delete;
  JsonErrors& operator=(const JsonErrors&) = delete;

  /// Writes the error object if due; returns `exitCode` unchanged.
  int finish(int exitCode);

 private:
  struct Buffers;
  std::unique_ptr<Buffers> buffers_;  // null when not active
  std::string command_;
};

}  // namespace plumb::cli
