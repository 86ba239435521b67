// The built-in function rows of the overload table (semantics/wgsl/builtin_function_table.cpp)
// against the spec: every row expands, the names and overload blocks are those of
// wgsl-2022-06-07.bs (tests/data/spec/builtin_functions.txt, written by
// scripts/extract_spec.py), and expanded overloads have the spec's types.
#include <gtest/gtest.h>

#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "semantics/wgsl/overloads.h"

namespace plumb {
namespace {

std::vector<const OverloadRow*> builtinRows() {
  std::vector<const OverloadRow*> rows;
  for (const OverloadRow& row : overloadRows())
    if (row.kind == OverloadKind::Builtin) rows.push_back(&row);
  return rows;
}

// One overload block of the spec: a line of builtin_functions.txt.
struct SpecBlock {
  std::string name;
  bool isConst = false;
  std::string signature;
  std::string anchor;
};

std::vector<SpecBlock> specBlocks() {
  std::ifstream in(std::string(PLUMB_TEST_DATA_DIR) + "/spec/builtin_functions.txt");
  std::vector<SpecBlock> blocks;
  std::string line;
  while (std::getline(in, line)) {
    std::vector<std::string> fields;
    std::stringstream ss(line);
    for (std::string f; std::getline(ss, f, '\t');) fields.push_back(f);
    if (fields.size() != 4) {
      ADD_FAILURE() << "malformed line: " << line;
      continue;
    }
    blocks.push_back({fields[0], fields[1] == "@const", fields[2], fields[3]});
  }
  return blocks;
}

// Where the table departs from the literal seed signature (`// seed defect:` rows; see
// docs/ambiguities.md): name and table signature -> the seed's signature.
const std::map<std::pair<std::string, std::string>, std::string> kSignatureDeviations = {
    // B28: distance and length return f32 for every S in the seed; S in the 2026 draft.
    {{"distance", "(e1: T, e2: T) -> S"}, "(e1: T, e2: T) -> f32"},
    {{"length", "(e: T) -> S"}, "(e: T) -> f32"},
};

// Blocks written as more than one row because the notation cannot say them in one:
// name and seed signature -> number of rows.
const std::map<std::pair<std::string, std::string>, int> kSplitBlocks = {
    // "I is a vector iff T is a vector; I is concrete iff T is concrete": 4 rows.
    {{"ldexp", "(e1: T, e2: I) -> T"}, 4},
    // "CF depends on the storage texel format F": one row per channel type f32, u32, i32.
    {{"textureStore", "(t: texture_storage_1d<F,write>, coords: C, value: vec4<CF>)"}, 3},
    {{"textureStore", "(t: texture_storage_2d<F,write>, coords: vec2<C>, value: vec4<CF>)"}, 3},
    {{"textureStore",
      "(t: texture_storage_2d_array<F,write>, coords: vec2<C>, array_index: C, value: vec4<CF>)"},
     3},
    {{"textureStore", "(t: texture_storage_3d<F,write>, coords: vec3<C>, value: vec4<CF>)"}, 3},
};

TEST(BuiltinTable, ExpandsWithoutProblems) {
  TypeTable types;
  std::vector<std::string> problems;
  OverloadTable table(types, &problems);
  for (const std::string& p : problems) ADD_FAILURE() << p;
  for (const OverloadRow* row : builtinRows()) {
    EXPECT_NE(row->flags & kAllStages, 0u) << row->name << " is usable in no stage";
    EXPECT_FALSE(table.candidates(OverloadKind::Builtin, row->name).empty()) << row->name;
  }
}

TEST(BuiltinTable, NamesAndBlocksAreThoseOfTheSpec) {
  std::vector<SpecBlock> blocks = specBlocks();
  ASSERT_EQ(blocks.size(), 204u);  // overload blocks of #builtin-functions

  // Names.
  std::set<std::string> specNames, tableNames;
  for (const SpecBlock& b : blocks) specNames.insert(b.name);
  for (const OverloadRow* row : builtinRows()) tableNames.insert(std::string(row->name));
  EXPECT_EQ(specNames.size(), 108u);
  EXPECT_EQ(tableNames, specNames);

  // Blocks: (name, @const, signature, anchor), with multiplicity. Each table row is mapped back
  // to the seed's signature; split blocks count once per row.
  using Key = std::tuple<std::string, bool, std::string, std::string>;
  std::map<Key, int> expected, actual;
  std::map<std::string, int> expectedPerName, actualPerName;
  for (const SpecBlock& b : blocks) {
    auto split = kSplitBlocks.find({b.name, b.signature});
    int rows = split == kSplitBlocks.end() ? 1 : split->second;
    expected[{b.name, b.isConst, b.signature, b.anchor}] += rows;
    expectedPerName[b.name] += rows;
  }
  for (const OverloadRow* row : builtinRows()) {
    std::string name(row->name), signature(row->signature);
    auto dev = kSignatureDeviations.find({name, signature});
    if (dev != kSignatureDeviations.end()) signature = dev->second;
    actual[{name, (row->flags & kConst) != 0, signature, std::string(row->anchor)}] += 1;
    actualPerName[name] += 1;
  }
  EXPECT_EQ(actualPerName, expectedPerName);
  for (const auto& [key, n] : expected)
    EXPECT_EQ(actual[key], n) << "spec block " << std::get<0>(key) << std::get<2>(key) << " #"
                              << std::get<3>(key);
  for (const auto& [key, n] : actual)
    EXPECT_TRUE(expected.count(key))
        << "table row not in the spec: " << std::get<0>(key) << std::get<2>(key) << " #"
        << std::get<3>(key) << (std::get<1>(key) ? " @const" : "");
  EXPECT_EQ(builtinRows().size(), 204u + 3u + 4u * 2u);
}

TEST(BuiltinTable, StagesAndUniformity) {
  std::set<std::string> fragmentOnly, computeOnly, notVertex, derivative, barrier, arrayLength;
  for (const OverloadRow* row : builtinRows()) {
    std::string name(row->name);
    if (row->flags == kFragment) fragmentOnly.insert(name);
    if (row->flags == kCompute) computeOnly.insert(name);
    if (row->flags == (kFragment | kCompute)) notVertex.insert(name);
    if (row->uniformity == UniformityClass::Derivative) derivative.insert(name);
    if (row->uniformity == UniformityClass::ControlBarrier) barrier.insert(name);
    if (row->uniformity == UniformityClass::ArrayLength) arrayLength.insert(name);
    if ((row->flags & kConst) != 0) {
      EXPECT_EQ(row->flags & kAllStages, kAllStages) << name;
    }
  }
  const std::set<std::string> implicitDerivatives = {
      "dpdx",          "dpdxCoarse",        "dpdxFine",
      "dpdy",          "dpdyCoarse",        "dpdyFine",
      "fwidth",        "fwidthCoarse",      "fwidthFine",
      "textureSample", "textureSampleBias", "textureSampleCompare"};
  EXPECT_EQ(fragmentOnly, implicitDerivatives);
  EXPECT_EQ(derivative, implicitDerivatives);
  EXPECT_EQ(computeOnly, (std::set<std::string>{"storageBarrier", "workgroupBarrier"}));
  EXPECT_EQ(barrier, computeOnly);
  EXPECT_EQ(arrayLength, std::set<std::string>{"arrayLength"});
  EXPECT_EQ(notVertex.size(), 11u);  // the atomic functions
  for (const std::string& n : notVertex) EXPECT_EQ(n.rfind("atomic", 0), 0u) << n;
}

// ------------------------------------------------------------------------------ spot checks

class BuiltinTableOverloads : public ::testing::Test {
 protected:
  BuiltinTableOverloads() : table(types) {
    StructInfo marker;
    marker.name = "*";
    wildcard = types.addStruct(marker);
  }

