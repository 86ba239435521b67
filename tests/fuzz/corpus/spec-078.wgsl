var x : i32 = 0;

fn foo() {
  bar(&x, &x); // Both p and q parameters are aliases of x.
}

// This function produces a dynamic error because of the aliased
// memory accesses.
fn bar(p : ptr<private, i32>, q : ptr<private, i32>) {
  if (x == 0) {
    *p = 1;
  } else {
    *q = 2;
  }
}
