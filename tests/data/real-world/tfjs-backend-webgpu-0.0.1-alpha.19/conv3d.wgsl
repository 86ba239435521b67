
  struct vec5 {x: i32, y: i32, z: i32, w: i32, u: i32};
  struct vec6 {x: i32, y: i32, z: i32, w: i32, u: i32, v: i32};

  // Checks whether coordinates lie within the bounds of the shape.
  fn coordsInBounds2D(coord : vec2<i32>, shape : vec2<i32>) -> bool {
    return all(coord >= vec2<i32>(0)) && all(coord < shape);
  }
  fn coordsInBounds3D(coord : vec3<i32>, shape : vec3<i32>) -> bool {
    return all(coord >= vec3<i32>(0)) && all(coord < shape);
  }
  fn coordsInBounds4D(coord : vec4<i32>, shape : vec4<i32>) -> bool {
    return all(coord >= vec4<i32>(0)) && all(coord < shape);
  }

  fn getIndexFromCoords1D(coord : i32, shape : i32) -> i32 {
    return coord;
  }
  fn getIndexFromCoords2D(coords : vec2<i32>, shape : vec2<i32>) -> i32 {
    return dot(coords, vec2<i32>(shape.y, 1));
  }
  fn getIndexFromCoords3D(coords : vec3<i32>, shape : vec3<i32>) -> i32 {
    return dot(coords, vec3<i32>(shape.y * shape.z, shape.z, 1));
  }
  fn getIndexFromCoords4D(coords : vec4<i32>, shape : vec4<i32>) -> i32 {
    return dot(coords, vec4<i32>(
        shape.y * shape.z * shape.w, shape.z * shape.w, shape.w, 1));
  }
  fn getIndexFromCoords5D(coords : vec5, shape : vec5) -> i32 {
    let shapeStrides: vec5 = vec5(shape.y * shape.z * shape.w * shape.u, shape.z * shape.w * shape.u, shape.w * shape.u, shape.u, 1);
    return coords.x*shapeStrides.x + coords.y*shapeStrides.y + coords.z*shapeStrides.z + coords.w*shapeStrides.w + coords.u*shapeStrides.u;
  }
  fn getIndexFromCoords6D(coords : vec6, shape : vec6) -> i32 {
    let shapeStrides: vec6 = vec6(shape.y * shape.z * shape.w * shape.u * shape.v, shape.z * shape.w * shape.u * shape.v, shape.w * shape.u * shape.v, shape.u * shape.v, shape.v, 1);
    return coords.x*shapeStrides.x + coords.y*shapeStrides.y + coords.z*shapeStrides.z + coords.w*shapeStrides.w + coords.u*shapeStrides.u + coords.v*shapeStrides.v;
  }

  fn idiv(a: i32, b: i32, sign: f32) -> i32 {
    var res: i32 = a / b;
    let modulo: i32 = a % b;
    if (sign < 0. && modulo != 0) {
      res = res - 1;
    }
    return res;
  }

  // NaN defination in IEEE 754-1985 is :
  //   - sign = either 0 or 1.
  //   - biased exponent = all 1 bits.
  //   - fraction = anything except all 0 bits (since all 0 bits represents infinity).
  // https://en.wikipedia.org/wiki/IEEE_754-1985#Representation_of_non-numbers
  fn isnan(val: f32) -> bool {
    let floatToUint: u32 = bitcast<u32>(val);
    return (floatToUint & 0x7fffffffu) > 0x7f800000u;
  }
  fn isnanVec4(val : vec4<f32>) -> vec4<bool> {
    let floatToUint: vec4<u32> = bitcast<vec4<u32>>(val);
    return (floatToUint & vec4<u32>(0x7fffffffu)) > vec4<u32>(0x7f800000u);
  }



      var<private> localId: vec3<u32>;
      var<private> localIndex: u32;
      var<private> globalId: vec3<u32>;
      var<private> numWorkgroups: vec3<u32>;
      var<private> workgroupId: vec3<u32>;

      // Only used when the y/z dimension of workgroup size is 1.
      fn getGlobalIndex() -> i32 {
          return i32(globalId.x);
      }
    
