// The resources of a dispatch from a `plumb-bindings` document (docs/formats.md): each
// uniform or storage variable of the module (#resource-interface) gets a buffer.
#include <map>

#include "interpreter/wgsl/dispatch.h"
#include "interpreter/wgsl/sampler.h"
#include "interpreter/wgsl/textures.h"

namespace plumb::interp {

namespace {

std::optional<uint32_t> wordOf(const nlohmann::json& j) {
  if (j.is_number_unsigned() && j.get<uint64_t>() <= UINT32_MAX) return static_cast<uint32_t>(j.get<uint64_t>());
  if (j.is_number_integer() && j.get<int64_t>() >= 0 && j.get<int64_t>() <= UINT32_MAX)
    return static_cast<uint32_t>(j.get<int64_t>());
  if (j.is_string()) {
    std::string s = j.get<std::string>();
    char* end = nullptr;
    unsigned long long v = std::strtoull(s.c_str(), &end, 0);
    if (end != s.c_str() && !*end && v <= UINT32_MAX) return static_cast<uint32_t>(v);
  }
  return std::nullopt;
}

/// Revision 2026, immediate_address_space (new#address-space, new#var-and-value): the
/// pipeline's immediate data, `immediates` of a version 3 document ({"words": [...]} or
/// {"value": ...} of the store type), which every `var<immediate>` reads from offset 0 as
/// WebGPU's setImmediates(0, data) gives it (laid out by the storage rules,
/// new#address-space-layout-constraints). Without it, --zero-missing-bindings gives zero bytes.
void bindImmediates(Program& program, const nlohmann::json& doc, int version,
                    const std::vector<uint32_t>& variables, bool zeroMissing,
                    std::vector<std::string>& errors) {
  CheckedModule& cm = program.checked;
  program.immediates.clear();
  if (doc.contains("immediates") && version < 3) {
    errors.push_back("'immediates' needs a plumb-bindings document of version 3");
    return;
  }
  if (variables.empty()) {
    if (doc.contains("immediates"))
      errors.push_back("'immediates': the shader declares no var<immediate>");
    return;
  }
  // The largest store type read: the immediate data must cover it.
  uint64_t need = 0;
  std::string names;
  for (uint32_t d : variables) {
    Type store = cm.types[cm.declarations[d].type].element;
    need = std::max(need, cm.layouts.of(store).size);
    names += (names.empty() ? "'" : ", '") +
             std::string(program.module.name(cm.declarations[d].name)) + "' (" +
             cm.types.name(store) + ")";
  }
  std::string where = "immediate data for " + names;
  if (!doc.contains("immediates")) {
    if (!zeroMissing) {
      errors.push_back(where +
                       ": no 'immediates' given (--zero-missing-bindings gives zero bytes)");
      return;
    }
    program.immediates.assign(need, 0);
    return;
  }
  const nlohmann::json& im = doc["immediates"];
  if (!im.is_object() || im.contains("words") + im.contains("value") != 1) {
    errors.push_back(where + ": 'immediates' must be {\"words\": [...]} or {\"value\": ...}");
    return;
  }
  std::vector<uint8_t> bytes;
  if (im.contains("words")) {
    if (!im["words"].is_array()) {
      errors.push_back(where + ": 'words' must be an array");
      return;
    }
    for (const nlohmann::json& w : im["words"]) {
      std::optional<uint32_t> x = wordOf(w);
      if (!x) {
        errors.push_back(where + ": " + w.dump() + " is not a 32-bit word");
        return;
      }
      for (int i = 0; i < 4; ++i) bytes.push_back(static_cast<uint8_t>(*x >> (8 * i)));
    }
  } else {
    if (variables.size() != 1) {
      errors.push_back(where + ": a typed 'value' needs one var<immediate>; give 'words'");
      return;
    }
    std::string error;
    Type store = cm.types[cm.declarations[variables[0]].type].element;
    auto b = bytesFromJson(cm.types, cm.layouts, store, im["value"], error);
    if (!b) {
      errors.push_back(where + ": " + error);
      return;
    }
    bytes = std::move(*b);
  }
  if (bytes.size() < need) {
    errors.push_back(where + ": expected at least " + std::to_string(need) + " bytes, given " +
                     std::to_string(bytes.size()));
    return;
  }
  program.immediates = std::move(bytes);
}

}  // namespace

std::vector<BoundBuffer> bindResources(Program& program, const nlohmann::json& doc,
                                       bool zeroMissing, std::vector<std::string>& errors,
                                       std::vector<std::string>* unused) {
  CheckedModule& cm = program.checked;
  TypeTable& types = cm.types;
  std::vector<BoundBuffer> out;
  // The module's buffer variables by (group, binding).
  std::map<std::pair<uint32_t, uint32_t>, uint32_t> variables;
  std::vector<uint32_t> immediates;  // the var<immediate> declarations
  for (uint32_t d = 0; d < cm.declarations.size(); ++d) {
    const ModuleDeclaration& decl = cm.declarations[d];
    if (decl.kind != ModuleDeclaration::Variable) continue;
    const TypeNode& ref = types[decl.type];
    if (ref.space == ast::AddressSpace::Immediate) {
      immediates.push_back(d);
      continue;
    }
    bool handle = ref.space == ast::AddressSpace::Handle &&
                  (isTexture(types, ref.element) || isSampler(types, ref.element));
    if (ref.space != ast::AddressSpace::Uniform && ref.space != ast::AddressSpace::Storage && !handle) continue;
    variables[{decl.attributes.group, decl.attributes.binding}] = d;
  }
  // Version 2 adds samplers and a texture's "format" (issue 19), version 3 the immediate data
  // (issue 15); an older document is a newer one without them.
  int version = doc.is_object() ? doc.value("version", 0) : 0;
  if (!doc.is_object() || doc.value("format", "") != "plumb-bindings" || version < 1 ||
      version > 3) {
    errors.push_back(
        "the bindings are not a plumb-bindings document of version 1, 2 or 3 (docs/formats.md)");
    return out;
  }
  bindImmediates(program, doc, version, immediates, zeroMissing, errors);
  std::map<std::pair<uint32_t, uint32_t>, const nlohmann::json*> given;
  if (doc.contains("bindings")) {
    if (!doc["bindings"].is_array()) {
      errors.push_back("'bindings' must be an array");
      return out;
    }
    for (const nlohmann::json& b : doc["bindings"]) {
      auto index = [&](const char* k) {
        return b.contains(k) && b[k].is_number_integer() && b[k].get<int64_t>() >= 0 && b[k].get<int64_t>() <= UINT32_MAX;
      };
      if (!b.is_object() || !index("group") || !index("binding")) {
        errors.push_back("a binding needs unsigned 'group' and 'binding': " + b.dump());
        continue;
      }
      auto key = std::make_pair(b["group"].get<uint32_t>(), b["binding"].get<uint32_t>());
      std::string where = "@group(" + std::to_string(key.first) + ") @binding(" + std::to_string(key.second) + ")";
      if (!variables.count(key)) {
        std::string why = where + ": the shader has no buffer, texture or sampler variable there";
        if (unused)
          unused->push_back(why + " (ignored: --allow-unused-bindings)");
        else
          errors.push_back(why + " (--allow-unused-bindings ignores it)");
        continue;
      }
      if (given.count(key)) errors.push_back(where + ": given twice");
      given[key] = &b;
    }
  }
  for (const auto& [key, d] : variables) {
    const ModuleDeclaration& decl = cm.declarations[d];
    const TypeNode& ref = types[decl.type];
    BoundBuffer buf;
    buf.group = key.first;
    buf.binding = key.second;
    buf.declaration = d;
    buf.storeType = ref.element;
    buf.space = ref.space;
    buf.access = ref.access;
    buf.name = std::string(program.module.name(decl.name));
    std::string where = "@group(" + std::to_string(key.first) + ") @binding(" + std::to_string(key.second) +
                        ") '" + buf.name + "' (" + types.name(buf.storeType) + ")";
    auto it = given.find(key);
    if (ref.space == ast::AddressSpace::Handle && isSampler(types, buf.storeType)) {
      // A sampler (#sampler-type): its GPUSamplerDescriptor (interpreter/wgsl/sampler.h), kept by the
      // program for the sampling built-ins; it holds no memory the report shows.
      bool comparison = types[buf.storeType].kind == TypeKind::SamplerComparison;
      nlohmann::json desc = nlohmann::json::object();
      if (it != given.end()) {
        const nlohmann::json& b = *it->second;
        if (!b.contains("sampler")) {
          errors.push_back(where + ": a sampler binding needs 'sampler': {addressModeU, magFilter, ...}");
          continue;
        }
        desc = b["sampler"];
      } else if (!zeroMissing) {
        errors.push_back(where + ": no binding given (--zero-missing-bindings gives WebGPU's default sampler" +
                         std::string(comparison ? ", comparing with \"never\")" : ")"));
        continue;
      } else if (comparison) {
        desc["compare"] = "never";
      }
      std::string error;
      auto sampler = samplerFromJson(desc, comparison, error);
      if (!sampler) {
        errors.push_back(where + ": " + error);
        continue;
      }
      program.samplers[program.variableAllocation[d]] = *sampler;
      continue;
    }
    if (ref.space == ast::AddressSpace::Handle) {
      // A texture (#texture-types): its texels (interpreter/wgsl/textures.h).
      buf.texture = true;
      nlohmann::json tex;
      if (it != given.end()) {
        const nlohmann::json& b = *it->second;
        if (!b.contains("texture")) {
          errors.push_back(where + ": a texture binding needs 'texture': {size, mipLevels, texels}");
          continue;
        }
        tex = b["texture"];
      } else if (zeroMissing) {
        tex = {{"size", {1, 1, 1}}};
      } else {
        errors.push_back(where + ": no binding given (--zero-missing-bindings gives a 1x1 zero texture)");
        continue;
      }
      std::string error;
      auto texels = textureFromJson(types, buf.storeType, tex, error);
      if (!texels) {
        errors.push_back(where + ": " + error);
        continue;
      }
      buf.texels = std::move(*texels);
      if (tex.contains("format") && tex["format"].is_string())
        program.textureFormats[program.variableAllocation[d]] = tex["format"].get<std::string>();
      out.push_back(std::move(buf));
      continue;
    }
    const TypeLayout& layout = cm.layouts.of(buf.storeType);
    if (it == given.end()) {
      if (!zeroMissing) {
        errors.push_back(where + ": no binding given (--zero-missing-bindings gives it zero bytes)");
        continue;
      }
      if (layout.size > (kMaxScalarsPerValue << 2)) {
        errors.push_back(where + ": more than the machine's limit of 16 MiB per buffer");
        continue;
      }
      buf.bytes.assign(layout.size + layout.runtimeStride, 0);
      out.push_back(std::move(buf));
      continue;
    }
    const nlohmann::json& b = *it->second;
    int forms = b.contains("words") + b.contains("value") + b.contains("size");
    if (forms != 1) {
      errors.push_back(where + ": give exactly one of 'words', 'value', 'size'");
      continue;
    }
    if (b.contains("words")) {
      if (!b["words"].is_array()) {
        errors.push_back(where + ": 'words' must be an array");
        continue;
      }
      bool ok = true;
      for (const nlohmann::json& w : b["words"]) {
        std::optional<uint32_t> x = wordOf(w);
        if (!x) {
          errors.push_back(where + ": " + w.dump() + " is not a 32-bit word");
          ok = false;
          break;
        }
        for (int i = 0; i < 4; ++i) buf.bytes.push_back(static_cast<uint8_t>(*x >> (8 * i)));
      }
      if (!ok) continue;
    } else if (b.contains("size")) {
      if (!b["size"].is_number_integer() || b["size"].get<int64_t>() < 0 || b["size"].get<int64_t>() > (1ll << 24)) {
        errors.push_back(where + ": 'size' must be a byte count up to 16 MiB (the machine's limit)");
        continue;
      }
      buf.bytes.assign(b["size"].get<uint64_t>(), 0);
    } else {
      std::string error;
      auto bytes = bytesFromJson(types, cm.layouts, buf.storeType, b["value"], error);
      if (!bytes) {
        errors.push_back(where + ": " + error);
        continue;
      }
      buf.bytes = std::move(*bytes);
    }
    if (buf.bytes.size() > (kMaxScalarsPerValue << 2)) {
      errors.push_back(where + ": " + std::to_string(buf.bytes.size()) +
                       " bytes is more than the machine's limit of 16 MiB per buffer");
      continue;
    }
    // Revision 2026 (new#buffer-types): a runtime-sized buffer is "the size of the attached
    // WebGPU GPUBuffer", whose storage binding is a whole number of 4-byte words.
    if (isBuffer(types, buf.storeType) && buf.bytes.size() % 4 != 0) {
      errors.push_back(where + ": a buffer binding's size must be a multiple of 4 bytes, not " +
                       std::to_string(buf.bytes.size()));
      continue;
    }
    // #buffer-binding-determines-runtime-sized-array-element-count: the buffer must hold the
    // fixed part of the store type.
    if (layout.runtimeStride != 0 && buf.bytes.size() < layout.size) {
      errors.push_back(where + ": expected at least " + std::to_string(layout.size) + " bytes, given " +
                       std::to_string(buf.bytes.size()));
      continue;
    }
    // A fixed-size store type needs a buffer of at least its size; a larger one is a valid
    // WebGPU binding (the minimum binding size is a lower bound; uniform buffers are commonly
    // padded to 16 bytes). Its extra bytes belong to the buffer bound to the variable, where an
    // out-of-bounds store may land (#originating-variable: "any memory location(s) of the
    // WebGPU buffer bound to the originating variable").
    if (layout.runtimeStride == 0 && buf.bytes.size() < layout.size) {
      errors.push_back(where + ": expected " + std::to_string(layout.size) + " bytes, given " +
                       std::to_string(buf.bytes.size()));
      continue;
    }
    out.push_back(std::move(buf));
  }
  return out;
}

}  // namespace plumb::interp
