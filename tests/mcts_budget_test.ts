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
  type Position,
  TicTacToe,
} from "../mod.ts";

/** The legal moves of `position`. */
function legalMoves(position: Position): number[] {
  const buffer = new Int32Array(position.maxMoves);
  return Array.from(buffer.subarray(0, position.generateMoves(buffer)));
}

/** A game that never ends: two moves everywhere, a counter as the key. */
class Endless implements Position {
  readonly maxMoves = 2;
  plies = 0;
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
        const badNodes = bad(maxNodes, Number.MAX_SAFE_INTEGER);
        const badTime = timeMs !== undefined &&
          !(typeof timeMs === "number" && Number.isFinite(timeMs) &&
            timeMs > 0);
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
              timeMs === undefined),
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
