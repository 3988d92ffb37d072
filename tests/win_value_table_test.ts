/**
 * Wins and losses in the table (`Position.winValue`): a mate score is kept
 * as plies from the node, so a position reached at another ply, or searched
 * again from a later root, reads its own distance to the mate.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  alphaBeta,
  Chess,
  CHESS_MATE,
  iterativeDeepening,
  mtdf,
  type Position,
  TicTacToe,
  TranspositionTable,
} from "../mod.ts";
import { DelegatingPosition } from "../src/_delegating_position.ts";

/**
 * A race to `goal`: each move adds 1 or 2 to a shared count; whoever makes
 * the count reach the goal wins, `winValue − n` when it happens `n` plies
 * after the root. The same count with the same side to move is reached
 * after 2 plies (+2, +2) and after 4 (+1 four times), so a table meets
 * every position at several plies, with a different distance to the end.
 */
class Race implements Position {
  readonly maxMoves = 2;
  readonly winValue = 1_000;
  count = 0;
  ply = 0;
  constructor(readonly goal: number) {}
  generateMoves(out: Int32Array): number {
    out[0] = 1;
    out[1] = 2;
    return 2;
  }
  play(move: number): void {
    this.count += move;
    this.ply++;
  }
  undo(move: number): void {
    this.count -= move;
    this.ply--;
  }
  isTerminal(): boolean {
    return this.count >= this.goal;
  }
  evaluate(): number {
    // The side to move faces a finished race: the opponent won.
    return this.isTerminal() ? -(this.winValue - this.ply) : 0;
  }
  turn(): 1 | -1 {
    return this.ply % 2 === 0 ? 1 : -1;
  }
  key(): number {
    return 2 * this.count + (this.ply % 2);
  }
  clone(): this {
    return Object.assign(new Race(this.goal), this) as this;
  }
}

Deno.test("a race's value with a table is its value without one, win distances included", () => {
  fc.assert(
    fc.property(fc.integer({ min: 3, max: 16 }), (goal) => {
      const plain = alphaBeta(new Race(goal)).value;
      const race = new Race(goal);
      const tt = new TranspositionTable({ entries: 1 << 10 });
      assert.equal(alphaBeta(race, { tt }).value, plain, `goal ${goal}`);
      // The table is full of this race's entries: a second search reads them.
      assert.equal(alphaBeta(race, { tt }).value, plain, `goal ${goal}`);
      assert.equal(
        mtdf(race, { tt: new TranspositionTable({ entries: 1 << 10 }) }).value,
        plain,
      );
      assert.ok(race.count === 0 && race.ply === 0);
      // The winner is the one who can leave a multiple of 3 to go.
      assert.equal(plain > 0, goal % 3 !== 0, `goal ${goal}`);
    }),
    { numRuns: 14 },
  );
});

Deno.test("the race tells a transposition's distance from a root-relative one", () => {
  // Goal 8 from the start: the first player wins (leaves 6 to go), in 5 plies
  // at best; 1,000 − 5 is the value a table kept as plies from the node returns.
  const tt = new TranspositionTable({ entries: 1 << 10 });
  const race = new Race(8);
  const withTable = alphaBeta(race, { tt });
  assert.equal(alphaBeta(race).value, 1_000 - 5);
  assert.equal(withTable.value, 1_000 - 5);
  assert.ok(tt.cutoffsExact + tt.cutoffsLower + tt.cutoffsUpper > 0);
});

// WAC 50 (data/chess/wac.epd): white mates in 3.
const WAC_50 = "k4r2/1R4pb/1pQp1n1p/3P4/5p1P/3P2P1/r1q1R2K/8 w - - 0 1";

Deno.test("a mate found in one search is read at its own distance from the next root", () => {
  const position = Chess.fromFen(WAC_50, { evaluation: "engine" });
  position.markRoot();
  const tt = new TranspositionTable({ megabytes: 4 });
  const first = iterativeDeepening(position, {
    depth: 5,
    tt,
    quiescence: true,
    order: "captures",
  });
  assert.equal(first.value, CHESS_MATE - 5, "mate in 3 (5 plies)");
  // Two plies later, as a game goes on: mate in 2, the table kept.
  position.play(first.pv[0]!);
  position.play(first.pv[1]!);
  position.markRoot();
  const kept = iterativeDeepening(position, {
    depth: 3,
    tt,
    quiescence: true,
    order: "captures",
  });
  const fresh = iterativeDeepening(position, {
    depth: 3,
    tt: new TranspositionTable({ megabytes: 4 }),
    quiescence: true,
    order: "captures",
  });
  assert.equal(fresh.value, CHESS_MATE - 3);
  assert.equal(kept.value, CHESS_MATE - 3, "the kept table's mate distance");
});

Deno.test("a bad winValue is a named error", () => {
  for (const winValue of [1, 1.5, Number.NaN, 600_000]) {
    const race = Object.assign(new Race(5), { winValue });
    assert.throws(
      () => alphaBeta(race, { tt: new TranspositionTable({ entries: 64 }) }),
      (error: Error) =>
        error.message ===
          `alphaBeta: position.winValue must be an integer in 2…500000, got ${winValue}`,
    );
    assert.ok(race.count === 0 && race.ply === 0);
  }
});

Deno.test("a wrapped position (DelegatingPosition) keeps its wins in the table as the bare one does", () => {
  class Wrapped extends DelegatingPosition {
    clone(): this {
      return new Wrapped(this.inner.clone()) as this;
    }
  }
  assert.equal(new Wrapped(Chess.start()).winValue, CHESS_MATE);
  assert.equal(new Wrapped(TicTacToe.empty()).winValue, undefined);
  for (const goal of [7, 8, 10, 11]) {
    const tt = new TranspositionTable({ entries: 1 << 10 });
    const wrapped = new Wrapped(new Race(goal));
    assert.equal(
      alphaBeta(wrapped, { tt }).value,
      alphaBeta(new Race(goal)).value,
      `goal ${goal}`,
    );
  }
});
