import assert from "node:assert/strict";
import {
  BOUND_EXACT,
  BOUND_LOWER,
  BOUND_UPPER,
  boundOf,
  DEPTH_END,
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
    Math.floor(2 ** 20 / 21),
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
