import assert from "node:assert/strict";
import fc from "fast-check";
import {
  alphaBeta,
  grundyFunction,
  grundySum,
  negamax,
  Nim,
  nimSum,
  octalSuccessors,
  sumOfGames,
  TranspositionTable,
  winningMoves,
} from "../mod.ts";

/** The successors of one Nim heap: every smaller heap. */
const heapMoves = (n: number): number[] =>
  Array.from({ length: n }, (_, i) => i);

/** Every list of `count` heaps of sizes 0…max. */
function allHeaps(count: number, max: number): number[][] {
  if (count === 0) return [[]];
  return allHeaps(count - 1, max).flatMap((rest) =>
    Array.from({ length: max + 1 }, (_, size) => [...rest, size])
  );
}

Deno.test("the Grundy number of a Nim heap of n is n (T003.6)", () => {
  const heap = grundyFunction(heapMoves);
  for (let n = 0; n <= 64; n++) assert.equal(heap(n), n);
});

Deno.test("a sum of games has the XOR of the parts' Grundy numbers (T003.6)", () => {
  const kaylesRows = octalSuccessors(".77");
  const kaylesGrundy = grundyFunction(kaylesRows, { key: (h) => h.join() });
  const sum = grundyFunction(sumOfGames(heapMoves, kaylesRows), {
    key: ([a, rows]) => `${a}|${rows.join()}`,
  });
  for (let a = 0; a <= 9; a++) {
    for (let b = 0; b <= 9; b++) {
      const rows = b === 0 ? [] : [b];
      assert.equal(sum([a, rows]), grundySum(a, kaylesGrundy(rows)));
    }
  }
  // And inside one game: a Kayles position of several rows.
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: 1, max: 12 }), { maxLength: 3 }),
      (rows) => {
        const sorted = [...rows].sort((x, y) => x - y);
        const parts = sorted.map((row) => kaylesGrundy([row]));
        assert.equal(kaylesGrundy(sorted), grundySum(...parts));
      },
    ),
  );
});

Deno.test("nimSum() is the XOR and rejects bad heaps", () => {
  assert.equal(nimSum([]), 0);
  assert.equal(nimSum([3, 4, 5]), 3 ^ 4 ^ 5);
  assert.throws(() => nimSum([1, -2]), /nimSum: heaps\[1\] must be .*, got -2/);
  assert.throws(() => nimSum([1.5]), /nimSum: heaps\[0\] must be .*, got 1.5/);
});

Deno.test("every winning Nim move makes the nim-sum zero, and only those do", () => {
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 6 }),
      (heaps) => {
        const moves = winningMoves(heaps);
        assert.equal(moves.length === 0, nimSum(heaps) === 0);
        for (const { heap, take } of moves) {
          assert.ok(take >= 1 && take <= heaps[heap]!);
          const after = heaps.with(heap, heaps[heap]! - take);
          assert.equal(nimSum(after), 0);
        }
        // Brute force: the moves listed are exactly the zeroing ones.
        const zeroing = heaps.flatMap((size, heap) =>
          Array.from({ length: size }, (_, i) => ({ heap, take: i + 1 }))
            .filter(({ take }) => nimSum(heaps.with(heap, size - take)) === 0)
        );
        assert.deepEqual(moves, zeroing);
      },
    ),
  );
});

Deno.test("alpha-beta with a table on the game graph declares a win exactly where the Grundy number is not zero, up to 4 heaps of up to 7", () => {
  let positions = 0;
  for (let count = 1; count <= 4; count++) {
    // One table per heap count: every position of `count` heaps up to 7 is a
    // node of the graph below [7, 7, …, 7], searched to the end once.
    const tt = new TranspositionTable({ entries: 1 << 14 });
    const graph = new Nim(Array(count).fill(7));
    for (const heaps of allHeaps(count, 7)) {
      const nim = graph.clone();
      heaps.forEach((size, heap) => {
        if (size < 7) nim.play(nim.moveOf(heap, 7 - size));
      });
      assert.deepEqual(nim.heaps, heaps);
      const { value } = alphaBeta(nim, { tt });
      assert.equal(value, nimSum(heaps) !== 0 ? 1 : -1, `heaps ${heaps}`);
      positions++;
    }
  }
  assert.equal(positions, 8 + 64 + 512 + 4096);
});