  // "name(p1, p2) -> R" for every overload of `name`; wildcards print as `*`.
  std::set<std::string> signatures(std::string_view name) {
    std::set<std::string> out;
    for (const Overload& o : table.candidates(OverloadKind::Builtin, name)) {
      Bindings b(o.wildcards, wildcard);
      std::string s = std::string(name) + "(";
      for (size_t i = 0; i < o.parameters.size(); ++i)
        s += (i ? ", " : "") + types.name(instantiate(types, o.parameters[i], b));
      s += ")";
      if (o.hasResult) s += " -> " + types.name(instantiate(types, o.result, b));
      out.insert(s);
    }
    return out;
  }
  bool has(std::string_view name, const std::string& signature) {
    return signatures(name).count(signature) > 0;
  }
  // The result of the overloads of `name` whose parameter types match `args` exactly.
  std::vector<Type> resolve(std::string_view name, const std::vector<Type>& args) {
    std::vector<Type> results;
    for (const Overload& o : table.candidates(OverloadKind::Builtin, name)) {
      if (o.parameters.size() != args.size()) continue;
      Bindings b;
      bool ok = true;
      for (size_t i = 0; i < args.size() && ok; ++i)
        ok = matchPattern(types, o.parameters[i], args[i], b);
      if (ok) results.push_back(instantiate(types, o.result, b));
    }
    return results;
  }
  size_t count(std::string_view name) {
    return table.candidates(OverloadKind::Builtin, name).size();
  }

