const a = true;
const b = false;