Deno.test("negamax and alpha-beta on the tree agree with the nim-sum and pick a zeroing move", () => {
  for (const heaps of allHeaps(3, 3)) {
    const nim = new Nim(heaps);
    const result = negamax(nim);
    assert.equal(result.value, nimSum(heaps) !== 0 ? 1 : -1);
    assert.equal(alphaBeta(nim).value, result.value);
    if (result.value === 1) {
      const move = nim.decodeMove(result.move);
      assert.equal(
        nimSum(heaps.with(move.heap, heaps[move.heap]! - move.take)),
        0,
      );
    }
  }
});

Deno.test("Nim generates moves in natural order and undo restores the key", () => {
  const nim = new Nim([2, 0, 3]);
  const moves = new Int32Array(nim.maxMoves);
  const count = nim.generateMoves(moves);
  assert.deepEqual(
    Array.from(moves.subarray(0, count), (move) => nim.decodeMove(move)),
    [
      { heap: 0, take: 1 },
      { heap: 0, take: 2 },
      { heap: 2, take: 1 },
      { heap: 2, take: 2 },
      { heap: 2, take: 3 },
    ],
  );
  const key = nim.key();
  const copy = nim.clone();
  nim.play(nim.moveOf(2, 2));
  assert.deepEqual(nim.heaps, [2, 0, 1]);
  assert.equal(nim.turn(), -1);
  assert.notEqual(nim.key(), key);
  assert.deepEqual(copy.heaps, [2, 0, 3]);
  nim.undo(nim.moveOf(2, 2));
  assert.equal(nim.key(), key);
  assert.throws(() => nim.play(nim.moveOf(1, 1)), /cannot take 1 from heap 1/);
  assert.throws(
    () => new Nim([1, -1]),
    /new Nim: heaps\[1\] must be an integer in 0…2147483647, got -1/,
  );
  assert.equal(new Nim([0, 0]).isTerminal(), true);
  assert.equal(new Nim([0, 0]).evaluate(), -1);
});

Deno.test("Nim.undo takes back only the last move played (found by review)", () => {
  // undo checked only that the heap would not overfill: after take-2 from
  // [3], undo(take-1) twice gave heaps [3] with ply −1 (the wrong side to move).
  const nim = new Nim([3]);
  const take1 = nim.moveOf(0, 1), take2 = nim.moveOf(0, 2);
  nim.play(take2);
  assert.throws(
    () => nim.undo(take1),
    /^Error: Nim.undo: move 1 is not the last move played: the last move played was 2 \(take 2 from heap 0\), and moves are taken back last first$/,
  );
  assert.deepEqual([nim.heaps, nim.turn()], [[1], -1]);
  nim.undo(take2);
  assert.deepEqual([nim.heaps, nim.turn()], [[3], 1]);
  assert.throws(
    () => nim.undo(take2),
    /^Error: Nim.undo: move 2 cannot be taken back: no move has been played$/,
  );
  // A long game grows the history; a clone keeps it, apart from the original.
  const long = new Nim([40, 30]);
  const line: number[] = [];
  for (let i = 0; i < 60; i++) {
    const move = long.moveOf(i % 2, 1);
    long.play(move);
    line.push(move);
  }
  const copy = long.clone();
  line.reverse(); // the last move first
  for (const move of line) long.undo(move);
  assert.deepEqual([long.heaps, long.turn(), long.key()], [
    [40, 30],
    1,
    new Nim([40, 30]).key(),
  ]);
  copy.undo(line[0]!);
  assert.deepEqual(copy.heaps, [10, 1]);
});

Deno.test("Nim.decodeMove and moveOf refuse what names no move (found by review)", () => {
  const nim = new Nim([3, 4]); // stride 5: moves 1…4 and 6…9
  for (const move of [-1, 0, Number.NaN, 2.5, 999, 10, "6"]) {
    assert.throws(
      () => nim.decodeMove(move as number),
      /^Error: Nim.decodeMove: move must be an integer in 1…9 \(heap \* 5 \+ take, heap 0…1, take 1…4\), got /,
      String(move),
    );
  }
  assert.throws(
    () => nim.decodeMove(5),
    /^Error: Nim.decodeMove: move 5 takes 0 counters from heap 1: a move is heap \* 5 \+ take with take 1…4$/,
  );
  assert.deepEqual(nim.decodeMove(9), { heap: 1, take: 4 });
  // With every heap empty the stride is 1 and take 1 would be heap 1's move of 0.
  assert.throws(
    () => new Nim([0, 0]).moveOf(0, 1),
    /^Error: Nim.moveOf: every heap started empty \(Nim\(0, 0\)\), so no move takes 1 counters from heap 0$/,
  );
});
