// Per-production tests of the parser against the seed's grammar (wgsl-2022-06-07.bs, #grammar;
// its 206 productions are listed in tests/data/spec/grammar.txt).
//
// kCases is a table: for every production, inputs that the production accepts (positive
// cases) and, for every structural production, inputs that violate it (negative cases). Each
// input is parsed in one context: a whole module, a function body, an expression or a type.
// Positive cases must parse, round-trip through the printer and, where given, give exactly the
// expected S-expression (dumpModule, whitespace collapsed, of the part the case is about).
// Negative cases must be rejected, where given with the expected rule of the first error.
//
// ProductionCoverage checks the table against grammar.txt, so that no production can lose its
// cases silently; the other suites walk grammar.txt itself (keywords, reserved words,
// blankspace code points, and every alternative of the list-like productions).
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <ostream>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "semantics/wgsl/lexer.h"
#include "semantics/round_trip.h"
#include "test_data.h"

namespace plumb {
namespace {

// ------------------------------------------------------------------------------ the table

enum class Context {
  Module,      // the text is a whole translation_unit
  Function,    // the text is the body of `fn f() { ... }`
  Expression,  // the text is one `expression` (parseExpression; dumps via `_ = text;`)
  Type,        // the text is one `type_decl` (parseTypeDecl; dumps via `type T_ = text;`)
};
constexpr Context M = Context::Module;
constexpr Context F = Context::Function;
constexpr Context E = Context::Expression;
constexpr Context T = Context::Type;

enum class Expect { Ok, Error };
constexpr Expect Ok = Expect::Ok;
constexpr Expect Err = Expect::Error;

struct Case {
  const char* production;
  Context context;
  Expect expect;
  const char* text;
  // Ok: the expected dump of the case's part ("" = not checked): for a module, its
  // declarations; for a function body, its statements; for an expression or a type, itself.
  // Error: the rule of the first error ("" = any rule).
  const char* detail;
};

void PrintTo(const Case& c, std::ostream* os) {
  static const char* const kContexts[] = {"module", "function body", "expression", "type"};
  *os << c.production << " (" << kContexts[static_cast<int>(c.context)] << "): \"" << c.text
      << "\"";
}

// The positive case of `_reserved` is a reserved word used as a name, which the seed rejects.
constexpr const char* kReservedWordRule = "reserved-words";

const Case kCases[] = {
    // ------------------------------------------------------------ blankspace and literals
    // All 11 blankspace code points, one between each pair of tokens.
    {"_blankspace", M, Ok,
     "const\x20"
     "a\x09"
     ":\x0A"
     "i32\x0B"
     "=\x0C"
     "1\x0D"
     ";\xC2\x85"
     "const\xE2\x80\x8E"
     "b\xE2\x80\x8F"
     "=\xE2\x80\xA8"
     "a\xE2\x80\xA9"
     ";",
     "(const a i32 1) (const b _ a)"},
    // U+00A0 is White_Space but not Pattern_White_Space.
    {"_blankspace", M, Err,
     "const\xC2\xA0"
     "a = 1;",
     ""},
    {"bool_literal", E, Ok, "true", "true"},
    {"bool_literal", E, Ok, "false", "false"},
    {"bool_literal", F, Err, "let true = 1;", "syntax-variable_statement"},
    {"int_literal", E, Ok, "0x1F", "0x1F"},
    {"int_literal", E, Ok, "0X1fu", "0X1fu"},
    {"int_literal", E, Ok, "0", "0"},
    {"int_literal", E, Ok, "0i", "0i"},
    {"int_literal", E, Ok, "0u", "0u"},
    {"int_literal", E, Ok, "123", "123"},
    {"int_literal", E, Ok, "2147483647i", "2147483647i"},
    {"int_literal", E, Err, "0123", "syntax-expression"},
    {"int_literal", E, Err, "00", "syntax-expression"},
    {"int_literal", E, Err, "1iu", "syntax-expression"},
    {"int_literal", E, Err, "4294967296u", "literals"},
    {"int_literal", E, Ok, "0xFFFFFFFFu", "0xFFFFFFFFu"},
    {"int_literal", E, Err, "2147483648i", "literals"},
    {"int_literal", E, Err, "0x100000000u", "literals"},
    {"float_literal", E, Ok, "1.5", "1.5"},
    {"float_literal", E, Ok, "0x1p4", "0x1p4"},
    {"float_literal", E, Err, "1.5e", "syntax-expression"},
    {"float_literal", E, Err, "1.0.0", "syntax-expression"},
    {"decimal_float_literal", E, Ok, "12.34", "12.34"},
    {"decimal_float_literal", E, Ok, "1.", "1."},
    {"decimal_float_literal", E, Ok, ".5", ".5"},
    {"decimal_float_literal", E, Ok, "01.", "01."},
    {"decimal_float_literal", E, Ok, "0.e+4f", "0.e+4f"},
    {"decimal_float_literal", E, Ok, "1e3", "1e3"},
    {"decimal_float_literal", E, Ok, "1E-3f", "1E-3f"},
    {"decimal_float_literal", E, Ok, "0f", "0f"},
    {"decimal_float_literal", E, Ok, "1f", "1f"},
    {"decimal_float_literal", E, Ok, "1.f", "1.f"},
    {"decimal_float_literal", E, Ok, "1.e5", "1.e5"},
    {"decimal_float_literal", E, Err, "1.5F", "syntax-expression"},
    {"decimal_float_literal", E, Ok, "3.4e38f", "3.4e38f"},
    {"decimal_float_literal", E, Err, "1e39f", "literals"},
    {"decimal_float_literal", M, Err, "enable f16;\nconst h = 65520.0h;", "literals"},
    {"decimal_float_literal", M, Ok, "enable f16;\nconst h = 1.5h;\nconst z = 0h;",
     "(enable f16) (const h _ 1.5h) (const z _ 0h)"},
    {"hex_float_literal", E, Ok, "0xa.fp+2", "0xa.fp+2"},
    {"hex_float_literal", E, Ok, "0X.3", "0X.3"},
    {"hex_float_literal", E, Ok, "0x1.", "0x1."},
    {"hex_float_literal", E, Ok, "0x1.p4", "0x1.p4"},
    {"hex_float_literal", E, Ok, "0x1P+4f", "0x1P+4f"},
    {"hex_float_literal", E, Ok, "0X1.fp-4", "0X1.fp-4"},
    {"hex_float_literal", M, Ok, "enable f16;\nconst h = 0x3.2p+2h;",
     "(enable f16) (const h _ 0x3.2p+2h)"},
    {"hex_float_literal", E, Err, "0x1pf", "syntax-expression"},
    {"hex_float_literal", E, Ok, "0x1.000002p0f", "0x1.000002p0f"},
    {"hex_float_literal", E, Err, "0x1.000001p0f", "literals"},
    {"hex_float_literal", E, Err, "0x1p128f", "literals"},
    {"const_literal", E, Ok, "1u", "1u"},
    {"const_literal", E, Ok, "-1.5", "(neg 1.5)"},
    {"const_literal", E, Err, "1u32", "syntax-expression"},
    {"ident", F, Ok, "let x = 1;", "(let x _ 1)"},
    {"ident", F, Ok, "let _a1 = 1;", "(let _a1 _ 1)"},
    {"ident", F, Ok, "let \xCE\x94\xCE\xAD\xCE\xBB\xCF\x84\xCE\xB1 = 1;",
     "(let \xCE\x94\xCE\xAD\xCE\xBB\xCF\x84\xCE\xB1 _ 1)"},
    // Words that are keywords or reserved only in other revisions, and the texel format and
    // access mode names, are identifiers here.
    {"ident", F, Ok, "let alias = read + rgba8unorm + const_assert + diagnostic;",
     "(let alias _ (+ (+ (+ read rgba8unorm) const_assert) diagnostic))"},
    {"ident", F, Err, "let __x = 1;", "identifiers"},
    {"ident", F, Err, "let 1x = 1;", "syntax-variable_statement"},
    {"ident", E, Err, "_", "syntax-primary_expression"},
    {"_reserved", F, Err, "let NULL = 1;", kReservedWordRule},
    {"_reserved", M, Err, "fn Self() {}", kReservedWordRule},
    {"_reserved", M, Err, "struct S { mut: i32 }", kReservedWordRule},
    {"_reserved", T, Err, "f64", kReservedWordRule},
    {"_reserved", E, Err, "null", kReservedWordRule},

    // --------------------------------------------------------------------------- attributes
    {"attribute", M, Ok, "@compute @workgroup_size(8, 8, 1,) fn f() {}",
     "(fn (@ compute) (@ workgroup_size (args 8 8 1)) f (params) (result _) (block))"},
    {"attribute", M, Ok, "@group(0) @binding(1) var<uniform> u: U;",
     "(var (@ group (args 0)) (@ binding (args 1)) <uniform> u (named U) _)"},
    // `invariant` is a reserved word and `const` a keyword, yet both name attributes of the
    // seed: Plumb reads an attribute name as any word (its documented reading).
    {"attribute", M, Ok, "struct O { @builtin(position) @invariant p: vec4<f32> }",
     "(struct O (member (@ builtin (args position)) (@ invariant) p (vec 4 f32)))"},
    {"attribute", M, Ok, "@const fn g() -> i32 { return 1; }",
     "(fn (@ const) g (params) (result i32) (block (return 1)))"},
    {"attribute", M, Err, "@location(1 2) var<private> x: i32;", "syntax-attribute"},
    {"attribute", M, Err, "@(1) var<private> x: i32;", "syntax-attribute"},
    {"attribute", M, Err, "@location(1 var<private> x: i32;", "syntax-attribute"},
    {"attribute", M, Err, "@location() var<private> x: i32;", "syntax-literal_or_ident"},
    {"literal_or_ident", M, Ok, "@size(16) @align(8u) @a(1.5) @b(c, 0x1p0,) var<private> v: i32;",
     "(var (@ size (args 16)) (@ align (args 8u)) (@ a (args 1.5)) (@ b (args c 0x1p0)) <private> "
     "v i32 _)"},
    {"literal_or_ident", M, Err, "@location(-1) var<private> x: i32;", "syntax-literal_or_ident"},
    {"literal_or_ident", M, Err, "@location(true) var<private> x: i32;", "syntax-literal_or_ident"},
    {"literal_or_ident", M, Err, "@location(1,,) var<private> x: i32;", "syntax-literal_or_ident"},
    {"literal_or_ident", M, Err, "@location((1)) var<private> x: i32;", "syntax-literal_or_ident"},

    // --------------------------------------------------------------------------- directives
    {"global_directive", M, Ok, "enable f16;\nenable my_extension;\nfn f() {}",
     "(enable f16) (enable my_extension) (fn f (params) (result _) (block))"},
    {"global_directive", M, Err, "fn f() {}\nenable f16;", "directives"},
    {"global_directive", M, Err, "const a = 1;\nenable f16;", "directives"},
    // An empty global_decl `;` is a declaration too.
    {"global_directive", M, Err, ";\nenable f16;", "directives"},
    {"enable_directive", M, Ok, "enable f16;", "(enable f16)"},
    {"enable_directive", M, Err, "enable;", "syntax-enable_directive"},
    {"enable_directive", M, Err, "enable f16", "syntax-enable_directive"},
    {"enable_directive", M, Err, "enable 1;", "syntax-enable_directive"},
    {"enable_directive", M, Err, "enable f16, f32;", "syntax-enable_directive"},

    // -------------------------------------------------------------------------------- types
    {"array_type_decl", T, Ok, "array<f32>", "(array f32)"},
    {"array_type_decl", T, Ok, "array<f32, 4>", "(array f32 4)"},
    {"array_type_decl", T, Ok, "array<vec4<f32>>", "(array (vec 4 f32))"},
    {"array_type_decl", T, Ok, "array<array<i32, 2>, 3>", "(array (array i32 2) 3)"},
    {"array_type_decl", T, Ok, "array<S, N>", "(array (named S) N)"},
    {"array_type_decl", T, Err, "array", "syntax-array_type_decl"},
    {"array_type_decl", T, Err, "array<>", "syntax-array_type_decl"},
    {"array_type_decl", T, Err, "array<f32,>", ""},
    {"array_type_decl", T, Err, "array<f32, 2", "syntax-array_type_decl"},
    {"array_type_decl", T, Err, "array<f32, 2, 3>", "syntax-array_type_decl"},
    {"element_count_expression", T, Ok, "array<f32, 1 + 2>", "(array f32 (+ 1 2))"},
    {"element_count_expression", T, Ok, "array<f32, 2 * N - 1>", "(array f32 (- (* 2 N) 1))"},
    {"element_count_expression", T, Ok, "array<f32, (1 << 2)>", "(array f32 (paren (<< 1 2)))"},
    {"element_count_expression", T, Ok, "array<f32, 1 & 2>", "(array f32 (& 1 2))"},
    {"element_count_expression", T, Ok, "array<f32, 4 | 1 | 2>", "(array f32 (| (| 4 1) 2))"},
    {"element_count_expression", T, Ok, "array<f32, 4 ^ N>", "(array f32 (^ 4 N))"},
    {"element_count_expression", T, Ok, "array<array<i32, 1 | 2>>", "(array (array i32 (| 1 2)))"},
    // #parsing: `&&` is not a valid lookahead in an element count but `&` is.
    {"element_count_expression", T, Ok, "array<f32, 1 && 2>", "(array f32 (& 1 (addr 2)))"},
    {"element_count_expression", F, Ok, "let x: array<f32, 2>= y;", "(let x (array f32 2) y)"},
    {"element_count_expression", T, Err, "array<f32, 1 << 2>", "syntax-element_count_expression"},
    {"element_count_expression", T, Err, "array<f32, a < b>", "syntax-element_count_expression"},
    {"element_count_expression", T, Err, "array<f32, a == b>", "syntax-element_count_expression"},
    {"element_count_expression", T, Err, "array<f32, 1 + 2 & 3>", ""},
    {"element_count_expression", T, Err, "array<f32, 1 & 2 + 3>", "syntax-bitwise_expression"},
    {"access_mode", T, Ok, "ptr<storage, i32, read>", "(ptr storage i32 read)"},
    {"access_mode", T, Ok, "texture_storage_2d<rgba8uint, write>",
     "(texture_storage 1 rgba8uint write)"},
    {"access_mode", T, Err, "ptr<storage, i32, readwrite>", "syntax-access_mode"},
    {"access_mode", T, Err, "ptr<storage, i32, READ>", "syntax-access_mode"},
    {"address_space", T, Ok, "ptr<workgroup, u32>", "(ptr workgroup u32)"},
    {"address_space", M, Ok, "var<private> v: u32;", "(var <private> v u32 _)"},
    {"address_space", T, Err, "ptr<local, i32>", "syntax-address_space"},
    {"address_space", M, Err, "var<handle> v: u32;", "syntax-address_space"},
    {"texture_sampler_types", T, Ok, "sampler", "sampler"},
    {"texture_sampler_types", T, Ok, "texture_depth_cube", "(texture_depth 2)"},
    {"texture_sampler_types", T, Ok, "texture_2d<f32>", "(texture 1 f32)"},
    {"texture_sampler_types", T, Ok, "texture_multisampled_2d<i32>",
     "(texture_multisampled_2d i32)"},
    {"texture_sampler_types", T, Ok, "texture_storage_2d<rgba8unorm, write>",
     "(texture_storage 1 rgba8unorm write)"},
    {"texture_sampler_types", T, Err, "texture_storage_2d<rgba8unorm>",
     "syntax-texture_sampler_types"},
    {"texture_sampler_types", T, Err, "texture_2d<f32", "syntax-texture_sampler_types"},
    {"texture_sampler_types", T, Err, "texture_2d<f32, f32>", "syntax-texture_sampler_types"},
    {"sampler_type", T, Ok, "sampler_comparison", "sampler_comparison"},
    {"sampler_type", T, Err, "sampler<f32>", "syntax-type_decl"},
    {"sampled_texture_type", T, Ok, "texture_cube_array<f32>", "(texture 5 f32)"},
    {"sampled_texture_type", T, Ok, "texture_2d_array<vec4<f32>>", "(texture 2 (vec 4 f32))"},
    {"sampled_texture_type", T, Err, "texture_2d", "syntax-texture_sampler_types"},
    {"sampled_texture_type", T, Err, "texture_1d<>", "syntax-texture_sampler_types"},
    {"multisampled_texture_type", T, Ok, "texture_multisampled_2d<f32>",
     "(texture_multisampled_2d f32)"},
    {"multisampled_texture_type", T, Err, "texture_multisampled_2d",
     "syntax-texture_sampler_types"},
    {"storage_texture_type", T, Ok, "texture_storage_3d<r32float, read_write>",
     "(texture_storage 3 r32float read_write)"},
    {"storage_texture_type", T, Err, "texture_storage_2d<f32, write>", "syntax-texel_format"},
    {"storage_texture_type", T, Err, "texture_storage_2d<rgba8unorm, write, read>",
     "syntax-texture_sampler_types"},
    {"depth_texture_type", T, Ok, "texture_depth_multisampled_2d", "(texture_depth 4)"},
    {"depth_texture_type", T, Err, "texture_depth_2d<f32>", "syntax-type_decl"},
    {"texel_format", T, Ok, "texture_storage_1d<rgba32float, write>",
     "(texture_storage 0 rgba32float write)"},
    {"texel_format", T, Err, "texture_storage_1d<rgba9unorm, write>", "syntax-texel_format"},
    {"type_alias_decl", M, Ok, "type Arr = array<vec4<f32>, 4>;",
     "(type Arr (array (vec 4 f32) 4))"},
    {"type_alias_decl", M, Ok, "type T = S;", "(type T (named S))"},
    {"type_alias_decl", M, Err, "type T i32;", "syntax-type_alias_decl"},
    {"type_alias_decl", M, Err, "type = i32;", "syntax-type_alias_decl"},
    {"type_alias_decl", M, Err, "type T = ;", "syntax-type_alias_decl"},
    {"type_alias_decl", M, Err, "type T = i32", "syntax-global_decl"},
    {"type_alias_decl", M, Err, "type f32 = i32;", "syntax-type_alias_decl"},
    {"type_decl", T, Ok, "S", "(named S)"},
    {"type_decl", T, Ok, "texture_external", "(named texture_external)"},
    {"type_decl", T, Ok, "f32", "f32"},
    {"type_decl", T, Err, "1", "syntax-type_decl"},
    {"type_decl", T, Err, "fn", "syntax-type_decl"},
    {"type_decl", T, Err, "S<f32>", "syntax-type_decl"},
    {"type_decl_without_ident", T, Ok, "ptr<storage, array<u32>, read_write>",
     "(ptr storage (array u32) read_write)"},
    // #parsing: `>>>` closes three template lists.
    {"type_decl_without_ident", T, Ok, "ptr<function, array<vec2<f32>>>",
     "(ptr function (array (vec 2 f32)))"},
    {"type_decl_without_ident", T, Ok, "vec2<vec2<f32>>", "(vec 2 (vec 2 f32))"},
    {"type_decl_without_ident", T, Ok, "atomic<i32>", "(atomic i32)"},
    {"type_decl_without_ident", T, Ok, "mat3x4<f16>", "(mat 3x4 f16)"},
    {"type_decl_without_ident", T, Err, "ptr<function>", "syntax-type_decl_without_ident"},
    {"type_decl_without_ident", T, Err, "ptr<function, i32,>", "syntax-access_mode"},
    {"type_decl_without_ident", T, Err, "atomic<>", "syntax-type_decl_without_ident"},
    {"type_decl_without_ident", T, Err, "vec2<f32", "syntax-type_decl_without_ident"},
    {"type_decl_without_ident", T, Err, "vec2<1>", "syntax-type_decl_without_ident"},
    {"type_decl_without_ident", T, Err, "vec2<f32, f32>", "syntax-type_decl_without_ident"},
    {"vec_prefix", T, Ok, "vec4<bool>", "(vec 4 bool)"},
    {"vec_prefix", E, Ok, "vec3(1, 2, 3)", "(call (vec 3 _) 1 2 3)"},
    {"vec_prefix", T, Err, "vec3", "syntax-type_decl_without_ident"},
    {"vec_prefix", E, Err, "vec3", "syntax-primary_expression"},
    {"mat_prefix", T, Ok, "mat4x3<f32>", "(mat 4x3 f32)"},
    {"mat_prefix", E, Ok, "mat2x2(1.0, 2.0, 3.0, 4.0)", "(call (mat 2x2 _) 1.0 2.0 3.0 4.0)"},
    {"mat_prefix", T, Err, "mat2x2", "syntax-type_decl_without_ident"},
    {"mat_prefix", T, Err, "mat2x2<f32, 2>", "syntax-type_decl_without_ident"},

    // ------------------------------------------------------------------------- structures
    {"struct_decl", M, Ok, "struct S { a: i32 }", "(struct S (member a i32))"},
    {"struct_decl", M, Err, "struct { a: i32 }", "syntax-struct_decl"},
    {"struct_decl", M, Err, "struct S;", "syntax-struct_body_decl"},
    {"struct_decl", M, Err, "struct i32 { a: i32 }", "syntax-struct_decl"},
    {"struct_body_decl", M, Ok, "struct S { a: i32, b: vec2<f32>, }",
     "(struct S (member a i32) (member b (vec 2 f32)))"},
    {"struct_body_decl", M, Ok, "struct S { a: i32, b: f32 }",
     "(struct S (member a i32) (member b f32))"},
    {"struct_body_decl", M, Err, "struct S {}", "syntax-struct_member"},
    {"struct_body_decl", M, Err, "struct S { , }", "syntax-struct_member"},
    {"struct_body_decl", M, Err, "struct S { a: i32; }", "syntax-struct_body_decl"},
    {"struct_body_decl", M, Err, "struct S { a: i32 b: f32 }", "syntax-struct_body_decl"},
    {"struct_body_decl", M, Err, "struct S { a: i32,, }", "syntax-struct_member"},
    {"struct_member", M, Ok, "struct S { @align(16) @size(32) a: vec3<f32>, }",
     "(struct S (member (@ align (args 16)) (@ size (args 32)) a (vec 3 f32)))"},
    {"struct_member", M, Err, "struct S { a }", "syntax-variable_ident_decl"},
    {"struct_member", M, Err, "struct S { @align(4) }", "syntax-struct_member"},
    {"struct_member", M, Err, "struct S { fn: i32 }", "syntax-struct_member"},
    {"struct_member", M, Err, "struct S { a: }", "syntax-variable_ident_decl"},

    // --------------------------------------------------------- variable and value declarations
    {"variable_statement", F, Ok, "var v;", "(var v _ _)"},
    {"variable_statement", F, Ok, "var v = 1;", "(var v _ 1)"},
    {"variable_statement", F, Ok, "var<function> v: i32 = 1;", "(var <function> v i32 1)"},
    {"variable_statement", F, Ok, "let l = 1;", "(let l _ 1)"},
    {"variable_statement", F, Ok, "let l: i32 = 1;", "(let l i32 1)"},
    {"variable_statement", F, Ok, "const c: u32 = 1u;", "(const c u32 1u)"},
    // #parsing: `>=` after a template list is `>` `=`.
    {"variable_statement", F, Ok, "let v: vec2<f32>= x;", "(let v (vec 2 f32) x)"},
    {"variable_statement", F, Ok, "let p: ptr<function, array<vec2<f32>>>= &a;",
     "(let p (ptr function (array (vec 2 f32))) (addr a))"},
    {"variable_statement", F, Err, "let x;", "syntax-variable_statement"},
    {"variable_statement", F, Err, "let x: i32;", "syntax-variable_statement"},
    {"variable_statement", F, Err, "const c;", "syntax-variable_statement"},
    {"variable_statement", F, Err, "let 1 = 2;", "syntax-variable_statement"},
    {"variable_statement", F, Err, "let<function> x = 1;", "syntax-variable_statement"},
    {"variable_statement", F, Err, "override o = 1;", "syntax-statement"},
    {"variable_decl", F, Ok, "var v: i32;", "(var v i32 _)"},
    {"variable_decl", F, Err, "var = 1;", "syntax-variable_decl"},
    {"variable_decl", F, Err, "var<function> = 1;", "syntax-variable_decl"},
    {"variable_ident_decl", F, Ok, "let x: vec2<f32> = v;", "(let x (vec 2 f32) v)"},
    {"variable_ident_decl", F, Err, "let x: = 1;", "syntax-variable_ident_decl"},
    {"variable_ident_decl", M, Err, "fn f(a) {}", "syntax-variable_ident_decl"},
    {"variable_qualifier", M, Ok, "var<storage, read_write> buf: array<u32>;",
     "(var <storage read_write> buf (array u32) _)"},
    {"variable_qualifier", M, Ok, "var<storage,read>buf: array<u32>;",
     "(var <storage read> buf (array u32) _)"},
    {"variable_qualifier", F, Err, "var<> x: i32;", "syntax-address_space"},
    {"variable_qualifier", F, Err, "var<function x: i32;", "syntax-variable_qualifier"},
    {"variable_qualifier", M, Err, "var<storage read> b: u32;", "syntax-variable_qualifier"},
    {"variable_qualifier", M, Err, "var<storage, read_write,> b: u32;",
     "syntax-variable_qualifier"},
    {"global_variable_decl", M, Ok, "var<private> x: i32 = 1;", "(var <private> x i32 1)"},
    {"global_variable_decl", M, Ok, "@group(0) @binding(0) var t: texture_2d<f32>;",
     "(var (@ group (args 0)) (@ binding (args 0)) t (texture 1 f32) _)"},
    {"global_variable_decl", M, Ok, "var v = 1;", "(var v _ 1)"},
    {"global_variable_decl", M, Err, "var<private> x: i32 = ;", "syntax-primary_expression"},
    {"global_variable_decl", M, Err, "@group(0) var x: i32", "syntax-global_decl"},
    {"global_variable_decl", M, Err, "@group(0) var<uniform> x: i32 = 1 2;", "syntax-global_decl"},
    {"global_constant_decl", M, Ok, "const c = 1;", "(const c _ 1)"},
    {"global_constant_decl", M, Ok, "const c: i32 = 1;", "(const c i32 1)"},
    {"global_constant_decl", M, Ok, "override o;", "(override o _ _)"},
    {"global_constant_decl", M, Ok, "@id(0) override o: f32 = 1.0;",
     "(override (@ id (args 0)) o f32 1.0)"},
    {"global_constant_decl", M, Err, "const c: i32;", "syntax-global_constant_decl"},
    {"global_constant_decl", M, Err, "override = 1;", "syntax-global_constant_decl"},
    {"global_constant_decl", M, Err, "@id(1) const c = 1;", "syntax-global_decl"},

    // --------------------------------------------------------------------------- expressions
    {"primary_expression", E, Ok, "a", "a"},
    {"primary_expression", E, Ok, "f(1)", "(call f 1)"},
    {"primary_expression", E, Ok, "1", "1"},
    {"primary_expression", E, Ok, "(a)", "(paren a)"},
    {"primary_expression", E, Ok, "bitcast<u32>(1.0)", "(bitcast u32 1.0)"},
    {"primary_expression", E, Ok, "bitcast<vec2<u32>>(v)", "(bitcast (vec 2 u32) v)"},
    {"primary_expression", E, Err, "bitcast<u32>1", "syntax-primary_expression"},
    {"primary_expression", E, Err, "bitcast(1)", "syntax-primary_expression"},
    {"primary_expression", E, Err, "vec2<f32>", "syntax-primary_expression"},
    {"primary_expression", E, Err, ")", "syntax-primary_expression"},
    {"callable", E, Ok, "S(1, 2)", "(call S 1 2)"},
    {"callable", E, Ok, "f32(1)", "(call f32 1)"},
    {"callable", E, Ok, "vec2<f32>(1.0)", "(call (vec 2 f32) 1.0)"},
    {"callable", E, Ok, "array<f32, 2>(1.0, 2.0)", "(call (array f32 2) 1.0 2.0)"},
    {"callable", E, Ok, "array<vec4<f32>>()", "(call (array (vec 4 f32)))"},
    {"callable", E, Ok, "mat2x3<f32>()", "(call (mat 2x3 f32))"},
    {"callable", E, Ok, "texture_depth_2d()", "(call (texture_depth 0))"},
    // The seed has no inferred `array(...)` constructor.
    {"callable", E, Err, "array(1, 2)", "syntax-array_type_decl"},
    {"callable", E, Err, "atomic(1)", "syntax-type_decl_without_ident"},
    {"callable", E, Err, "ptr(p)", "syntax-type_decl_without_ident"},
    {"paren_expression", E, Ok, "(a + b) * c", "(* (paren (+ a b)) c)"},
    {"paren_expression", E, Ok, "((a))", "(paren (paren a))"},
    {"paren_expression", E, Err, "(a", "syntax-paren_expression"},
    {"paren_expression", E, Err, "()", "syntax-primary_expression"},
    {"paren_expression", E, Err, "(a, b)", "syntax-paren_expression"},
    {"argument_expression_list", E, Ok, "f()", "(call f)"},
    {"argument_expression_list", E, Ok, "f(1, a + 2,)", "(call f 1 (+ a 2))"},
    {"argument_expression_list", E, Err, "f(,)", ""},
    {"argument_expression_list", E, Err, "f(1 2)", "syntax-argument_expression_list"},
    {"argument_expression_list", E, Err, "f(1,,2)", ""},
    {"argument_expression_list", E, Err, "f(1", "syntax-argument_expression_list"},
    {"postfix_expression", E, Ok, "a[0].b.c[1]", "(index (member (member (index a 0) b) c) 1)"},
    {"postfix_expression", E, Ok, "f(x).y", "(member (call f x) y)"},
    {"postfix_expression", E, Ok, "bitcast<vec2<u32>>(x)[0]", "(index (bitcast (vec 2 u32) x) 0)"},
    {"postfix_expression", E, Ok, "a[b[c]]", "(index a (index b c))"},
    {"postfix_expression", E, Err, "a[]", ""},
    {"postfix_expression", E, Err, "a.", "syntax-postfix_expression"},
    {"postfix_expression", E, Err, "a[1", "syntax-postfix_expression"},
    {"postfix_expression", E, Err, "a.1", ""},
    {"unary_expression", E, Ok, "-a", "(neg a)"},
    {"unary_expression", E, Ok, "!a", "(not a)"},
    {"unary_expression", E, Ok, "*p", "(deref p)"},
    {"unary_expression", E, Ok, "&a", "(addr a)"},
    {"unary_expression", E, Ok, "-!~*&a", "(neg (not (complement (deref (addr a)))))"},
    {"unary_expression", E, Ok, "*p.x", "(deref (member p x))"},
    {"unary_expression", E, Ok, "-a[0]", "(neg (index a 0))"},
    // #parsing: `--` and `&&` are not valid where a unary expression starts.
    {"unary_expression", E, Ok, "--b", "(neg (neg b))"},
    {"unary_expression", E, Ok, "&&a", "(addr (addr a))"},
    {"unary_expression", E, Err, "+a", "syntax-primary_expression"},
    {"unary_expression", E, Err, "-", "syntax-primary_expression"},
    {"unary_expression", E, Err, "++a", "syntax-primary_expression"},
    {"singular_expression", E, Ok, "(a).b", "(member (paren a) b)"},
    {"singular_expression", E, Ok, "v.xyz", "(member v xyz)"},
    {"singular_expression", E, Err, "a.[0]", "syntax-postfix_expression"},
    {"singular_expression", E, Err, "a.b(1)", "syntax-expression"},
    {"multiplicative_expression", E, Ok, "a * b / c % d", "(% (/ (* a b) c) d)"},
    {"multiplicative_expression", E, Ok, "-a * *p", "(* (neg a) (deref p))"},
    {"multiplicative_expression", E, Err, "a * / b", "syntax-primary_expression"},
    {"multiplicative_expression", E, Err, "a *", "syntax-primary_expression"},
    {"additive_expression", E, Ok, "a + b * c - d", "(- (+ a (* b c)) d)"},
    // #parsing: `--` is not a valid lookahead after an operand in an expression.
    {"additive_expression", E, Ok, "a--b", "(- a (neg b))"},
    {"additive_expression", E, Ok, "a---b", "(- a (neg (neg b)))"},
    {"additive_expression", E, Err, "a + + b", "syntax-primary_expression"},
    {"additive_expression", E, Err, "a++b", "syntax-primary_expression"},
    {"additive_expression", E, Err, "a +", "syntax-primary_expression"},
    {"shift_expression", E, Ok, "a << b", "(<< a b)"},
    {"shift_expression", E, Ok, "-a >> ~b", "(>> (neg a) (complement b))"},
    {"shift_expression", E, Ok, "a[0] << f(1)", "(<< (index a 0) (call f 1))"},
    {"shift_expression", E, Ok, "a * b", "(* a b)"},
    {"shift_expression", E, Err, "a + b << c", "syntax-shift_expression"},
    {"shift_expression", E, Err, "a * b >> c", "syntax-shift_expression"},
    {"shift_expression", E, Err, "a << b << c", "syntax-shift_expression"},
    {"shift_expression", E, Err, "a << b + c", ""},
    {"relational_expression", E, Ok, "a < b", "(< a b)"},
    {"relational_expression", E, Ok, "a << b < c >> d", "(< (<< a b) (>> c d))"},
    {"relational_expression", E, Ok, "a + b >= c * d", "(>= (+ a b) (* c d))"},
    {"relational_expression", E, Ok, "!a == b", "(== (not a) b)"},
    {"relational_expression", E, Ok, "a < (b < c)", "(< a (paren (< b c)))"},
    {"relational_expression", E, Err, "a < b < c", "syntax-relational_expression"},
    {"relational_expression", E, Err, "a == b != c", "syntax-relational_expression"},
    {"relational_expression", E, Err, "a < b > c", "syntax-relational_expression"},
    {"short_circuit_and_expression", E, Ok, "a && b && c", "(&& (&& a b) c)"},
    {"short_circuit_and_expression", E, Ok, "a < b && c > d", "(&& (< a b) (> c d))"},
    // #parsing: `&&` is the longest valid token after `a`; then `&b` is a unary expression.
    {"short_circuit_and_expression", E, Ok, "a&&&b", "(&& a (addr b))"},
    {"short_circuit_and_expression", E, Err, "a && b || c", "syntax-short_circuit_and_expression"},
    {"short_circuit_and_expression", E, Err, "a &&", "syntax-primary_expression"},
    {"short_circuit_and_expression", E, Err, "a && b & c", ""},
    {"short_circuit_or_expression", E, Ok, "a || b || c", "(|| (|| a b) c)"},
    {"short_circuit_or_expression", E, Ok, "a == b || !c", "(|| (== a b) (not c))"},
    {"short_circuit_or_expression", E, Ok, "(a && b) || c", "(|| (paren (&& a b)) c)"},
    {"short_circuit_or_expression", E, Err, "a || b && c", "syntax-short_circuit_or_expression"},
    {"short_circuit_or_expression", E, Err, "a || b | c", ""},
    {"binary_or_expression", E, Ok, "a | b | c", "(| (| a b) c)"},
    {"binary_or_expression", E, Ok, "a | -b | f(c)", "(| (| a (neg b)) (call f c))"},
    {"binary_or_expression", E, Err, "a | b & c", "syntax-bitwise_expression"},
    {"binary_or_expression", E, Err, "a | b + c", "syntax-bitwise_expression"},
    {"binary_and_expression", E, Ok, "a & b & c", "(& (& a b) c)"},
    // #parsing: after a bitwise chain only `&` is valid, so `&&` is `&` `&`.
    {"binary_and_expression", E, Ok, "a & b&&c", "(& (& a b) (addr c))"},
    {"binary_and_expression", E, Err, "a & b | c", "syntax-bitwise_expression"},
    {"binary_and_expression", E, Err, "a & b + c", "syntax-bitwise_expression"},
    {"binary_and_expression", E, Err, "a & b == c", "syntax-bitwise_expression"},
    {"binary_xor_expression", E, Ok, "a ^ b ^ c", "(^ (^ a b) c)"},
    {"binary_xor_expression", E, Err, "a ^ b * c", "syntax-bitwise_expression"},
    {"binary_xor_expression", E, Err, "a ^ b | c", "syntax-bitwise_expression"},
    {"bitwise_expression", E, Ok, "~a & b", "(& (complement a) b)"},
    {"bitwise_expression", E, Ok, "a[0] ^ f(b)", "(^ (index a 0) (call f b))"},
    {"bitwise_expression", E, Err, "a &", "syntax-primary_expression"},
    {"bitwise_expression", E, Err, "a & b < c", "syntax-bitwise_expression"},
    {"bitwise_expression", E, Err, "a * b & c", ""},
    {"expression", E, Ok, "f(a & b, c || d, e < g, h && i)",
     "(call f (& a b) (|| c d) (< e g) (&& h i))"},
    {"expression", F, Ok, "if a | b { }", "(if (| a b) (block))"},
    {"expression", E, Err, "a b", "syntax-expression"},
    {"expression", E, Err, "", "syntax-primary_expression"},
    {"expression", E, Err, "a && b | c", ""},

    // ---------------------------------------------------------------------------- statements
    {"compound_statement", F, Ok, "{ a = 1; { } }", "(block (= a 1) (block))"},
    {"compound_statement", F, Ok, "{ ; }", "(block (empty))"},
    {"compound_statement", F, Err, "{", "syntax-compound_statement"},
    {"compound_statement", M, Err, "fn f() { let x = 1;", "syntax-compound_statement"},
    {"assignment_statement", F, Ok, "a = b;", "(= a b)"},
    {"assignment_statement", F, Ok, "a[i] += 1;", "(+= (index a i) 1)"},
    {"assignment_statement", F, Ok, "_ = f();", "(phony (call f))"},
    {"assignment_statement", F, Ok, "*p = 1;", "(= (deref p) 1)"},
    {"assignment_statement", F, Ok, "(*p).x = 1;", "(= (member (paren (deref p)) x) 1)"},
    // #parsing: in an expression `a--b` is `a - -b`.
    {"assignment_statement", F, Ok, "_ = a--b;", "(phony (- a (neg b)))"},
    {"assignment_statement", F, Err, "a = ;", "syntax-primary_expression"},
    {"assignment_statement", F, Err, "a + b = c;", "syntax-assignment_statement"},
    {"assignment_statement", F, Err, "_ += 1;", "syntax-assignment_statement"},
    {"assignment_statement", F, Err, "f;", "syntax-assignment_statement"},
    {"assignment_statement", F, Err, "a = 1 = 2;", "syntax-statement"},
    {"compound_assignment_operator", F, Ok, "a >>= 1;", "(>>= a 1)"},
    {"compound_assignment_operator", F, Ok, "a.b <<= c;", "(<<= (member a b) c)"},
    {"compound_assignment_operator", F, Err, "a **= 1;", "syntax-assignment_statement"},
    {"compound_assignment_operator", F, Err, "a ||= b;", "syntax-assignment_statement"},
    {"compound_assignment_operator", F, Err, "a =+ b;", "syntax-primary_expression"},
    {"lhs_expression", F, Ok, "*&a = 1;", "(= (deref (addr a)) 1)"},
    {"lhs_expression", F, Ok, "a.b[1].c = 2;", "(= (member (index (member a b) 1) c) 2)"},
    {"lhs_expression", F, Ok, "*p.x = 1;", "(= (deref (member p x)) 1)"},
    {"lhs_expression", F, Ok, "**pp = 1;", "(= (deref (deref pp)) 1)"},
    {"lhs_expression", F, Ok, "&&a = 1;", "(= (addr (addr a)) 1)"},
    {"lhs_expression", F, Err, "-a = 1;", "syntax-statement"},
    {"lhs_expression", F, Err, "*1 = 2;", "syntax-core_lhs_expression"},
    {"lhs_expression", F, Err, "f(x).y = 1;", "syntax-statement"},
    {"core_lhs_expression", F, Ok, "(a) = 1;", "(= (paren a) 1)"},
    {"core_lhs_expression", F, Ok, "((a))[0] = 1;", "(= (index (paren (paren a)) 0) 1)"},
    {"core_lhs_expression", F, Ok, "(*(p)).x = 1;", "(= (member (paren (deref (paren p))) x) 1)"},
    {"core_lhs_expression", F, Err, "(1) = 2;", "syntax-core_lhs_expression"},
    {"core_lhs_expression", F, Err, "(a + b) = 1;", "syntax-core_lhs_expression"},
    {"core_lhs_expression", F, Err, "(a = 1;", "syntax-core_lhs_expression"},
    {"increment_statement", F, Ok, "a++;", "(++ a)"},
    {"increment_statement", F, Ok, "a.b[0]++;", "(++ (index (member a b) 0))"},
    {"increment_statement", F, Ok, "*p++;", "(++ (deref p))"},
    {"increment_statement", F, Ok, "(*p)++;", "(++ (paren (deref p)))"},
    {"increment_statement", F, Err, "++a;", "syntax-statement"},
    {"increment_statement", F, Err, "1++;", "syntax-statement"},
    {"increment_statement", F, Err, "_++;", "syntax-assignment_statement"},
    {"increment_statement", F, Err, "a++ = 1;", "syntax-statement"},
    {"decrement_statement", F, Ok, "a--;", "(-- a)"},
    {"decrement_statement", F, Ok, "v.x--;", "(-- (member v x))"},
    {"decrement_statement", F, Err, "--a;", "syntax-statement"},
    // As a statement, `--` after the lhs is valid, so `a--b;` is `a--` followed by `b`.
    {"decrement_statement", F, Err, "a--b;", "syntax-statement"},
    {"if_statement", F, Ok, "if a { } else if b { } else { }",
     "(if a (block) elif b (block) else (block))"},
    {"if_statement", F, Ok, "if (a) { return; }", "(if (paren a) (block (return)))"},
    {"if_statement", F, Err, "if a b = 1;", "syntax-if_statement"},
    {"if_statement", F, Err, "if { }", "syntax-primary_expression"},
    {"if_statement", F, Err, "else { }", "syntax-if_statement"},
    {"else_statement", F, Ok, "if a { } else { b = 1; }", "(if a (block) else (block (= b 1)))"},
    {"else_statement", F, Err, "if a { } else b = 1;", "syntax-else_statement"},
    {"else_statement", F, Err, "if a { } else ;", "syntax-else_statement"},
    {"else_statement", F, Err, "if a { } else while b { }", "syntax-else_statement"},
    {"switch_statement", F, Ok, "switch (x) { case 1: { } default: { } }",
     "(switch (paren x) (case 1 (block)) (default (block)))"},
    {"switch_statement", F, Err, "switch x { }", "syntax-switch_body"},
    {"switch_statement", F, Err, "switch { default { } }", "syntax-primary_expression"},
    {"switch_statement", F, Err, "switch x { default { }", ""},
    {"switch_statement", F, Err, "switch x default { }", "syntax-switch_statement"},
    // The colon after `case` selectors and after `default` is optional.
    {"switch_body", F, Ok, "switch x { case 1 { } default { } }",
     "(switch x (case 1 (block)) (default (block)))"},
    {"switch_body", F, Ok, "switch x { default: { a = 1; } case 2: { } }",
     "(switch x (default (block (= a 1))) (case 2 (block)))"},
    {"switch_body", F, Err, "switch x { case 1: a = 1; }", "syntax-case_compound_statement"},
    {"switch_body", F, Err, "switch x { 1: { } }", "syntax-switch_body"},
    {"switch_body", F, Err, "switch x { default:: { } }", "syntax-case_compound_statement"},
    {"case_selectors", F, Ok, "switch x { case 1, 2,: { } default { } }",
     "(switch x (case 1 2 (block)) (default (block)))"},
    {"case_selectors", F, Ok, "switch x { case a + 1, -2 { } default { } }",
     "(switch x (case (+ a 1) (neg 2) (block)) (default (block)))"},
    {"case_selectors", F, Err, "switch x { case: { } }", "syntax-primary_expression"},
    {"case_selectors", F, Err, "switch x { case 1,,: { } }", "syntax-primary_expression"},
    {"case_selectors", F, Err, "switch x { case 1, default: { } }", "syntax-primary_expression"},
    {"case_selectors", F, Err, "switch x { case 1 2: { } }", "syntax-case_compound_statement"},
    {"case_compound_statement", F, Ok, "switch x { case 1: { a = 1; fallthrough; } default: { } }",
     "(switch x (case 1 (block (= a 1) (fallthrough))) (default (block)))"},
    {"case_compound_statement", F, Err, "switch x { case 1: { fallthrough; a = 1; } default { } }",
     "syntax-case_compound_statement"},
    {"case_compound_statement", F, Err, "switch x { case 1: { { fallthrough; } } default { } }",
     "syntax-case_compound_statement"},
    {"fallthrough_statement", F, Ok, "switch x { case 1 { fallthrough; } default { } }",
     "(switch x (case 1 (block (fallthrough))) (default (block)))"},
    {"fallthrough_statement", F, Err, "fallthrough;", "syntax-case_compound_statement"},
    {"fallthrough_statement", F, Err, "switch x { case 1: { fallthrough } default { } }",
     "syntax-fallthrough_statement"},
    {"fallthrough_statement", F, Err, "loop { fallthrough; }", "syntax-case_compound_statement"},
    {"loop_statement", F, Ok, "loop { a = 1; continuing { b = 2; } }",
     "(loop (= a 1) (continuing (= b 2)))"},
    {"loop_statement", F, Ok, "loop { }", "(loop)"},
    {"loop_statement", F, Err, "loop a = 1;", "syntax-loop_statement"},
    {"loop_statement", F, Err, "loop { continuing { } a = 1; }", "syntax-loop_statement"},
    {"loop_statement", F, Err, "loop { continuing { } continuing { } }", "syntax-loop_statement"},
    {"for_statement", F, Ok, "for (var i = 0; i < 4; i++) { }",
     "(for (var i _ 0) (< i 4) (++ i) (block))"},
    {"for_statement", F, Err, "for (;;) a = 1;", "syntax-for_statement"},
    {"for_statement", F, Err, "for ;; { }", "syntax-for_statement"},
    {"for_statement", F, Err, "for (;; { }", "syntax-for_update"},
    {"for_header", F, Ok, "for (;;) { }", "(for _ _ _ (block))"},
    {"for_header", F, Ok, "for (; a < b;) { }", "(for _ (< a b) _ (block))"},
    {"for_header", F, Err, "for (;) { }", "syntax-primary_expression"},
    {"for_header", F, Err, "for (;;;) { }", "syntax-for_update"},
    {"for_header", F, Err, "for (var i = 0; i < 1) { }", "syntax-for_header"},
    {"for_init", F, Ok, "for (var i: i32 = 0;;) { }", "(for (var i i32 0) _ _ (block))"},
    {"for_init", F, Ok, "for (let i = 0;;) { }", "(for (let i _ 0) _ _ (block))"},
    {"for_init", F, Ok, "for (const i = 0;;) { }", "(for (const i _ 0) _ _ (block))"},
    {"for_init", F, Ok, "for (i++;;) { }", "(for (++ i) _ _ (block))"},
    {"for_init", F, Ok, "for (i--;;) { }", "(for (-- i) _ _ (block))"},
    {"for_init", F, Ok, "for (i = 0;;) { }", "(for (= i 0) _ _ (block))"},
    {"for_init", F, Ok, "for (*p += 2;;) { }", "(for (+= (deref p) 2) _ _ (block))"},
    {"for_init", F, Ok, "for (_ = f();;) { }", "(for (phony (call f)) _ _ (block))"},
    {"for_init", F, Ok, "for (f(1);;) { }", "(for (call-statement (call f 1)) _ _ (block))"},
    {"for_init", F, Err, "for (return; ;) { }", "syntax-for_init"},
    {"for_init", F, Err, "for (if a { }; ;) { }", "syntax-for_init"},
    {"for_init", F, Err, "for ({ }; ;) { }", "syntax-for_init"},
    {"for_update", F, Ok, "for (;; i++) { }", "(for _ _ (++ i) (block))"},
    {"for_update", F, Ok, "for (;; i--) { }", "(for _ _ (-- i) (block))"},
    {"for_update", F, Ok, "for (;; i = i + 1) { }", "(for _ _ (= i (+ i 1)) (block))"},
    {"for_update", F, Ok, "for (;; i <<= 1) { }", "(for _ _ (<<= i 1) (block))"},
    {"for_update", F, Ok, "for (;; f(i)) { }", "(for _ _ (call-statement (call f i)) (block))"},
    {"for_update", F, Ok, "for (;; _ = f()) { }", "(for _ _ (phony (call f)) (block))"},
    {"for_update", F, Err, "for (;; var i = 0) { }", "syntax-for_update"},
    {"for_update", F, Err, "for (;; break) { }", "syntax-for_update"},
    {"for_update", F, Err, "for (;; i++;) { }", "syntax-for_statement"},
    {"while_statement", F, Ok, "while a < b { a++; }", "(while (< a b) (block (++ a)))"},
    {"while_statement", F, Ok, "while (a) { }", "(while (paren a) (block))"},
    {"while_statement", F, Err, "while a a = 1;", "syntax-while_statement"},
    {"while_statement", F, Err, "while a;", "syntax-while_statement"},
    {"while_statement", F, Err, "while { }", "syntax-primary_expression"},
    {"break_statement", F, Ok, "loop { break; }", "(loop (break))"},
    {"break_statement", F, Err, "loop { break 1; }", "syntax-statement"},
    {"break_statement", F, Err, "loop { break }", "syntax-statement"},
    {"break_if_statement", F, Ok, "loop { continuing { a = 1; break if a > 2; } }",
     "(loop (continuing (= a 1) (break-if (> a 2))))"},
    {"break_if_statement", F, Err, "loop { continuing { break if a; a = 1; } }",
     "syntax-continuing_compound_statement"},
    {"break_if_statement", F, Err, "loop { break if a; }", "syntax-continuing_compound_statement"},
    {"break_if_statement", F, Err, "break if a;", "syntax-continuing_compound_statement"},
    {"break_if_statement", F, Err, "loop { continuing { if a { break if b; } } }",
     "syntax-continuing_compound_statement"},
    {"break_if_statement", F, Err, "loop { continuing { break if a } }",
     "syntax-break_if_statement"},
    {"break_if_statement", F, Err, "loop { continuing { break if; } }",
     "syntax-primary_expression"},
    {"continue_statement", F, Ok, "loop { continue; }", "(loop (continue))"},
    {"continue_statement", F, Err, "loop { continue 1; }", "syntax-statement"},
    {"continue_statement", F, Err, "loop { continue }", "syntax-statement"},
    {"continuing_statement", F, Ok, "loop { continuing { } }", "(loop (continuing))"},
    {"continuing_statement", F, Err, "continuing { }", "syntax-loop_statement"},
    {"continuing_statement", F, Err, "loop { continuing a = 1; }",
     "syntax-continuing_compound_statement"},
    {"continuing_statement", F, Err, "while a { continuing { } }", "syntax-loop_statement"},
    {"continuing_compound_statement", F, Ok,
     "loop { continuing { a = 1; { b = 2; } break if c; } }",
     "(loop (continuing (= a 1) (block (= b 2)) (break-if c)))"},
    {"continuing_compound_statement", F, Err, "loop { continuing { break if a; break if b; } }",
     "syntax-continuing_compound_statement"},
    {"continuing_compound_statement", F, Err, "loop { continuing { a = 1; }", ""},
    {"return_statement", F, Ok, "return;", "(return)"},
    {"return_statement", F, Ok, "return a + 1;", "(return (+ a 1))"},
    {"return_statement", F, Err, "return return;", "syntax-primary_expression"},
    {"return_statement", F, Err, "return 1", "syntax-statement"},
    {"func_call_statement", F, Ok, "f();", "(call-statement (call f))"},
    {"func_call_statement", F, Ok, "f(1, a + 2,);", "(call-statement (call f 1 (+ a 2)))"},
    {"func_call_statement", F, Err, "f(1)(2);", "syntax-statement"},
    {"func_call_statement", F, Err, "vec2<f32>(1.0);", "syntax-statement"},
    {"func_call_statement", F, Err, "f(1;", "syntax-argument_expression_list"},
    {"static_assert_statement", F, Ok, "staticAssert a < 2;", "(staticAssert (< a 2))"},
    {"static_assert_statement", M, Ok, "staticAssert true;", "(staticAssert true)"},
    {"static_assert_statement", F, Err, "staticAssert;", "syntax-primary_expression"},
    {"static_assert_statement", M, Err, "staticAssert true", "syntax-global_decl"},
    {"statement", F, Ok, ";", "(empty)"},
    {"statement", F, Ok, "discard;", "(discard)"},
    {"statement", F, Ok,
     "a = 1; f(); { } if a { } switch a { default { } } loop { break; } "
     "for (;;) { } while a { } var v = 1; const c = 2; a++; a--; return;",
     "(= a 1) (call-statement (call f)) (block) (if a (block)) (switch a (default (block))) "
     "(loop (break)) (for _ _ _ (block)) (while a (block)) (var v _ 1) (const c _ 2) (++ a) (-- a) "
     "(return)"},
    {"statement", F, Err, "1;", "syntax-statement"},
    {"statement", F, Err, "@align(4) var x: i32;", "syntax-statement"},
    {"statement", F, Err, "a = 1", "syntax-statement"},
    {"statement", F, Err, "fn g() { }", "syntax-statement"},
    {"statement", F, Err, "struct S { a: i32 }", "syntax-statement"},

    // ---------------------------------------------------------------------------- functions
    {"function_decl", M, Ok,
     "@vertex fn main(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {\n"
     "  return vec4<f32>();\n}",
     "(fn (@ vertex) main (params (param (@ builtin (args vertex_index)) i u32)) "
     "(result (@ builtin (args position)) (vec 4 f32)) (block (return (call (vec 4 f32)))))"},
    {"function_decl", M, Err, "fn f()", "syntax-function_decl"},
    {"function_decl", M, Err, "fn f() -> i32;", "syntax-function_decl"},
    {"function_decl", M, Err, "fn f() i32 { }", "syntax-function_decl"},
    {"function_header", M, Ok, "fn f(a: i32, b: f32) -> f32 { return b; }",
     "(fn f (params (param a i32) (param b f32)) (result f32) (block (return b)))"},
    {"function_header", M, Ok, "fn f()->i32{return 1;}",
     "(fn f (params) (result i32) (block (return 1)))"},
    {"function_header", M, Err, "fn f { }", "syntax-function_header"},
    {"function_header", M, Err, "fn f() -> { }", "syntax-function_header"},
    {"function_header", M, Err, "fn 1() { }", "syntax-function_header"},
    {"function_header", M, Err, "fn () { }", "syntax-function_header"},
    {"param_list", M, Ok, "fn f(a: i32,) { }", "(fn f (params (param a i32)) (result _) (block))"},
    {"param_list", M, Ok, "fn f(a: i32, b: ptr<function, i32>) { }",
     "(fn f (params (param a i32) (param b (ptr function i32))) (result _) (block))"},
    {"param_list", M, Err, "fn f(,) { }", "syntax-param"},
    {"param_list", M, Err, "fn f(a: i32,,) { }", "syntax-param"},
    {"param_list", M, Err, "fn f(a: i32 b: i32) { }", "syntax-param_list"},
    {"param", M, Ok, "fn f(@location(0) @interpolate(flat) c: u32) { }",
     "(fn f (params (param (@ location (args 0)) (@ interpolate (args flat)) c u32)) (result _) "
     "(block))"},
    {"param", M, Err, "fn f(@location(0)) { }", "syntax-param"},
    {"param", M, Err, "fn f(NULL: i32) { }", kReservedWordRule},
    {"param", M, Err, "fn f(var a: i32) { }", "syntax-param"},

    // ------------------------------------------------------------------------------- module
    {"translation_unit", M, Ok, "", ""},
    {"translation_unit", M, Ok, "enable f16;\n;\nconst a = 1;\nfn f() { }\n",
     "(enable f16) (const a _ 1) (fn f (params) (result _) (block))"},
    {"translation_unit", M, Err, "fn f() { } }", "syntax-global_decl"},
    {"translation_unit", M, Err, "fn f() { }\nenable f16;", "directives"},
    {"global_decl", M, Ok, ";;", ""},
    {"global_decl", M, Ok, "struct S { a: i32 };", "(struct S (member a i32))"},
    {"global_decl", M, Ok,
     "type T = i32; var<private> v: T; const c = 1; override o: i32; "
     "struct S { a: T } fn f() { } staticAssert c == 1;",
     "(type T i32) (var <private> v (named T) _) (const c _ 1) (override o i32 _) "
     "(struct S (member a (named T))) (fn f (params) (result _) (block)) (staticAssert (== c 1))"},
    // `let` is not a module-scope declaration in the seed.
    {"global_decl", M, Err, "let x = 1;", "syntax-global_decl"},
    {"global_decl", M, Err, "x = 1;", "syntax-global_decl"},
    {"global_decl", M, Err, "@group(0) struct S { a: i32 }", "syntax-global_decl"},
    {"global_decl", M, Err, "@group(0) type T = i32;", "syntax-global_decl"},
    {"global_decl", M, Err, "@id(0) staticAssert true;", "syntax-global_decl"},
    {"global_decl", M, Err, "var<private> x: i32", "syntax-global_decl"},
    {"global_decl", M, Err, "return;", "syntax-global_decl"},

    // ------------------------------------------------------------------ keywords (terminals)
    {"array", T, Ok, "array<f32, 4>", "(array f32 4)"},
    {"atomic", T, Ok, "atomic<u32>", "(atomic u32)"},
    {"bool", T, Ok, "bool", "bool"},
    {"float32", T, Ok, "f32", "f32"},
    {"float16", M, Ok, "enable f16;\nvar<private> h: f16;", "(enable f16) (var <private> h f16 _)"},
    {"int32", T, Ok, "i32", "i32"},
    {"mat2x2", T, Ok, "mat2x2<f32>", "(mat 2x2 f32)"},
    {"mat2x3", T, Ok, "mat2x3<f32>", "(mat 2x3 f32)"},
    {"mat2x4", T, Ok, "mat2x4<f32>", "(mat 2x4 f32)"},
    {"mat3x2", T, Ok, "mat3x2<f32>", "(mat 3x2 f32)"},
    {"mat3x3", T, Ok, "mat3x3<f32>", "(mat 3x3 f32)"},
    {"mat3x4", T, Ok, "mat3x4<f32>", "(mat 3x4 f32)"},
    {"mat4x2", T, Ok, "mat4x2<f32>", "(mat 4x2 f32)"},
    {"mat4x3", T, Ok, "mat4x3<f32>", "(mat 4x3 f32)"},
    {"mat4x4", T, Ok, "mat4x4<f32>", "(mat 4x4 f32)"},
    {"override", M, Ok, "override o: f32;", "(override o f32 _)"},
    {"pointer", T, Ok, "ptr<function, i32>", "(ptr function i32)"},
    {"sampler", T, Ok, "sampler", "sampler"},
    {"sampler_comparison", T, Ok, "sampler_comparison", "sampler_comparison"},
    {"staticAssert", F, Ok, "staticAssert true;", "(staticAssert true)"},
    {"struct", M, Ok, "struct S { a: i32 }", "(struct S (member a i32))"},
    {"texture_1d", T, Ok, "texture_1d<f32>", "(texture 0 f32)"},
    {"texture_2d", T, Ok, "texture_2d<f32>", "(texture 1 f32)"},
    {"texture_2d_array", T, Ok, "texture_2d_array<i32>", "(texture 2 i32)"},
    {"texture_3d", T, Ok, "texture_3d<u32>", "(texture 3 u32)"},
    {"texture_cube", T, Ok, "texture_cube<f32>", "(texture 4 f32)"},
    {"texture_cube_array", T, Ok, "texture_cube_array<f32>", "(texture 5 f32)"},
    {"texture_multisampled_2d", T, Ok, "texture_multisampled_2d<f32>",
     "(texture_multisampled_2d f32)"},
    {"texture_storage_1d", T, Ok, "texture_storage_1d<rgba8unorm, write>",
     "(texture_storage 0 rgba8unorm write)"},
    {"texture_storage_2d", T, Ok, "texture_storage_2d<rgba8snorm, write>",
     "(texture_storage 1 rgba8snorm write)"},
    {"texture_storage_2d_array", T, Ok, "texture_storage_2d_array<r32uint, write>",
     "(texture_storage 2 r32uint write)"},
    {"texture_storage_3d", T, Ok, "texture_storage_3d<rg32sint, write>",
     "(texture_storage 3 rg32sint write)"},
    {"texture_depth_2d", T, Ok, "texture_depth_2d", "(texture_depth 0)"},
    {"texture_depth_2d_array", T, Ok, "texture_depth_2d_array", "(texture_depth 1)"},
    {"texture_depth_cube", T, Ok, "texture_depth_cube", "(texture_depth 2)"},
    {"texture_depth_cube_array", T, Ok, "texture_depth_cube_array", "(texture_depth 3)"},
    {"texture_depth_multisampled_2d", T, Ok, "texture_depth_multisampled_2d", "(texture_depth 4)"},
    {"uint32", T, Ok, "u32", "u32"},
    {"vec2", T, Ok, "vec2<f32>", "(vec 2 f32)"},
    {"vec3", T, Ok, "vec3<i32>", "(vec 3 i32)"},
    {"vec4", T, Ok, "vec4<u32>", "(vec 4 u32)"},
    {"bitcast", E, Ok, "bitcast<f32>(1u)", "(bitcast f32 1u)"},
    {"break", F, Ok, "loop { break; }", "(loop (break))"},
    {"case", F, Ok, "switch x { case 1: { } default: { } }",
     "(switch x (case 1 (block)) (default (block)))"},
    {"const", F, Ok, "const c = 1;", "(const c _ 1)"},
    {"continue", F, Ok, "loop { continue; }", "(loop (continue))"},
    {"continuing", F, Ok, "loop { continuing { } }", "(loop (continuing))"},
    {"default", F, Ok, "switch x { default: { } }", "(switch x (default (block)))"},
    {"discard", F, Ok, "discard;", "(discard)"},
    {"else", F, Ok, "if a { } else { }", "(if a (block) else (block))"},
    {"enable", M, Ok, "enable f16;", "(enable f16)"},
    {"fallthrough", F, Ok, "switch x { case 1: { fallthrough; } default: { } }",
     "(switch x (case 1 (block (fallthrough))) (default (block)))"},
    {"false", E, Ok, "false", "false"},
    {"fn", M, Ok, "fn f() { }", "(fn f (params) (result _) (block))"},
    {"for", F, Ok, "for (;;) { break; }", "(for _ _ _ (block (break)))"},
    {"function", T, Ok, "ptr<function, f32>", "(ptr function f32)"},
    {"if", F, Ok, "if a { }", "(if a (block))"},
    {"let", F, Ok, "let l = 1;", "(let l _ 1)"},
    {"loop", F, Ok, "loop { }", "(loop)"},
    {"private", M, Ok, "var<private> p: i32;", "(var <private> p i32 _)"},
    {"return", F, Ok, "return;", "(return)"},
    {"storage", M, Ok, "var<storage> s: array<u32>;", "(var <storage> s (array u32) _)"},
    {"switch", F, Ok, "switch x { default { } }", "(switch x (default (block)))"},
    {"true", E, Ok, "true", "true"},
    {"type", M, Ok, "type T = i32;", "(type T i32)"},
    {"uniform", M, Ok, "var<uniform> u: U;", "(var <uniform> u (named U) _)"},
    {"var", F, Ok, "var v: i32;", "(var v i32 _)"},
    {"while", F, Ok, "while a { }", "(while a (block))"},
    {"workgroup", M, Ok, "var<workgroup> w: array<u32, 64>;",
     "(var <workgroup> w (array u32 64) _)"},

    // --------------------------------------------------------- syntactic tokens (terminals)
    {"and", E, Ok, "a & b", "(& a b)"},
    {"and_and", E, Ok, "a && b", "(&& a b)"},
    {"arrow", M, Ok, "fn f() -> i32 { return 1; }",
     "(fn f (params) (result i32) (block (return 1)))"},
    {"attr", M, Ok, "@fragment fn f() { }", "(fn (@ fragment) f (params) (result _) (block))"},
    {"forward_slash", E, Ok, "a / b", "(/ a b)"},
    {"bang", E, Ok, "!a", "(not a)"},
    {"bracket_left", E, Ok, "a[1]", "(index a 1)"},
    {"bracket_right", E, Ok, "a[1]", "(index a 1)"},
    {"brace_left", F, Ok, "{ }", "(block)"},
    {"brace_right", F, Ok, "{ }", "(block)"},
    {"colon", F, Ok, "let c: i32 = 1;", "(let c i32 1)"},
    {"comma", E, Ok, "f(a, b)", "(call f a b)"},
    {"equal", F, Ok, "a = 1;", "(= a 1)"},
    {"equal_equal", E, Ok, "a == b", "(== a b)"},
    {"not_equal", E, Ok, "a != b", "(!= a b)"},
    {"greater_than", E, Ok, "a > b", "(> a b)"},
    {"greater_than_equal", E, Ok, "a >= b", "(>= a b)"},
    {"shift_right", E, Ok, "a >> b", "(>> a b)"},
    {"less_than", E, Ok, "a < b", "(< a b)"},
    {"less_than_equal", E, Ok, "a <= b", "(<= a b)"},
    {"shift_left", E, Ok, "a << b", "(<< a b)"},
    {"modulo", E, Ok, "a % b", "(% a b)"},
    {"minus", E, Ok, "a - b", "(- a b)"},
    {"minus_minus", F, Ok, "a--;", "(-- a)"},
    {"period", E, Ok, "a.b", "(member a b)"},
    {"plus", E, Ok, "a + b", "(+ a b)"},
    {"plus_plus", F, Ok, "a++;", "(++ a)"},
    {"or", E, Ok, "a | b", "(| a b)"},
    {"or_or", E, Ok, "a || b", "(|| a b)"},
    {"paren_left", E, Ok, "(a)", "(paren a)"},
    {"paren_right", E, Ok, "(a)", "(paren a)"},
    {"semicolon", F, Ok, ";", "(empty)"},
    {"star", E, Ok, "a * b", "(* a b)"},
    {"tilde", E, Ok, "~a", "(complement a)"},
    {"underscore", F, Ok, "_ = a;", "(phony a)"},
    {"xor", E, Ok, "a ^ b", "(^ a b)"},
    {"plus_equal", F, Ok, "a += 1;", "(+= a 1)"},
    {"minus_equal", F, Ok, "a -= 1;", "(-= a 1)"},
    {"times_equal", F, Ok, "a *= 1;", "(*= a 1)"},
    {"division_equal", F, Ok, "a /= 1;", "(/= a 1)"},
    {"modulo_equal", F, Ok, "a %= 1;", "(%= a 1)"},
    {"and_equal", F, Ok, "a &= 1;", "(&= a 1)"},
    {"or_equal", F, Ok, "a |= 1;", "(|= a 1)"},
    {"xor_equal", F, Ok, "a ^= 1;", "(^= a 1)"},
    {"shift_right_equal", F, Ok, "a >>= 1;", "(>>= a 1)"},
    {"shift_left_equal", F, Ok, "a <<= 1;", "(<<= a 1)"},
};

// ------------------------------------------------------------------------------- helpers

using testing::readFile;

/// Collapses every run of blankspace to one space and trims the ends.
std::string normalize(std::string_view s) {
  std::string out;
  bool pendingSpace = false;
  for (char c : s) {
    if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
      pendingSpace = true;
      continue;
    }
    if (pendingSpace && !out.empty()) out += ' ';
    pendingSpace = false;
    out += c;
  }
  return out;
}

/// How a case's text is embedded in a module, and where its part is in the module's dump.
struct Frame {
  const char* before;
  const char* after;
  const char* dumpPrefix;
  const char* dumpSuffix;
};

Frame frameFor(Context c) {
  switch (c) {
    case Context::Module:
      return {"", "", "(module", ")"};
    case Context::Function:
      return {"fn f() {\n", "\n}\n", "(module (fn f (params) (result _) (block", ")))"};
    case Context::Expression:
      return {"fn f() {\n  _ = ", ";\n}\n", "(module (fn f (params) (result _) (block (phony",
              "))))"};
    case Context::Type:
      return {"type T_ = ", ";\n", "(module (type T_", "))"};
  }
  return {"", "", "", ""};
}

std::string moduleText(Context c, std::string_view text) {
  Frame f = frameFor(c);
  return std::string(f.before) + std::string(text) + f.after;
}

/// The normalized dump of the case's part of `m` (see Case::detail).
std::string partDump(Context c, const ast::Module& m) {
  std::string all = normalize(dumpModule(m));
  Frame f = frameFor(c);
  std::string_view prefix = f.dumpPrefix, suffix = f.dumpSuffix;
  if (all.size() < prefix.size() + suffix.size() || all.compare(0, prefix.size(), prefix) != 0 ||
      all.compare(all.size() - suffix.size(), suffix.size(), suffix) != 0)
    return "<unexpected dump shape> " + all;
  return normalize(all.substr(prefix.size(), all.size() - prefix.size() - suffix.size()));
}

struct Outcome {
  bool ok = false;
  std::string rule;      // the first error's rule
  std::string messages;  // every diagnostic, rendered
};

/// Parses `text` in context `c` the way the context says: modules and function bodies with
/// parseModule, expressions with parseExpression, types with parseTypeDecl.
Outcome parseIn(Context c, const std::string& text) {
  Outcome out;
  if (c == Context::Module || c == Context::Function) {
    testing::Parsed p = testing::parseText(moduleText(c, text));
    out.ok = p.ok();
    out.rule = p.firstRule();
    out.messages = p.messages();
    return out;
  }
  SourceFile file("case.wgsl", text);
  DiagnosticList diagnostics;
  if (c == Context::Expression)
    parseExpression(file, Revision::wgsl2022_06(), diagnostics);
  else
    parseTypeDecl(file, Revision::wgsl2022_06(), diagnostics);
  out.ok = !diagnostics.hasErrors();
  for (const Diagnostic& d : diagnostics.all()) {
    if (d.severity == Severity::Error && out.rule.empty()) out.rule = d.rule;
    out.messages += renderText(d);
  }
  return out;
}

bool isPositive(const Case& c) {
  if (c.expect == Expect::Ok) return true;
  return std::string_view(c.production) == "_reserved" &&
         std::string_view(c.detail) == kReservedWordRule;
}

// ------------------------------------------------------------------------ grammar.txt

struct Production {
  std::string name;
  std::vector<std::string> alternatives;
  /// Every alternative is a pattern or a quoted spelling (keywords, tokens, literals, ...).
  bool terminal = true;
};

/// The quoted spelling of an alternative such as "`'array'`" or "`'&'` (Code point: ...)";
/// "" if the alternative is not a quoted spelling.
std::string quotedSpelling(std::string_view alternative) {
  if (alternative.substr(0, 2) != "`'") return "";
  size_t end = alternative.find("'`", 2);
  if (end == std::string_view::npos) return "";
  return std::string(alternative.substr(2, end - 2));
}

std::string trim(std::string_view s) {
  size_t b = s.find_first_not_of(' '), e = s.find_last_not_of(' ');
  return b == std::string_view::npos ? "" : std::string(s.substr(b, e - b + 1));
}

/// grammar.txt: one production a line, `name : | alt1 | alt2 ...`; a `|` inside backquotes
/// belongs to a pattern.
std::vector<Production> loadGrammar() {
  std::vector<Production> out;
  std::istringstream in(readFile(std::string(PLUMB_TEST_DATA_DIR) + "/spec/grammar.txt"));
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    size_t colon = line.find(" : ");
    if (colon == std::string::npos) continue;
    Production p;
    p.name = line.substr(0, colon);
    std::string current;
    bool quoted = false, started = false;
    for (char ch : std::string_view(line).substr(colon + 3)) {
      if (ch == '`') quoted = !quoted;
      if (ch == '|' && !quoted) {
        if (started) p.alternatives.push_back(trim(current));
        current.clear();
        started = true;
        continue;
      }
      current += ch;
    }
    if (started) p.alternatives.push_back(trim(current));
    for (const std::string& a : p.alternatives)
      if (a.empty() || a[0] != '`') p.terminal = false;
    out.push_back(std::move(p));
  }
  return out;
}

