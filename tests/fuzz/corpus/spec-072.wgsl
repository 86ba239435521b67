fn always_discard() {
  discard;
}                   // The whole function has behavior {Discard}
fn code_after_discard() {
  var a: i32;
  always_discard(); // Behavior: {Discard}
  a = a + 1;        // Valid, statically unreachable code.
                    //   Statement behavior: {Next}
                    //   Overall behavior: {Discard}
}
