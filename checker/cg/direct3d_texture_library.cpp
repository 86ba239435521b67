// The texture functions of the Direct3D 10/11 profiles (see direct3d_texture_library.h).
#include "checker/cg/direct3d_texture_library.h"

#include <sstream>

namespace plumb::cg {

namespace {

// The stages of a form: the pixel profiles (ps_4_0, ps_5_0), the vertex ones (vs_4_0, vs_5_0).
enum Direct3DStages { kD3DNoStage = 0, kD3DPixel = 1, kD3DVertex = 2, kD3DPixelVertex = 3 };

struct Direct3DForm {
  const char* name;
  const char* parameters;  // the sampler's and the arguments' types, as codes (direct3dType)
  const char* result;
  Direct3DStages accepted;     // where cgc 3.1 compiles it
  Direct3DStages unsupported;  // where it says C3004, "not supported in this profile"
};

// Each row measured with cgc 3.1.0013 (`cgc -profile P -entry main`, a program assigning the
// call to a float: its C7011 warning names the result type), the same in the 4_0 and 5_0
// profiles of a stage. A form in neither stage, or missing, has no overload there (C1115:
// tex2DARRAYproj, texCUBEARRAYbias, texCUBEARRAYlod, texRBUF, texRBUFsize, tex3D's derivative
// form in vertex programs); docs/ambiguities.md CG-P20.
const Direct3DForm kDirect3DForms[] = {
    {"tex1D", "s1 f1", "f4", kD3DPixel, kD3DVertex},
    {"tex1D", "s1 f2", "f4", kD3DPixel, kD3DVertex},
    {"tex1Dproj", "s1 f2", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex1Dproj", "s1 f3", "f4", kD3DPixel, kD3DVertex},
    {"tex1Dbias", "s1 f4", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex1Dlod", "s1 f4", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex2D", "s2 f2", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex2D", "s2 f3", "f4", kD3DPixel, kD3DVertex},
    {"tex2Dproj", "s2 f3", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex2Dproj", "s2 f4", "f4", kD3DPixel, kD3DVertex},
    {"tex2Dbias", "s2 f4", "f4", kD3DPixel, kD3DVertex},
    {"tex2Dlod", "s2 f4", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex3D", "s3 f3", "f4", kD3DPixel, kD3DVertex},
    {"tex3Dproj", "s3 f4", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex3Dbias", "s3 f4", "f4", kD3DPixel, kD3DVertex},
    {"tex3Dlod", "s3 f4", "f4", kD3DPixelVertex, kD3DNoStage},
    {"texCUBE", "sc f3", "f4", kD3DPixel, kD3DVertex},
    {"texCUBE", "sc f4", "f4", kD3DPixel, kD3DVertex},
    {"texCUBEproj", "sc f4", "f4", kD3DPixelVertex, kD3DNoStage},
    {"texCUBEbias", "sc f4", "f4", kD3DPixel, kD3DVertex},
    {"texCUBElod", "sc f4", "f4", kD3DPixelVertex, kD3DNoStage},
    {"texRECT", "sr f2", "f4", kD3DNoStage, kD3DPixelVertex},
    {"texRECT", "sr f3", "f4", kD3DNoStage, kD3DPixelVertex},
    {"texRECTproj", "sr f3", "f4", kD3DNoStage, kD3DPixelVertex},
    {"texRECTproj", "sr f4", "f4", kD3DNoStage, kD3DPixelVertex},
    {"texRECTbias", "sr f4", "f4", kD3DNoStage, kD3DPixelVertex},
    {"texRECTlod", "sr f4", "f4", kD3DNoStage, kD3DPixelVertex},
    {"tex1D", "s1 f1 f1 f1", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex1D", "s1 f2 f1 f1", "f4", kD3DNoStage, kD3DPixelVertex},
    {"tex2D", "s2 f2 f2 f2", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex2D", "s2 f3 f2 f2", "f4", kD3DNoStage, kD3DPixelVertex},
    {"tex3D", "s3 f3 f3 f3", "f4", kD3DPixel, kD3DNoStage},
    {"texCUBE", "sc f3 f3 f3", "f4", kD3DPixelVertex, kD3DNoStage},
    {"texCUBE", "sc f4 f3 f3", "f4", kD3DPixelVertex, kD3DNoStage},
    {"texRECT", "sr f2 f2 f2", "f4", kD3DNoStage, kD3DPixelVertex},
    {"texRECT", "sr f3 f2 f2", "f4", kD3DNoStage, kD3DPixelVertex},
    {"tex1D", "s1 f1 i1", "f4", kD3DPixel, kD3DVertex},
    {"tex1D", "s1 f1 f1 f1 i1", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex1D", "s1 f2 i1", "f4", kD3DPixel, kD3DVertex},
    {"tex1D", "s1 f2 f1 f1 i1", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex1Dproj", "s1 f2 i1", "f4", kD3DPixel, kD3DNoStage},
    {"tex1Dproj", "s1 f3 i1", "f4", kD3DPixel, kD3DNoStage},
    {"tex1Dlod", "s1 f4 i1", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex1Dbias", "s1 f4 i1", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex1Dfetch", "s1 i4", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex1Dfetch", "s1 i4 i1", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex1Dsize", "s1 i1", "i3", kD3DPixelVertex, kD3DNoStage},
    {"tex2D", "s2 f2 i2", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex2D", "s2 f2 f2 f2 i2", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex2D", "s2 f3 i2", "f4", kD3DPixel, kD3DVertex},
    {"tex2D", "s2 f3 f2 f2 i2", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex2Dproj", "s2 f3 i2", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex2Dproj", "s2 f4 i2", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex2Dlod", "s2 f4 i2", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex2Dbias", "s2 f4 i2", "f4", kD3DPixel, kD3DVertex},
    {"tex2Dfetch", "s2 i4", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex2Dfetch", "s2 i4 i2", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex2Dsize", "s2 i1", "i3", kD3DPixelVertex, kD3DNoStage},
    {"tex3D", "s3 f3 i3", "f4", kD3DPixel, kD3DVertex},
    {"tex3D", "s3 f3 f3 f3 i3", "f4", kD3DPixel, kD3DNoStage},
    {"tex3Dproj", "s3 f4 i3", "f4", kD3DPixel, kD3DNoStage},
    {"tex3Dlod", "s3 f4 i3", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex3Dbias", "s3 f4 i3", "f4", kD3DPixel, kD3DVertex},
    {"tex3Dfetch", "s3 i4", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex3Dfetch", "s3 i4 i3", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex3Dsize", "s3 i1", "i3", kD3DPixelVertex, kD3DNoStage},
    {"texRECT", "sr f2 i2", "f4", kD3DNoStage, kD3DPixelVertex},
    {"texRECT", "sr f2 f2 f2 i2", "f4", kD3DNoStage, kD3DPixelVertex},
    {"texRECT", "sr f3 i2", "f4", kD3DNoStage, kD3DPixelVertex},
    {"texRECT", "sr f3 f2 f2 i2", "f4", kD3DNoStage, kD3DPixelVertex},
    {"texRECTproj", "sr f3 i2", "f4", kD3DNoStage, kD3DPixelVertex},
    {"texRECTproj", "sr f4 i2", "f4", kD3DNoStage, kD3DPixelVertex},
    {"texRECTfetch", "sr i4", "f4", kD3DNoStage, kD3DPixelVertex},
    {"texRECTfetch", "sr i4 i2", "f4", kD3DNoStage, kD3DPixelVertex},
    {"texRECTsize", "sr i1", "i3", kD3DNoStage, kD3DPixelVertex},
    {"texCUBEsize", "sc i1", "i3", kD3DPixelVertex, kD3DNoStage},
    {"tex1DARRAY", "s1a f2", "f4", kD3DPixel, kD3DVertex},
    {"tex1DARRAY", "s1a f2 i1", "f4", kD3DPixel, kD3DVertex},
    {"tex1DARRAY", "s1a f2 f1 f1", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex1DARRAY", "s1a f2 f1 f1 i1", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex1DARRAY", "s1a f3", "f4", kD3DPixel, kD3DVertex},
    {"tex1DARRAY", "s1a f3 i1", "f4", kD3DPixel, kD3DVertex},
    {"tex1DARRAY", "s1a f3 f1 f1", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex1DARRAY", "s1a f3 f1 f1 i1", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex1DARRAYlod", "s1a f4", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex1DARRAYlod", "s1a f4 i1", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex1DARRAYbias", "s1a f4", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex1DARRAYbias", "s1a f4 i1", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex1DARRAYproj", "s1a f3", "f4", kD3DPixel, kD3DNoStage},
    {"tex1DARRAYproj", "s1a f3 i1", "f4", kD3DPixel, kD3DNoStage},
    {"tex2DARRAY", "s2a f3", "f4", kD3DPixel, kD3DVertex},
    {"tex2DARRAY", "s2a f3 i2", "f4", kD3DPixel, kD3DVertex},
    {"tex2DARRAY", "s2a f3 f2 f2", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex2DARRAY", "s2a f3 f2 f2 i2", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex1DARRAYproj", "s1a f4", "f4", kD3DPixel, kD3DNoStage},
    {"tex1DARRAYproj", "s1a f4 i1", "f4", kD3DPixel, kD3DNoStage},
    {"tex2DARRAY", "s2a f4", "f4", kD3DPixel, kD3DVertex},
    {"tex2DARRAY", "s2a f4 i2", "f4", kD3DPixel, kD3DVertex},
    {"tex2DARRAY", "s2a f4 f2 f2", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex2DARRAY", "s2a f4 f2 f2 i2", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex2DARRAYlod", "s2a f4", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex2DARRAYlod", "s2a f4 i2", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex2DARRAYbias", "s2a f4", "f4", kD3DPixel, kD3DVertex},
    {"tex2DARRAYbias", "s2a f4 i2", "f4", kD3DPixel, kD3DVertex},
    {"texBUF", "sb i1", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex1Dcmpbias", "s1 f4", "f4", kD3DNoStage, kD3DPixelVertex},
    {"tex1Dcmpbias", "s1 f4 i1", "f4", kD3DNoStage, kD3DPixelVertex},
    {"tex2Dcmpbias", "s2 f4", "f4", kD3DNoStage, kD3DPixelVertex},
    {"tex2Dcmpbias", "s2 f4 i2", "f4", kD3DNoStage, kD3DPixelVertex},
    {"tex1DARRAYcmpbias", "s1a f4", "f4", kD3DNoStage, kD3DPixelVertex},
    {"tex1DARRAYcmpbias", "s1a f4 i1", "f4", kD3DNoStage, kD3DPixelVertex},
    {"tex1Dcmplod", "s1 f4", "f4", kD3DNoStage, kD3DPixelVertex},
    {"tex1Dcmplod", "s1 f4 i1", "f4", kD3DNoStage, kD3DPixelVertex},
    {"tex2Dcmplod", "s2 f4", "f4", kD3DNoStage, kD3DPixelVertex},
    {"tex2Dcmplod", "s2 f4 i2", "f4", kD3DNoStage, kD3DPixelVertex},
    {"tex1DARRAYcmplod", "s1a f4", "f4", kD3DNoStage, kD3DPixelVertex},
    {"tex1DARRAYcmplod", "s1a f4 i1", "f4", kD3DNoStage, kD3DPixelVertex},
    {"tex1DARRAYfetch", "s1a i4", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex1DARRAYfetch", "s1a i4 i1", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex2DARRAYfetch", "s2a i4", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex2DARRAYfetch", "s2a i4 i2", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex1DARRAYsize", "s1a i1", "i3", kD3DPixelVertex, kD3DNoStage},
    {"tex2DARRAYsize", "s2a i1", "i3", kD3DPixelVertex, kD3DNoStage},
    {"texBUFsize", "sb i1", "u1", kD3DPixelVertex, kD3DNoStage},
    {"tex2DMSfetch", "sms i2 i1", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex2DMSsize", "sms", "u2", kD3DPixelVertex, kD3DNoStage},
    {"tex2DMSARRAYfetch", "smsa i3 i1", "f4", kD3DPixelVertex, kD3DNoStage},
    {"tex2DMSARRAYsize", "smsa", "u3", kD3DPixelVertex, kD3DNoStage},
    {"texCUBEARRAY", "sca f4", "f4", kD3DPixel, kD3DNoStage},
    {"texCUBEARRAY", "sca f4 f3 f3", "f4", kD3DPixelVertex, kD3DNoStage},
    {"texCUBEARRAYsize", "sca i1", "i3", kD3DPixelVertex, kD3DNoStage},

};

TypeP direct3dType(const std::string& code) {
  if (code == "s1") return objectType(ObjectKind::Sampler1D);
  if (code == "s2") return objectType(ObjectKind::Sampler2D);
  if (code == "s3") return objectType(ObjectKind::Sampler3D);
  if (code == "sc") return objectType(ObjectKind::SamplerCUBE);
  if (code == "s1a") return objectType(ObjectKind::Sampler1DARRAY);
  if (code == "s2a") return objectType(ObjectKind::Sampler2DARRAY);
  if (code == "sb") return objectType(ObjectKind::SamplerBUF);
  if (code == "sms") return objectType(ObjectKind::Sampler2DMS);
  if (code == "smsa") return objectType(ObjectKind::Sampler2DMSARRAY);
  if (code == "sca") return objectType(ObjectKind::SamplerCUBEARRAY);
  if (code == "sr") return objectType(ObjectKind::SamplerRECT);
  Scalar s = code[0] == 'f' ? Scalar::Float : code[0] == 'i' ? Scalar::Int : Scalar::UInt;
  int n = code[1] - '0';
  return n == 1 ? scalarType(s) : vectorType(s, n);
}

// The fetches, which read an integer texture's texels (HLSL's Load): cgc 3.1 gives them int4
// and unsigned int4 overloads for isamplerN and usamplerN in these profiles too.
bool direct3dFetch(const std::string& name) {
  return name == "texBUF" || (name.size() > 5 && name.compare(name.size() - 5, 5, "fetch") == 0);
}

}  // namespace

void addDirect3DTextureFunctions(std::vector<FunctionSignature>& out) {
  auto profilesOf = [](Direct3DStages stages) {
    std::vector<std::string> profiles;
    if (stages & kD3DPixel) profiles.insert(profiles.end(), {"ps_4_0", "ps_5_0"});
    if (stages & kD3DVertex) profiles.insert(profiles.end(), {"vs_4_0", "vs_5_0"});
    return profiles;
  };
  for (const Direct3DForm& form : kDirect3DForms) {
    std::vector<TypeP> parameters;
    std::istringstream codes(form.parameters);
    for (std::string code; codes >> code;) parameters.push_back(direct3dType(code));
    const bool fetch = direct3dFetch(form.name);
    const bool size = std::string(form.name).ends_with("size");
    // The integer samplers: the fetches as the float sampler's, every filtered lookup C3004
    // (HLSL samples float textures only); a size query takes the converted sampler (CG-P18).
    for (Scalar texel : {Scalar::Float, Scalar::Int, Scalar::UInt}) {
      if (texel != Scalar::Float && size) continue;
      for (bool unsupported : {false, true}) {
        Direct3DStages stages = unsupported ? form.unsupported : form.accepted;
        if (texel != Scalar::Float && !fetch)
          stages = unsupported ? Direct3DStages(form.accepted | form.unsupported) : kD3DNoStage;
        if (stages == kD3DNoStage) continue;
        FunctionSignature f;
        f.name = form.name;
        f.parameters = parameters;
        f.parameters[0] = objectType(parameters[0]->object, texel);
        f.directions.assign(f.parameters.size(), ParameterDirection::In);
        f.hasDefault.assign(f.parameters.size(), false);
        f.result = texel == Scalar::Float ? direct3dType(form.result) : vectorType(texel, 4);
        f.profiles = profilesOf(stages);
        if (unsupported) f.unsupported = "C3004";
        out.push_back(std::move(f));
      }
    }
  }
}

}  // namespace plumb::cg
