/* The EGL surfaceless context on Mesa that the TGSI oracle's runners (arb_runner.c,
 * glsl_runner.c) share (docs/tgsi.md, "The Mesa oracle"); their errors and input reading are
 * runner_io.c's. Included by each runner, which scripts/tgsi_oracle_setup.sh compiles; not part
 * of the core build. */
#ifndef PLUMB_TGSI_EGL_CONTEXT_H
#define PLUMB_TGSI_EGL_CONTEXT_H

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include "runner_io.h"

/* A desktop OpenGL compatibility context of at least major.minor (0.0: any) on EGL's
   surfaceless platform: llvmpipe without a display. */
static void makeContext(int major_version, int minor_version) {
  PFNEGLGETPLATFORMDISPLAYEXTPROC getPlatformDisplay =
      (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
  if (!getPlatformDisplay) die("eglGetPlatformDisplayEXT is missing", NULL);
  EGLDisplay display = getPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
  EGLint major, minor;
  if (display == EGL_NO_DISPLAY || !eglInitialize(display, &major, &minor))
    die("no EGL surfaceless display (is Mesa's libegl-mesa0 installed?)", NULL);
  if (!eglBindAPI(EGL_OPENGL_API)) die("eglBindAPI(EGL_OPENGL_API) failed", NULL);
  const EGLint configAttributes[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
                                     EGL_OPENGL_BIT, EGL_NONE};
  EGLConfig config;
  EGLint count = 0;
  if (!eglChooseConfig(display, configAttributes, &config, 1, &count) || count == 0)
    die("no EGL config for desktop OpenGL", NULL);
  const EGLint versioned[] = {EGL_CONTEXT_MAJOR_VERSION,
                              major_version,
                              EGL_CONTEXT_MINOR_VERSION,
                              minor_version,
                              EGL_CONTEXT_OPENGL_PROFILE_MASK,
                              EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT,
                              EGL_NONE};
  const EGLint* contextAttributes = major_version ? versioned : versioned + 4;
  EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, contextAttributes);
  if (context == EGL_NO_CONTEXT)
    die("eglCreateContext (a desktop OpenGL compatibility context) failed", NULL);
  if (!eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context))
    die("eglMakeCurrent (surfaceless) failed", NULL);
}

#endif
