int a = 2;
for (int i = 0; i < 4; i++) {
  a *= 2;
}
