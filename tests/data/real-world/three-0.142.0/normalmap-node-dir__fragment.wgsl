// Three.js r142 - NodeMaterial System


// uniforms
@group( 0 ) @binding( 1 ) var nodeUniform6_sampler : sampler;
@group( 0 ) @binding( 2 ) var nodeUniform6 : texture_2d<f32>;
struct NodeUniformsStruct {
	nodeUniform0 : vec3<f32>,
	nodeUniform1 : f32,
	nodeUniform2 : f32,
	nodeUniform3 : f32,
	nodeUniform8 : vec3<f32>
};
@binding( 3 ) @group( 0 )
var<uniform> NodeUniforms : NodeUniformsStruct;

// codes


@fragment
fn main( @location( 0 ) nodeVary0 : vec3<f32>,
	@location( 1 ) nodeVary1 : vec3<f32>,
	@location( 2 ) nodeVary2 : vec4<f32>,
	@location( 3 ) nodeVary3 : vec3<f32>,
	@location( 4 ) nodeVary4 : vec3<f32>,
	@location( 5 ) nodeVary5 : vec2<f32>,
	@location( 6 ) nodeVary6 : vec3<f32>,
	@location( 7 ) nodeVary7 : vec4<f32>,
	@builtin( front_facing ) isFront : bool ) -> @location( 0 ) vec4<f32> {

	// vars
	
	var Color : vec4<f32>;
	var DiffuseColor : vec4<f32>;
	var OPACITY : f32;
	var Metalness : f32;
	var nodeVar4 : vec3<f32>;
	var Roughness : f32;
	var SpecularColor : vec3<f32>;
	var nodeVar7 : vec3<f32>;
	var nodeVar8 : vec2<f32>;
	var nodeVar9 : vec3<f32>;
	var nodeVar10 : vec2<f32>;
	var nodeVar11 : vec3<f32>;
	var nodeVar12 : vec4<f32>;
	var nodeVar13 : vec3<f32>;
	var nodeVar14 : f32;
	var TransformedNormalView : vec3<f32>;
	var nodeVar16 : vec3<f32>;
	var nodeVar17 : vec3<f32>;
	var nodeVar18 : vec3<f32>;
	var nodeVar19 : vec4<f32>;
	var nodeVar20 : f32;
	var nodeVar21 : vec2<f32>;
	var nodeVar22 : vec3<f32>;
	var nodeVar23 : vec3<f32>;
	var nodeVar24 : f32;
	var nodeVar25 : vec3<f32>;
	var nodeVar26 : vec3<f32>;
	var nodeVar27 : f32;
	var nodeVar28 : vec3<f32>;
	var Light : vec3<f32>;
	var Output : vec4<f32>;


	// flow
	// code
	
	
	// FLOW -> Color
	Color = vec4<f32>( NodeUniforms.nodeUniform0, 1.0 );
	
	
	// FLOW -> DiffuseColor
	DiffuseColor = Color;
	
	
	// FLOW -> OPACITY
	OPACITY = NodeUniforms.nodeUniform1;
	
	DiffuseColor.w = ( DiffuseColor.w * OPACITY );
	
	
	// FLOW -> Metalness
	Metalness = NodeUniforms.nodeUniform2;
	
	DiffuseColor = vec4<f32>( ( DiffuseColor.xyz * vec3<f32>( ( 1.0 - Metalness ) ) ), DiffuseColor.w );
	
	
	// FLOW -> Roughness
	nodeVar4 = max( abs( dpdx( nodeVary1 ) ), abs( dpdy( nodeVary1 ) ) );
	Roughness = min( ( max( NodeUniforms.nodeUniform3, 0.0525 ) + max( max( nodeVar4.x, nodeVar4.y ), nodeVar4.z ) ), 1.0 );
	
	
	// FLOW -> SpecularColor
	SpecularColor = mix( vec3<f32>( 0.04 ), Color.xyz, Metalness );
	
	
	// FLOW -> TransformedNormalView
	nodeVar7 = cross( dpdy( nodeVary2.xyz ), normalize( nodeVary3 ) );
	nodeVar8 = dpdx( nodeVary5 );
	nodeVar9 = cross( normalize( nodeVary3 ), dpdx( nodeVary2.xyz ) );
	nodeVar10 = dpdy( nodeVary5 );
	nodeVar11 = ( ( nodeVar7 * vec3<f32>( nodeVar8.x ) ) + ( nodeVar9 * vec3<f32>( nodeVar10.x ) ) );
	nodeVar12 = ( ( textureSample( nodeUniform6, nodeUniform6_sampler, nodeVary5 ) * vec4<f32>( vec3<f32>( 2.0 ), 1.0 ) ) - vec4<f32>( vec3<f32>( 1.0 ), 1.0 ) );
	nodeVar13 = ( ( nodeVar7 * vec3<f32>( nodeVar8.y ) ) + ( nodeVar9 * vec3<f32>( nodeVar10.y ) ) );
	nodeVar14 = ( ( ( f32( isFront ) * 2.0 ) - 1.0 ) * inverseSqrt( max( dot( nodeVar11, nodeVar11 ), dot( nodeVar13, nodeVar13 ) ) ) );
	TransformedNormalView = normalize( ( ( nodeVar11 * vec3<f32>( ( nodeVar12.x * nodeVar14 ) ) ) + ( ( nodeVar13 * vec3<f32>( ( nodeVar12.y * nodeVar14 ) ) ) + ( normalize( nodeVary3 ) * vec3<f32>( nodeVar12.z ) ) ) ) );
	
	
	// FLOW -> Light
	nodeVar16 = vec3<f32>( 0.0, 0.0, 0.0 );
	nodeVar17 = vec3<f32>( 0.0, 0.0, 0.0 );
	nodeVar18 = vec3<f32>( 0.0, 0.0, 0.0 );
	nodeVar19 = ( ( vec4<f32>( vec3<f32>( Roughness ), 1.0 ) * vec4<f32>( -1.0, -0.0275, -0.572, 0.022 ) ) + vec4<f32>( 1.0, 0.0425, 1.04, -0.04 ) );
	nodeVar20 = clamp( dot( TransformedNormalView, normalize( nodeVary6 ) ), 0.0, 1.0 );
	nodeVar21 = ( ( vec2<f32>( -1.04, 1.04 ) * vec2<f32>( ( ( min( ( nodeVar19.x * nodeVar19.x ), exp2( ( -9.28 * nodeVar20 ) ) ) * nodeVar19.x ) + nodeVar19.y ) ) ) + nodeVar19.zw );
	nodeVar22 = ( ( SpecularColor * vec3<f32>( nodeVar21.x ) ) + vec3<f32>( ( 1.0 * nodeVar21.y ) ) );
	nodeVar23 = ( SpecularColor + ( ( vec3<f32>( 1.0 ) - SpecularColor ) * vec3<f32>( 0.047619 ) ) );
	nodeVar24 = ( 1.0 - ( nodeVar21.x + nodeVar21.y ) );
	nodeVar25 = vec3<f32>( 0.0, 0.0, 0.0 );
	nodeVar26 = ( nodeVar25 * vec3<f32>( 0.3183098861837907 ) );
	nodeVar27 = 1.0;
	nodeVar28 = vec3<f32>( 0.0, 0.0, 0.0 );
	Light = ( vec4<f32>( nodeVar16, 1.0 ) + ( ( vec4<f32>( nodeVar17, 1.0 ) + ( ( ( vec4<f32>( vec3<f32>( 0.0, 0.0, 0.0 ), 1.0 ) + ( vec4<f32>( nodeVar18, 1.0 ) * ( vec4<f32>( vec3<f32>( 0.3183098861837907 ), 1.0 ) * DiffuseColor ) ) ) + ( ( DiffuseColor * vec4<f32>( ( vec3<f32>( 1.0 ) - ( ( vec3<f32>( 0.0, 0.0, 0.0 ) + nodeVar22 ) + ( vec3<f32>( 0.0, 0.0, 0.0 ) + ( ( ( nodeVar22 * nodeVar23 ) / ( vec3<f32>( 1.0 ) - ( vec3<f32>( nodeVar24 ) * nodeVar23 ) ) ) * vec3<f32>( nodeVar24 ) ) ) ) ), 1.0 ) ) * vec4<f32>( nodeVar26, 1.0 ) ) ) * vec4<f32>( vec3<f32>( nodeVar27 ), 1.0 ) ) ) + vec4<f32>( ( ( ( vec3<f32>( 0.0, 0.0, 0.0 ) + ( nodeVar28 * ( vec3<f32>( 0.0, 0.0, 0.0 ) + nodeVar22 ) ) ) + ( ( vec3<f32>( 0.0, 0.0, 0.0 ) + ( ( ( nodeVar22 * nodeVar23 ) / ( vec3<f32>( 1.0 ) - ( vec3<f32>( nodeVar24 ) * nodeVar23 ) ) ) * vec3<f32>( nodeVar24 ) ) ) * nodeVar26 ) ) * vec3<f32>( clamp( ( ( pow( ( nodeVar20 + nodeVar27 ), exp2( ( ( -16.0 * Roughness ) - 1.0 ) ) ) - 1.0 ) + nodeVar27 ), 0.0, 1.0 ) ) ), 1.0 ) ) ).xyz;
	
	
	// FLOW -> Output
	Output = vec4<f32>( ( NodeUniforms.nodeUniform8 + Light ), DiffuseColor.w );
	
	// FLOW RESULT
	return Output;

}
