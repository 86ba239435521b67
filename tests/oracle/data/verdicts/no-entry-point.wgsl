// A valid module without entry points: a module-only case that every backend accepts.
struct Pair {
  a: vec2<f32>,
  b: i32,
}

fn swap(p: Pair) -> Pair {
  return Pair(p.a.yx, -p.b);
}
