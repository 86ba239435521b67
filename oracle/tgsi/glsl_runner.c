/* tgsi_glsl_runner: runs one GLSL fragment shader in Mesa on the CPU (llvmpipe, through EGL's
 * surfaceless platform, as tgsi_arb_runner does) over a list of cases, each drawn as a 2x2 quad
 * of pixels, and prints what each pixel wrote as 32-bit words (docs/tgsi.md, "The GLSL
 * oracle"). `plumb tgsi oracle --glsl` writes the shader (oracle/tgsi/glsl_translation.cpp)
 * and the inputs and reads the results; scripts/tgsi_oracle_setup.sh compiles this file. Not
 * part of the core build.
 *
 * Usage: tgsi_glsl_runner OUTPUTS WORDS SHADER_FILE < INPUTS
 *   OUTPUTS  the shader's `layout(location = k) out uvec4 o_k` for k < OUTPUTS, then the
 *            discard marker o_OUTPUTS (written 1u last), to GL_RGBA32UI render targets
 *   WORDS    the words of `uniform uvec4 u_[WORDS / 4]` set for each case (the shader reads its
 *            pixel's registers from it; the pixel is gl_FragCoord's position in the quad)
 *   INPUTS   one case a line: WORDS words as 8 hex digits
 * Output: `renderer NAME` first, then one line a case: four pixels, (0,0), (1,0), (0,1), (1,1),
 * separated by ` |`, each `discarded` or OUTPUTS * 4 hex words. Errors: `error: ...` on
 * standard error, exit status 1 (2: usage). */
#define GL_GLEXT_PROTOTYPES 1
#define EGL_EGLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "egl_context.h"
#include "runner_io.h"

enum { kQuadsPerRow = 128, kMaxOutputs = 7, kMaxWords = 1024 };

static GLuint loadShader(const char* text) {
  GLuint shader = glCreateShader(GL_FRAGMENT_SHADER);
  glShaderSource(shader, 1, &text, NULL);
  glCompileShader(shader);
  GLint ok = 0;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  char log[4096] = "";
  if (!ok) {
    glGetShaderInfoLog(shader, sizeof log, NULL, log);
    die("Mesa rejected the shader", log);
  }
  GLuint program = glCreateProgram();
  glAttachShader(program, shader);
  glLinkProgram(program);
  glGetProgramiv(program, GL_LINK_STATUS, &ok);
  if (!ok) {
    glGetProgramInfoLog(program, sizeof log, NULL, log);
    die("Mesa did not link the shader", log);
  }
  glUseProgram(program);
  return program;
}

int main(int argc, char** argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: tgsi_glsl_runner OUTPUTS WORDS SHADER_FILE\n");
    return 2;
  }
  int outputs = atoi(argv[1]), words = atoi(argv[2]);
  if (outputs < 1 || outputs > kMaxOutputs || words < 4 || words > kMaxWords || words % 4)
    die("OUTPUTS must be 1..7, WORDS a multiple of 4 in 4..1024", NULL);
  char* shader = readFile(argv[3]);

  int cases = 0;
  uint32_t* input = readCases(stdin, (size_t)words, &cases);

  makeContext(4, 5);
  const int width = 2 * kQuadsPerRow, height = 2 * (cases / kQuadsPerRow + 1);
  const int targets = outputs + 1; /* the outputs, then the discard marker */
  GLuint textures[kMaxOutputs + 1], framebuffer;
  glGenFramebuffers(1, &framebuffer);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
  glGenTextures(targets, textures);
  GLenum buffers[kMaxOutputs + 1];
  for (int t = 0; t < targets; ++t) {
    glBindTexture(GL_TEXTURE_2D, textures[t]);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32UI, width, height, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT,
                 NULL);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + t, GL_TEXTURE_2D, textures[t], 0);
    buffers[t] = GL_COLOR_ATTACHMENT0 + t;
  }
  if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    die("the integer render target is incomplete", NULL);
  glDrawBuffers(targets, buffers);
  const GLuint zero[4] = {0, 0, 0, 0};
  for (int t = 0; t < targets; ++t) glClearBufferuiv(GL_COLOR, t, zero);
  glViewport(0, 0, width, height);
  /* Window coordinates: a rectangle from (2i, 2j) to (2i + 2, 2j + 2) covers exactly the four
     pixel centres of one quad (quads are aligned to even coordinates). */
  glMatrixMode(GL_PROJECTION);
  glLoadIdentity();
  glOrtho(0, width, 0, height, -1, 1);
  glMatrixMode(GL_MODELVIEW);
  glLoadIdentity();

  GLuint program = loadShader(shader);
  GLint location = glGetUniformLocation(program, "u_");
  if (location < 0) die("the shader has no uniform u_", NULL);
  for (int c = 0; c < cases; ++c) {
    glUniform4uiv(location, words / 4, input + (size_t)c * (size_t)words);
    float x = (float)(2 * (c % kQuadsPerRow)), y = (float)(2 * (c / kQuadsPerRow));
    glRectf(x, y, x + 2, y + 2);
  }
  glFinish();
  if (glGetError() != GL_NO_ERROR) die("a GL error while drawing", NULL);

  size_t plane = 4 * (size_t)width * (size_t)height;
  uint32_t* pixels = malloc(sizeof(uint32_t) * plane * (size_t)targets);
  for (int t = 0; t < targets; ++t) {
    glReadBuffer(GL_COLOR_ATTACHMENT0 + t);
    glReadPixels(0, 0, width, height, GL_RGBA_INTEGER, GL_UNSIGNED_INT, pixels + (size_t)t * plane);
  }
  if (glGetError() != GL_NO_ERROR) die("a GL error while reading back", NULL);

  printf("renderer %s\n", (const char*)glGetString(GL_RENDERER));
  for (int c = 0; c < cases; ++c) {
    for (int p = 0; p < 4; ++p) {
      int px = 2 * (c % kQuadsPerRow) + p % 2, py = 2 * (c / kQuadsPerRow) + p / 2;
      size_t at = 4 * ((size_t)py * (size_t)width + (size_t)px);
      printf("%s", p ? " |" : "");
      if (pixels[(size_t)outputs * plane + at] != 1u) {
        printf(" discarded");
        continue;
      }
      for (int o = 0; o < outputs; ++o)
        for (int k = 0; k < 4; ++k)
          printf(" %08" PRIx32, pixels[(size_t)o * plane + at + (size_t)k]);
    }
    printf("\n");
  }
  return 0;
}