  Type sampled(ast::TextureDimension d, Type t) {
    TypeNode n;
    n.kind = TypeKind::SampledTexture;
    n.dimension = d;
    n.element = t;
    return types.intern(n);
  }

  TypeTable types;
  OverloadTable table;
  Type wildcard;
};

TEST_F(BuiltinTableOverloads, Clamp) {
  // Float and integer blocks: {AbstractInt, AbstractFloat, i32, u32, f32, f16} x 4 shapes.
  EXPECT_EQ(count("clamp"), 24u);
  for (std::string s : {"AbstractInt", "AbstractFloat", "i32", "u32", "f32", "f16"}) {
    EXPECT_TRUE(has("clamp", "clamp(" + s + ", " + s + ", " + s + ") -> " + s)) << s;
    for (std::string n : {"2", "3", "4"}) {
      std::string v = "vec" + n + "<" + s + ">";
      EXPECT_TRUE(has("clamp", "clamp(" + v + ", " + v + ", " + v + ") -> " + v)) << v;
    }
  }
  EXPECT_FALSE(has("clamp", "clamp(bool, bool, bool) -> bool"));
}

TEST_F(BuiltinTableOverloads, SelectAllAnyDot) {
  EXPECT_EQ(count("select"), 28u + 21u);
  EXPECT_TRUE(has("select", "select(vec2<bool>, vec2<bool>, bool) -> vec2<bool>"));
  EXPECT_TRUE(has("select",
                  "select(vec3<AbstractInt>, vec3<AbstractInt>, vec3<bool>) -> vec3<AbstractInt>"));
  EXPECT_EQ(count("all"), 4u);
  EXPECT_TRUE(has("any", "any(bool) -> bool"));
  EXPECT_EQ(count("dot"), 18u);
  EXPECT_TRUE(has("dot", "dot(vec4<u32>, vec4<u32>) -> u32"));
  EXPECT_TRUE(has("dot", "dot(vec2<AbstractInt>, vec2<AbstractInt>) -> AbstractInt"));
}

TEST_F(BuiltinTableOverloads, FloatSpecialForms) {
  // B28 (seed defect): the result is S, as in the 2026 draft.
  EXPECT_TRUE(has("length", "length(vec3<f16>) -> f16"));
  EXPECT_TRUE(has("length", "length(AbstractFloat) -> AbstractFloat"));
  EXPECT_TRUE(has("distance", "distance(vec2<f32>, vec2<f32>) -> f32"));
  EXPECT_FALSE(has("length", "length(vec3<f16>) -> f32"));
  // mix: 12 component-wise, 9 with a scalar blend factor of the vector's component type.
  EXPECT_EQ(count("mix"), 21u);
  EXPECT_TRUE(has("mix", "mix(vec3<f32>, vec3<f32>, f32) -> vec3<f32>"));
  EXPECT_FALSE(has("mix", "mix(vec3<f32>, vec3<f32>, f16) -> vec3<f32>"));
  // ldexp: I is a vector iff T is, concrete iff T is; I's vecN shares T's N.
  EXPECT_EQ(count("ldexp"), 12u);
  EXPECT_TRUE(has("ldexp", "ldexp(AbstractFloat, AbstractInt) -> AbstractFloat"));
  EXPECT_TRUE(has("ldexp", "ldexp(f16, i32) -> f16"));
  EXPECT_TRUE(has("ldexp", "ldexp(vec3<f32>, vec3<i32>) -> vec3<f32>"));
  EXPECT_FALSE(has("ldexp", "ldexp(f32, AbstractInt) -> f32"));
  EXPECT_FALSE(has("ldexp", "ldexp(vec3<f32>, i32) -> vec3<f32>"));
  EXPECT_FALSE(has("ldexp", "ldexp(vec2<f32>, vec3<i32>) -> vec2<f32>"));
  // refract's scalar is the vector's component type.
  EXPECT_TRUE(has("refract", "refract(vec4<f16>, vec4<f16>, f16) -> vec4<f16>"));
  EXPECT_EQ(count("refract"), 9u);
  EXPECT_EQ(count("cross"), 3u);
  EXPECT_EQ(count("quantizeToF16"), 4u);
}

TEST_F(BuiltinTableOverloads, FrexpAndModfReturnThePredeclaredStructures) {
  EXPECT_EQ(count("frexp"), 8u);
  EXPECT_EQ(count("modf"), 8u);
  EXPECT_EQ(resolve("frexp", {types.vector(3, types.f16())}),
            std::vector<Type>{table.predeclaredStruct("__frexp_result_vec3_f16")});
  EXPECT_EQ(resolve("frexp", {types.f32()}),
            std::vector<Type>{table.predeclaredStruct("__frexp_result")});
  EXPECT_EQ(resolve("modf", {types.vector(2, types.f32())}),
            std::vector<Type>{table.predeclaredStruct("__modf_result_vec2")});
  EXPECT_TRUE(resolve("frexp", {types.abstractFloat()}).empty());  // no AbstractFloat overload
}

TEST_F(BuiltinTableOverloads, IntegerAndMatrix) {
  EXPECT_EQ(count("firstLeadingBit"), 8u);
  EXPECT_EQ(count("extractBits"), 8u);
  EXPECT_TRUE(has("extractBits", "extractBits(vec2<i32>, u32, u32) -> vec2<i32>"));
  EXPECT_TRUE(has("insertBits", "insertBits(u32, u32, u32, u32) -> u32"));
  EXPECT_FALSE(has("countOneBits", "countOneBits(AbstractInt) -> AbstractInt"));
  EXPECT_EQ(count("determinant"), 9u);
  EXPECT_TRUE(has("determinant", "determinant(mat3x3<f16>) -> f16"));
  EXPECT_EQ(count("transpose"), 27u);
  EXPECT_TRUE(has("transpose", "transpose(mat2x3<f32>) -> mat3x2<f32>"));
}

TEST_F(BuiltinTableOverloads, TextureLoadCoordinatesAreAllI32OrAllU32) {
  Type t = sampled(ast::TextureDimension::D2, types.f32());
  Type v4 = types.vector(4, types.f32());
  EXPECT_EQ(resolve("textureLoad", {t, types.vector(2, types.i32()), types.i32()}),
            std::vector<Type>{v4});
  EXPECT_EQ(resolve("textureLoad", {t, types.vector(2, types.u32()), types.u32()}),
            std::vector<Type>{v4});
  EXPECT_TRUE(resolve("textureLoad", {t, types.vector(2, types.i32()), types.u32()}).empty());
  EXPECT_TRUE(has("textureLoad", "textureLoad(texture_external, vec2<u32>) -> vec4<f32>"));
  EXPECT_EQ(count("textureLoad"), 38u);
}

TEST_F(BuiltinTableOverloads, TextureQueriesAndSampling) {
  EXPECT_TRUE(has("textureDimensions", "textureDimensions(texture_external) -> vec2<u32>"));
  EXPECT_TRUE(
      has("textureDimensions", "textureDimensions(texture_storage_1d<r32float, write>) -> u32"));
  EXPECT_TRUE(has("textureDimensions", "textureDimensions(texture_cube<i32>, u32) -> vec2<u32>"));
  EXPECT_FALSE(has("textureDimensions", "textureDimensions(texture_external, u32) -> vec2<u32>"));
  EXPECT_TRUE(has("textureNumSamples", "textureNumSamples(texture_multisampled_2d<u32>) -> u32"));
  EXPECT_TRUE(has("textureNumLayers",
                  "textureNumLayers(texture_storage_2d_array<rg32sint, write>) -> u32"));
  // One variable C for component and array index.
  EXPECT_TRUE(has("textureGather",
                  "textureGather(u32, texture_2d_array<u32>, sampler, vec2<f32>, u32) -> "
                  "vec4<u32>"));
  EXPECT_FALSE(has("textureGather",
                   "textureGather(i32, texture_2d_array<u32>, sampler, vec2<f32>, u32) -> "
                   "vec4<u32>"));
  EXPECT_TRUE(
      has("textureSample", "textureSample(texture_cube<f32>, sampler, vec3<f32>) -> vec4<f32>"));
  EXPECT_TRUE(has("textureSampleLevel",
                  "textureSampleLevel(texture_depth_2d_array, sampler, vec2<f32>, u32, u32) -> "
                  "f32"));
  EXPECT_EQ(count("textureSample"), 21u);
  EXPECT_EQ(count("textureSampleLevel"), 24u);
}

TEST_F(BuiltinTableOverloads, TextureStoreValueFollowsTheChannelType) {
  EXPECT_EQ(count("textureStore"), 4u * 16u * 2u);
  EXPECT_TRUE(has("textureStore",
                  "textureStore(texture_storage_2d<rgba8unorm, write>, vec2<u32>, vec4<f32>)"));
  EXPECT_TRUE(has("textureStore",
                  "textureStore(texture_storage_3d<r32sint, write>, vec3<i32>, vec4<i32>)"));
  EXPECT_TRUE(has("textureStore",
                  "textureStore(texture_storage_2d_array<rgba16uint, write>, vec2<i32>, i32, "
                  "vec4<u32>)"));
  EXPECT_FALSE(has("textureStore",
                   "textureStore(texture_storage_2d<rgba8unorm, write>, vec2<u32>, vec4<u32>)"));
}

TEST_F(BuiltinTableOverloads, Atomics) {
  Type storageU32 = types.pointer(ast::AddressSpace::Storage, types.atomic(types.u32()),
                                  ast::AccessMode::ReadWrite);
  EXPECT_EQ(resolve("atomicAdd", {storageU32, types.u32()}), std::vector<Type>{types.u32()});
  EXPECT_TRUE(resolve("atomicAdd", {storageU32, types.i32()}).empty());
  Type privateI32 = types.pointer(ast::AddressSpace::Private, types.atomic(types.i32()),
                                  ast::AccessMode::ReadWrite);
  EXPECT_TRUE(resolve("atomicLoad", {privateI32}).empty());
  EXPECT_TRUE(has("atomicStore", "atomicStore(ptr<workgroup, atomic<i32>, read_write>, i32)"));
  EXPECT_EQ(resolve("atomicCompareExchangeWeak",
                    {types.pointer(ast::AddressSpace::Workgroup, types.atomic(types.i32()),
                                   ast::AccessMode::ReadWrite),
                     types.i32(), types.i32()}),
            std::vector<Type>{table.predeclaredStruct("__atomic_compare_exchange_result<i32>")});
  for (std::string_view n :
       {"atomicLoad", "atomicStore", "atomicAdd", "atomicSub", "atomicMax", "atomicMin",
        "atomicAnd", "atomicOr", "atomicXor", "atomicExchange", "atomicCompareExchangeWeak"})
    EXPECT_EQ(count(n), 4u) << n;
}

TEST_F(BuiltinTableOverloads, ArrayLengthMatchesThroughTheWildcard) {
  EXPECT_EQ(signatures("arrayLength"),
            (std::set<std::string>{"arrayLength(ptr<storage, array<*>, read>) -> u32",
                                   "arrayLength(ptr<storage, array<*>, read_write>) -> u32"}));
  StructInfo info;
  info.name = "Particle";
  info.members.emplace_back();
  info.members.back().name = "pos";
  info.members.back().type = types.vector(4, types.f32());
  Type particle = types.addStruct(info);
  Type runtime = types.array(particle, ArrayCount::Runtime, 0);
  EXPECT_EQ(resolve("arrayLength",
                    {types.pointer(ast::AddressSpace::Storage, runtime, ast::AccessMode::Read)}),
            std::vector<Type>{types.u32()});
  EXPECT_EQ(resolve("arrayLength", {types.pointer(ast::AddressSpace::Storage, runtime,
                                                  ast::AccessMode::ReadWrite)}),
            std::vector<Type>{types.u32()});
  Type fixed = types.array(particle, ArrayCount::Fixed, 4);
  EXPECT_TRUE(resolve("arrayLength",
                      {types.pointer(ast::AddressSpace::Storage, fixed, ast::AccessMode::Read)})
                  .empty());
  EXPECT_TRUE(resolve("arrayLength", {types.pointer(ast::AddressSpace::Workgroup, runtime,
                                                    ast::AccessMode::ReadWrite)})
                  .empty());
}

TEST_F(BuiltinTableOverloads, PackingAndBarriers) {
  EXPECT_TRUE(has("pack4x8snorm", "pack4x8snorm(vec4<f32>) -> u32"));
  EXPECT_TRUE(has("unpack2x16float", "unpack2x16float(u32) -> vec2<f32>"));
  EXPECT_EQ(signatures("workgroupBarrier"), std::set<std::string>{"workgroupBarrier()"});
  EXPECT_EQ(signatures("storageBarrier"), std::set<std::string>{"storageBarrier()"});
}

// No two overloads of a name take the same parameter types.
TEST_F(BuiltinTableOverloads, OverloadsOfANameAreDistinct) {
  std::map<std::string, std::set<std::string>> seen;
  for (const Overload& o : table.all()) {
    if (o.row->kind != OverloadKind::Builtin) continue;
    Bindings b(o.wildcards, wildcard);
    std::string params;
    for (const TypePattern& p : o.parameters) params += types.name(instantiate(types, p, b)) + ",";
    EXPECT_TRUE(seen[std::string(o.row->name)].insert(params).second)
        << o.row->name << "(" << params << ") twice";
  }
}

// The number of concrete overloads (rows expanded; a row with a wildcard counts once per
// expansion of its other variables). The inventory (wgsl-seed-inventory.md §9.11) estimates
// 864 + 468 = 1,332; the table has 853 + 468 = 1,321:
//   ldexp: 12, not 24: the .bs (not the text rendering the inventory read) says "I is concrete
//     if and only if T is concrete", so AbstractFloat pairs only with AbstractInt;
//   arrayLength: 2, not 1: one per access mode AM (read, read_write);
//   storage textures appear with the access mode write only: the signatures say "A is an
//     access mode", but #texture-storage allows write only, so the other types cannot exist.
TEST_F(BuiltinTableOverloads, ConcreteOverloadCounts) {
  std::map<std::string, size_t> byAnchor;
  size_t total = 0;
  for (const Overload& o : table.all()) {
    if (o.row->kind != OverloadKind::Builtin) continue;
    ++byAnchor[std::string(o.row->anchor)];
    ++total;
  }
  auto sum = [&](std::initializer_list<const char*> anchors) {
    size_t n = 0;
    for (const char* a : anchors) n += byAnchor[a];
    return n;
  };
  EXPECT_EQ(byAnchor["logical-builtin-functions"], 57u);
  EXPECT_EQ(byAnchor["array-builtin-functions"], 2u);
  EXPECT_EQ(byAnchor["float-builtin-functions"], 536u);
  EXPECT_EQ(byAnchor["integer-builtin-functions"], 112u);
  EXPECT_EQ(byAnchor["matrix-builtin-functions"], 36u);
  EXPECT_EQ(byAnchor["vector-builtin-functions"], 18u);
  EXPECT_EQ(byAnchor["derivative-builtin-functions"], 36u);
  size_t atomics = sum({"atomic-load", "atomic-store", "atomic-rmw"});
  EXPECT_EQ(atomics, 44u);
  EXPECT_EQ(sum({"pack-builtin-functions", "unpack-builtin-functions"}), 10u);
  EXPECT_EQ(byAnchor["sync-builtin-functions"], 2u);
  EXPECT_EQ(byAnchor["texturedimensions"], 113u);
  EXPECT_EQ(byAnchor["texturegather"], 45u);
  EXPECT_EQ(byAnchor["texturegathercompare"], 9u);
  EXPECT_EQ(byAnchor["textureload"], 38u);
  EXPECT_EQ(byAnchor["texturenumlayers"], 24u);
  EXPECT_EQ(byAnchor["texturenumlevels"], 22u);
  EXPECT_EQ(byAnchor["texturenumsamples"], 4u);
  EXPECT_EQ(byAnchor["texturesample"], 21u);
  EXPECT_EQ(byAnchor["texturesamplebias"], 11u);
  EXPECT_EQ(byAnchor["texturesamplecompare"], 9u);
  EXPECT_EQ(byAnchor["texturesamplecomparelevel"], 9u);
  EXPECT_EQ(byAnchor["texturesamplegrad"], 11u);
  EXPECT_EQ(byAnchor["texturesamplelevel"], 24u);
  EXPECT_EQ(byAnchor["texturestore"], 128u);
  size_t texture =
      sum({"texturedimensions", "texturegather", "texturegathercompare", "textureload",
           "texturenumlayers", "texturenumlevels", "texturenumsamples", "texturesample",
           "texturesamplebias", "texturesamplecompare", "texturesamplecomparelevel",
           "texturesamplegrad", "texturesamplelevel", "texturestore"});
  EXPECT_EQ(texture, 468u);
  EXPECT_EQ(total - texture, 853u);
  EXPECT_EQ(total, 1321u);
  // @const: 781 in the inventory, less ldexp's 12.
  size_t constant = 0;
  for (const Overload& o : table.all())
    if (o.row->kind == OverloadKind::Builtin && (o.row->flags & kConst)) ++constant;
  EXPECT_EQ(constant, 769u);
  std::cout << "built-in function overloads: " << total << " (" << total - texture
            << " non-texture, " << texture << " texture, " << constant << " @const)\n";
}

}  // namespace
}  // namespace plumb
