fn f() {
  let a = 1 .e5;
}
