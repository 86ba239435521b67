// Three.js r148 - NodeMaterial System


// uniforms

struct NodeUniformsStruct {
	nodeUniform0 : f32,
	nodeUniform1 : f32,
	nodeUniform2 : f32,
	nodeUniform3 : f32
};
@binding( 1 ) @group( 0 )
var<uniform> NodeUniforms : NodeUniformsStruct;

// codes


@fragment
fn main(  ) -> @location( 0 ) vec4<f32> {

	// vars
	
	var Color : vec4<f32>;
	var DiffuseColor : vec4<f32>;
	var OPACITY : f32;
	var Output : vec4<f32>;
	var nodeVarying0 : vec3<f32>;


	// flow
	// code
	
	
	// FLOW -> Color
	Color = vec4<f32>( vec3<f32>( ( ( sin( ( ( NodeUniforms.nodeUniform0 + 0.75 ) * 6.283185307179586 ) ) * 0.5 ) + 0.5 ), round( fract( NodeUniforms.nodeUniform1 ) ), abs( ( 1.0 - ( fract( ( NodeUniforms.nodeUniform2 + 0.5 ) ) * 2.0 ) ) ) ), 1.0 );
	
	
	// FLOW -> DiffuseColor
	DiffuseColor = Color;
	
	
	// FLOW -> OPACITY
	OPACITY = NodeUniforms.nodeUniform3;
	
	DiffuseColor.w = ( DiffuseColor.w * OPACITY );
	
	
	// FLOW -> Output
	Output = vec4<f32>( DiffuseColor.xyz, DiffuseColor.w );
	
	// FLOW RESULT
	return Output;

}
