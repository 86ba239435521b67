// Three.js r142 - NodeMaterial System


// uniforms

struct NodeUniformsStruct {
	nodeUniform0 : vec3<f32>,
	nodeUniform1 : f32,
	nodeUniform2 : f32,
	nodeUniform3 : f32,
	nodeUniform6 : vec3<f32>
};
@binding( 1 ) @group( 0 )
var<uniform> NodeUniforms : NodeUniformsStruct;

// codes


@fragment
fn main( @location( 0 ) nodeVary0 : vec3<f32>,
	@location( 1 ) nodeVary1 : vec3<f32>,
	@location( 2 ) nodeVary2 : vec3<f32>,
	@location( 3 ) nodeVary3 : vec3<f32>,
	@location( 4 ) nodeVary4 : vec3<f32>,
	@location( 5 ) nodeVary5 : vec4<f32> ) -> @location( 0 ) vec4<f32> {

	// vars
	
	var Color : vec4<f32>;
	var DiffuseColor : vec4<f32>;
	var OPACITY : f32;
	var Metalness : f32;
	var nodeVar4 : vec3<f32>;
	var Roughness : f32;
	var SpecularColor : vec3<f32>;
	var TransformedNormalView : vec3<f32>;
	var nodeVar8 : vec3<f32>;
	var nodeVar9 : vec3<f32>;
	var nodeVar10 : vec3<f32>;
	var nodeVar11 : vec4<f32>;
	var nodeVar12 : f32;
	var nodeVar13 : vec2<f32>;
	var nodeVar14 : vec3<f32>;
	var nodeVar15 : vec3<f32>;
	var nodeVar16 : f32;
	var nodeVar17 : vec3<f32>;
	var nodeVar18 : vec3<f32>;
	var nodeVar19 : f32;
	var nodeVar20 : vec3<f32>;
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
	TransformedNormalView = normalize( nodeVary2 );
	
	
	// FLOW -> Light
	nodeVar8 = vec3<f32>( 0.0, 0.0, 0.0 );
	nodeVar9 = vec3<f32>( 0.0, 0.0, 0.0 );
	nodeVar10 = vec3<f32>( 0.0, 0.0, 0.0 );
	nodeVar11 = ( ( vec4<f32>( vec3<f32>( Roughness ), 1.0 ) * vec4<f32>( -1.0, -0.0275, -0.572, 0.022 ) ) + vec4<f32>( 1.0, 0.0425, 1.04, -0.04 ) );
	nodeVar12 = clamp( dot( TransformedNormalView, normalize( nodeVary4 ) ), 0.0, 1.0 );
	nodeVar13 = ( ( vec2<f32>( -1.04, 1.04 ) * vec2<f32>( ( ( min( ( nodeVar11.x * nodeVar11.x ), exp2( ( -9.28 * nodeVar12 ) ) ) * nodeVar11.x ) + nodeVar11.y ) ) ) + nodeVar11.zw );
	nodeVar14 = ( ( SpecularColor * vec3<f32>( nodeVar13.x ) ) + vec3<f32>( ( 1.0 * nodeVar13.y ) ) );
	nodeVar15 = ( SpecularColor + ( ( vec3<f32>( 1.0 ) - SpecularColor ) * vec3<f32>( 0.047619 ) ) );
	nodeVar16 = ( 1.0 - ( nodeVar13.x + nodeVar13.y ) );
	nodeVar17 = vec3<f32>( 0.0, 0.0, 0.0 );
	nodeVar18 = ( nodeVar17 * vec3<f32>( 0.3183098861837907 ) );
	nodeVar19 = 1.0;
	nodeVar20 = vec3<f32>( 0.0, 0.0, 0.0 );
	Light = ( vec4<f32>( nodeVar8, 1.0 ) + ( ( vec4<f32>( nodeVar9, 1.0 ) + ( ( ( vec4<f32>( vec3<f32>( 0.0, 0.0, 0.0 ), 1.0 ) + ( vec4<f32>( nodeVar10, 1.0 ) * ( vec4<f32>( vec3<f32>( 0.3183098861837907 ), 1.0 ) * DiffuseColor ) ) ) + ( ( DiffuseColor * vec4<f32>( ( vec3<f32>( 1.0 ) - ( ( vec3<f32>( 0.0, 0.0, 0.0 ) + nodeVar14 ) + ( vec3<f32>( 0.0, 0.0, 0.0 ) + ( ( ( nodeVar14 * nodeVar15 ) / ( vec3<f32>( 1.0 ) - ( vec3<f32>( nodeVar16 ) * nodeVar15 ) ) ) * vec3<f32>( nodeVar16 ) ) ) ) ), 1.0 ) ) * vec4<f32>( nodeVar18, 1.0 ) ) ) * vec4<f32>( vec3<f32>( nodeVar19 ), 1.0 ) ) ) + vec4<f32>( ( ( ( vec3<f32>( 0.0, 0.0, 0.0 ) + ( nodeVar20 * ( vec3<f32>( 0.0, 0.0, 0.0 ) + nodeVar14 ) ) ) + ( ( vec3<f32>( 0.0, 0.0, 0.0 ) + ( ( ( nodeVar14 * nodeVar15 ) / ( vec3<f32>( 1.0 ) - ( vec3<f32>( nodeVar16 ) * nodeVar15 ) ) ) * vec3<f32>( nodeVar16 ) ) ) * nodeVar18 ) ) * vec3<f32>( clamp( ( ( pow( ( nodeVar12 + nodeVar19 ), exp2( ( ( -16.0 * Roughness ) - 1.0 ) ) ) - 1.0 ) + nodeVar19 ), 0.0, 1.0 ) ) ), 1.0 ) ) ).xyz;
	
	
	// FLOW -> Output
	Output = vec4<f32>( ( NodeUniforms.nodeUniform6 + Light ), DiffuseColor.w );
	
	// FLOW RESULT
	return Output;

}
