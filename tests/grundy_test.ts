import assert from "node:assert/strict";
import {
  dawsonsKayles,
  grundy,
  grundyFunction,
  grundySum,
  kayles,
  mex,
  octalGame,
  octalSuccessors,
  subtractionGame,
  sumOfGames,
} from "../mod.ts";

/** Reads a `n value` table from data/ (comment lines start with #). */
function readTable(name: string): Map<number, number> {
  const text = Deno.readTextFileSync(
    new URL(`../data/${name}`, import.meta.url),
  );
  const table = new Map<number, number>();
  for (const line of text.split("\n")) {
    if (line.startsWith("#") || line.trim() === "") continue;
    const [n, value] = line.trim().split(/\s+/).map(Number);
    table.set(n!, value!);
  }
  return table;
}

Deno.test("mex() is the least missing non-negative integer", () => {
  assert.equal(mex([]), 0);
  assert.equal(mex([0, 0, 2]), 1);
  assert.equal(mex([3, 1, 0, 2]), 4);
});

Deno.test("kayles() matches OEIS A002186 for rows of 0 to 104 pins", () => {
  const table = readTable("a002186_kayles.txt");
  assert.equal(table.size, 105);
  for (const [n, value] of table) assert.equal(kayles(n), value, `n = ${n}`);
});

Deno.test("Kayles is periodic with period 12 from n = 71 on", () => {
  for (let n = 71; n < 600; n++) assert.equal(kayles(n + 12), kayles(n));
});

Deno.test("dawsonsKayles(n) matches OEIS A002187 at n - 1, and has period 34 after n = 52", () => {
  const table = readTable("a002187_dawsons_chess.txt");
  assert.equal(table.size, 132);
  assert.equal(dawsonsKayles(0), 0);
  for (const [n, value] of table) {
    assert.equal(dawsonsKayles(n + 1), value, `n = ${n}`);
  }
  for (let n = 53; n < 600; n++) {
    assert.equal(dawsonsKayles(n + 34), dawsonsKayles(n));
  }
});

Deno.test("the subtraction game {1, 2, 3} has period 4: n mod 4", () => {
  const game = subtractionGame([1, 2, 3]);
  for (let n = 0; n <= 200; n++) assert.equal(game(n), n % 4);
  // {1, 3, 4} has period 7 with pattern 0101232 (Winning Ways).
  const other = subtractionGame([1, 3, 4]);
  for (let n = 0; n <= 70; n++) {
    assert.equal(other(n), [0, 1, 0, 1, 2, 3, 2][n % 7]);
  }
});

Deno.test("the heap families agree with the generic memoised mex over successors", () => {
  for (const code of [".77", ".07", ".137", ".6", ".4"]) {
    const heap = octalGame(code);
    const generic = grundyFunction(octalSuccessors(code), {
      key: (h) => h.join(),
    });
    for (let n = 0; n <= 30; n++) {
      assert.equal(generic(n === 0 ? [] : [n]), heap(n), `${code} at ${n}`);
    }
  }
});

Deno.test("the grundy namespace holds the same helpers", () => {
  assert.equal(grundy.kayles, kayles);
  assert.equal(grundy.subtractionGame([1, 2])(5), 2);
});

Deno.test("bad inputs are rejected with clear messages", () => {
  assert.throws(
    () => kayles(-1),
    /kayles: n must be an integer in 0…8190, got -1/,
  );
  assert.throws(
    () => subtractionGame([0, 2]),
    /subtractionGame: set\[0\] must be an integer in 1…1048576, got 0/,
  );
  assert.throws(() => octalGame("77"), /Octal game code must look like/);
  const cyclic = grundyFunction((n: number) => [(n + 1) % 3]);
  assert.throws(() => cyclic(0), /cycle/);
});

Deno.test("grundyFunction's default key tells different states apart (found by review)", () => {
  // String(state) keyed [[1, 2], [3]] and [[1], [2, 3]] both "1,2,3", so the
  // second got the first's number, and every object keyed "[object Object]".
  const sum = grundyFunction(
    sumOfGames(octalSuccessors(".77"), octalSuccessors(".07")),
  );
  for (
    const [a, b] of [[[1, 2], [3]], [[1], [2, 3]], [[4], []], [[], [4]]]
  ) {
    const truth = grundySum(...a!.map(kayles), ...b!.map(dawsonsKayles));
    assert.equal(sum([a!, b!]), truth, `${a} beside ${b}`);
  }
  // An acyclic game of object states: was a false "has a cycle".
  const counter = grundyFunction((s: { n: number }) =>
    Array.from({ length: s.n }, (_, n) => ({ n }))
  );
  assert.equal(counter({ n: 5 }), 5);
  // Numbers stay keyed as themselves, strings as their JSON text: "1" is not 1.
  const mixed = grundyFunction((s: number | string) =>
    s === "1" ? [] : typeof s === "number" && s > 0 ? ["1", s - 1] : []
  );
  assert.equal(mixed("1"), 0);
  assert.equal(mixed(1), 1);
  assert.throws(
    () => grundyFunction((n: bigint) => n > 0n ? [n - 1n] : [])(2n),
    /grundyFunction: the default key \(JSON text\) cannot key the state 2n; pass options\.key/,
  );
});

Deno.test("mex refuses what is not an iterable of non-negative integers (found by review)", () => {
  // mex(null) was 0, mex("0123") 0, mex([0, "1", 2]) 1 and mex([0, NaN]) 1:
  // a wrong element counted as missing instead of being an error.
  for (const values of [null, undefined, "0123", 5, { length: 1 }]) {
    assert.throws(
      () => mex(values as never),
      /^Error: mex: values must be an iterable of non-negative integers \(an array, a Set\), got /,
    );
  }
  const cases: [unknown[], string][] = [
    [[0, "1", 2], 'values\\[1\\] must be a non-negative integer, got "1"'],
    [[0, Number.NaN], "values\\[1\\] must be a non-negative integer, got NaN"],
    [[-1], "values\\[0\\] must be a non-negative integer, got -1"],
    [[0, 1, 1.5], "values\\[2\\] must be a non-negative integer, got 1.5"],
  ];
  for (const [values, message] of cases) {
    assert.throws(
      () => mex(values as never),
      new RegExp(`^Error: mex: ${message}$`),
    );
  }
  assert.equal(mex(new Set([0, 1, 2])), 3);
  assert.equal(mex([2, 0, 0, 1, 4]), 3);
});

Deno.test("grundyFunction refuses a successors function that returns something not iterable, naming successors, the state and the value", () => {
  const numberBack = grundyFunction(
    (n: number) => (n > 0 ? n - 1 : 0) as unknown as number[],
  );
  // Array.from(4) is []: this gave 0, as if 5 had no move.
  assert.throws(
    () => numberBack(5),
    /grundyFunction: successors must return an iterable of states, got 4 for state 5/,
  );
  const arrayLike = grundyFunction(
    (n: number) => ({ length: n }) as unknown as number[],
  );
  assert.throws(
    () => arrayLike(3),
    /grundyFunction: successors must return an iterable of states, got .* for state 3/,
  );
  const nothing = grundyFunction((_: number) => undefined as never);
  assert.throws(
    () => nothing(0),
    /successors must return an iterable of states, got undefined for state 0/,
  );
  // A generator, a Set: iterables, accepted.
  const heap = grundyFunction(function* (n: number) {
    for (let i = 0; i < n; i++) yield i;
  });
  assert.equal(heap(6), 6);
  assert.equal(
    grundyFunction((n: number) => new Set(n > 0 ? [n - 1] : []))(3),
    1,
  );
});
