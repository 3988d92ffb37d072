/**
 * `mcts` budgets (issue 19): zero, negative, NaN and huge budgets are clear
 * errors or bounded searches, a tiny `timeMs` still runs one playout and
 * returns a legal move, and a game without an end cannot hang a playout.
 */

import assert from "node:assert/strict";
import fc from "fast-check";
import {
  ConnectFour,
  mcts,
  MCTS_MAX_PLAYOUT_PLIES,
  MctsPlayer,
  type Position,
  TicTacToe,
} from "../mod.ts";
import { DelegatingPosition } from "../src/_delegating_position.ts";

/** The legal moves of `position`. */
function legalMoves(position: Position): number[] {
  const buffer = new Int32Array(position.maxMoves);
  return Array.from(buffer.subarray(0, position.generateMoves(buffer)));
}

/** A game that never ends: two moves everywhere, a counter as the key. */
class Endless implements Position {
  readonly maxMoves = 2;
  plies = 0;
  evaluations = 0;
  generateMoves(out: Int32Array): number {
    out[0] = 0;
    out[1] = 1;
    return 2;
  }
  play(_move: number): void {
    this.plies++;
  }
  undo(_move: number): void {
    this.plies--;
  }
  isTerminal(): boolean {
    return false;
  }
  evaluate(): number {
    this.evaluations++;
    return 0;
  }
  turn(): 1 | -1 {
    return (this.plies & 1) === 0 ? 1 : -1;
  }
  key(): number {
    return this.plies;
  }
  clone(): this {
    return Object.assign(new Endless(), this) as this;
  }
}

const INVALID = [0, -1, -Infinity, NaN, 1.5, "10", null, Infinity] as const;

Deno.test("mcts with random budgets (NaN, negative, 0, huge included) throws a clear error or returns a legal move", () => {
  const positions = [".........", "X...O....", "XO.XO...."].map((s) =>
    TicTacToe.parse(s)
  );
  const count = fc.oneof(
    fc.constant(undefined),
    fc.integer({ min: 1, max: 300 }),
    fc.constantFrom(...INVALID),
    fc.constantFrom(1e9, 2 ** 53 - 1, 1e12),
  );
  const time = fc.oneof(
    fc.constant(undefined),
    fc.constantFrom(1e-9, 1e-3, 1e300, ...INVALID),
  );
  fc.assert(
    fc.property(
      fc.constantFrom(...positions),
      count,
      count,
      time,
      (position, playouts, maxNodes, timeMs) => {
        const options: Record<string, unknown> = {};
        if (playouts !== undefined) options.playouts = playouts;
        if (maxNodes !== undefined) options.maxNodes = maxNodes;
        if (timeMs !== undefined) options.timeMs = timeMs;
        const bad = (value: unknown, max: number) =>
          value !== undefined &&
          !(Number.isInteger(value) && (value as number) >= 1 &&
            (value as number) <= max);
        const badPlayouts = bad(playouts, 1e9);
        // maxNodes may be Infinity: no node limit.
        const badNodes = maxNodes !== Infinity &&
          bad(maxNodes, Number.MAX_SAFE_INTEGER);
        // timeMs may be Infinity: no time limit, as for the other searchers.
        const badTime = timeMs !== undefined &&
          !(typeof timeMs === "number" && timeMs > 0);
        const before = position.key();
        if (badPlayouts || badNodes || badTime) {
          const name = badPlayouts
            ? "playouts"
            : badNodes
            ? "maxNodes"
            : "timeMs";
          assert.throws(
            () => mcts(position, options),
            new RegExp(`^Error: mcts: ${name} must be `),
          );
          assert.equal(position.key(), before);
          return;
        }
        // A valid search must be small enough to run here.
        const small = (v: unknown) => typeof v === "number" && v <= 300;
        fc.pre(
          small(playouts) || small(maxNodes) || timeMs === 1e-9 ||
            timeMs === 1e-3 ||
            (playouts === undefined && maxNodes === undefined &&
              (timeMs === undefined || timeMs === Infinity)),
        );
        const result = mcts(position, options);
        assert.equal(position.key(), before);
        assert.ok(result.stats.playouts >= 1);
        assert.ok(
          legalMoves(position).includes(result.move),
          `move ${result.move}`,
        );
        assert.equal(result.stats.stoppedByBudget, true);
      },
    ),
    { seed: 19, numRuns: 300 },
  );
});

