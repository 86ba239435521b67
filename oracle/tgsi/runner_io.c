/* The runners' shared input and error handling (runner_io.h). */
#include "runner_io.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

void die(const char* what, const char* detail) {
  fprintf(stderr, "error: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
  exit(1);
}

char* readFile(const char* path) {
  FILE* f = fopen(path, "rb");
  if (!f) die("cannot open the file", path);
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char* text = malloc((size_t)n + 1);
  if (!text || fread(text, 1, (size_t)n, f) != (size_t)n) die("cannot read", path);
  text[n] = 0;
  fclose(f);
  return text;
}

uint32_t* readCases(FILE* in, size_t words, int* cases) {
  uint32_t* input = malloc(sizeof(uint32_t) * words * kRunnerMaxCases + 1);
  if (!input) die("cannot allocate the cases", NULL);
  /* The longest line: the glsl runner's 1024 words of 8 digits and their separators. */
  static char line[1 << 16];
  int n = 0;
  while (fgets(line, sizeof line, in)) {
    if (line[0] == '\n' || line[0] == 0) continue;
    if (!strchr(line, '\n') && !feof(in)) die("an input line is too long", NULL);
    if (n == kRunnerMaxCases) die("too many cases (at most 65536)", NULL);
    char* p = line;
    for (size_t i = 0; i < words; ++i) {
      char* end;
      unsigned long v = strtoul(p, &end, 16);
      if (end == p) die("an input line has too few words", NULL);
      input[(size_t)n * words + i] = (uint32_t)v;
      p = end;
    }
    while (isspace((unsigned char)*p)) ++p;
    if (*p) die("an input line has too many words", NULL);
    ++n;
  }
  *cases = n;
  return input;
}
