// Three.js r146 - NodeMaterial System


// uniforms

struct NodeBuffer_11847Struct {
	nodeUniform1 : array< mat4x4<f32>, 1 >

};
@binding( 0 ) @group( 0 )
var<uniform> NodeBuffer_11847 : NodeBuffer_11847Struct;
struct NodeUniformsStruct {
	nodeUniform0 : mat4x4<f32>,
	nodeUniform2 : mat4x4<f32>,
	nodeUniform7 : mat3x3<f32>,
	nodeUniform9 : mat4x4<f32>,
	nodeUniform13 : mat4x4<f32>,
	nodeUniform15 : mat4x4<f32>,
	nodeUniform16 : mat4x4<f32>
};
@binding( 1 ) @group( 0 )
var<uniform> NodeUniforms : NodeUniformsStruct;

// varyings

struct NodeVaryingsStruct {
	@location( 2 ) nodeVarying2 : vec3<f32>,
	@location( 3 ) nodeVarying3 : vec3<f32>,
	@location( 4 ) nodeVarying4 : vec4<f32>,
	@location( 5 ) nodeVarying5 : vec3<f32>,
	@builtin( position ) Vertex : vec4<f32>
};

// codes


@vertex
fn main( @location( 0 ) position : vec3<f32>,
	@location( 1 ) skinIndex : vec4<u32>,
	@location( 2 ) skinWeight : vec4<f32>,
	@location( 3 ) normal : vec3<f32> ) -> NodeVaryingsStruct {

	// system
	var NodeVaryings: NodeVaryingsStruct;

	// vars
	
	var nodeVarying0 : vec3<f32>;
	var nodeVarying1 : vec3<f32>;
	var nodeVarying6 : vec4<f32>;


	// flow
	// code
	nodeVarying0 = position;
	nodeVarying1 = normal;
	nodeVarying0 = ( NodeUniforms.nodeUniform0 * ( ( ( NodeBuffer_11847.nodeUniform1[ u32( skinIndex.x ) ] * ( NodeUniforms.nodeUniform2 * vec4<f32>( nodeVarying0, 1.0 ) ) ) * vec4<f32>( vec3<f32>( skinWeight.x ), 1.0 ) ) + ( ( ( ( NodeBuffer_11847.nodeUniform1[ u32( skinIndex.y ) ] * ( NodeUniforms.nodeUniform2 * vec4<f32>( nodeVarying0, 1.0 ) ) ) * vec4<f32>( vec3<f32>( skinWeight.y ), 1.0 ) ) + ( ( NodeBuffer_11847.nodeUniform1[ u32( skinIndex.z ) ] * ( NodeUniforms.nodeUniform2 * vec4<f32>( nodeVarying0, 1.0 ) ) ) * vec4<f32>( vec3<f32>( skinWeight.z ), 1.0 ) ) ) + ( ( NodeBuffer_11847.nodeUniform1[ u32( vec4<f32>( skinIndex ).w ) ] * ( NodeUniforms.nodeUniform2 * vec4<f32>( nodeVarying0, 1.0 ) ) ) * vec4<f32>( vec3<f32>( skinWeight.w ), 1.0 ) ) ) ) ).xyz;
	nodeVarying1 = normalize( ( ( ( NodeUniforms.nodeUniform0 * ( ( skinWeight.x * NodeBuffer_11847.nodeUniform1[ u32( skinIndex.x ) ] ) + ( ( ( skinWeight.y * NodeBuffer_11847.nodeUniform1[ u32( skinIndex.y ) ] ) + ( skinWeight.z * NodeBuffer_11847.nodeUniform1[ u32( skinIndex.z ) ] ) ) + ( skinWeight.w * NodeBuffer_11847.nodeUniform1[ u32( vec4<f32>( skinIndex ).w ) ] ) ) ) ) * NodeUniforms.nodeUniform2 ) * ( vec4<f32>( nodeVarying1, 0.0 ) ) ).xyz );
	NodeVaryings.nodeVarying2 = normal;
	NodeVaryings.nodeVarying3 = ( NodeUniforms.nodeUniform7 * nodeVarying1 );
	NodeVaryings.nodeVarying4 = ( NodeUniforms.nodeUniform9 * vec4<f32>( nodeVarying0, 1.0 ) );
	nodeVarying6 = ( NodeUniforms.nodeUniform13 * vec4<f32>( nodeVarying0, 1.0 ) );
	NodeVaryings.nodeVarying5 = ( -nodeVarying6.xyz );
	
	
	// FLOW RESULT
	NodeVaryings.Vertex = ( ( NodeUniforms.nodeUniform15 * NodeUniforms.nodeUniform16 ) * vec4<f32>( nodeVarying0, 1.0 ) );

	return NodeVaryings;

}
