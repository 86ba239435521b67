fn sometimes_discard(a: i32) {
  if a {
    discard;        // Behavior: {Discard}
  }                 // Behavior: {Next, Discard}
}                   // The whole function has behavior {Next, Discard}
fn code_after_discard() {
  var a: i32;
  a = 42;
  sometimes_discard(a);  // Behavior: {Next, Discard}
  a = a + 1;             // Valid
}                        // The whole function has behavior {Next, Discard}
