var<private> a: array<f32, b ^ c>;
