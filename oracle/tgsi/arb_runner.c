/* tgsi_arb_runner: runs one ARB_fragment_program or ARB_vertex_program in Mesa on the CPU
 * (llvmpipe, through EGL's surfaceless platform and a desktop GL compatibility context) on a
 * list of parameter sets, and prints what the program wrote, as binary32 bits (docs/tgsi.md,
 * "The Mesa oracle"). `plumb tgsi oracle` writes the program and the inputs and reads the
 * results; scripts/tgsi_oracle_setup.sh compiles this file. Not part of the core build.
 *
 * Usage: tgsi_arb_runner KIND OUTPUTS LOCALS ENVS PROGRAM_FILE < INPUTS
 *   KIND     fragment | vertex
 *   OUTPUTS  how many result registers the program writes (fragment: result.color[0..n-1],
 *            and result.color[n] = 1 last, the discard marker; vertex: result.color.primary,
 *            result.color.secondary, then result.texcoord[2..n-1], which this runner's
 *            fragment program copies to the render targets)
 *   LOCALS   program.local[0..LOCALS-1] set for each case; ENVS likewise program.env
 *   INPUTS   one case a line: (LOCALS + ENVS) * 4 words as 8 hex digits (binary32 bits)
 * Output: `renderer NAME` first, then one line a case: `ok` and OUTPUTS * 4 hex words, or
 * `discarded`. Errors: `error: ...` on standard error, exit status 1 (2: usage).
 *
 * A case whose marker is still 0 after the draw was discarded (KIL). Each case is one point of size
 * 1 at its own pixel of a float render target (GL_RGBA32F, no clamping), so nothing is
 * interpolated. */
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

enum { kWidth = 256, kMaxOutputs = 7, kMaxParams = 64 };

static GLuint loadProgram(GLenum target, const char* text) {
  GLuint id;
  glGenProgramsARB(1, &id);
  glBindProgramARB(target, id);
  glProgramStringARB(target, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(text), text);
  GLint position = -1;
  glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &position);
  if (position != -1 || glGetError() != GL_NO_ERROR) {
    fprintf(stderr, "error: Mesa rejected the program at byte %d: %s\n", (int)position,
            (const char*)glGetString(GL_PROGRAM_ERROR_STRING_ARB));
    exit(1);
  }
  glEnable(target);
  return id;
}

static float fromBits(uint32_t bits) {
  float f;
  memcpy(&f, &bits, sizeof f);
  return f;
}

static uint32_t toBits(float f) {
  uint32_t bits;
  memcpy(&bits, &f, sizeof bits);
  return bits;
}

