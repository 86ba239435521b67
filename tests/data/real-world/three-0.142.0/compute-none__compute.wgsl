// Three.js r142 - NodeMaterial System

// system
var<private> instanceIndex : u32;

// uniforms


// codes


@compute @workgroup_size( 64 )
fn main( @builtin( global_invocation_id ) id : vec3<u32> ) {

	// system
	instanceIndex = id.x;

	// vars
	



	// flow
	// code
	
	
	

}
