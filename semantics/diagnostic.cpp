#include "semantics/diagnostic.h"

#include <algorithm>

#include "semantics/utf8.h"

namespace plumb {

bool DiagnosticList::error(const SourceFile* file, Span span, std::string message,
                           std::string rule) {
  Diagnostic d;
  d.file = file;
  d.span = span;
  d.message = std::move(message);
  d.rule = std::move(rule);
  size_t before = errorCount_;
  add(std::move(d));
  return errorCount_ != before;
}

void DiagnosticList::add(Diagnostic d) {
  lastRecorded_ = false;
  if (d.severity == Severity::Error) {
    if (errorCount_ >= errorLimit_) {
      truncated_ = true;
      return;
    }
    // The same error twice at the same place says nothing new (recovery can re-detect it).
    size_t recent = std::min<size_t>(diagnostics_.size(), 4);
    for (size_t k = diagnostics_.size() - recent; k < diagnostics_.size(); ++k) {
      const Diagnostic& e = diagnostics_[k];
      if (e.file == d.file && e.span == d.span && e.message == d.message) return;
    }
    ++errorCount_;
  }
  diagnostics_.push_back(std::move(d));
  lastRecorded_ = true;
}

namespace {

bool colorOn = false;

// ANSI styles, or nothing when colour is off.
std::string style(const char* code, std::string_view text) {
  if (!colorOn) return std::string(text);
  return std::string("\033[") + code + "m" + std::string(text) + "\033[0m";
}

const char* severityStyle(Severity s) {
  switch (s) {
    case Severity::Error:
      return "1;31";
    case Severity::Warning:
      return "1;33";
    case Severity::Note:
      return "1;36";
  }
  return "1";
}

// One code point of an echoed source line as the terminal should see it: C0 controls
// other than tab and DEL as their Control Pictures symbol (U+2400 + c, U+2421), C1 controls
// and ill-formed bytes as U+FFFD. Each stays one code point wide, so the carets still align.
void appendVisible(std::string& out, std::string_view text, size_t at, uint32_t& length) {
  DecodedCodePoint d = decodeUtf8(text, at);
  length = d.length ? d.length : 1;
  char32_t c = d.codePoint;
  auto put = [&out](char32_t cp) {  // cp in U+0800..U+FFFF: three UTF-8 bytes
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  };
  if (d.length == 0 || (c >= 0x80 && c <= 0x9F)) return put(0xFFFD);
  if (c == '\0') return void(out += ' ');  // as before: NUL shown as a blank
  if (c == '\t') return void(out += '\t');
  if (c < 0x20) return put(0x2400 + c);
  if (c == 0x7F) return put(0x2421);
  out.append(text.substr(at, length));
}

}  // namespace

void setDiagnosticColor(bool on) {
  colorOn = on;
}

const char* severityName(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Note: return "note";
  }
  return "error";
}

// The source line and a caret line. Tabs are kept in the caret line so columns align.
static void renderSnippet(std::string& out, const SourceFile& file, Span span) {
  std::string_view line = file.lineText(span.begin);
  uint32_t start = file.lineStart(span.begin);
  LineColumn lc = file.position(span.begin);
  std::string number = std::to_string(lc.line);
  // Very long lines (minified or generated code) are shown as a window around the span.
  constexpr size_t kWindow = 160;
  size_t col = span.begin - start;
  size_t from = 0;
  if (line.size() > kWindow && col > kWindow / 2) {
    from = col - kWindow / 2;
    while (from > 0 && (static_cast<unsigned char>(line[from]) & 0xC0) == 0x80) --from;
  }
  auto isContinuation = [&](size_t k) {
    return k < line.size() && (static_cast<unsigned char>(line[k]) & 0xC0) == 0x80;
  };
  size_t to = std::min(line.size(), from + kWindow);
  while (to > from && isContinuation(to)) --to;  // never cut a code point in half
  std::string_view shown = line.substr(from, to - from);
  std::string gutter(number.size(), ' ');
  out += " " + number + " | ";
  if (from > 0) out += "...";
  for (size_t i = 0; i < shown.size();) {
    uint32_t length = 1;
    appendVisible(out, shown, i, length);
    i += length;
  }
  if (from + shown.size() < line.size()) out += "...";
  out += "\n " + gutter + " | ";
  if (from > 0) out += "   ";
  size_t caretStart = col - from;
  for (size_t i = 0; i < caretStart && i < shown.size();) {
    out += shown[i] == '\t' ? '\t' : ' ';
    DecodedCodePoint d = decodeUtf8(shown, i);
    i += d.length ? d.length : 1;
  }
  size_t spanEndInLine = std::min<size_t>(span.end, start + line.size()) - start;
  size_t width = spanEndInLine > col ? countCodePoints(line.substr(col, spanEndInLine - col)) : 0;
  std::string carets = "^";
  for (size_t i = 1; i < width && i < kWindow; ++i) carets += '~';
  out += style("1;32", carets) + '\n';
}

std::string renderText(const Diagnostic& d) {
  std::string out;
  if (d.file) {
    out += d.file->name() + ":" + d.file->positionText(d.span.begin) + ": ";
  }
  out += style(severityStyle(d.severity), std::string(severityName(d.severity)) + ":") + " ";
  out += style("1", d.message);
  if (!d.rule.empty()) out += " [" + d.rule + "]";
  out += '\n';
  if (d.file) renderSnippet(out, *d.file, d.span);
  for (const DiagnosticNote& n : d.notes) {
    if (d.file) {
      out += d.file->name() + ":" + d.file->positionText(n.span.begin) + ": ";
    }
    out += style(severityStyle(Severity::Note), "note:") + " " + n.message + "\n";
    if (d.file) renderSnippet(out, *d.file, n.span);
  }
  return out;
}

}  // namespace plumb
