/** Snowflake-style 64-bit ids (ms since 2020-01-01, 10-bit worker, 12-bit sequence), as decimal strings. */
const EPOCH = 1577836800000n;
let lastMs = 0n;
let sequence = 0n;
const worker = BigInt(process.pid % 1024);

export function nextId(): string {
  let now = BigInt(Date.now());
  if (now < lastMs) now = lastMs; // clock went backwards: keep ids monotonic
  if (now === lastMs) {
    sequence = (sequence + 1n) & 0xfffn;
    if (sequence === 0n) now = lastMs + 1n; // sequence exhausted within this millisecond
  } else {
    sequence = 0n;
  }
  lastMs = now;
  return (((now - EPOCH) << 22n) | (worker << 12n) | sequence).toString();
}
