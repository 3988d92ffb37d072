import assert from "node:assert/strict";
import fc from "fast-check";
import {
  BOUND_EXACT,
  BOUND_LOWER,
  BOUND_UPPER,
  boundOf,
  BYTES_PER_ENTRY,
  DEPTH_END,
  MAX_ENTRY_KIND,
  NO_MOVE,
  tableDepth,
  TranspositionTable,
} from "../mod.ts";

Deno.test("TranspositionTable: an upper bound never cuts a fail-high", () => {
  const tt = new TranspositionTable({ entries: 64 });
  tt.store(10, 50, 4, 1, BOUND_UPPER); // true value ≤ 50
  const i = tt.probe(10);
  assert.ok(i >= 0);
  for (let beta = -60; beta <= 60; beta++) {
    // value ≥ beta cannot be proved by an upper bound
    const alpha = beta - 1;
    assert.equal(tt.cutoff(i, 4, alpha, beta), 50 <= alpha);
  }
  assert.equal(tt.cutoffsLower, 0);
  assert.equal(tt.cutoffsExact, 0);
});

Deno.test("TranspositionTable: a lower bound never cuts a fail-low", () => {
  const tt = new TranspositionTable({ entries: 64 });
  tt.store(11, -5, 2, 0, BOUND_LOWER);
  const i = tt.probe(11);
  for (let alpha = -20; alpha <= 20; alpha++) {
    assert.equal(tt.cutoff(i, 2, alpha, alpha + 1), -5 >= alpha + 1);
  }
  assert.equal(tt.cutoffsUpper, 0);
});

Deno.test("TranspositionTable: a shallower stored depth is not used for a deeper search", () => {
  const tt = new TranspositionTable({ entries: 64 });
  tt.store(12, 3, 2, 5, BOUND_EXACT);
  const i = tt.probe(12);
  assert.equal(tt.cutoff(i, 3, -100, 100), false);
  assert.equal(tt.cutoff(i, DEPTH_END, -100, 100), false);
  assert.equal(tt.cutoff(i, 2, -100, 100), true);
  assert.equal(tt.cutoff(i, 1, -100, 100), true);
  assert.equal(tt.move(i), 5, "the move is still there for ordering");
  tt.store(12, 3, tableDepth((1 << 30) - 4), 5, BOUND_EXACT);
  assert.equal(tt.cutoff(tt.probe(12), DEPTH_END, -100, 100), true);
});

Deno.test("TranspositionTable: colliding keys never read each other's entry", () => {
  const tt = new TranspositionTable({ entries: 7 });
  tt.store(3, 1, 1, 1, BOUND_EXACT);
  assert.equal(tt.probe(10), -1);
  tt.store(10, 2, 1, 2, BOUND_EXACT);
  assert.equal(tt.probe(3), -1);
  assert.equal(tt.value(tt.probe(10)), 2);
  assert.equal(tt.probe(2 ** 49 + 3), -1);
  tt.store(2 ** 49 + 3, -7, 9, 6, BOUND_UPPER);
  const i = tt.probe(2 ** 49 + 3);
  assert.deepEqual(
    [tt.value(i), tt.depth(i), tt.move(i), tt.bound(i), tt.key(i)],
    [-7, 9, 6, BOUND_UPPER, 2 ** 49 + 3],
  );
  assert.equal(tt.probes, 5);
  assert.equal(tt.hits, 2);
  tt.clear();
  assert.equal(tt.probe(2 ** 49 + 3), -1);
  assert.equal(tt.filled(), 0);
  assert.equal(tt.move(i), NO_MOVE);
});

Deno.test("TranspositionTable: a key's slot is key % size, for power-of-two sizes (low bits) and others alike", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(1, 2, 1000, 1024, 4096, 1 << 16, 65_535),
      fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
      fc.integer({ min: 1, max: 2 ** 20 }),
      (size, key, apart) => {
        const tt = new TranspositionTable({ entries: size });
        // Another key of the same slot replaces it; the next key's slot does
        // not (unless the table has one slot).
        const same = key + apart * size <= Number.MAX_SAFE_INTEGER
          ? key + apart * size
          : key - apart * size;
        fc.pre(same >= 0);
        tt.store(key, 1, 1, 0, BOUND_EXACT);
        assert.ok(tt.probe(key) >= 0);
        tt.store(same, 2, 1, 0, BOUND_EXACT);
        assert.equal(tt.probe(key), -1, `${same} shares ${key}'s slot`);
        assert.equal(tt.value(tt.probe(same)), 2);
        const next = key < Number.MAX_SAFE_INTEGER ? key + 1 : key - 1;
        tt.store(key, 3, 1, 0, BOUND_EXACT);
        tt.store(next, 4, 1, 0, BOUND_EXACT);
        assert.equal(tt.probe(key) >= 0, size > 1);
        assert.equal(tt.probe(key), size > 1 ? key % size : -1);
      },
    ),
    { seed: 27, numRuns: 500 },
  );
  // Keys no entry can hold miss, whichever way the slot is found.
  for (const size of [1024, 1000]) {
    const tt = new TranspositionTable({ entries: size });
    tt.store(0, 1, 1, 0, BOUND_EXACT);
    for (const key of [-1024, -0.5, 0.5, NaN, 2 ** 53, Infinity]) {
      assert.equal(tt.probe(key), -1, `${key}`);
    }
  }
});

