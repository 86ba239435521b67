#!/bin/sh
# A stand-in for NVIDIA's cgc in the core tests (cg_oracle_test.cpp): the last argument is the
# program; one containing BAD is rejected with a diagnostic in cgc's format, one containing WARN
# is accepted with a warning, one containing HANG never finishes; `-v` prints a version line.
[ "$1" = "-v" ] && { echo "cgc: version 9.9.0001, build date Jan 1 2030 00:00:00"; exit 0; }
for last; do :; done
if grep -q HANG "$last"; then sleep 30; fi
if grep -q BAD "$last"; then
  echo "$last(2) : error C1008: undefined variable \"BAD\"" >&2
  exit 1
fi
if grep -q WARN "$last"; then
  echo "$last(1) : warning C7011: implicit cast from \"float4\" to \"float\"" >&2
fi
if grep -q LIMIT "$last"; then
  echo "$last(3) : error C6002: Instruction limit of 1024 exceeded; 1113 instructions needed" >&2
  exit 1
fi
echo "// hlslf output by Cg compiler"
echo "float4 main() : COLOR0"
echo "{"
echo "    return float4(   3.33333343267440796E-01f,   1.00000000000000000E00f,   -2.50000000000000000E00f,   3.00000000000000000E00f);"
echo "} // main end"
