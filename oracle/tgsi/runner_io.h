/* What the TGSI oracle's runners (arb_runner.c, glsl_runner.c) share besides the EGL context
 * (egl_context.h): errors, reading the program file, and reading the cases from standard input
 * (docs/tgsi.md, "The Mesa oracle"). runner_io.c is compiled into each runner by
 * scripts/tgsi_oracle_setup.sh; not part of the core build. */
#ifndef PLUMB_TGSI_RUNNER_IO_H
#define PLUMB_TGSI_RUNNER_IO_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum { kRunnerMaxCases = 1 << 16 };

/* `error: WHAT[: DETAIL]` on standard error, exit status 1. */
void die(const char* what, const char* detail);

/* The whole file at `path`, NUL-terminated (dies if it cannot be read). */
char* readFile(const char* path);

/* The cases of `in`: one a line, each `words` words of 8 hex digits (32-bit patterns); empty
 * lines are skipped. Dies on a line with too few or too many words, or on more than
 * kRunnerMaxCases cases. Returns the words, case after case, and sets `*cases`. Read before
 * any GL call, so that a bad line costs no context. */
uint32_t* readCases(FILE* in, size_t words, int* cases);

#endif
