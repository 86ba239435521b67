// The 2022-06 Revision's word tables against the lists extracted from the spec.
#include <gtest/gtest.h>

#include <fstream>
#include <set>

#include "semantics/wgsl/revision.h"

namespace plumb {
namespace {

std::set<std::string> wordsIn(const std::string& path) {
  std::ifstream in(std::string(PLUMB_TEST_DATA_DIR) + "/" + path);
  std::set<std::string> out;
  std::string line;
  while (std::getline(in, line))
    if (!line.empty()) out.insert(line);
  return out;
}

TEST(Revision2022_06, KeywordsMatchTheSpec) {
  const Revision& r = Revision::wgsl2022_06();
  std::set<std::string> fromSpec = wordsIn("spec/keywords.txt");
  std::set<std::string> fromCode;
  for (TokenKind k : r.keywords) fromCode.insert(std::string(tokenSpelling(k)));
  EXPECT_EQ(fromCode, fromSpec);
  EXPECT_EQ(r.keywords.size(), 69u);
}

TEST(Revision2022_06, ReservedWordsMatchTheSpec) {
  const Revision& r = Revision::wgsl2022_06();
  std::set<std::string> fromSpec = wordsIn("spec/reserved.txt");
  std::set<std::string> fromCode(r.reservedWords.begin(), r.reservedWords.end());
  EXPECT_EQ(fromCode, fromSpec);
  EXPECT_EQ(fromSpec.size(), 344u);
  for (const std::string& w : fromSpec) EXPECT_EQ(r.classifyWord(w), TokenKind::Reserved) << w;
  // Keywords and reserved words are disjoint.
  for (TokenKind k : r.keywords) EXPECT_FALSE(fromSpec.count(std::string(tokenSpelling(k))));
}

TEST(Revision2022_06, ExtensionsAndLookup) {
  const Revision& r = Revision::wgsl2022_06();
  EXPECT_TRUE(r.isExtension("f16"));
  EXPECT_FALSE(r.isExtension("f64"));
  EXPECT_EQ(Revision::byName("2022-06"), &r);
  EXPECT_EQ(Revision::byName("2026-08"), nullptr);
  EXPECT_EQ(r.classifyWord("main"), TokenKind::Identifier);
  EXPECT_EQ(r.classifyWord("fn"), TokenKind::KwFn);
  // Not keywords in this revision: texture_external, alias, const_assert, read_write.
  for (const char* w : {"texture_external", "alias", "const_assert", "read_write", "rgba8unorm"})
    EXPECT_EQ(r.classifyWord(w), TokenKind::Identifier) << w;
}

}  // namespace
}  // namespace plumb

