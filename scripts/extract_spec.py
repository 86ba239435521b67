#!/usr/bin/env python3
"""Extracts test data from the normative spec source (wgsl-2022-06-07.bs) into tests/data.

Writes, deterministically:
  tests/data/spec/grammar.txt         one line per <div class='syntax'> block: name : alternatives
  tests/data/spec/keywords.txt        the 69 keywords (#keyword-summary)
  tests/data/spec/reserved.txt        the 344 reserved words (#reserved-words)
  tests/data/spec/syntactic_tokens.txt the 46 syntactic tokens (#syntactic-tokens)
  tests/data/spec/builtin_functions.txt one line per built-in function overload block
                                      (#builtin-functions): name, @const or -, signature, anchor
  tests/data/spec/anchors.txt         every anchor of the .bs: section ids ({#id}) and the ids
                                      Bikeshed gives definitions (<dfn>: its id=, else its
                                      lt= or text, lowercased, non-alphanumerics as '-')
  tests/data/spec/anchors-2026.txt    the same of wgsl-2026-08-19.bs, when it is beside the seed
  tests/data/spec-examples/NNN.wgsl   the 91 example blocks, verbatim (HTML entities decoded)
  tests/data/spec-examples/examples.tsv  index: number, .bs line, classes, heading

The hand-written expectations for each example live in expectations.tsv beside them.
Usage: scripts/extract_spec.py [path/to/wgsl-2022-06-07.bs]
"""
import html
import os
import re
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
bs_path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    root, "..", "shared", "spec", "wgsl-2022-06-07.bs")
src = open(bs_path, encoding="utf-8").read()
out_spec = os.path.join(root, "tests", "data", "spec")
out_ex = os.path.join(root, "tests", "data", "spec-examples")
os.makedirs(out_spec, exist_ok=True)
os.makedirs(out_ex, exist_ok=True)

# --- grammar
blocks = re.findall(r"<div class='syntax'[^>]*>(.*?)</div>", src, re.S)
assert len(blocks) == 206, len(blocks)
grammar = []
for b in blocks:
    b = re.sub(r"\[=syntax/([A-Za-z_0-9]+)=\]", r"\1", b)
    m = re.search(r"<dfn[^>]*>(.*?)</dfn>", b)
    name = m.group(1)
    alts = [a.strip() for a in b[m.end():].split("\n") if a.strip() and a.strip() != ":"]
    alts = [re.sub(r"\s*<!--.*?-->", "", a) for a in alts]
    grammar.append((name, alts))
with open(os.path.join(out_spec, "grammar.txt"), "w") as f:
    for name, alts in grammar:
        f.write(name + " : " + " ".join(alts) + "\n")

def literal_terminals(name):
    return [re.search(r"`'([^']+)'`", a).group(1) for a in dict(grammar)[name] if "`'" in a]

# keywords: the productions between the type-defining and other keyword sections
kw_start = src.index("{#keyword-summary}")
kw_end = src.index("{#reserved-words}")
keywords = re.findall(r"<dfn for=syntax>([A-Za-z_0-9]+)</dfn>", src[kw_start:kw_end])
kw_spellings = []
for k in keywords:
    kw_spellings += literal_terminals(k)