Deno.test("TranspositionTable: the accessors refuse an index probe cannot have returned, a miss's −1 named", () => {
  const tt = new TranspositionTable({ entries: 1000 });
  tt.store(12345, 7, 3, 2, BOUND_LOWER);
  const i = tt.probe(12345);
  assert.equal(tt.value(i), 7);
  const miss = tt.probe(99);
  assert.equal(miss, -1);
  for (
    const [method, read] of [
      ["value", (k: number) => tt.value(k)],
      ["depth", (k: number) => tt.depth(k)],
      ["move", (k: number) => tt.move(k)],
      ["bound", (k: number) => tt.bound(k)],
      ["key", (k: number) => tt.key(k)],
      ["kind", (k: number) => tt.kind(k)],
      ["cutoff", (k: number) => tt.cutoff(k, 1, 0, 5)],
    ] as const
  ) {
    assert.throws(
      () => read(miss),
      new RegExp(
        `^Error: TranspositionTable\\.${method}: i must be an entry index probe\\(\\) returned, an integer in 0…999, got -1 \\(probe's miss: no entry\\)$`,
      ),
    );
    for (const bad of [1.5, 1000, NaN, "3"] as unknown as number[]) {
      assert.throws(
        () => read(bad),
        new RegExp(`^Error: TranspositionTable\\.${method}: i must be`),
      );
    }
  }
});

Deno.test("TranspositionTable: an entry keeps its kind beside its bound; the bound test ignores it; a bad kind is refused", () => {
  const tt = new TranspositionTable({ entries: 64 });
  for (const bound of [BOUND_UPPER, BOUND_LOWER, BOUND_EXACT]) {
    for (const kind of [0, 1, 5, MAX_ENTRY_KIND]) {
      tt.store(7, 3, 2, 1, bound, kind);
      const i = tt.probe(7);
      assert.equal(tt.kind(i), kind);
      assert.equal(tt.bound(i), bound);
      // 3 is exact, a lower bound at beta 3, an upper bound at alpha 3.
      assert.ok(tt.cutoff(i, 2, bound === BOUND_UPPER ? 3 : 0, 3));
      assert.ok(!tt.cutoff(i, 3, 0, 3));
    }
  }
  tt.store(7, 3, 2, 1, BOUND_EXACT);
  assert.equal(tt.kind(tt.probe(7)), 0);
  for (const bad of [-1, 0.5, MAX_ENTRY_KIND + 1, NaN, "1", null]) {
    assert.throws(
      () => tt.store(8, 3, 2, 1, BOUND_EXACT, bad as number),
      new RegExp(
        `^Error: TranspositionTable\\.store: kind must be an integer in 0…255, got `,
      ),
    );
  }
  assert.equal(tt.probe(8), -1);
});

Deno.test("TranspositionTable: boundOf follows the fail-soft contract", () => {
  assert.equal(boundOf(5, 5, 10), BOUND_UPPER);
  assert.equal(boundOf(10, 5, 10), BOUND_LOWER);
  assert.equal(boundOf(6, 5, 10), BOUND_EXACT);
  assert.equal(BOUND_EXACT, BOUND_UPPER | BOUND_LOWER);
});

Deno.test("TranspositionTable: sizes by entries or megabytes, bad options throw", () => {
  assert.equal(new TranspositionTable({ entries: 5 }).size, 5);
  assert.equal(
    new TranspositionTable({ megabytes: 1 }).size,
    Math.floor(2 ** 20 / BYTES_PER_ENTRY),
  );
  for (
    const bad of [{}, { entries: 0 }, { entries: 1.5 }, { megabytes: -1 }, {
      entries: 4,
      megabytes: 1,
    }]
  ) {
    assert.throws(
      () => new TranspositionTable(bad as never),
      /TranspositionTable/,
    );
  }
});

Deno.test("TranspositionTable: clear() empties every entry, whether it clears slot by slot or the whole table", () => {
  // A table larger than the write log (2^16 slots) sees both paths of clear().
  const tt = new TranspositionTable({ entries: 1 << 17 });
  for (const writes of [10, 70_000, 3]) {
    for (let k = 0; k < writes; k++) {
      tt.store(k * 7 + 1, k, DEPTH_END, 2, BOUND_EXACT);
    }
    assert.equal(tt.filled(), Math.min(writes, tt.size));
    tt.clear();
    assert.equal(tt.filled(), 0);
    for (let k = 0; k < writes; k += 97) {
      assert.equal(tt.probe(k * 7 + 1), -1);
    }
  }
});