struct Uniforms { NAN : f32, INFINITY : f32, @align(16) xShape : vec5, @align(16) xShapeStrides: vec4<i32>, @align(16) wShape : vec5, @align(16) wShapeStrides: vec4<i32>, @align(16) outShape : vec5, @align(16) outShapeStrides: vec4<i32>, size : i32, filterDims: vec3<i32>, pads: vec3<i32>, strides: vec3<i32>, dilations: vec3<i32>,};

      @group(0) @binding(0) var<storage, read_write> result: array<f32>;
    

      @group(0) @binding(1) var<storage, read> x: array<f32>;
        

      @group(0) @binding(2) var<storage, read> W: array<f32>;
        

      @group(0) @binding(3) var<uniform> uniforms: Uniforms;
      
  fn isinf(val: f32) -> bool {
    return abs(val) == uniforms.INFINITY;
  }


    fn getCoordsFromIndex(index : i32) -> vec5 {
      var index2 = index;let d0 = index2 / uniforms.outShapeStrides.x; index2 = index2 - d0 * uniforms.outShapeStrides.x;let d1 = index2 / uniforms.outShapeStrides.y; index2 = index2 - d1 * uniforms.outShapeStrides.y;let d2 = index2 / uniforms.outShapeStrides.z; index2 = index2 - d2 * uniforms.outShapeStrides.z;let d3 = index2 / uniforms.outShapeStrides.w; let d4 = index2 - d3 * uniforms.outShapeStrides.w;
      return vec5(d0,d1,d2,d3,d4);
    }
  
fn getOutputCoords() -> vec5{
    let globalIndex = getGlobalIndex();
    return getCoordsFromIndex(globalIndex);
  }
  

        fn getOutputIndexFromCoords(coords : vec5) -> i32 {
          return coords.x * uniforms.outShapeStrides.x +
              coords.y * uniforms.outShapeStrides.y +
              coords.z * uniforms.outShapeStrides.z +
              coords.w * uniforms.outShapeStrides.w +
              coords.u;
        }
        
