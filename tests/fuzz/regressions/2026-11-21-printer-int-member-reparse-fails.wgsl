fn f() {
  let a = 1 .x;
}