int main(int argc, char** argv) {
  if (argc != 6) {
    fprintf(stderr, "usage: tgsi_arb_runner fragment|vertex OUTPUTS LOCALS ENVS PROGRAM_FILE\n");
    return 2;
  }
  int vertex = strcmp(argv[1], "vertex") == 0;
  if (!vertex && strcmp(argv[1], "fragment") != 0) die("KIND must be fragment or vertex", argv[1]);
  int outputs = atoi(argv[2]), locals = atoi(argv[3]), envs = atoi(argv[4]);
  if (outputs < 1 || outputs > kMaxOutputs || locals < 0 || locals > kMaxParams || envs < 0 ||
      envs > kMaxParams)
    die("OUTPUTS must be 1..7, LOCALS and ENVS 0..64", NULL);
  char* program = readFile(argv[5]);

  size_t words = (size_t)(locals + envs) * 4;
  int cases = 0;
  uint32_t* input = readCases(stdin, words, &cases);

  makeContext(0, 0);
  int height = cases / kWidth + 1;
  int targets = vertex ? outputs + 1 : outputs + 1; /* the outputs, then the discard marker */
  GLuint textures[kMaxOutputs + 1], framebuffer;
  glGenFramebuffers(1, &framebuffer);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
  glGenTextures(targets, textures);
  GLenum buffers[kMaxOutputs + 1];
  for (int t = 0; t < targets; ++t) {
    glBindTexture(GL_TEXTURE_2D, textures[t]);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, kWidth, height, 0, GL_RGBA, GL_FLOAT, NULL);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + t, GL_TEXTURE_2D, textures[t], 0);
    buffers[t] = GL_COLOR_ATTACHMENT0 + t;
  }
  if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    die("the float render target is incomplete", NULL);
  glDrawBuffers(targets, buffers);
  /* ARB_color_buffer_float: no clamping anywhere between the program and the read-back. */
  glClampColor(GL_CLAMP_VERTEX_COLOR, GL_FALSE);
  glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_FALSE);
  glClampColor(GL_CLAMP_READ_COLOR, GL_FALSE);
  glViewport(0, 0, kWidth, height);
  glClearColor(0, 0, 0, 0);
  glClear(GL_COLOR_BUFFER_BIT);
  glPointSize(1);
  glDisable(GL_POINT_SMOOTH);

  if (vertex) {
    loadProgram(GL_VERTEX_PROGRAM_ARB, program);
    /* The fragment stage copies the texture coordinates the vertex program wrote; a point's
       attributes are the vertex's, not interpolated across vertices. */
    char pass[2048], varying[64];
    int n = snprintf(pass, sizeof pass, "!!ARBfp1.0\nOPTION ARB_draw_buffers;\n");
    for (int o = 0; o < outputs; ++o)
      n += snprintf(pass + n, sizeof pass - (size_t)n, "MOV result.color[%d], %s;\n", o,
                    o == 0 ? "fragment.color.primary"
                    : o == 1
                        ? "fragment.color.secondary"
                        : (snprintf(varying, sizeof varying, "fragment.texcoord[%d]", o), varying));
    snprintf(pass + n, sizeof pass - (size_t)n, "MOV result.color[%d], 1;\nEND\n", outputs);
    loadProgram(GL_FRAGMENT_PROGRAM_ARB, pass);
    /* Flat colours reach the fragment program as the vertex wrote them; an interpolated
       attribute goes through arithmetic that turns -0 into +0 and flushes subnormals. */
    glShadeModel(GL_FLAT);
  } else {
    loadProgram(GL_FRAGMENT_PROGRAM_ARB, program);
  }
  GLenum target = vertex ? GL_VERTEX_PROGRAM_ARB : GL_FRAGMENT_PROGRAM_ARB;

  for (int c = 0; c < cases; ++c) {
    const uint32_t* w = input + (size_t)c * words;
    for (int i = 0; i < locals; ++i) {
      GLfloat v[4] = {fromBits(w[4 * i]), fromBits(w[4 * i + 1]), fromBits(w[4 * i + 2]),
                      fromBits(w[4 * i + 3])};
      glProgramLocalParameter4fvARB(target, (GLuint)i, v);
    }
    for (int i = 0; i < envs; ++i) {
      const uint32_t* e = w + 4 * (locals + i);
      GLfloat v[4] = {fromBits(e[0]), fromBits(e[1]), fromBits(e[2]), fromBits(e[3])};
      glProgramEnvParameter4fvARB(target, (GLuint)i, v);
    }
    /* The centre of pixel (c % width, c / width) in normalized device coordinates. */
    float x = ((float)(c % kWidth) + 0.5f) / kWidth * 2 - 1;
    float y = ((float)(c / kWidth) + 0.5f) / (float)height * 2 - 1;
    glBegin(GL_POINTS);
    glVertex4f(x, y, 0, 1);
    glEnd();
  }
  glFinish();
  if (glGetError() != GL_NO_ERROR) die("a GL error while drawing", NULL);

  float* pixels = malloc(sizeof(float) * 4 * kWidth * (size_t)height * (size_t)targets);
  for (int t = 0; t < targets; ++t) {
    glReadBuffer(GL_COLOR_ATTACHMENT0 + t);
    glReadPixels(0, 0, kWidth, height, GL_RGBA, GL_FLOAT,
                 pixels + (size_t)t * 4 * kWidth * (size_t)height);
  }
  if (glGetError() != GL_NO_ERROR) die("a GL error while reading back", NULL);

  printf("renderer %s\n", (const char*)glGetString(GL_RENDERER));
  size_t plane = 4 * kWidth * (size_t)height;
  for (int c = 0; c < cases; ++c) {
    const float* marker = pixels + (size_t)outputs * plane + 4 * (size_t)c;
    if (marker[0] != 1.0f) {
      printf("discarded\n");
      continue;
    }
    printf("ok");
    for (int o = 0; o < outputs; ++o)
      for (int k = 0; k < 4; ++k)
        printf(" %08" PRIx32, toBits(pixels[(size_t)o * plane + 4 * (size_t)c + k]));
    printf("\n");
  }
  return 0;
}