namespace plumb {
namespace {

// new#keyword-summary, new#reserved-words (delta 1.2, 1.3).
TEST(Revision2026, KeywordsAndReservedWords) {
  const Revision& r = Revision::wgsl2026();
  EXPECT_EQ(Revision::byName("2026"), &r);
  EXPECT_EQ(r.name, "2026");
  EXPECT_EQ(r.keywords.size(), 26u);
  EXPECT_EQ(r.reservedWords.size(), 146u);
  for (const char* w : {"alias", "const_assert", "diagnostic", "requires"})
    EXPECT_TRUE(isKeyword(r.classifyWord(w))) << w;
  // Types, type generators, address spaces and bitcast are predeclared identifiers.
  for (const char* w : {"f32", "vec3", "array", "ptr", "function", "storage", "bitcast",
                        "texture_2d", "staticAssert", "sampler"})
    EXPECT_EQ(r.classifyWord(w), TokenKind::Identifier) << w;
  // Added to the reserved words; words given back to programs.
  for (const char* w : {"type", "fallthrough", "require", "non_coherent", "noncoherent", "NULL"})
    EXPECT_EQ(r.classifyWord(w), TokenKind::Reserved) << w;
  for (const char* w : {"vec", "void", "handle", "Texture2D", "sampler2D", "f64", "requires_x"})
    EXPECT_NE(r.classifyWord(w), TokenKind::Reserved) << w;
  // Keywords and reserved words are disjoint.
  for (TokenKind k : r.keywords) EXPECT_EQ(r.classifyWord(tokenSpelling(k)), k) << tokenSpelling(k);
}

TEST(Revision2026, DeltasAreFieldsOfTheRevision) {
  const Revision& seed = Revision::wgsl2022_06();
  const Revision& current = Revision::wgsl2026();
  // Every delta flag is off in the seed (fallthrough is the seed's only) and on in 2026.
  for (auto flag : {&Revision::templateListDiscovery,
                    &Revision::predeclaredTypes,
                    &Revision::predeclaredTypeAliases,
                    &Revision::shadowPredeclared,
                    &Revision::enableList,
                    &Revision::diagnosticFilters,
                    &Revision::requiresDirective,
                    &Revision::attributeExpressions,
                    &Revision::statementAttributes,
                    &Revision::aliasDeclaration,
                    &Revision::constAssert,
                    &Revision::defaultCaseSelector,
                    &Revision::mustUse,
                    &Revision::readWriteStorageTextures,
                    &Revision::staticAliasAnalysis,
                    &Revision::inferredArrayConstructor,
                    &Revision::unrestrictedPointerParameters,
                    &Revision::pointerCompositeAccess,
                    &Revision::inheritedIntermediateOverflow,
                    &Revision::constArgumentErrors,
                    &Revision::constIntegerErrors,
                    &Revision::overrideExpressionPipelineErrors,
                    &Revision::currentBuiltinValues,
                    &Revision::abstractCandidatesNeedConstOperands,
                    &Revision::blendSrc,
                    &Revision::shortCircuitConstEvaluation,
                    &Revision::currentTexelFormats,
                    &Revision::flatSampling,
                    &Revision::inferredZeroVector,
                    &Revision::currentBuiltins}) {
    EXPECT_FALSE(seed.*flag);
    EXPECT_TRUE(current.*flag);
  }
  EXPECT_TRUE(seed.fallthroughStatement);
  EXPECT_FALSE(current.fallthroughStatement);
  // The seed's keywords are unchanged: no keyword of 2026 only.
  EXPECT_EQ(seed.classifyWord("alias"), TokenKind::Identifier);
  EXPECT_EQ(seed.classifyWord("requires"), TokenKind::Reserved);
  // Extensions and language features (delta 8).
  for (const char* e : {"f16", "subgroups", "clip_distances", "dual_source_blending"})
    EXPECT_TRUE(current.isExtension(e)) << e;
  EXPECT_FALSE(seed.isExtension("subgroups"));
  for (const char* f : {"readonly_and_readwrite_storage_textures", "packed_4x8_integer_dot_product",
                        "unrestricted_pointer_parameters", "pointer_composite_access",
                        "uniform_buffer_standard_layout", "subgroup_id"})
    EXPECT_TRUE(current.isLanguageFeature(f)) << f;
  EXPECT_FALSE(current.isLanguageFeature("unknown"));
  EXPECT_TRUE(seed.languageFeatures.empty());
  ASSERT_EQ(Revision::names().size(), 2u);
  EXPECT_EQ(Revision::names()[1], "2026");
}

// The dynamic deltas the interpreter asks (docs/revision-2026.md "Run time"): off in the seed,
// on in 2026; tests/interpreter/wgsl/revision_delta_run_test.cpp runs each under both.
TEST(Revision2026, DynamicDeltasAreFieldsOfTheRevision) {
  for (auto flag :
       {&Revision::invalidReferenceInOriginatingVariable,
        &Revision::outOfBoundsAccessIsDynamicError, &Revision::assignmentLeftHandSideFirst,
        &Revision::shiftRightCopiesSignBit, &Revision::textureStoreOutOfBoundsDiscarded,
        &Revision::currentAccuracyTable, &Revision::bitcastMayFlush,
        &Revision::frexpSubnormalIndeterminate, &Revision::unpackNormalizedWithinThreeUlp,
        &Revision::vectorComponentWriteMayAccessVector, &Revision::discardDemotesToHelper,
        &Revision::positionWZeroIsDynamicError}) {
    EXPECT_FALSE(Revision::wgsl2022_06().*flag);
    EXPECT_TRUE(Revision::wgsl2026().*flag);
  }
}

}  // namespace
}  // namespace plumb
