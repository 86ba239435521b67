fn f() {
  let a = 0x1F .c;
}