fn setOutputAtIndex(flatIndex : i32, value : f32) {
      result[flatIndex] = f32(value);
    }

    fn setOutputAtIndexI32(flatIndex : i32, value : i32) {
      result[flatIndex] = f32(value);
    }
    
      fn setOutputAtCoords(d0 : i32, d1 : i32, d2 : i32, d3 : i32, d4 : i32, value : f32) {
        let flatIndex = getOutputIndexFromCoords(vec5(d0, d1, d2, d3, d4));
        setOutputAtIndex(flatIndex, value);
      }
      fn setOutputAtCoordsI32(d0 : i32, d1 : i32, d2 : i32, d3 : i32, d4 : i32, value : i32) {
        let flatIndex = getOutputIndexFromCoords(vec5(d0, d1, d2, d3, d4));
        setOutputAtIndexI32(flatIndex, value);
      }
    

    fn getXCoordsFromIndex(index : i32) -> vec5 {
      var index2 = index;let d0 = index2 / uniforms.xShapeStrides.x; index2 = index2 - d0 * uniforms.xShapeStrides.x;let d1 = index2 / uniforms.xShapeStrides.y; index2 = index2 - d1 * uniforms.xShapeStrides.y;let d2 = index2 / uniforms.xShapeStrides.z; index2 = index2 - d2 * uniforms.xShapeStrides.z;let d3 = index2 / uniforms.xShapeStrides.w; let d4 = index2 - d3 * uniforms.xShapeStrides.w;
      return vec5(d0,d1,d2,d3,d4);
    }
  

    fn getWCoordsFromIndex(index : i32) -> vec5 {
      var index2 = index;let d0 = index2 / uniforms.wShapeStrides.x; index2 = index2 - d0 * uniforms.wShapeStrides.x;let d1 = index2 / uniforms.wShapeStrides.y; index2 = index2 - d1 * uniforms.wShapeStrides.y;let d2 = index2 / uniforms.wShapeStrides.z; index2 = index2 - d2 * uniforms.wShapeStrides.z;let d3 = index2 / uniforms.wShapeStrides.w; let d4 = index2 - d3 * uniforms.wShapeStrides.w;
      return vec5(d0,d1,d2,d3,d4);
    }
  

    fn getX(d0 : i32, d1 : i32, d2 : i32, d3 : i32, d4 : i32) -> f32 {
      return f32(x[getIndexFromCoords5D(vec5(d0,d1,d2,d3,d4),
        uniforms.xShape)]);
    }
   
  fn getXByOutputIndex(globalIndex : i32) -> f32 {
    var coords = getCoordsFromIndex(globalIndex);
    
    return f32(x[getIndexFromCoords5D(vec5(coords.x, coords.y, coords.z, coords.w, coords.u), uniforms.xShape)]);
  }

  fn getXByOutputCoords(coordsIn : vec5) -> f32 {
    var coords = coordsIn;
    
    return f32(x[getIndexFromCoords5D(vec5(coords.x, coords.y, coords.z, coords.w, coords.u), uniforms.xShape)]);
  }


    fn getW(d0 : i32, d1 : i32, d2 : i32, d3 : i32, d4 : i32) -> f32 {
      return f32(W[getIndexFromCoords5D(vec5(d0,d1,d2,d3,d4),
        uniforms.wShape)]);
    }
   
  fn getWByOutputIndex(globalIndex : i32) -> f32 {
    var coords = getCoordsFromIndex(globalIndex);
    
    return f32(W[getIndexFromCoords5D(vec5(coords.x, coords.y, coords.z, coords.w, coords.u), uniforms.wShape)]);
  }

  fn getWByOutputCoords(coordsIn : vec5) -> f32 {
    var coords = coordsIn;
    
    return f32(W[getIndexFromCoords5D(vec5(coords.x, coords.y, coords.z, coords.w, coords.u), uniforms.wShape)]);
  }


    
        fn main(index : i32)
       {
      if (index < uniforms.size) {
        let coords = getOutputCoords();
        let batch = coords.x;
        let d2 = coords.u;

        let xFRCCorner = vec3<i32>(coords.y, coords.z, coords.w) * uniforms.strides - uniforms.pads;
        let xFCorner = xFRCCorner.x;
        let xRCorner = xFRCCorner.y;
        let xCCorner = xFRCCorner.z;

        let inputDepthNearestVec4 = (uniforms.xShape.u / 4) * 4;
        let inputDepthVec4Remainder = uniforms.xShape.u % 4;

        var dotProd = 0.0;
        for (var wF = 0; wF < uniforms.filterDims[0]; wF++) {
          let xF = xFCorner + wF * uniforms.dilations[0];
          if (xF < 0 || xF >= uniforms.xShape.y) {
            continue;
          }

          for (var wR = 0; wR < uniforms.filterDims[1]; wR++) {
            let xR = xRCorner + wR * uniforms.dilations[1];
            if (xR < 0 || xR >= uniforms.xShape.z) {
              continue;
            }

            for (var wC = 0; wC < uniforms.filterDims[2]; wC++) {
              let xC = xCCorner + wC * uniforms.dilations[2];
              if (xC < 0 || xC >= uniforms.xShape.w) {
                continue;
              }

              for (var d1 = 0; d1 < inputDepthNearestVec4; d1 += 4) {
                let xValues = vec4<f32>(
                  getX(batch, xF, xR, xC, d1),
                  getX(batch, xF, xR, xC, d1 + 1),
                  getX(batch, xF, xR, xC, d1 + 2),
                  getX(batch, xF, xR, xC, d1 + 3)
                );
                let wValues = vec4<f32>(
                  getW(wF, wR, wC, d1, d2),
                  getW(wF, wR, wC, d1 + 1, d2),
                  getW(wF, wR, wC, d1 + 2, d2),
                  getW(wF, wR, wC, d1 + 3, d2)
                );

                dotProd += dot(xValues, wValues);
              }

              if (inputDepthVec4Remainder == 1) {
                dotProd += getX(batch, xF, xR, xC, inputDepthNearestVec4) *
                  getW(wF, wR, wC, inputDepthNearestVec4, d2);
              } else if (inputDepthVec4Remainder == 2) {
                let xValues = vec2<f32>(
                  getX(batch, xF, xR, xC, inputDepthNearestVec4),
                  getX(batch, xF, xR, xC, inputDepthNearestVec4 + 1)
                );
                let wValues = vec2<f32>(
                  getW(wF, wR, wC, inputDepthNearestVec4, d2),
                  getW(wF, wR, wC, inputDepthNearestVec4 + 1, d2)
                );
                dotProd += dot(xValues, wValues);
              } else if (inputDepthVec4Remainder == 3) {
                let xValues = vec3<f32>(
                  getX(batch, xF, xR, xC, inputDepthNearestVec4),
                  getX(batch, xF, xR, xC, inputDepthNearestVec4 + 1),
                  getX(batch, xF, xR, xC, inputDepthNearestVec4 + 2)
                );
                let wValues = vec3<f32>(
                  getW(wF, wR, wC, inputDepthNearestVec4, d2),
                  getW(wF, wR, wC, inputDepthNearestVec4 + 1, d2),
                  getW(wF, wR, wC, inputDepthNearestVec4 + 2, d2)
                );
                dotProd += dot(xValues, wValues);
              }
            }
          }
        }
        setOutputAtIndex(index, dotProd);
      }
    }

     
  @compute @workgroup_size(64, 1, 1)

      fn _start(@builtin(local_invocation_id) LocalId : vec3<u32>,
                @builtin(global_invocation_id) GlobalId : vec3<u32>,
                @builtin(local_invocation_index) LocalIndex: u32,
                @builtin(workgroup_id) WorkgroupId : vec3<u32>,
                @builtin(num_workgroups) NumWorkgroups : vec3<u32>) {
        localId = LocalId;
        localIndex = LocalIndex;
        globalId = GlobalId;
        numWorkgroups = NumWorkgroups;
        workgroupId = WorkgroupId;
        main(getGlobalIndex());;
      }
    