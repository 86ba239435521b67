// JSON text as nlohmann::json::dump writes it (semantics/json_text.h).
#include "semantics/json_text.h"

#include <charconv>

namespace plumb {

namespace {

// nlohmann's dump_escaped copies a byte unchanged when it is printable ASCII other than '"'
// and '\\' (with ensure_ascii off, the default); anything else goes through it.
void appendJsonString(std::string& out, const std::string& s) {
  for (unsigned char c : s)
    if (c < 0x20 || c > 0x7E || c == '"' || c == '\\') {
      out += nlohmann::json(s).dump();
      return;
    }
  out += '"';
  out += s;
  out += '"';
}

template <class Integer>
void appendJsonInteger(std::string& out, Integer v) {
  char buf[24];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, end);
}

}  // namespace

void appendJsonText(std::string& out, const nlohmann::json& value, int indent, int level,
                    const JsonPlaceholder* placeholder) {
  using T = nlohmann::json::value_t;
  switch (value.type()) {
    case T::object: {
      // nlohmann::json::serializer::dump, pretty-printed: "{\n", a member per line at the
      // next level, "\n" and the closing brace at this level; "{}" when empty.
      const auto& members = value.get_ref<const nlohmann::json::object_t&>();
      if (members.empty()) {
        out += "{}";
        return;
      }
      out += "{\n";
      int inner = level + indent;
      bool first = true;
      for (const auto& [key, member] : members) {
        if (!first) out += ",\n";
        first = false;
        out.append(static_cast<size_t>(inner), ' ');
        appendJsonString(out, key);
        out += ": ";
        appendJsonText(out, member, indent, inner, placeholder);
      }
      out += '\n';
      out.append(static_cast<size_t>(level), ' ');
      out += '}';
      return;
    }
    case T::array: {
      const auto& elements = value.get_ref<const nlohmann::json::array_t&>();
      if (elements.empty()) {
        out += "[]";
        return;
      }
      out += "[\n";
      int inner = level + indent;
      bool first = true;
      for (const nlohmann::json& element : elements) {
        if (!first) out += ",\n";
        first = false;
        out.append(static_cast<size_t>(inner), ' ');
        appendJsonText(out, element, indent, inner, placeholder);
      }
      out += '\n';
      out.append(static_cast<size_t>(level), ' ');
      out += ']';
      return;
    }
    case T::string:
      appendJsonString(out, value.get_ref<const std::string&>());
      return;
    case T::boolean:
      out += value.get<bool>() ? "true" : "false";
      return;
    case T::null:
      out += "null";
      return;
    case T::number_integer:
      appendJsonInteger(out, value.get<int64_t>());
      return;
    case T::number_unsigned:
      appendJsonInteger(out, value.get<uint64_t>());
      return;
    case T::binary: {
      const auto& b = value.get_binary();
      if (placeholder && b.has_subtype()) {
        (*placeholder)(out, b.subtype(), level);
        return;
      }
      break;
    }
    default:
      break;
  }
  // Floats, discarded values, binary values: nlohmann's own text. A float's does not depend on
  // the indentation; a binary value's does, so it is indented as it would be in place.
  std::string text = value.dump(indent);
  if (value.type() == T::binary && level > 0) {
    std::string shifted;
    for (char c : text) {
      shifted += c;
      if (c == '\n') shifted.append(static_cast<size_t>(level), ' ');
    }
    text = std::move(shifted);
  }
  out += text;
}

std::string jsonText(const nlohmann::json& value, int indent) {
  std::string out;
  appendJsonText(out, value, indent);
  return out;
}

}  // namespace plumb
