// Three.js r148 - NodeMaterial System


// uniforms
@group( 0 ) @binding( 1 ) var nodeUniform0_sampler : sampler;
@group( 0 ) @binding( 2 ) var nodeUniform0 : texture_2d<f32>;
struct NodeUniformsStruct {
	nodeUniform4 : f32,
	nodeUniform5 : f32,
	nodeUniform6 : f32,
	nodeUniform8 : vec3<f32>,
	nodeUniform10 : vec3<f32>,
	nodeUniform11 : f32,
	nodeUniform12 : f32,
	nodeUniform13 : vec3<f32>,
	nodeUniform14 : vec3<f32>,
	nodeUniform15 : vec3<f32>,
	nodeUniform16 : f32,
	nodeUniform17 : f32,
	nodeUniform18 : vec3<f32>,
	nodeUniform19 : vec3<f32>,
	nodeUniform20 : f32,
	nodeUniform21 : f32,
	nodeUniform23 : vec3<f32>,
	nodeUniform24 : vec3<f32>
};
@binding( 3 ) @group( 0 )
var<uniform> NodeUniforms : NodeUniformsStruct;

// codes


@fragment
fn main( @location( 1 ) nodeVarying1 : vec3<f32>,
	@location( 2 ) nodeVarying2 : vec3<f32>,
	@location( 5 ) nodeVarying5 : vec3<f32>,
	@location( 6 ) nodeVarying6 : vec3<f32>,
	@location( 7 ) nodeVarying7 : vec4<f32>,
	@location( 8 ) nodeVarying8 : vec3<f32> ) -> @location( 0 ) vec4<f32> {

	// vars
	
	var nodeVar0 : vec4<f32>;
	var nodeVar1 : vec3<f32>;
	var nodeVar2 : vec3<f32>;
	var nodeVar3 : vec4<f32>;
	var nodeVar4 : vec4<f32>;
	var Color : vec4<f32>;
	var DiffuseColor : vec4<f32>;
	var OPACITY : f32;
	var Metalness : f32;
	var nodeVar9 : vec3<f32>;
	var Roughness : f32;
	var SpecularColor : vec3<f32>;
	var TransformedNormalView : vec3<f32>;
	var nodeVar13 : vec3<f32>;
	var nodeVar14 : vec3<f32>;
	var nodeVar15 : f32;
	var nodeVar16 : vec3<f32>;
	var nodeVar17 : vec3<f32>;
	var nodeVar18 : vec3<f32>;
	var nodeVar19 : vec3<f32>;
	var nodeVar20 : vec3<f32>;
	var nodeVar21 : vec3<f32>;
	var nodeVar22 : f32;
	var nodeVar23 : f32;
	var nodeVar24 : vec3<f32>;
	var nodeVar25 : vec3<f32>;
	var nodeVar26 : f32;
	var nodeVar27 : f32;
	var nodeVar28 : f32;
	var nodeVar29 : f32;
	var nodeVar30 : f32;
	var nodeVar31 : f32;
	var nodeVar32 : f32;
	var nodeVar33 : vec3<f32>;
	var nodeVar34 : f32;
	var nodeVar35 : f32;
	var nodeVar36 : f32;
	var nodeVar37 : f32;
	var nodeVar38 : f32;
	var nodeVar39 : f32;
	var nodeVar40 : vec3<f32>;
	var nodeVar41 : f32;
	var nodeVar42 : f32;
	var nodeVar43 : f32;
	var nodeVar44 : f32;
	var nodeVar45 : f32;
	var nodeVar46 : f32;
	var nodeVar47 : vec4<f32>;
	var nodeVar48 : vec2<f32>;
	var nodeVar49 : vec3<f32>;
	var nodeVar50 : vec3<f32>;
	var nodeVar51 : f32;
	var nodeVar52 : vec3<f32>;
	var nodeVar53 : vec3<f32>;
	var nodeVar54 : f32;
	var nodeVar55 : vec3<f32>;
	var Light : vec3<f32>;
	var Output : vec4<f32>;
	var nodeVarying0 : vec3<f32>;
	var nodeVarying3 : vec3<f32>;
	var nodeVarying4 : vec3<f32>;
	var nodeVarying9 : vec4<f32>;


	// flow
	// code
	
	
	// FLOW -> Color
	nodeVar0 = textureSample( nodeUniform0, nodeUniform0_sampler, ( nodeVarying1.yz * vec2<f32>( 1.0 ) ) );
	nodeVar1 = normalize( abs( normalize( nodeVarying2 ) ) );
	nodeVar2 = ( nodeVar1 / vec3<f32>( dot( nodeVar1, vec3<f32>( 1.0 ) ) ) );
	nodeVar3 = textureSample( nodeUniform0, nodeUniform0_sampler, ( nodeVarying1.zx * vec2<f32>( 1.0 ) ) );
	nodeVar4 = textureSample( nodeUniform0, nodeUniform0_sampler, ( nodeVarying1.xy * vec2<f32>( 1.0 ) ) );
	Color = ( ( nodeVar0 * vec4<f32>( vec3<f32>( nodeVar2.x ), 1.0 ) ) + ( ( nodeVar3 * vec4<f32>( vec3<f32>( nodeVar2.y ), 1.0 ) ) + ( nodeVar4 * vec4<f32>( vec3<f32>( nodeVar2.z ), 1.0 ) ) ) );
	
	
	// FLOW -> DiffuseColor
	DiffuseColor = Color;
	
	
	// FLOW -> OPACITY
	OPACITY = NodeUniforms.nodeUniform4;
	
	DiffuseColor.w = ( DiffuseColor.w * OPACITY );
	
	
	// FLOW -> Metalness
	Metalness = NodeUniforms.nodeUniform5;
	
	DiffuseColor = vec4<f32>( ( DiffuseColor.xyz * vec3<f32>( ( 1.0 - Metalness ) ) ), DiffuseColor.w );
	
	
	// FLOW -> Roughness
	nodeVar9 = max( abs( dpdx( nodeVarying5 ) ), abs( dpdy( nodeVarying5 ) ) );
	Roughness = min( ( max( NodeUniforms.nodeUniform6, 0.0525 ) + max( max( nodeVar9.x, nodeVar9.y ), nodeVar9.z ) ), 1.0 );
	
	
	// FLOW -> SpecularColor
	SpecularColor = mix( vec3<f32>( 0.04 ), Color.xyz, Metalness );
	
	
	// FLOW -> TransformedNormalView
	TransformedNormalView = normalize( nodeVarying6 );
	
	
	// FLOW -> Light
	nodeVar13 = ( NodeUniforms.nodeUniform8 - nodeVarying7.xyz );
	nodeVar14 = normalize( nodeVar13 );
	if ( ( NodeUniforms.nodeUniform11 > 0.0 ) ) {

		nodeVar15 = ( ( 1.0 / max( pow( length( nodeVar13 ), NodeUniforms.nodeUniform12 ), 0.01 ) ) * pow( clamp( ( 1.0 - pow( ( length( nodeVar13 ) / NodeUniforms.nodeUniform11 ), 4.0 ) ), 0.0, 1.0 ), 2.0 ) );

	} else {

		nodeVar15 = ( 1.0 / max( pow( length( nodeVar13 ), NodeUniforms.nodeUniform12 ), 0.01 ) );

	};
	nodeVar16 = ( vec3<f32>( clamp( dot( TransformedNormalView, nodeVar14 ), 0.0, 1.0 ) ) * ( NodeUniforms.nodeUniform10 * vec3<f32>( nodeVar15 ) ) );
	nodeVar17 = normalize( NodeUniforms.nodeUniform13 );
	nodeVar18 = ( vec3<f32>( clamp( dot( TransformedNormalView, nodeVar17 ), 0.0, 1.0 ) ) * NodeUniforms.nodeUniform14 );
	nodeVar19 = ( NodeUniforms.nodeUniform15 - nodeVarying7.xyz );
	nodeVar20 = normalize( nodeVar19 );
	nodeVar22 = smoothstep( NodeUniforms.nodeUniform16, NodeUniforms.nodeUniform17, dot( nodeVar20, NodeUniforms.nodeUniform18 ) );
	if ( ( NodeUniforms.nodeUniform20 > 0.0 ) ) {

		nodeVar23 = ( ( 1.0 / max( pow( length( nodeVar19 ), NodeUniforms.nodeUniform21 ), 0.01 ) ) * pow( clamp( ( 1.0 - pow( ( length( nodeVar19 ) / NodeUniforms.nodeUniform20 ), 4.0 ) ), 0.0, 1.0 ), 2.0 ) );

	} else {

		nodeVar23 = ( 1.0 / max( pow( length( nodeVar19 ), NodeUniforms.nodeUniform21 ), 0.01 ) );

	};
	if ( ( nodeVar22 > 0.0 ) ) {

		nodeVar21 = ( ( NodeUniforms.nodeUniform19 * vec3<f32>( nodeVar22 ) ) * vec3<f32>( nodeVar23 ) );

	} else {

		nodeVar21 = vec3<f32>( 0.0 );

	};
	nodeVar24 = ( vec3<f32>( clamp( dot( TransformedNormalView, nodeVar20 ), 0.0, 1.0 ) ) * nodeVar21 );
	nodeVar25 = normalize( ( nodeVar14 + normalize( nodeVarying8 ) ) );
	nodeVar26 = clamp( dot( normalize( nodeVarying8 ), nodeVar25 ), 0.0, 1.0 );
	nodeVar27 = exp2( ( ( ( nodeVar26 * -5.55473 ) - 6.98316 ) * nodeVar26 ) );
	nodeVar28 = clamp( dot( TransformedNormalView, nodeVar14 ), 0.0, 1.0 );
	nodeVar29 = pow( Roughness, 2.0 );
	nodeVar30 = pow( nodeVar29, 2.0 );
	nodeVar31 = clamp( dot( TransformedNormalView, normalize( nodeVarying8 ) ), 0.0, 1.0 );
	nodeVar32 = pow( nodeVar29, 2.0 );
	nodeVar33 = normalize( ( nodeVar17 + normalize( nodeVarying8 ) ) );
	nodeVar34 = clamp( dot( normalize( nodeVarying8 ), nodeVar33 ), 0.0, 1.0 );
	nodeVar35 = exp2( ( ( ( nodeVar34 * -5.55473 ) - 6.98316 ) * nodeVar34 ) );
	nodeVar36 = clamp( dot( TransformedNormalView, nodeVar17 ), 0.0, 1.0 );
	nodeVar37 = pow( Roughness, 2.0 );
	nodeVar38 = pow( nodeVar37, 2.0 );
	nodeVar39 = pow( nodeVar37, 2.0 );
	nodeVar40 = normalize( ( nodeVar20 + normalize( nodeVarying8 ) ) );
	nodeVar41 = clamp( dot( normalize( nodeVarying8 ), nodeVar40 ), 0.0, 1.0 );
	nodeVar42 = exp2( ( ( ( nodeVar41 * -5.55473 ) - 6.98316 ) * nodeVar41 ) );
	nodeVar43 = clamp( dot( TransformedNormalView, nodeVar20 ), 0.0, 1.0 );
	nodeVar44 = pow( Roughness, 2.0 );
	nodeVar45 = pow( nodeVar44, 2.0 );
	nodeVar46 = pow( nodeVar44, 2.0 );
	nodeVar47 = ( ( vec4<f32>( vec3<f32>( Roughness ), 1.0 ) * vec4<f32>( -1.0, -0.0275, -0.572, 0.022 ) ) + vec4<f32>( 1.0, 0.0425, 1.04, -0.04 ) );
	nodeVar48 = ( ( vec2<f32>( -1.04, 1.04 ) * vec2<f32>( ( ( min( ( nodeVar47.x * nodeVar47.x ), exp2( ( nodeVar31 * -9.28 ) ) ) * nodeVar47.x ) + nodeVar47.y ) ) ) + nodeVar47.zw );
	nodeVar49 = ( ( SpecularColor * vec3<f32>( nodeVar48.x ) ) + vec3<f32>( ( 1.0 * nodeVar48.y ) ) );
	nodeVar50 = ( SpecularColor + ( ( vec3<f32>( 1.0 ) - SpecularColor ) * vec3<f32>( 0.047619 ) ) );
	nodeVar51 = ( 1.0 - ( nodeVar48.x + nodeVar48.y ) );
	nodeVar52 = vec3<f32>( 0.0, 0.0, 0.0 );
	nodeVar53 = ( nodeVar52 * vec3<f32>( 0.3183098861837907 ) );
	nodeVar54 = 1.0;
	nodeVar55 = vec3<f32>( 0.0, 0.0, 0.0 );
	Light = ( vec4<f32>( ( ( ( vec3<f32>( 0.0, 0.0, 0.0 ) + ( nodeVar16 * ( vec3<f32>( 0.3183098861837907 ) * DiffuseColor.xyz ) ) ) + ( nodeVar18 * ( vec3<f32>( 0.3183098861837907 ) * DiffuseColor.xyz ) ) ) + ( nodeVar24 * ( vec3<f32>( 0.3183098861837907 ) * DiffuseColor.xyz ) ) ), 1.0 ) + ( ( vec4<f32>( ( ( ( vec3<f32>( 0.0, 0.0, 0.0 ) + ( nodeVar16 * ( ( ( SpecularColor * vec3<f32>( ( 1.0 - nodeVar27 ) ) ) + vec3<f32>( ( 1.0 * nodeVar27 ) ) ) * vec3<f32>( ( ( 0.5 / max( ( ( nodeVar28 * sqrt( ( nodeVar30 + ( ( 1.0 - nodeVar30 ) * pow( nodeVar31, 2.0 ) ) ) ) ) + ( nodeVar31 * sqrt( ( nodeVar30 + ( ( 1.0 - nodeVar30 ) * pow( nodeVar28, 2.0 ) ) ) ) ) ), 0.000001 ) ) * ( 0.3183098861837907 * ( nodeVar32 / pow( ( ( pow( clamp( dot( TransformedNormalView, nodeVar25 ), 0.0, 1.0 ), 2.0 ) * ( nodeVar32 - 1.0 ) ) + 1.0 ), 2.0 ) ) ) ) ) ) ) ) + ( nodeVar18 * ( ( ( SpecularColor * vec3<f32>( ( 1.0 - nodeVar35 ) ) ) + vec3<f32>( ( 1.0 * nodeVar35 ) ) ) * vec3<f32>( ( ( 0.5 / max( ( ( nodeVar36 * sqrt( ( nodeVar38 + ( ( 1.0 - nodeVar38 ) * pow( nodeVar31, 2.0 ) ) ) ) ) + ( nodeVar31 * sqrt( ( nodeVar38 + ( ( 1.0 - nodeVar38 ) * pow( nodeVar36, 2.0 ) ) ) ) ) ), 0.000001 ) ) * ( 0.3183098861837907 * ( nodeVar39 / pow( ( ( pow( clamp( dot( TransformedNormalView, nodeVar33 ), 0.0, 1.0 ), 2.0 ) * ( nodeVar39 - 1.0 ) ) + 1.0 ), 2.0 ) ) ) ) ) ) ) ) + ( nodeVar24 * ( ( ( SpecularColor * vec3<f32>( ( 1.0 - nodeVar42 ) ) ) + vec3<f32>( ( 1.0 * nodeVar42 ) ) ) * vec3<f32>( ( ( 0.5 / max( ( ( nodeVar43 * sqrt( ( nodeVar45 + ( ( 1.0 - nodeVar45 ) * pow( nodeVar31, 2.0 ) ) ) ) ) + ( nodeVar31 * sqrt( ( nodeVar45 + ( ( 1.0 - nodeVar45 ) * pow( nodeVar43, 2.0 ) ) ) ) ) ), 0.000001 ) ) * ( 0.3183098861837907 * ( nodeVar46 / pow( ( ( pow( clamp( dot( TransformedNormalView, nodeVar40 ), 0.0, 1.0 ), 2.0 ) * ( nodeVar46 - 1.0 ) ) + 1.0 ), 2.0 ) ) ) ) ) ) ) ), 1.0 ) + ( ( ( vec4<f32>( vec3<f32>( 0.0, 0.0, 0.0 ), 1.0 ) + ( vec4<f32>( ( vec3<f32>( 0.0, 0.0, 0.0 ) + NodeUniforms.nodeUniform23 ), 1.0 ) * ( vec4<f32>( vec3<f32>( 0.3183098861837907 ), 1.0 ) * DiffuseColor ) ) ) + ( ( DiffuseColor * vec4<f32>( ( vec3<f32>( 1.0 ) - ( ( vec3<f32>( 0.0, 0.0, 0.0 ) + nodeVar49 ) + ( vec3<f32>( 0.0, 0.0, 0.0 ) + ( ( ( nodeVar49 * nodeVar50 ) / ( vec3<f32>( 1.0 ) - ( vec3<f32>( nodeVar51 ) * nodeVar50 ) ) ) * vec3<f32>( nodeVar51 ) ) ) ) ), 1.0 ) ) * vec4<f32>( nodeVar53, 1.0 ) ) ) * vec4<f32>( vec3<f32>( nodeVar54 ), 1.0 ) ) ) + vec4<f32>( ( ( ( vec3<f32>( 0.0, 0.0, 0.0 ) + ( nodeVar55 * ( vec3<f32>( 0.0, 0.0, 0.0 ) + nodeVar49 ) ) ) + ( ( vec3<f32>( 0.0, 0.0, 0.0 ) + ( ( ( nodeVar49 * nodeVar50 ) / ( vec3<f32>( 1.0 ) - ( vec3<f32>( nodeVar51 ) * nodeVar50 ) ) ) * vec3<f32>( nodeVar51 ) ) ) * nodeVar53 ) ) * vec3<f32>( clamp( ( ( pow( ( nodeVar31 + nodeVar54 ), exp2( ( ( -16.0 * Roughness ) - 1.0 ) ) ) - 1.0 ) + nodeVar54 ), 0.0, 1.0 ) ) ), 1.0 ) ) ).xyz;
	
	
	// FLOW -> Output
	Output = vec4<f32>( ( NodeUniforms.nodeUniform24 + Light ), DiffuseColor.w );
	
	// FLOW RESULT
	return Output;

}
