var x: f32 = 1.0;
let y = x * x + x + 1;
