var a : i32;
let x : i32 = generateValue();
switch x {
  case 0: {      // the colon is optional
    a = 1;
  }
  default {      // the default needn't appear last
    a = 2;
  }
  case 1, 2 {    // multiple selector values can be used
    a = 3;       // a will be overridden in the next case
    fallthrough;
  }
  case 3 {
    a = 4;
  }
}
