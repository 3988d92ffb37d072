// src/random.ts: the seeded hash and generator.
import assert from "node:assert/strict";
import { hashInts } from "../mod.ts";

Deno.test("hashInts refuses arguments that would share another's hash (found by review)", () => {
  // Seeds 5 and 2^32 + 5, 5 and 5.7, a = 1 and 1.5, NaN and 0 hashed alike.
  const cases: [number, number, number, RegExp][] = [
    [
      2 ** 32 + 5,
      1,
      2,
      /seed must be an integer in -2147483648…4294967295, got 4294967301/,
    ],
    [5.7, 1, 2, /seed must be an integer in -2147483648…4294967295, got 5.7/],
    [Number.NaN, 1, 2, /seed must be an integer .*, got NaN/],
    [5, 1.5, 2, /a must be an integer in 0…9007199254740991, got 1.5/],
    [5, -1, 2, /a must be an integer in 0…9007199254740991, got -1/],
    [5, 1, Number.NaN, /b must be an integer in 0…9007199254740991, got NaN/],
    [
      5,
      1,
      2 ** 53,
      /b must be an integer in 0…9007199254740991, got 9007199254740992/,
    ],
  ];
  for (const [seed, a, b, message] of cases) {
    assert.throws(
      () => hashInts(seed, a, b),
      new RegExp(`^Error: hashInts: ${message.source}$`),
    );
  }
  // The range's ends are accepted, and a signed seed hashes as its bits.
  assert.equal(
    hashInts(-1, 0, Number.MAX_SAFE_INTEGER),
    hashInts(2 ** 32 - 1, 0, Number.MAX_SAFE_INTEGER),
  );
  assert.notEqual(hashInts(5, 1, 2), hashInts(6, 1, 2));
});
