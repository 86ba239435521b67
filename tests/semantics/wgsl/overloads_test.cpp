// The overload table: every row is well formed and expands as the spec's parameterization
// says; patterns with wildcards match structurally.
#include <gtest/gtest.h>

#include <set>
#include <stdexcept>

#include "semantics/wgsl/overloads.h"

namespace plumb {
namespace {

TEST(OverloadTable, EveryRowIsWellFormed) {
  TypeTable types;
  std::vector<std::string> problems;
  OverloadTable table(types, &problems);
  for (const std::string& p : problems) ADD_FAILURE() << p;
  EXPECT_GT(table.size(), 0u);
}

// Revision 2026 adds the rows of builtin_function_table_2026.cpp: well formed, and no
// concrete overload repeats one of the seed's that 2026 keeps (which would make calls
// ambiguous); the seed's rows marked kReplacedInCurrent are not in 2026's table.
TEST(OverloadTable, CurrentRowsAreWellFormedAndNew) {
  TypeTable types;
  std::vector<std::string> problems;
  OverloadTable seed(types);
  OverloadTable current(types, &problems, &Revision::wgsl2026());
  for (const std::string& p : problems) ADD_FAILURE() << p;
  EXPECT_GT(current.size(), seed.size());
  EXPECT_FALSE(seed.isBuiltinName("saturate"));
  EXPECT_TRUE(current.isBuiltinName("saturate"));
  EXPECT_TRUE(current.isBuiltinName("subgroupAdd"));
  auto key = [&](const Overload& o) {
    std::string k = std::string(o.row->name) + "(";
    // A pattern with wildcards by its outer shape: a pointer's address space and access mode
    // tell arrayLength's and the buffer views' rows apart (ptr<AS, *, AM>).
    for (const TypePattern& p : o.parameters)
      k += p.concrete() ? types.name(p.type) + ","
                        : "*" + std::to_string(static_cast<int>(p.shape.kind)) + "/" +
                              std::string(ast::spelling(p.shape.space)) + "/" +
                              std::string(ast::spelling(p.shape.access)) + ",";
    return k;
  };
  std::set<std::string> keys;
  for (const Overload& o : seed.all())
    if (!(o.row->flags & kReplacedInCurrent)) keys.insert(key(o));
  for (const Overload& o : current.all()) EXPECT_FALSE(o.row->flags & kReplacedInCurrent);
  std::span<const OverloadRow> rows = currentOverloadRows();
  for (const Overload& o : current.all()) {
    if (o.row < rows.data() || o.row >= rows.data() + rows.size()) continue;
    EXPECT_TRUE(keys.insert(key(o)).second) << "repeated overload " << key(o);
  }
  // textureLoad of the storage textures: 40 formats x {read, read_write} x 4 dimensions x
  // coordinates {i32, u32} (x array index {i32, u32} for 2d arrays).
  size_t storageLoads = 0;
  for (const Overload& o : current.candidates(OverloadKind::Builtin, "textureLoad"))
    if (types.kind(o.parameters[0].type) == TypeKind::StorageTexture) ++storageLoads;
  EXPECT_EQ(storageLoads, 40u * 2 * (2 + 2 + 4 + 2));
}

TEST(OverloadTable, ExpansionCounts) {
  TypeTable types;
  OverloadTable table(types);
  // `+`: T in {6 scalars} x {scalar, vec2, vec3, vec4} = 24; mixed vector/scalar 6 x 3 x 2 = 36;
  // matrix + matrix 3 x 9 = 27.
  EXPECT_EQ(table.candidates(OverloadKind::BinaryOperator, "+").size(), 24u + 36u + 27u);
  // `*` adds matrix-scalar (2 x 27), matrix-vector (2 x 27), matrix-matrix (3 x 27).
  EXPECT_EQ(table.candidates(OverloadKind::BinaryOperator, "*").size(),
            24u + 36u + 27u * 2 + 27u * 2 + 81u);
  // Unary minus: 5 scalar types x 4 shapes.
  EXPECT_EQ(table.candidates(OverloadKind::UnaryOperator, "-").size(), 20u);
  EXPECT_EQ(table.candidates(OverloadKind::BinaryOperator, "==").size(), 7u + 21u);
}

TEST(OverloadTable, ConcreteOverloadsHaveTheSpecTypes) {
  TypeTable types;
  OverloadTable table(types);
  std::set<std::string> signatures;
  for (const Overload& o : table.candidates(OverloadKind::BinaryOperator, "*")) {
    std::string s;
    for (const TypePattern& p : o.parameters) s += types.name(p.type) + ",";
    s += "->" + types.name(o.result.type);
    signatures.insert(s);
  }
  EXPECT_TRUE(signatures.count("mat2x3<f32>,vec2<f32>,->vec3<f32>"));
  EXPECT_TRUE(signatures.count("vec3<f32>,mat2x3<f32>,->vec2<f32>"));
  EXPECT_TRUE(signatures.count("mat4x3<f16>,mat2x4<f16>,->mat2x3<f16>"));
  EXPECT_TRUE(signatures.count("vec3<AbstractInt>,AbstractInt,->vec3<AbstractInt>"));
  EXPECT_FALSE(signatures.count("vec3<bool>,bool,->vec3<bool>"));
}

TEST(OverloadTable, PredeclaredStructures) {
  TypeTable types;
  OverloadTable table(types);
  Type f = table.predeclaredStruct("__frexp_result_vec3_f16");
  ASSERT_TRUE(static_cast<bool>(f));
  const StructInfo& info = types.structInfo(f);
  ASSERT_EQ(info.members.size(), 2u);
  EXPECT_EQ(info.members[0].name, "sig");
  EXPECT_EQ(types.name(info.members[0].type), "vec3<f16>");
  EXPECT_EQ(types.name(info.members[1].type), "vec3<i32>");
  EXPECT_TRUE(static_cast<bool>(table.predeclaredStruct("__atomic_compare_exchange_result<u32>")));
}

// new#frexp-builtin, new#modf-builtin (revision 2026, delta 6.2): the structures are named by
// element type, the significand is `fract`, and AbstractFloat has its own; the seed's names
// stay as keys of the f32 ones.
TEST(OverloadTable, PredeclaredStructuresOf2026) {
  TypeTable types;
  OverloadTable table(types, nullptr, &Revision::wgsl2026());
  Type a = table.predeclaredStruct("__frexp_result_vec2_abstract");
  ASSERT_TRUE(static_cast<bool>(a));
  const StructInfo& info = types.structInfo(a);
  EXPECT_TRUE(info.abstract);
  EXPECT_EQ(info.members[0].name, "fract");
  EXPECT_EQ(types.name(info.members[0].type), "vec2<AbstractFloat>");
  EXPECT_EQ(types.name(info.members[1].type), "vec2<AbstractInt>");
  EXPECT_EQ(table.predeclaredStruct("__frexp_result"),
            table.predeclaredStruct("__frexp_result_f32"));
  EXPECT_EQ(types.structInfo(table.predeclaredStruct("__frexp_result_f16")).members[0].name,
            "fract");
  EXPECT_TRUE(static_cast<bool>(table.predeclaredStruct("__modf_result_abstract")));
  // textureSampleLevel of texture_external is gone; of texture_1d it is new.
  bool external = false, oneD = false;
  for (const Overload& o : table.candidates(OverloadKind::Builtin, "textureSampleLevel")) {
    external = external || types.kind(o.parameters[0].type) == TypeKind::ExternalTexture;
    oneD = oneD || types.name(o.parameters[0].type) == "texture_1d<f32>";
  }
  EXPECT_FALSE(external);
  EXPECT_TRUE(oneD);
}

TEST(OverloadMatching, WildcardsBindStructurally) {
  TypeTable types;
  OverloadTable table(types);
  // A pattern ptr<storage, array<*E>, read> built by hand.
  TypePattern e;
  e.wildcard = 0;
  TypePattern arr;
  arr.shape = TypeNode{TypeKind::Array};
  arr.children.push_back(e);
  TypePattern ptr;
  ptr.shape = TypeNode{TypeKind::Pointer};
  ptr.shape.space = ast::AddressSpace::Storage;
  ptr.shape.access = ast::AccessMode::Read;
  ptr.children.push_back(arr);
  Type elem = types.vector(4, types.f32());
  Type arg = types.pointer(ast::AddressSpace::Storage, types.array(elem, ArrayCount::Runtime, 0),
                           ast::AccessMode::Read);
  Bindings b;
  ASSERT_TRUE(matchPattern(types, ptr, arg, b));
  EXPECT_EQ(b[0], elem);
  EXPECT_EQ(instantiate(types, ptr, b), arg);
  Bindings c;
  Type fixed = types.pointer(ast::AddressSpace::Storage,
                             types.array(elem, ArrayCount::Fixed, 4), ast::AccessMode::Read);
  EXPECT_FALSE(matchPattern(types, ptr, fixed, c));
}

// The on-demand table (the checker's: a name's rows expanded on its first lookup, with the
// types of a full expansion interned first from expansionTypes) has the full table's types in
// the full table's order, and every lookup gives the full table's overloads, whatever order
// the names are looked up in; lookups intern nothing.
bool samePattern(const TypePattern& a, const TypePattern& b) {
  if (!(a.type == b.type && a.wildcard == b.wildcard && a.shape == b.shape &&
        a.children.size() == b.children.size()))
    return false;
  for (size_t i = 0; i < a.children.size(); ++i)
    if (!samePattern(a.children[i], b.children[i])) return false;
  return true;
}

TEST(OverloadTable, OnDemandTableIsTheFullTableInBothRevisions) {
  for (const Revision* revision : {static_cast<const Revision*>(nullptr), &Revision::wgsl2026()}) {
    SCOPED_TRACE(revision ? "2026" : "seed");
    TypeTable fullTypes, lazyTypes;
    OverloadTable full(fullTypes, nullptr, revision);
    std::vector<uint64_t> order = OverloadTable::expansionTypes(revision);
    OverloadTable lazy(lazyTypes, revision, order);
    ASSERT_EQ(lazyTypes.size(), fullTypes.size());
    for (uint32_t id = 0; id < fullTypes.size(); ++id)
      ASSERT_TRUE(lazyTypes[Type{id}] == fullTypes[Type{id}]) << fullTypes.name(Type{id});
    std::vector<const OverloadRow*> rows;
    for (const OverloadRow& r : overloadRows()) rows.push_back(&r);
    for (const OverloadRow& r : currentOverloadRows()) rows.push_back(&r);
    // The last row's name first: unlike the full expansion's order.
    size_t compared = 0;
    for (auto it = rows.rbegin(); it != rows.rend(); ++it) {
      const OverloadRow& r = **it;
      std::span<const Overload> a = full.candidates(r.kind, r.name);
      std::span<const Overload> b = lazy.candidates(r.kind, r.name);
      ASSERT_EQ(a.size(), b.size()) << r.name;
      for (size_t i = 0; i < a.size(); ++i) {
        EXPECT_EQ(a[i].row, b[i].row) << r.name << " #" << i;
        EXPECT_EQ(a[i].parameterNames, b[i].parameterNames) << r.name;
        EXPECT_EQ(a[i].hasResult, b[i].hasResult) << r.name;
        EXPECT_EQ(a[i].wildcards, b[i].wildcards) << r.name;
        ASSERT_EQ(a[i].parameters.size(), b[i].parameters.size()) << r.name;
        for (size_t p = 0; p < a[i].parameters.size(); ++p)
          EXPECT_TRUE(samePattern(a[i].parameters[p], b[i].parameters[p])) << r.name << " #" << i;
        EXPECT_TRUE(samePattern(a[i].result, b[i].result)) << r.name << " #" << i;
        ++compared;
      }
      if (r.kind == OverloadKind::Builtin)
        EXPECT_EQ(full.isBuiltinName(r.name), lazy.isBuiltinName(r.name)) << r.name;
    }
    EXPECT_GE(compared, full.size());
    EXPECT_FALSE(lazy.isBuiltinName("notABuiltin"));
    EXPECT_TRUE(lazy.candidates(OverloadKind::Builtin, "notABuiltin").empty());
    EXPECT_EQ(lazyTypes.size(), fullTypes.size());  // the lookups interned nothing
    EXPECT_EQ(lazy.predeclaredStruct("__modf_result_vec2"),
              full.predeclaredStruct("__modf_result_vec2"));
  }
}

// all() and size() of an on-demand table are the full table's, in its order, whether or not
// some names were looked up before (their spans stay valid).
TEST(OverloadTable, OnDemandTableAllAndSizeAreTheFullTables) {
  for (const Revision* revision : {static_cast<const Revision*>(nullptr), &Revision::wgsl2026()}) {
    SCOPED_TRACE(revision ? "2026" : "seed");
    TypeTable fullTypes, lazyTypes;
    OverloadTable full(fullTypes, nullptr, revision);
    OverloadTable lazy(lazyTypes, revision, OverloadTable::expansionTypes(revision));
    std::span<const Overload> before = lazy.candidates(OverloadKind::Builtin, "clamp");
    ASSERT_FALSE(before.empty());
    const Overload* firstClamp = before.data();
    size_t clamps = before.size();
    EXPECT_EQ(lazy.size(), full.size());
    std::span<const Overload> a = full.all();
    std::span<const Overload> b = lazy.all();
    ASSERT_EQ(a.size(), b.size());
    for (size_t i = 0; i < a.size(); ++i) {
      ASSERT_EQ(a[i].row, b[i].row) << a[i].row->name << " #" << i;
      ASSERT_EQ(a[i].parameters.size(), b[i].parameters.size()) << a[i].row->name;
      for (size_t p = 0; p < a[i].parameters.size(); ++p)
        EXPECT_TRUE(samePattern(a[i].parameters[p], b[i].parameters[p])) << a[i].row->name;
      EXPECT_TRUE(samePattern(a[i].result, b[i].result)) << a[i].row->name;
    }
    std::span<const Overload> after = lazy.candidates(OverloadKind::Builtin, "clamp");
    EXPECT_EQ(after.data(), firstClamp);
    EXPECT_EQ(after.size(), clamps);
    EXPECT_EQ(lazy.all().data(), b.data());  // expanded once
    EXPECT_EQ(lazyTypes.size(), fullTypes.size());
  }
}

// A list that does not fit the rows is refused, never used with other types: one type short,
// some name's rows cannot be expanded; one node changed, the handles would differ.
TEST(OverloadTable, OnDemandTableRefusesAListThatDoesNotFitItsRows) {
  std::vector<uint64_t> order = OverloadTable::expansionTypes(nullptr);
  ASSERT_GE(order.size(), 22u);
  std::vector<uint64_t> shorter(order.begin(), order.end() - 11);
  TypeTable types;
  OverloadTable lazy(types, nullptr, shorter);
  bool refused = false;
  for (const OverloadRow& r : overloadRows()) {
    try {
      lazy.candidates(r.kind, r.name);
    } catch (const std::logic_error&) {
      refused = true;
    }
  }
  EXPECT_TRUE(refused);
  std::vector<uint64_t> repeated = order;
  std::copy(order.begin(), order.begin() + 11, repeated.begin() + 11);  // a node twice
  TypeTable other;
  EXPECT_THROW(OverloadTable(other, nullptr, repeated), std::logic_error);
  TypeTable third;
  EXPECT_THROW(OverloadTable(third, nullptr, std::span<const uint64_t>(order.data(), 5)),
               std::logic_error);
}

}  // namespace
}  // namespace plumb
