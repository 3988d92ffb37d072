/**
 * The searchers' trusted entry (`Position.playGenerated`/`undoGenerated`,
 * issue 27): tic-tac-toe's pair changes the position exactly as `play` and
 * `undo` do, minimax, negamax and plain alpha-beta use it for the moves they
 * generate when a position has both methods (else `play`/`undo`), with the
 * same results, and the position comes back whole when the search throws.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  alphaBeta,
  minimax,
  negamax,
  type Position,
  TicTacToe,
  type Value,
} from "../mod.ts";
import { DelegatingPosition } from "../src/_delegating_position.ts";
import { ticTacToePositions } from "./_arbitraries.ts";

/** Everything `TicTacToe` shows of its state. */
function state(position: TicTacToe): unknown[] {
  const moves = new Int32Array(9);
  const count = position.generateMoves(moves);
  return [
    position.key(),
    position.toString(),
    position.winner(),
    position.ply,
    position.turn(),
    position.isTerminal(),
    position.evaluate(),
    Array.from(moves.subarray(0, count)),
  ];
}

Deno.test("TicTacToe.playGenerated/undoGenerated change the position as play/undo do, history included", () => {
  fc.assert(
    fc.property(ticTacToePositions, fc.nat(), (position, choice) => {
      if (position.isTerminal()) return;
      const checked = position.clone();
      const moves = new Int32Array(9);
      const move = moves[choice % position.generateMoves(moves)]!;
      const before = state(position);
      position.playGenerated(move);
      checked.play(move);
      assert.deepEqual(state(position), state(checked));
      // The history is kept: a checked undo of another cell is refused and
      // names the cell played, as after play.
      const other = (move + 1) % 9;
      assert.throws(
        () => position.undo(other),
        new RegExp(`the last move played was cell ${move}, got ${other}$`),
      );
      position.undoGenerated(move);
      assert.deepEqual(state(position), before);
      position.playGenerated(move);
      position.undo(move);
      assert.deepEqual(state(position), before);
      position.play(move);
      position.undoGenerated(move);
      assert.deepEqual(state(position), before);
    }),
    { numRuns: 300, seed: 27 },
  );
});

/** Counts the calls of each entry; has the trusted pair only when asked. */
class Counting extends DelegatingPosition<TicTacToe> {
  calls = { play: 0, undo: 0, playGenerated: 0, undoGenerated: 0 };
  override play(move: number): void {
    this.calls.play++;
    this.inner.play(move);
  }
  override undo(move: number): void {
    this.calls.undo++;
    this.inner.undo(move);
  }
  clone(): this {
    return new Counting(this.inner.clone()) as this;
  }
}

class CountingTrusted extends Counting {
  playGenerated(move: number): void {
    this.calls.playGenerated++;
    this.inner.playGenerated(move);
  }
  undoGenerated(move: number): void {
    this.calls.undoGenerated++;
    this.inner.undoGenerated(move);
  }
}

/** Only half of the pair: the searchers must not use it. */
class CountingHalf extends Counting {
  playGenerated(move: number): void {
    this.calls.playGenerated++;
    this.inner.playGenerated(move);
  }
}

const SEARCHERS = [
  ["minimax", (p: Position) => minimax(p)],
  ["negamax", (p: Position) => negamax(p)],
  ["alphaBeta", (p: Position) => alphaBeta(p)],
  ["minimax depth 3", (p: Position) => minimax(p, { depth: 3 })],
  ["alphaBeta window", (p: Position) => alphaBeta(p, { alpha: -1, beta: 1 })],
] as const;

Deno.test("minimax, negamax and plain alphaBeta play generated moves with playGenerated/undoGenerated when a position has both", () => {
  for (const cells of ["X...O....", "XO..X..O.", "........."]) {
    for (const [name, search] of SEARCHERS) {
      const plain = new Counting(TicTacToe.parse(cells));
      const trusted = new CountingTrusted(TicTacToe.parse(cells));
      const half = new CountingHalf(TicTacToe.parse(cells));
      const expected = search(plain);
      assert.deepEqual(search(trusted), expected, `${name} ${cells}`);
      assert.deepEqual(search(half), expected, `${name} ${cells}`);
      // Every node but the root is reached by one move, played and undone.
      const played = expected.stats.nodes - 1;
      assert.deepEqual(plain.calls, {
        play: played,
        undo: played,
        playGenerated: 0,
        undoGenerated: 0,
      }, `${name} ${cells}`);
      assert.deepEqual(trusted.calls, {
        play: 0,
        undo: 0,
        playGenerated: played,
        undoGenerated: played,
      }, `${name} ${cells}`);
      assert.deepEqual(half.calls, plain.calls, `${name} ${cells}`);
      for (const position of [plain, trusted, half]) {
        assert.equal(position.inner.toString(), cells);
      }
    }
  }
});

Deno.test("tic-tac-toe's counts and value from the empty board are unchanged with the trusted entry", () => {
  assert.deepEqual(
    [minimax(TicTacToe.empty()).stats.nodes, minimax(TicTacToe.empty()).value],
    [549_946, 0],
  );
  assert.deepEqual(
    [
      alphaBeta(TicTacToe.empty()).stats.nodes,
      alphaBeta(TicTacToe.empty()).value,
    ],
    [18_297, 0],
  );
});

/** Throws from `evaluate()` on its `failAt`-th call. */
class FailingTrusted extends CountingTrusted {
  evaluations = 0;
  constructor(inner: TicTacToe, readonly failAt: number) {
    super(inner);
  }
  override evaluate(): Value {
    if (++this.evaluations === this.failAt) throw new Error("evaluate failed");
    return this.inner.evaluate();
  }
}

Deno.test("a search that throws between playGenerated and undoGenerated leaves the position as it found it, its checks intact", () => {
  for (const [name, search] of SEARCHERS) {
    for (const failAt of [1, 2, 7, 40]) {
      const inner = TicTacToe.empty();
      inner.play(4);
      const position = new FailingTrusted(inner, failAt);
      assert.throws(() => search(position), /evaluate failed/, name);
      assert.equal(inner.toString(), "....X....", `${name} ${failAt}`);
      assert.equal(inner.ply, 1);
      assert.equal(
        position.calls.playGenerated,
        position.calls.undoGenerated,
        `${name} ${failAt}`,
      );
      // The history below the root is untouched: undo is still checked.
      assert.throws(() => inner.undo(3), /the last move played was cell 4/);
      assert.throws(() => inner.play(4), /cell 4 is occupied/);
      inner.undo(4);
      assert.equal(inner.toString(), ".........");
    }
  }
});
