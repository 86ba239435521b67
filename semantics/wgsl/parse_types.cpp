// Type declarations: type_decl, type_decl_without_ident, array_type_decl,
// texture_sampler_types and their parts (#type-declarations, #texture-types-grammar).
#include "semantics/wgsl/parser_impl.h"

namespace plumb {

using namespace ast;

bool Parser::startsTypeDeclWithoutIdent(TokenKind k) {
  return k >= TokenKind::KwArray && k <= TokenKind::KwVec4 && k != TokenKind::KwOverride &&
         k != TokenKind::KwStaticAssert && k != TokenKind::KwStruct;
}

bool Parser::closeTemplate(const char* production) {
  // new#syntax-template_list: an optional trailing comma, then _template_args_end.
  if (revision_.templateListDiscovery) {
    accept(TokenKind::Comma);
    return expect(TokenKind::TemplateArgsEnd, production);
  }
  // #parsing: where only '>' can close the list, '>>', '>=' and '>>=' are split.
  return expect(TokenKind::GreaterThan, production);
}

// type_decl : ident | type_decl_without_ident
TypeId Parser::parseTypeDecl(const char* production) {
  DepthGuard guard(*this, production);
  if (!guard.ok) return {};
  if (atPredeclaredType()) return parsePredeclaredType(production, false);
  if (at(TokenKind::Identifier)) {
    Span s = tok_.span;
    Symbol name = internCurrentWord();
    advance();
    if (at(TokenKind::TemplateArgsStart)) {
      // new#type-specifier: only the predeclared type generators take template lists.
      ruleError(
          tok_.span,
          "'" + std::string(m_.name(name)) + "' is not a type generator: it takes no template list",
          "type-specifier");
      return {};
    }
    return addType(s, NamedType{name});
  }
  if (at(TokenKind::Reserved)) {
    ruleError(tok_.span,
              "'" + std::string(text(tok_.span)) +
                  "' is a reserved word and cannot be used as a type name",
              "reserved-words");
    return {};
  }
  if (!startsTypeDeclWithoutIdent(tok_.kind)) {
    errorExpected("a type", production);
    return {};
  }
  return parseTypeDeclWithoutIdent(production);
}

// access_mode : 'read' | 'write' | 'read_write'   (#memory-access-mode; not keywords)
bool Parser::parseAccessMode(AccessMode& mode, const char* production) {
  if (at(TokenKind::Identifier)) {
    std::string_view t = text(tok_.span);
    if (t == "read") mode = AccessMode::Read;
    else if (t == "write") mode = AccessMode::Write;
    else if (t == "read_write") mode = AccessMode::ReadWrite;
    else mode = AccessMode::None;
    if (mode != AccessMode::None) {
      advance();
      return true;
    }
  }
  errorExpected("an access mode ('read', 'write' or 'read_write')", "access_mode");
  return false;
}

// address_space : function | private | workgroup | uniform | storage
bool Parser::parseAddressSpace(AddressSpace& space, const char* production) {
  switch (typeKeyword()) {
    case TokenKind::KwFunction: space = AddressSpace::Function; break;
    case TokenKind::KwPrivate: space = AddressSpace::Private; break;
    case TokenKind::KwWorkgroup: space = AddressSpace::Workgroup; break;
    case TokenKind::KwUniform: space = AddressSpace::Uniform; break;
    case TokenKind::KwStorage: space = AddressSpace::Storage; break;
    default:
      // new#address-space: `immediate` (the immediate_address_space language feature), a
      // predeclared enumerant like the others.
      if (revision_.immediateAddressSpace && at(TokenKind::Identifier) &&
          text(tok_.span) == "immediate") {
        space = AddressSpace::Immediate;
        break;
      }
      errorExpected("an address space (function, private, workgroup, uniform or storage)",
                    "address_space");
      return false;
  }
  advance();
  return true;
}

// texel_format : 'rgba8unorm' | ... | 'rgba32float'   (#texel-formats; not keywords)
bool Parser::parseTexelFormat(TexelFormat& format) {
  if (at(TokenKind::Identifier)) {
    std::string_view t = text(tok_.span);
    TexelFormat last = revision_.currentTexelFormats ? kLastTexelFormat : kLastSeedTexelFormat;
    for (int i = 0; i <= static_cast<int>(last); ++i) {
      if (spelling(static_cast<TexelFormat>(i)) == t) {
        format = static_cast<TexelFormat>(i);
        advance();
        return true;
      }
    }
  }
  errorExpected("a texel format", "texel_format");
  return false;
}

// type_decl_without_ident :
//   | bool | float32 | float16 | int32 | uint32
//   | vec_prefix less_than type_decl greater_than
//   | mat_prefix less_than type_decl greater_than
//   | pointer less_than address_space comma type_decl ( comma access_mode ) ? greater_than
//   | array_type_decl
//   | atomic less_than type_decl greater_than
//   | texture_sampler_types
TypeId Parser::parseTypeDeclWithoutIdent(const char* production, bool allowBarePrefix) {
  uint32_t begin = tok_.span.begin;
  TokenKind k = typeKeyword();
  // One type parameter between '<' and '>', for vec, mat, atomic and the sampled textures.
  auto element = [&](const char* prod) -> TypeId {
    if (!openTemplate(prod)) return {};
    TypeId e = parseTypeDecl(prod);
    if (!e || !closeTemplate(prod)) return {};
    return e;
  };
  switch (k) {
    case TokenKind::KwBool: advance(); return addType(from(begin), ScalarType{ScalarKind::Bool});
    case TokenKind::KwF32: advance(); return addType(from(begin), ScalarType{ScalarKind::F32});
    case TokenKind::KwF16: advance(); return addType(from(begin), ScalarType{ScalarKind::F16});
    case TokenKind::KwI32: advance(); return addType(from(begin), ScalarType{ScalarKind::I32});
    case TokenKind::KwU32: advance(); return addType(from(begin), ScalarType{ScalarKind::U32});
    case TokenKind::KwVec2:
    case TokenKind::KwVec3:
    case TokenKind::KwVec4: {
      advance();
      uint8_t n = static_cast<uint8_t>(2 + (static_cast<int>(k) - static_cast<int>(TokenKind::KwVec2)));
      if (allowBarePrefix && !atTemplateStart()) return addType(from(begin), VectorType{n, {}});
      TypeId e = element("type_decl_without_ident");
      if (!e) return {};
      return addType(from(begin), VectorType{n, e});
    }
    case TokenKind::KwMat2x2: case TokenKind::KwMat2x3: case TokenKind::KwMat2x4:
    case TokenKind::KwMat3x2: case TokenKind::KwMat3x3: case TokenKind::KwMat3x4:
    case TokenKind::KwMat4x2: case TokenKind::KwMat4x3: case TokenKind::KwMat4x4: {
      advance();
      int i = static_cast<int>(k) - static_cast<int>(TokenKind::KwMat2x2);
      uint8_t columns = static_cast<uint8_t>(2 + i / 3), rows = static_cast<uint8_t>(2 + i % 3);
      if (allowBarePrefix && !atTemplateStart())
        return addType(from(begin), MatrixType{columns, rows, {}});
      TypeId e = element("type_decl_without_ident");
      if (!e) return {};
      return addType(from(begin), MatrixType{columns, rows, e});
    }
    case TokenKind::KwPtr: {
      advance();
      PointerType p{{}, AddressSpace::None, AccessMode::None};
      if (!openTemplate("type_decl_without_ident")) return {};
      if (!parseAddressSpace(p.space, "type_decl_without_ident")) return {};
      if (!expect(TokenKind::Comma, "type_decl_without_ident")) return {};
      p.store = parseTypeDecl("type_decl_without_ident");
      if (!p.store) return {};
      // Revision 2026: a template list may end with a comma (`ptr<function, i32,>`).
      if (accept(TokenKind::Comma) &&
          !(revision_.templateListDiscovery && at(TokenKind::TemplateArgsEnd)) &&
          !parseAccessMode(p.access, "type_decl_without_ident"))
        return {};
      if (!closeTemplate("type_decl_without_ident")) return {};
      return addType(from(begin), p);
    }
    case TokenKind::KwArray: {
      // array_type_decl : array less_than type_decl ( comma element_count_expression ) ?
      //                   greater_than
      advance();
      ArrayType a;
      if (allowBarePrefix && revision_.inferredArrayConstructor && !atTemplateStart()) {
        // new#array-builtin: `array(e1, ..., eN)` infers its element type and count (delta
        // 2.2); the checker does.
        return addType(from(begin), a);
      }
      if (!openTemplate("array_type_decl")) return {};
      a.element = parseTypeDecl("array_type_decl");
      if (!a.element) return {};
      if (accept(TokenKind::Comma) &&
          !(revision_.templateListDiscovery && at(TokenKind::TemplateArgsEnd))) {
        // new#array-types: the element count is any expression in a template list.
        a.count =
            revision_.templateListDiscovery ? parseExpression() : parseElementCountExpression();
        if (!a.count) return {};
      }
      if (!closeTemplate("array_type_decl")) return {};
      return addType(from(begin), a);
    }
    case TokenKind::KwAtomic: {
      advance();
      TypeId e = element("type_decl_without_ident");
      if (!e) return {};
      return addType(from(begin), AtomicType{e});
    }
    // texture_sampler_types (#texture-types-grammar)
    case TokenKind::KwSampler:
      advance();
      return addType(from(begin), SamplerType{false});
    case TokenKind::KwSamplerComparison:
      advance();
      return addType(from(begin), SamplerType{true});
    case TokenKind::KwTexture1d: case TokenKind::KwTexture2d: case TokenKind::KwTexture2dArray:
    case TokenKind::KwTexture3d: case TokenKind::KwTextureCube:
    case TokenKind::KwTextureCubeArray: {
      advance();
      auto dim = static_cast<TextureDimension>(static_cast<int>(k) -
                                               static_cast<int>(TokenKind::KwTexture1d));
      TypeId e = element("texture_sampler_types");
      if (!e) return {};
      return addType(from(begin), SampledTextureType{dim, e});
    }
    case TokenKind::KwTextureMultisampled2d: {
      advance();
      TypeId e = element("texture_sampler_types");
      if (!e) return {};
      return addType(from(begin), MultisampledTextureType{e});
    }
    case TokenKind::KwTextureStorage1d: case TokenKind::KwTextureStorage2d:
    case TokenKind::KwTextureStorage2dArray: case TokenKind::KwTextureStorage3d: {
      advance();
      static constexpr TextureDimension kDims[] = {TextureDimension::D1, TextureDimension::D2,
                                                   TextureDimension::D2Array,
                                                   TextureDimension::D3};
      StorageTextureType st{kDims[static_cast<int>(k) - static_cast<int>(TokenKind::KwTextureStorage1d)],
                            TexelFormat::Rgba8unorm, AccessMode::None};
      if (!openTemplate("texture_sampler_types")) return {};
      if (!parseTexelFormat(st.format)) return {};
      if (!expect(TokenKind::Comma, "texture_sampler_types")) return {};
      if (!parseAccessMode(st.access, "texture_sampler_types")) return {};
      if (!closeTemplate("texture_sampler_types")) return {};
      return addType(from(begin), st);
    }
    case TokenKind::KwTextureDepth2d: case TokenKind::KwTextureDepth2dArray:
    case TokenKind::KwTextureDepthCube: case TokenKind::KwTextureDepthCubeArray:
    case TokenKind::KwTextureDepthMultisampled2d:
      advance();
      return addType(from(begin),
                     DepthTextureType{static_cast<DepthTextureKind>(
                         static_cast<int>(k) - static_cast<int>(TokenKind::KwTextureDepth2d))});
    default:
      errorExpected("a type", production);
      return {};
  }
}

}  // namespace plumb
