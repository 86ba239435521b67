fn f() {
  let a = 0 .flat;
}
