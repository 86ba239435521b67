// A module-only case (no entry point): an AbstractFloat initializer for a u32 (#var-and-value).
fn f() -> u32 {
  let x: u32 = 1.5;
  return x;
}