assert len(kw_spellings) == 69, len(kw_spellings)
def anchors_of(text_of_bs):
    found = set(re.findall(r"\{#([A-Za-z0-9-]+)\}", text_of_bs))
    for m in re.finditer(r"<dfn([^>]*)>(.*?)</dfn>", text_of_bs, re.S):
        attrs, text = m.groups()
        explicit = re.search(r"id=[\"']?([A-Za-z0-9-]+)", attrs)
        if explicit:
            found.add(explicit.group(1))
            continue
        text = re.sub(r"<[^>]*>", "", text)
        lt = re.search(r"lt=[\"']([^\"'|]+)", attrs)
        if lt:
            text = lt.group(1)
        found.add(re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-"))
    return found

anchors = anchors_of(src)
with open(os.path.join(out_spec, "anchors.txt"), "w") as f:
    f.write("".join(a + "\n" for a in sorted(anchors)))
# The anchors of the current text (wgsl-2026-08-19.bs, beside the seed), which the rules of
# revision 2026 only cite (interpreter/wgsl/rules.h).
current_path = os.path.join(os.path.dirname(bs_path), "wgsl-2026-08-19.bs")
if os.path.exists(current_path):
    with open(os.path.join(out_spec, "anchors-2026.txt"), "w") as f:
        f.write("".join(a + "\n" for a in sorted(anchors_of(open(current_path, encoding="utf-8").read()))))

with open(os.path.join(out_spec, "keywords.txt"), "w") as f:
    f.write("\n".join(kw_spellings) + "\n")

reserved = literal_terminals("_reserved")
assert len(reserved) == 344, len(reserved)
with open(os.path.join(out_spec, "reserved.txt"), "w") as f:
    f.write("\n".join(reserved) + "\n")

tok_start = src.index("{#syntactic-tokens}")
tok_end = src.index("{#builtin-values}")
tokens = re.findall(r"<dfn for=syntax>([A-Za-z_0-9]+)</dfn>", src[tok_start:tok_end])
tok_lines = []
for t in tokens:
    for s in literal_terminals(t):
        tok_lines.append(f"{t}\t{s}")
assert len(tok_lines) == 46, len(tok_lines)
with open(os.path.join(out_spec, "syntactic_tokens.txt"), "w") as f:
    f.write("\n".join(tok_lines) + "\n")

# --- built-in functions: one line per overload block of #builtin-functions. A block is an
# <xmp> holding one `fn` declaration (the tables of #logical-builtin-functions ..
# #unpack-builtin-functions and the texture tables), or one `fn` line of a ```rust fence (the
# atomic and synchronization sections, one declaration per line). Fields, tab-separated: name,
# `@const` or `-`, the signature after the name with whitespace normalized (runs collapsed to one
# space, none after `(` or before `)`, one either side of `->`), and the anchor of the section
# that holds the block.
bf_start = src.index("{#builtin-functions}")
bf_src = src[bf_start:]
headings = [(m.start(), m.group(1)) for m in re.finditer(r"\{#([a-z0-9-]+)\}", bf_src)]
decl = re.compile(r"^\s*(@const\s+)?fn\s+([A-Za-z_0-9]+)\s*(\(.*)$", re.S)

def normalize_signature(text):
    text = re.sub(r"\s+", " ", text.strip())
    text = re.sub(r"\(\s+", "(", text)
    text = re.sub(r"\s+\)", ")", text)
    return re.sub(r"\s*->\s*", " -> ", text)

builtin_lines = []
def add_block(pos, text):
    m = decl.match(text)
    if not m or "{" in text:
        return  # not a declaration (example code, struct definitions)
    anchor = [h for p, h in headings if p < pos][-1]
    const = "@const" if m.group(1) else "-"
    builtin_lines.append((pos, f"{m.group(2)}\t{const}\t{normalize_signature(m.group(3))}\t{anchor}"))

for m in re.finditer(r"<xmp[^>]*>(.*?)</xmp>", bf_src, re.S):
    add_block(m.start(), html.unescape(m.group(1)))
for m in re.finditer(r"```rust\n(.*?)```", bf_src, re.S):
    offset = m.start(1)
    for line in m.group(1).split("\n"):
        add_block(offset, line)
        offset += len(line) + 1
builtin_lines.sort()
assert len(builtin_lines) == 204, len(builtin_lines)
with open(os.path.join(out_spec, "builtin_functions.txt"), "w") as f:
    f.write("\n".join(line for _, line in builtin_lines) + "\n")

# --- examples
pattern = re.compile(
    r"<div class='(example[^']*)'([^>]*)>\s*(?:<xmp[^>]*>|<pre[^>]*>)(.*?)(?:</xmp>|</pre>)\s*</div>",
    re.S)
examples = list(pattern.finditer(src))
assert len(examples) == 91, len(examples)
index = []
for i, m in enumerate(examples, 1):
    line = src.count("\n", 0, m.start()) + 1
    classes = m.group(1).split()[1:]
    heading = re.search(r"heading=['\"]([^'\"]*)['\"]", m.group(2))
    body = html.unescape(m.group(3))
    lines = body.split("\n")
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    indent = min((len(l) - len(l.lstrip()) for l in lines if l.strip()), default=0)
    text = "\n".join(l[indent:] if l.strip() else "" for l in lines) + "\n"
    with open(os.path.join(out_ex, f"{i:03d}.wgsl"), "w") as f:
        f.write(text)
    index.append(f"{i}\t{line}\t{','.join(classes)}\t{heading.group(1) if heading else ''}")
with open(os.path.join(out_ex, "examples.tsv"), "w") as f:
    f.write("# number\tline in wgsl-2022-06-07.bs\tclasses\theading\n")
    f.write("\n".join(index) + "\n")
print(f"grammar {len(grammar)}, keywords {len(kw_spellings)}, reserved {len(reserved)}, "
      f"tokens {len(tok_lines)}, built-in overload blocks {len(builtin_lines)}, "
      f"examples {len(examples)}")
