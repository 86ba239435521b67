
fn mod( x : f32, y : f32 ) -> f32 {

	return x - y * floor( x / y );

}
