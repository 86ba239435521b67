#!/bin/sh
# A stand-in for oracle/tgsi/arb_runner.c in the tests (no Mesa needed): speaks the runner's
# protocol and answers each case with its first four input words (program.local[0]), which is
# what the translated `MOV OUT[0], IN[0]` writes. FAKE_ARB_MODE changes the answer:
#   flush    subnormal words written as zeros of the same sign (what llvmpipe does)
#   wrong    the first word plus one step
#   discard  every case discarded
#   fail     exit 1 with an error, as when Mesa rejects a program
# Usage as the real runner's: KIND OUTPUTS LOCALS ENVS PROGRAM_FILE < INPUTS
mode="${FAKE_ARB_MODE:-same}"
if [ "$mode" = fail ]; then echo "error: Mesa rejected the program at byte 3: fake" >&2; exit 1; fi
echo "renderer fake"
while read -r a b c d rest; do
  [ -z "$a" ] && continue
  case "$mode" in
    discard) echo discarded; continue ;;
    flush)
      out=""
      for w in $a $b $c $d; do
        e=$(( 0x$w & 0x7f800000 )); m=$(( 0x$w & 0x007fffff ))
        if [ $e -eq 0 ] && [ $m -ne 0 ]; then w=$(printf '%08x' $(( 0x$w & 0x80000000 ))); fi
        out="$out $w"
      done
      echo "ok$out" ;;
    wrong) echo "ok $(printf '%08x' $(( (0x$a + 1) & 0xffffffff ))) $b $c $d" ;;
    *) echo "ok $a $b $c $d" ;;
  esac
done
