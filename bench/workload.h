// A deterministic generator of large, varied WGSL modules (revision 2022-06) for the parser
// benchmarks. The same (size, seed) gives the same bytes on every platform and run: the
// generator has its own PRNG (splitmix64) and never reads the clock, so figures measured on
// different machines or commits are measured on the same text.
//
// The output is guaranteed to be *syntactically* valid in the seed's strict grammar (the
// benchmarks check it parses with zero diagnostics before timing). Expressions are built by
// type so that the text looks like real shader code, but the module is not claimed to pass
// the type checker: it exists to load the lexer and the parser with every production.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace plumb::bench {

/// A WGSL module of at least `targetBytes` bytes (it overshoots by at most a few KB, the size
/// of the entry points it ends with). Contains structs with attributes, type aliases,
/// module-scope var<private>/<workgroup>/<storage>/<uniform>, const and override declarations,
/// texture and sampler bindings, staticAssert, functions with parameters (including
/// pointers) and return types, every statement kind and expression form, literals of every
/// form, comments (line, block, nested block) and varied whitespace (indentation, CRLF).
std::string generateWorkload(size_t targetBytes, uint64_t seed = 1);

}  // namespace plumb::bench
