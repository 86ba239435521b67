var x : i32 = 0;

fn baz(p : ptr<private, i32>) {
  *p = 2;
}

// This function produces a dynamic error if x == 0, because x is read and
// written through different root identifiers even though the write occurs
// in the scope of baz.
fn bar(p : ptr<private, i32>) {
  if (x == 0) {
    baz(p);
  }
}

fn foo() {
  bar(&x); // p in bar is aliased to x.
}