Deno.test("mcts with a timeMs already spent runs one playout and returns a legal move", () => {
  for (const position of [TicTacToe.empty(), ConnectFour.parse("4455")]) {
    const result = mcts(position, { timeMs: Number.MIN_VALUE });
    assert.equal(result.stats.playouts, 1);
    assert.equal(result.stats.stoppedBy, "timeMs");
    assert.ok(legalMoves(position).includes(result.move));
    assert.deepEqual(result.pv, [result.move]);
  }
});

Deno.test("mcts on a game without an end stops each playout at MCTS_MAX_PLAYOUT_PLIES and scores it a draw", () => {
  const position = new Endless();
  const result = mcts(position, { playouts: 3 });
  assert.equal(result.stats.truncatedPlayouts, 3);
  assert.equal(result.value, 0);
  assert.ok(result.move === 0 || result.move === 1);
  assert.equal(position.plies, 0);
  assert.ok(result.stats.nodes <= 3 * (MCTS_MAX_PLAYOUT_PLIES + 1));
});

Deno.test("mcts counts a leaf per call of evaluate(): a playout cut at MCTS_MAX_PLAYOUT_PLIES calls none and counts none", () => {
  // Found by review: a truncated playout added to stats.leaves, which
  // SearchStats and MctsStats define as calls of evaluate().
  const position = new Endless();
  const result = mcts(position, { playouts: 2 });
  assert.equal(result.stats.truncatedPlayouts, 2);
  assert.equal(position.evaluations, 0);
  assert.equal(result.stats.leaves, 0);
  const counted = new CountedTicTacToe(TicTacToe.parse("X...O...."));
  const played = mcts(counted, { playouts: 300, seed: 5 });
  assert.equal(played.stats.leaves, counted.evaluations);
  assert.equal(played.stats.leaves, 300);
});

/** Tic-tac-toe counting its calls of evaluate(). */
class CountedTicTacToe extends DelegatingPosition<TicTacToe> {
  evaluations = 0;
  override evaluate(): number {
    this.evaluations++;
    return this.inner.evaluate();
  }
  clone(): this {
    return new CountedTicTacToe(this.inner.clone()) as this;
  }
}

/** A position that has not ended but has no legal move, valued `value`. */
class Stuck extends Endless {
  constructor(readonly value: number) {
    super();
  }
  override generateMoves(_out: Int32Array): number {
    return 0;
  }
  override evaluate(): number {
    this.evaluations++;
    return this.value;
  }
}

Deno.test("mcts values a root with no legal move by evaluate(), as a terminal root, not 0", () => {
  // Found by review: the playouts of such a root evaluated it, but the
  // result read the value from a best child that did not exist: 0.
  for (const solver of [false, true]) {
    for (const [value, expected] of [[-5, -1000], [7, 1000], [0, 0]]) {
      const position = new Stuck(value!);
      const result = mcts(position, { playouts: 20, solver });
      assert.deepEqual(
        [result.move, result.pv, result.value],
        [-1, [], expected],
        `evaluate() ${value}, solver ${solver}`,
      );
      assert.deepEqual(
        [
          result.stats.nodes,
          result.stats.leaves,
          result.stats.playouts,
          result.stats.stoppedBy,
          result.stats.stoppedByBudget,
        ],
        [1, 1, 0, null, false],
      );
      assert.equal(position.evaluations, 1);
    }
  }
});

Deno.test("mcts: exploration null is refused like every other bad value; maxNodes Infinity is no node limit", () => {
  // Found by review: exploration null became the default silently (every
  // other searcher refuses null), and maxNodes Infinity, documented as
  // valid in SearchOptions and accepted by minimax, was refused.
  const position = TicTacToe.parse("X...O....");
  assert.throws(
    () => mcts(position, { exploration: null as never }),
    new Error("mcts: exploration must be a finite number ≥ 0, got null"),
  );
  assert.throws(
    () => new MctsPlayer({ exploration: null as never }),
    new Error(
      "new MctsPlayer: exploration must be a finite number ≥ 0, got null",
    ),
  );
  assert.deepEqual(
    mcts(position, { maxNodes: Infinity, playouts: 200, seed: 2 }),
    mcts(position, { playouts: 200, seed: 2 }),
  );
  // No other budget: the default playouts, as with no budget at all.
  assert.deepEqual(
    mcts(position, { maxNodes: Infinity, seed: 2 }),
    mcts(position, { seed: 2 }),
  );
  assert.throws(
    () => mcts(position, { maxNodes: -Infinity }),
    new Error(
      "mcts: maxNodes must be an integer in 1…9007199254740991 or Infinity (no node limit), got -Infinity",
    ),
  );
});
