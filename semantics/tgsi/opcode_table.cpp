// The seed's 105 opcodes (shared/seeds/001_*, "Instruction Set"), in its order. Operand counts
// follow Mesa's tgsi_info, since the seed gives none (docs/tgsi.md).
#include "semantics/tgsi/opcode_table.h"

#include <array>

namespace plumb::tgsi {
namespace {

constexpr OpcodeStatus E = OpcodeStatus::Evaluated;
constexpr OpcodeStatus T = OpcodeStatus::Tbd;
constexpr OpcodeClass A = OpcodeClass::A;
constexpr OpcodeClass B = OpcodeClass::B;
constexpr OpcodeClass C = OpcodeClass::C;
constexpr OpcodeClass D = OpcodeClass::D;

constexpr std::string_view kNv = "GL_NV_vertex_program";
constexpr std::string_view kNv2 = "GL_NV_vertex_program2";
constexpr std::string_view kGp4 = "GL_NV_gpu_program4";
constexpr std::string_view kGeom = "GL_NV_geometry_program4";
constexpr std::string_view kGlsl = "GLSL";
constexpr std::string_view kPs2x = "ps_2_x";

constexpr std::string_view kFlow =
    "LOOP[i] is the loop register; BGNFOR and ENDFOR pair by nesting; the source is CONST or IMM";
constexpr std::string_view kQuad =
    "over the 2x2 quad, FRAG only: fine or coarse differences of neighbours (TGSI-22)";

constexpr std::array kTable = {
    OpcodeInfo{"ARL", "ARL - Address Register Load", kNv, 1, 1, false, E, A,
               "dst.x = \\lfloor src.x\\rfloor", "writes an ADDR register as integers"},
    OpcodeInfo{"MOV", "MOV - Move", kNv, 1, 1, false, E, A, "dst.x = src.x", ""},
    OpcodeInfo{"LIT", "LIT - Light Coefficients", kNv, 1, 1, false, E, B,
               "dst.x = 1; dst.y = max(src.x, 0); dst.z = (src.x > 0) ? max(src.y, "
               "0)^{clamp(src.w, -128, 128))} : 0; dst.w = 1",
               "unbalanced parenthesis read as max(src.y,0)^clamp(src.w,-128,128)"},
    OpcodeInfo{"RCP", "RCP - Reciprocal", kNv, 1, 1, false, E, A, "dst.x = \\frac{1}{src.x}", ""},
    OpcodeInfo{"RSQ", "RSQ - Reciprocal Square Root", kNv, 1, 1, false, E, B,
               "dst.x = \\frac{1}{\\sqrt{|src.x|}}", ""},
    OpcodeInfo{"EXP", "EXP - Approximate Exponential Base 2", kNv, 1, 1, false, E, B,
               "dst.x = 2^{\\lfloor src.x\\rfloor}; dst.y = src.x - \\lfloor src.x\\rfloor; "
               "dst.z = 2^{src.x}; dst.w = 1",
               ""},
    OpcodeInfo{"LOG", "LOG - Approximate Logarithm Base 2", kNv, 1, 1, false, E, B,
               "dst.x = \\lfloor\\log_2{|src.x|}\\rfloor; dst.y = "
               "\\frac{|src.x|}{2^{\\lfloor\\log_2{|src.x|}\\rfloor}}; dst.z = "
               "\\log_2{|src.x|}; dst.w = 1",
               ""},
    OpcodeInfo{"MUL", "MUL - Multiply", kNv, 1, 2, false, E, A, "dst.x = src0.x \\times src1.x",
               ""},
    OpcodeInfo{"ADD", "ADD - Add", kNv, 1, 2, false, E, A, "dst.x = src0.x + src1.x", ""},
    OpcodeInfo{"DP3", "DP3 - 3-component Dot Product", kNv, 1, 2, false, E, A,
               "dst.x = src0.x \\times src1.x + src0.y \\times src1.y + src0.z \\times src1.z", ""},
    OpcodeInfo{"DP4", "DP4 - 4-component Dot Product", kNv, 1, 2, false, E, A,
               "dst.x = src0.x \\times src1.x + src0.y \\times src1.y + src0.z \\times src1.z "
               "+ src0.w \\times src1.w",
               ""},
    OpcodeInfo{"DST", "DST - Distance Vector", kNv, 1, 2, false, E, A,
               "dst.x = 1; dst.y = src0.y \\times src1.y; dst.z = src0.z; dst.w = src1.w", ""},
    OpcodeInfo{"MIN", "MIN - Minimum", kNv, 1, 2, false, E, A, "dst.x = min(src0.x, src1.x)",
               "min(x,y) = (x < y) ? x : y"},
    OpcodeInfo{"MAX", "MAX - Maximum", kNv, 1, 2, false, E, A, "dst.x = max(src0.x, src1.x)",
               "max(x,y) = (x > y) ? x : y"},
    OpcodeInfo{"SLT", "SLT - Set On Less Than", kNv, 1, 2, false, E, A,
               "dst.x = (src0.x < src1.x) ? 1 : 0", ""},
    OpcodeInfo{"SGE", "SGE - Set On Greater Equal Than", kNv, 1, 2, false, E, A,
               "dst.x = (src0.x >= src1.x) ? 1 : 0", ""},
    OpcodeInfo{"MAD", "MAD - Multiply And Add", kNv, 1, 3, false, E, A,
               "dst.x = src0.x \\times src1.x + src2.x", ""},
    OpcodeInfo{"SUB", "SUB - Subtract", kNv, 1, 2, false, E, A, "dst.x = src0.x - src1.x", ""},
    OpcodeInfo{"LRP", "LRP - Linear Interpolate", kNv, 1, 3, false, E, A,
               "dst.x = src0.x \\times (src1.x - src2.x) + src2.x", ""},
    OpcodeInfo{"CND", "CND - Condition", kNv, 1, 3, false, E, A,
               "dst.x = (src2.x > 0.5) ? src0.x : src1.x", ""},
    OpcodeInfo{"DP2A", "DP2A - 2-component Dot Product And Add", kNv, 1, 3, false, E, A,
               "dst.x = src0.x \\times src1.x + src0.y \\times src1.y + src2.x", ""},
    OpcodeInfo{"FRAC", "FRAC - Fraction", kNv, 1, 1, false, E, A,
               "dst.x = src.x - \\lfloor src.x\\rfloor", ""},
    OpcodeInfo{"CLAMP", "CLAMP - Clamp", kNv, 1, 3, false, E, A,
               "dst.x = clamp(src0.x, src1.x, src2.x)",
               "clamp(x,y,z) = (x < y) ? y : (x > z) ? z : x"},
    OpcodeInfo{"FLR", "FLR - Floor", kNv, 1, 1, false, E, A, "dst.x = \\lfloor src.x\\rfloor", ""},
    OpcodeInfo{"ROUND", "ROUND - Round", kNv, 1, 1, false, E, C, "dst.x = round(src.x)",
               "ties: both neighbours (the seed gives no tie rule)"},
    OpcodeInfo{"EX2", "EX2 - Exponential Base 2", kNv, 1, 1, false, E, B, "dst.x = 2^{src.x}", ""},
    OpcodeInfo{"LG2", "LG2 - Logarithm Base 2", kNv, 1, 1, false, E, B, "dst.x = \\log_2{src.x}",
               ""},
    OpcodeInfo{"POW", "POW - Power", kNv, 1, 2, false, E, B, "dst.x = src0.x^{src1.x}", ""},
    OpcodeInfo{"XPD", "XPD - Cross Product", kNv, 1, 2, false, E, A,
               "dst.x = src0.y \\times src1.z - src1.y \\times src0.z; ...; dst.w = 1", ""},
    OpcodeInfo{"ABS", "ABS - Absolute", kNv, 1, 1, false, E, A, "dst.x = |src.x|", ""},
    OpcodeInfo{"RCC", "RCC - Reciprocal Clamped", kNv, 1, 1, false, E, A,
               "dst.x = (1 / src.x) > 0 ? clamp(1 / src.x, 5.42101e-020, 1.884467e+019) : "
               "clamp(1 / src.x, -1.884467e+019, -5.42101e-020)",
               "both readings of the constants: the seed's decimals and 2^-64, 2^64"},
    OpcodeInfo{"DPH", "DPH - Homogeneous Dot Product", kNv, 1, 2, false, E, A,
               "dst.x = src0.x \\times src1.x + src0.y \\times src1.y + src0.z \\times src1.z "
               "+ src1.w",
               ""},
    OpcodeInfo{"COS", "COS - Cosine", kNv, 1, 1, false, E, B,
               "dst.x = \\cos{src.x}; dst.w = \\cos{src.w}",
               "dst.w: both readings, cos(src.x) and the seed's cos(src.w)"},
    OpcodeInfo{"DDX", "DDX - Derivative Relative To X", kNv, 1, 1, false, E, C,
               "dst.x = partialx(src.x)", kQuad},
    OpcodeInfo{"DDY", "DDY - Derivative Relative To Y", kNv, 1, 1, false, E, C,
               "dst.x = partialy(src.x)", kQuad},
    OpcodeInfo{"KILP", "KILP - Predicated Discard", kNv, 0, 0, false, E, C, "discard",
               "unconditional, as the formula says"},
    OpcodeInfo{"PK2H", "PK2H - Pack Two 16-bit Floats", kNv, 1, 1, false, T, D, "TBD", ""},
    OpcodeInfo{"PK2US", "PK2US - Pack Two Unsigned 16-bit Scalars", kNv, 1, 1, false, T, D, "TBD",
               ""},
    OpcodeInfo{"PK4B", "PK4B - Pack Four Signed 8-bit Scalars", kNv, 1, 1, false, T, D, "TBD", ""},
    OpcodeInfo{"PK4UB", "PK4UB - Pack Four Unsigned 8-bit Scalars", kNv, 1, 1, false, T, D, "TBD",
               ""},
    OpcodeInfo{"RFL", "RFL - Reflection Vector", kNv, 1, 2, false, E, A,
               "dst.x = 2 \\times (src0.x \\times src1.x + src0.y \\times src1.y + src0.z "
               "\\times src1.z) / (src0.x \\times src0.x + src0.y \\times src0.y + src0.z "
               "\\times src0.z) \\times src0.x - src1.x; dst.w = 1",
               ""},
    OpcodeInfo{"SEQ", "SEQ - Set On Equal", kNv, 1, 2, false, E, A,
               "dst.x = (src0.x == src1.x) ? 1 : 0", ""},
    OpcodeInfo{"SFL", "SFL - Set On False", kNv, 1, 2, false, E, A, "dst.x = 0", ""},
    OpcodeInfo{"SGT", "SGT - Set On Greater Than", kNv, 1, 2, false, E, A,
               "dst.x = (src0.x > src1.x) ? 1 : 0", ""},
    OpcodeInfo{"SIN", "SIN - Sine", kNv, 1, 1, false, E, B,
               "dst.x = \\sin{src.x}; dst.w = \\sin{src.w}",
               "dst.w: both readings, sin(src.x) and the seed's sin(src.w)"},
    OpcodeInfo{"SLE", "SLE - Set On Less Equal Than", kNv, 1, 2, false, E, A,
               "dst.x = (src0.x <= src1.x) ? 1 : 0", ""},
    OpcodeInfo{"SNE", "SNE - Set On Not Equal", kNv, 1, 2, false, E, A,
               "dst.x = (src0.x != src1.x) ? 1 : 0", ""},
    OpcodeInfo{"STR", "STR - Set On True", kNv, 1, 2, false, E, A, "dst.x = 1", ""},
    OpcodeInfo{"TEX", "TEX - Texture Lookup", kNv, 1, 2, false, T, D, "TBD", ""},
    OpcodeInfo{"TXD", "TXD - Texture Lookup with Derivatives", kNv, 1, 4, false, T, D, "TBD", ""},
    OpcodeInfo{"TXP", "TXP - Projective Texture Lookup", kNv, 1, 2, false, T, D, "TBD", ""},
    OpcodeInfo{"UP2H", "UP2H - Unpack Two 16-Bit Floats", kNv, 1, 1, false, T, D, "TBD", ""},
    OpcodeInfo{"UP2US", "UP2US - Unpack Two Unsigned 16-Bit Scalars", kNv, 1, 1, false, T, D, "TBD",
               ""},
    OpcodeInfo{"UP4B", "UP4B - Unpack Four Signed 8-Bit Values", kNv, 1, 1, false, T, D, "TBD", ""},
    OpcodeInfo{"UP4UB", "UP4UB - Unpack Four Unsigned 8-Bit Scalars", kNv, 1, 1, false, T, D, "TBD",
               ""},
    OpcodeInfo{"X2D", "X2D - 2D Coordinate Transformation", kNv, 1, 3, false, E, A,
               "dst.x = src0.x + src1.x \\times src2.x + src1.y \\times src2.y; dst.y = src0.y + "
               "src1.x \\times src2.z + src1.y \\times src2.w; dst.z = dst.x; dst.w = dst.y",
               ""},
    OpcodeInfo{"ARA", "ARA - Address Register Add", kNv2, 1, 1, false, T, D, "TBD", ""},
    OpcodeInfo{"ARR", "ARR - Address Register Load With Round", kNv2, 1, 1, false, E, C,
               "dst.x = round(src.x)", "ties: both neighbours; writes an ADDR register"},
    OpcodeInfo{"BRA", "BRA - Branch", kNv2, 0, 0, false, E, C, "pc = target",
               "`BRA :N` jumps to the instruction labelled N"},
    OpcodeInfo{"CAL", "CAL - Subroutine Call", kNv2, 0, 0, false, E, C, "push(pc) pc = target",
               "pushes the return address pc + 1 (TGSI-17); one stack with PUSHA/POPA"},
    OpcodeInfo{"RET", "RET - Subroutine Call Return", kNv2, 0, 0, false, E, C, "pc = pop()",
               "on an empty stack the program ends (TGSI-17)"},
    OpcodeInfo{"SSG", "SSG - Set Sign", kNv2, 1, 1, false, E, A,
               "dst.x = (src.x > 0) ? 1 : (src.x < 0) ? -1 : 0", ""},
    OpcodeInfo{"CMP", "CMP - Compare", kNv2, 1, 3, false, E, A,
               "dst.x = (src0.x < 0) ? src1.x : src2.x", ""},
    OpcodeInfo{"KIL", "KIL - Conditional Discard", kNv2, 0, 1, false, E, A,
               "if (src.x < 0 || src.y < 0 || src.z < 0 || src.w < 0) discard endif", ""},
    OpcodeInfo{"SCS", "SCS - Sine Cosine", kNv2, 1, 1, false, E, B,
               "dst.x = \\cos{src.x}; dst.y = \\sin{src.x}; dst.z = 0; dst.y = 1",
               "the second dst.y read as dst.w = 1"},
    OpcodeInfo{"TXB", "TXB - Texture Lookup With Bias", kNv2, 1, 2, false, T, D, "TBD", ""},
    OpcodeInfo{"NRM", "NRM - 3-component Vector Normalise", kNv2, 1, 1, false, E, A,
               "dst.x = src.x / (src.x \\times src.x + src.y \\times src.y + src.z \\times "
               "src.z); dst.w = 1",
               "both readings: the seed's division by the squared length and by the length"},
    OpcodeInfo{"DIV", "DIV - Divide", kNv2, 1, 2, false, E, A, "dst.x = \\frac{src0.x}{src1.x}",
               ""},
    OpcodeInfo{"DP2", "DP2 - 2-component Dot Product", kNv2, 1, 2, false, E, A,
               "dst.x = src0.x \\times src1.x + src0.y \\times src1.y", ""},
    OpcodeInfo{"TXL", "TXL - Texture Lookup With LOD", kNv2, 1, 2, false, T, D, "TBD", ""},
    OpcodeInfo{"BRK", "BRK - Break", kNv2, 0, 0, false, T, D, "TBD", ""},
    OpcodeInfo{"IF", "IF - If", kNv2, 0, 1, false, T, D, "TBD", ""},
    OpcodeInfo{"BGNFOR", "BGNFOR - Begin a For-Loop", kNv2, 1, 1, false, E, C,
               "dst.x = floor(src.x) dst.y = floor(src.y) dst.z = floor(src.z) if (dst.y <= 0) "
               "pc = [matching ENDFOR] + 1 endif",
               kFlow},
    OpcodeInfo{"REP", "REP - Repeat", kNv2, 0, 1, false, T, D, "TBD", ""},
    OpcodeInfo{"ELSE", "ELSE - Else", kNv2, 0, 0, false, T, D, "TBD", ""},
    OpcodeInfo{"ENDIF", "ENDIF - End If", kNv2, 0, 0, false, T, D, "TBD", ""},
    OpcodeInfo{"ENDFOR", "ENDFOR - End a For-Loop", kNv2, 1, 0, false, E, C,
               "dst.x = dst.x + dst.z dst.y = dst.y - 1.0 if (dst.y > 0) pc = [matching BGNFOR "
               "instruction] + 1 endif",
               kFlow},
    OpcodeInfo{"ENDREP", "ENDREP - End Repeat", kNv2, 0, 0, false, T, D, "TBD", ""},
    OpcodeInfo{"PUSHA", "PUSHA - Push Address Register On Stack", kNv2, 0, 1, false, E, C,
               "push(src.x) push(src.y) push(src.z) push(src.w)",
               "the source is an ADDR register; the stack is CAL's (TGSI-17)"},
    OpcodeInfo{"POPA", "POPA - Pop Address Register From Stack", kNv2, 1, 0, false, E, C,
               "dst.w = pop() dst.z = pop() dst.y = pop() dst.x = pop()",
               "the destination is an ADDR register; the stack is CAL's (TGSI-17)"},
    OpcodeInfo{"CEIL", "CEIL - Ceiling", kGp4, 1, 1, false, E, A, "dst.x = \\lceil src.x\\rceil",
               ""},
    OpcodeInfo{"I2F", "I2F - Integer To Float", kGp4, 1, 1, true, E, C, "dst.x = (float) src.x",
               "signed 32-bit integers; either binary32 neighbour when not representable"},
    OpcodeInfo{"NOT", "NOT - Bitwise Not", kGp4, 1, 1, true, E, C, "dst.x = ~src.x", ""},
    OpcodeInfo{"TRUNC", "TRUNC - Truncate", kGp4, 1, 1, false, E, C, "dst.x = trunc(src.x)",
               "rounds toward zero (the XXX note asks how it differs from floor)"},
    OpcodeInfo{"SHL", "SHL - Shift Left", kGp4, 1, 2, true, E, C, "dst.x = src0.x << src1.x",
               "count src1.x for every component; counts outside 0..31 give any word"},
    OpcodeInfo{"SHR", "SHR - Shift Right", kGp4, 1, 2, true, E, C, "dst.x = src0.x >> src1.x",
               "arithmetic and logical both allowed; counts outside 0..31 give any word"},
    OpcodeInfo{"AND", "AND - Bitwise And", kGp4, 1, 2, true, E, C, "dst.x = src0.x & src1.x", ""},
    OpcodeInfo{"OR", "OR - Bitwise Or", kGp4, 1, 2, true, E, C, "dst.x = src0.x | src1.x", ""},
    OpcodeInfo{"MOD", "MOD - Modulus", kGp4, 1, 2, true, E, C, "dst.x = src0.x \\bmod src1.x",
               "signed; truncated and floored conventions both allowed; divisor 0 gives any word"},
    OpcodeInfo{"XOR", "XOR - Bitwise Xor", kGp4, 1, 2, true, E, C, "dst.x = src0.x ^ src1.x", ""},
    OpcodeInfo{"SAD", "SAD - Sum Of Absolute Differences", kGp4, 1, 3, true, E, C,
               "dst.x = |src0.x - src1.x| + src2.x", "unsigned 32-bit words, the sum modulo 2^32"},
    OpcodeInfo{"TXF", "TXF - Texel Fetch", kGp4, 1, 2, false, T, D, "TBD", ""},
    OpcodeInfo{"TXQ", "TXQ - Texture Size Query", kGp4, 1, 2, false, T, D, "TBD", ""},
    OpcodeInfo{"CONT", "CONT - Continue", kGp4, 0, 0, false, T, D, "TBD", ""},
    OpcodeInfo{"EMIT", "EMIT - Emit", kGeom, 0, 0, false, T, D, "TBD", ""},
    OpcodeInfo{"ENDPRIM", "ENDPRIM - End Primitive", kGeom, 0, 0, false, T, D, "TBD", ""},
    OpcodeInfo{"BGNLOOP", "BGNLOOP - Begin a Loop", kGlsl, 0, 0, false, T, D, "TBD", ""},
    OpcodeInfo{"BGNSUB", "BGNSUB - Begin Subroutine", kGlsl, 0, 0, false, T, D, "TBD", ""},
    OpcodeInfo{"ENDLOOP", "ENDLOOP - End a Loop", kGlsl, 0, 0, false, T, D, "TBD", ""},
    OpcodeInfo{"ENDSUB", "ENDSUB - End Subroutine", kGlsl, 0, 0, false, T, D, "TBD", ""},
    OpcodeInfo{"NOP", "NOP - No Operation", kGlsl, 0, 0, false, E, A, "Do nothing.", ""},
    OpcodeInfo{"NRM4", "NRM4 - 4-component Vector Normalise", kGlsl, 1, 1, false, E, A,
               "dst.x = \\frac{src.x}{src.x \\times src.x + src.y \\times src.y + src.z \\times "
               "src.z + src.w \\times src.w}",
               "both readings: the seed's division by the squared length and by the length"},
    OpcodeInfo{"CALLNZ", "CALLNZ - Subroutine Call If Not Zero", kPs2x, 0, 1, false, T, D, "TBD",
               ""},
    OpcodeInfo{"IFC", "IFC - If", kPs2x, 0, 1, false, T, D, "TBD", ""},
    OpcodeInfo{"BREAKC", "BREAKC - Break Conditional", kPs2x, 0, 1, false, T, D, "TBD", ""},
};
static_assert(kTable.size() == 105, "the seed defines 105 opcodes");

}  // namespace

std::span<const OpcodeInfo> opcodeTable() {
  return kTable;
}

const OpcodeInfo* findOpcode(std::string_view name) {
  for (const OpcodeInfo& o : kTable)
    if (o.name == name) return &o;
  return nullptr;
}

}  // namespace plumb::tgsi