const std::vector<Production>& grammar() {
  static const std::vector<Production> g = loadGrammar();
  return g;
}

const Production* findProduction(std::string_view name) {
  for (const Production& p : grammar())
    if (p.name == name) return &p;
  return nullptr;
}

bool isWordChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/// A production with one quoted alternative: a keyword (a word) or a syntactic token.
std::string singleSpelling(const Production& p) {
  if (p.alternatives.size() != 1) return "";
  return quotedSpelling(p.alternatives[0]);
}

bool isKeywordProduction(const Production& p) {
  std::string s = singleSpelling(p);
  return !s.empty() && ((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z'));
}

/// True if `text` contains `spelling`, as a whole word when the spelling is a word.
bool usesSpelling(std::string_view text, std::string_view spelling) {
  bool word = isWordChar(spelling[0]);
  for (size_t at = text.find(spelling); at != std::string_view::npos;
       at = text.find(spelling, at + 1)) {
    if (!word) return true;
    size_t end = at + spelling.size();
    if ((at == 0 || !isWordChar(text[at - 1])) && (end == text.size() || !isWordChar(text[end])))
      return true;
  }
  return false;
}

std::string utf8(uint32_t cp) {
  std::string s;
  if (cp < 0x80) {
    s += static_cast<char>(cp);
  } else if (cp < 0x800) {
    s += static_cast<char>(0xC0 | (cp >> 6));
    s += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    s += static_cast<char>(0xE0 | (cp >> 12));
    s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (cp & 0x3F));
  }
  return s;
}

// ------------------------------------------------------------------------ the table's tests

class ProductionCase : public ::testing::TestWithParam<Case> {};

TEST_P(ProductionCase, Check) {
  const Case& c = GetParam();
  Outcome direct = parseIn(c.context, c.text);
  std::string module = moduleText(c.context, c.text);
  testing::Parsed embedded = testing::parseText(module);
  if (c.expect == Expect::Ok) {
    ASSERT_TRUE(direct.ok) << "the seed's grammar accepts this; Plumb reports:\n"
                           << direct.messages;
    ASSERT_TRUE(embedded.ok()) << "as a module:\n" << module << "\n" << embedded.messages();
    if (*c.detail) {
      EXPECT_EQ(partDump(c.context, *embedded.module), c.detail);
    }
    EXPECT_EQ(testing::roundTripProblem(module), "");
  } else {
    EXPECT_FALSE(direct.ok) << "the seed's grammar rejects this; Plumb accepts it as:\n"
                            << (embedded.ok() ? dumpModule(*embedded.module) : "");
    if (*c.detail && !direct.ok) {
      EXPECT_EQ(direct.rule, c.detail) << direct.messages;
    }
    EXPECT_FALSE(embedded.ok()) << "as a module:\n" << module;
  }
}

std::string caseName(const ::testing::TestParamInfo<Case>& info) {
  const Case& c = info.param;
  int n = 0;
  for (size_t i = 0; i < info.index; ++i)
    if (std::string_view(kCases[i].production) == c.production && kCases[i].expect == c.expect) ++n;
  std::string name = c.production;
  while (!name.empty() && name[0] == '_') name.erase(0, 1);
  return name + (c.expect == Expect::Ok ? "_ok_" : "_err_") + std::to_string(n);
}

INSTANTIATE_TEST_SUITE_P(Production, ProductionCase, ::testing::ValuesIn(kCases), caseName);

// ---------------------------------------------------------------------------- coverage

TEST(ProductionCoverage, GrammarFileHasTheSeedsProductions) {
  ASSERT_EQ(grammar().size(), 206u);
  std::set<std::string> names;
  for (const Production& p : grammar()) {
    EXPECT_FALSE(p.alternatives.empty()) << p.name;
    names.insert(p.name);
  }
  EXPECT_EQ(names.size(), 206u) << "production names are not unique";
}

TEST(ProductionCoverage, EveryProductionHasCases) {
  ASSERT_EQ(grammar().size(), 206u);
  for (const Case& c : kCases)
    EXPECT_NE(findProduction(c.production), nullptr) << "not a production: " << c.production;
  for (const Production& p : grammar()) {
    bool positive = false, negative = false;
    for (const Case& c : kCases) {
      if (p.name != c.production) continue;
      if (isPositive(c))
        positive = true;
      else
        negative = true;
    }
    EXPECT_TRUE(positive) << p.name << " has no positive case";
    if (!p.terminal) {
      EXPECT_TRUE(negative) << p.name << " (structural) has no negative case";
    }
  }
}

TEST(ProductionCoverage, PositiveCasesOfTokensUseTheToken) {
  for (const Production& p : grammar()) {
    std::string spelling = singleSpelling(p);
    if (spelling.empty()) continue;
    bool used = false;
    for (const Case& c : kCases)
      if (p.name == c.production && c.expect == Expect::Ok && usesSpelling(c.text, spelling))
        used = true;
    EXPECT_TRUE(used) << p.name << ": no positive case uses '" << spelling << "'";
  }
}

TEST(ProductionCoverage, MostNegativeCasesPinTheirRule) {
  // A negative case without a rule only shows that Plumb rejects the input somewhere; keep
  // such cases the exception.
  size_t negatives = 0, withRule = 0;
  for (const Case& c : kCases) {
    if (c.expect != Expect::Error) continue;
    ++negatives;
    if (*c.detail) ++withRule;
  }
  EXPECT_GE(withRule * 10, negatives * 8) << withRule << " of " << negatives;
}

// ----------------------------------------------------------------- terminals from grammar.txt

TEST(ProductionTerminals, KeywordsAreKeywordsAndNotNames) {
  size_t keywords = 0;
  for (const Production& p : grammar()) {
    if (!isKeywordProduction(p)) continue;
    ++keywords;
    std::string word = singleSpelling(p);
    SourceFile file("word.wgsl", word);
    DiagnosticList diagnostics;
    std::vector<Token> tokens = tokenize(file, Revision::wgsl2022_06(), diagnostics);
    ASSERT_EQ(tokens.size(), 2u) << word;
    EXPECT_TRUE(isKeyword(tokens[0].kind)) << word << " is not lexed as a keyword";
    EXPECT_EQ(tokenSpelling(tokens[0].kind), word);
    testing::Parsed asName = testing::parseText("fn f() {\n  let " + word + " = 1;\n}\n");
    EXPECT_FALSE(asName.ok()) << "keyword '" << word << "' accepted as a name";
    testing::Parsed asFunction = testing::parseText("fn " + word + "() {}\n");
    EXPECT_FALSE(asFunction.ok()) << "keyword '" << word << "' accepted as a function name";
  }
  // The seed's #keyword-summary: 41 type-defining keywords and 28 other keywords.
  EXPECT_EQ(keywords, 69u);
}

TEST(ProductionTerminals, SyntacticTokensLexAsOneToken) {
  size_t count = 0;
  for (const Production& p : grammar()) {
    std::string spelling = singleSpelling(p);
    if (spelling.empty() || isKeywordProduction(p)) continue;
    ++count;
    SourceFile file("token.wgsl", spelling);
    DiagnosticList diagnostics;
    std::vector<Token> tokens = tokenize(file, Revision::wgsl2022_06(), diagnostics);
    ASSERT_EQ(tokens.size(), 2u) << spelling;
    EXPECT_EQ(tokenSpelling(tokens[0].kind), spelling) << p.name;
    EXPECT_FALSE(diagnostics.hasErrors()) << spelling;
  }
  EXPECT_EQ(count, 46u);  // #syntactic-tokens
}

TEST(ProductionTerminals, EveryReservedWordIsRejectedAsAName) {
  const Production* reserved = findProduction("_reserved");
  ASSERT_NE(reserved, nullptr);
  EXPECT_EQ(reserved->alternatives.size(), 344u);
  for (const std::string& alternative : reserved->alternatives) {
    std::string word = quotedSpelling(alternative);
    ASSERT_FALSE(word.empty()) << alternative;
    testing::Parsed asLet = testing::parseText("fn f() {\n  let " + word + " = 1;\n}\n");
    EXPECT_EQ(asLet.firstRule(), kReservedWordRule) << word << "\n" << asLet.messages();
    testing::Parsed asStruct = testing::parseText("struct " + word + " { a: i32 }\n");
    EXPECT_EQ(asStruct.firstRule(), kReservedWordRule) << word << "\n" << asStruct.messages();
    testing::Parsed asType = testing::parseText("var<private> v: " + word + ";\n");
    EXPECT_EQ(asType.firstRule(), kReservedWordRule) << word << "\n" << asType.messages();
  }
}

TEST(ProductionTerminals, EachBlankspaceCodePointSeparatesTokens) {
  const Production* blank = findProduction("_blankspace");
  ASSERT_NE(blank, nullptr);
  ASSERT_EQ(blank->alternatives.size(), 1u);
  std::vector<uint32_t> codePoints;
  const std::string& pattern = blank->alternatives[0];
  for (size_t at = pattern.find("\\u"); at != std::string::npos; at = pattern.find("\\u", at + 2))
    codePoints.push_back(static_cast<uint32_t>(std::stoul(pattern.substr(at + 2, 4), nullptr, 16)));
  ASSERT_EQ(codePoints.size(), 11u);
  for (uint32_t cp : codePoints) {
    std::string b = utf8(cp);
    std::string text = "const" + b + "a" + b + ":" + b + "i32" + b + "=" + b + "1" + b + ";" + b +
                       "fn" + b + "f" + b + "(" + b + ")" + b + "{" + b + "}" + b;
    testing::Parsed p = testing::parseText(text);
    ASSERT_TRUE(p.ok()) << "U+" << std::hex << cp << "\n" << p.messages();
    EXPECT_EQ(normalize(dumpModule(*p.module)),
              "(module (const a i32 1) (fn f (params) (result _) (block)))")
        << "U+" << std::hex << cp;
  }
  // White_Space code points that are not Pattern_White_Space, and a format character.
  for (uint32_t cp : {0x00A0u, 0x1680u, 0x2000u, 0x200Bu, 0x3000u, 0xFEFFu}) {
    testing::Parsed p = testing::parseText("const" + utf8(cp) + "a = 1;");
    EXPECT_FALSE(p.ok()) << "U+" << std::hex << cp << " accepted as blankspace";
  }
}

// Every alternative of the productions that list words or tokens, each in a context that
// needs that production.
TEST(ProductionAlternatives, EveryAlternativeIsAccepted) {
  struct Template {
    const char* production;
    Context context;
    const char* text;  // `$` stands for the alternative's spelling
  };
  const Template kTemplates[] = {
      {"bool_literal", E, "$"},
      {"address_space", T, "ptr<$, i32>"},
      {"address_space", M, "var<$> v: i32;"},
      {"access_mode", T, "ptr<storage, i32, $>"},
      {"access_mode", M, "var<storage, $> v: i32;"},
      {"texel_format", T, "texture_storage_2d<$, write>"},
      {"sampler_type", T, "$"},
      {"sampled_texture_type", T, "$<f32>"},
      {"multisampled_texture_type", T, "$<f32>"},
      {"storage_texture_type", T, "$<rgba8unorm, read>"},
      {"depth_texture_type", T, "$"},
      {"vec_prefix", T, "$<f32>"},
      {"vec_prefix", E, "$(1.0)"},
      {"mat_prefix", T, "$<f32>"},
      {"mat_prefix", E, "$()"},
      {"compound_assignment_operator", F, "a $ 1;"},
      {"compound_assignment_operator", F, "for (;; a[0] $ 1) { }"},
  };
  size_t checked = 0;
  for (const Template& t : kTemplates) {
    const Production* p = findProduction(t.production);
    ASSERT_NE(p, nullptr) << t.production;
    for (const std::string& alternative : p->alternatives) {
      std::string spelling = quotedSpelling(alternative);
      if (spelling.empty()) {
        const Production* named = findProduction(alternative);
        ASSERT_NE(named, nullptr) << t.production << ": " << alternative;
        spelling = singleSpelling(*named);
      }
      ASSERT_FALSE(spelling.empty()) << t.production << ": " << alternative;
      std::string text = t.text;
      text.replace(text.find('$'), 1, spelling);
      Outcome o = parseIn(t.context, text);
      EXPECT_TRUE(o.ok) << t.production << ": " << text << "\n" << o.messages;
      EXPECT_EQ(testing::roundTripProblem(moduleText(t.context, text)), "") << text;
      ++checked;
    }
  }
  EXPECT_EQ(checked, 2u + 5 * 2 + 3 * 2 + 16 + 2 + 6 + 1 + 4 + 5 + 3 * 2 + 9 * 2 + 10 * 2);
}

// --------------------------------------------------------- context-aware tokenization pins

// The same characters tokenize differently where different tokens are valid (#parsing).
TEST(ProductionTokenization, MinusMinusDependsOnContext) {
  testing::Parsed statement = testing::parseText("fn f() {\n  a--;\n  _ = a--b;\n}\n");
  ASSERT_TRUE(statement.ok()) << statement.messages();
  EXPECT_EQ(partDump(Context::Function, *statement.module), "(-- a) (phony (- a (neg b)))");
  EXPECT_FALSE(testing::parseText("fn f() {\n  a--b;\n}\n").ok());
  EXPECT_FALSE(testing::parseText("fn f() {\n  _ = a--;\n}\n").ok());
}

TEST(ProductionTokenization, GreaterThanSequencesCloseTemplateLists) {
  struct Pin {
    const char* text;
    const char* dump;
  };
  const Pin kPins[] = {
      {"let a: array<vec4<f32>> = b;", "(let a (array (vec 4 f32)) b)"},
      {"let v: vec2<f32>= x;", "(let v (vec 2 f32) x)"},
      {"let p: ptr<function, array<vec2<f32>>>= &a;",
       "(let p (ptr function (array (vec 2 f32))) (addr a))"},
      {"let b = bitcast<vec2<u32>>(x)>=y;", "(let b _ (>= (bitcast (vec 2 u32) x) y))"},
      {"let c = vec2<f32>(1.0)>>b;", "(let c _ (>> (call (vec 2 f32) 1.0) b))"},
  };
  for (const Pin& pin : kPins) {
    testing::Parsed p = testing::parseText(moduleText(Context::Function, pin.text));
    ASSERT_TRUE(p.ok()) << pin.text << "\n" << p.messages();
    EXPECT_EQ(partDump(Context::Function, *p.module), pin.dump) << pin.text;
  }
}

}  // namespace
}  // namespace plumb
