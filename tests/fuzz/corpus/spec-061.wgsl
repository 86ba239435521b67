const x = 1;
const y = 2;
staticAssert x < y; // valid at module-scope.
staticAssert(y != 0); // parentheses are optional.

fn foo() {
  const z = x + y - 2;
  staticAssert z > 0; // valid in functions.
  let a  = 3;
  staticAssert a != 0; // invalid, the expresion must be a creation-time expression.
}
