// Files named on the command line (input_files.h).
#include "cli/input_files.h"

#include <cstdio>
#include <filesystem>
#include <iostream>

#include "semantics/utf8.h"

namespace plumb::cli {

namespace fs = std::filesystem;

void printInputError(const std::string& command, const std::string& message) {
  std::cerr << "plumb " << command << ": error: " << message << "\n";
}

namespace {

std::nullptr_t fail(const std::string& command, const std::string& text, std::string* message) {
  printInputError(command, text);
  if (message) *message = text;
  return nullptr;
}

}  // namespace

std::unique_ptr<SourceFile> readWgslFile(const std::string& command, const std::string& path,
                                         std::string* message) {
  std::string why;
  std::unique_ptr<SourceFile> file = readSourceFile(path, why);
  if (!file) return fail(command, "cannot read '" + path + "': " + why, message);
  return file;
}

std::unique_ptr<SourceFile> readTextFile(const std::string& command, const std::string& path,
                                         std::string* message) {
  std::unique_ptr<SourceFile> file = readWgslFile(command, path, message);
  if (!file) return nullptr;
  size_t bad = findInvalidUtf8(file->text());
  if (bad == file->text().size()) return file;
  char byte[8];
  std::snprintf(byte, sizeof byte, "0x%02x", static_cast<unsigned char>(file->text()[bad]));
  return fail(command,
              "cannot read '" + path + "': not UTF-8 text (byte " + byte + " at " +
                  file->positionText(static_cast<uint32_t>(bad)) + ")",
              message);
}

std::optional<nlohmann::json> readJsonFile(const std::string& command, const std::string& path) {
  std::unique_ptr<SourceFile> file = readTextFile(command, path);
  if (!file) return std::nullopt;
  try {
    return nlohmann::json::parse(file->text());
  } catch (const nlohmann::json::parse_error& e) {
    // e.what() is "[json.exception.parse_error.101] parse error at line 1, column 2: ...".
    std::string what = e.what();
    size_t at = what.find("parse error");
    printInputError(command, "cannot read '" + path + "': not JSON (" +
                                 (at == std::string::npos ? what : what.substr(at)) + ")");
    return std::nullopt;
  }
}

std::string outputFileProblem(const std::string& path) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) return "is a directory";
  fs::path parent = fs::path(path).parent_path();
  if (parent.empty() || fs::is_directory(parent, ec)) return {};
  if (!fs::exists(parent, ec)) return "the directory '" + parent.string() + "' does not exist";
  return "'" + parent.string() + "' is not a directory";
}

std::string outputDirectoryProblem(const std::string& path) {
  std::error_code ec;
  if (fs::exists(path, ec) && !fs::is_directory(path, ec)) return "exists and is not a directory";
  return {};
}

}  // namespace plumb::cli
