// Every control-flow statement of the seed: if/else if/else, switch with case lists, default
// and fallthrough, loop with continuing and break if, for, while, break, continue, return.
@group(0) @binding(0) var<storage, read_write> results: array<i32, 8>;

fn classify(x: i32) -> i32 {
  switch x {
    case 0: {
      return 10;
    }
    case 1, 2, 3 {
      fallthrough;
    }
    case 4: {
      return 20;
    }
    default {
      return -1;
    }
  }
}

fn collatz_steps(start: i32) -> i32 {
  var n = start;
  var steps = 0;
  loop {
    if n <= 1 {
      break;
    }
    if (n & 1) == 0 {
      n = n / 2;
    } else if n > 1000000 {
      return -1;
    } else {
      n = 3 * n + 1;
    }
    continuing {
      steps++;
      break if steps >= 1000;
    }
  }
  return steps;
}

@compute @workgroup_size(1)
fn main() {
  for (var i = 0; i < 8; i++) {
    if i == 5 {
      continue;
    }
    results[i] = classify(i) + collatz_steps(i + 1);
  }
  var j = 0;
  while j < 8 {
    results[j] -= bitcast<i32>(~0u) * -1;
    j += 1;
  }
}
