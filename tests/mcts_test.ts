import assert from "node:assert/strict";
import fc from "fast-check";
import {
  alphaBeta,
  ConnectFour,
  mcts,
  MCTS_DEFAULT_PLAYOUTS,
  type Move,
  type Position,
  Random,
  solveConnectFour,
  TicTacToe,
} from "../mod.ts";
import { ticTacToePositions } from "./_arbitraries.ts";
import { DelegatingPosition } from "../src/_delegating_position.ts";

/** The won positions of End-Easy (score > 0), with the columns that keep the win. */
function wonEndgames(limit: number): { moves: string; wins: number[] }[] {
  const text = Deno.readTextFileSync(
    new URL("../data/connect4/end_easy.txt", import.meta.url),
  );
  const cases = [];
  for (const line of text.trim().split("\n")) {
    const [moves, score] = line.trim().split(" ");
    if (Number(score) <= 0) continue;
    const position = ConnectFour.parse(moves!);
    const wins: number[] = [];
    for (let col = 0; col < 7; col++) {
      if (!position.canPlay(col)) continue;
      if (position.isWinningMove(col)) {
        wins.push(col);
        continue;
      }
      position.play(col);
      if (solveConnectFour(position).score < 0) wins.push(col);
      position.undo(col);
    }
    cases.push({ moves: moves!, wins });
    if (cases.length === limit) break;
  }
  return cases;
}

Deno.test("mcts() finds a winning column in won Connect Four endgames with 1,000 playouts", () => {
  // Measured on the 327 won End-Easy positions (seed 1): 100 playouts find a
  // winning move in 320, 300 in 323, 1,000 in 323, 3,000 and 10,000 in 326.
  // The first 40, three seeds each, need 1,000 (300 miss one).
  const cases = wonEndgames(40);
  assert.equal(cases.length, 40);
  for (const { moves, wins } of cases) {
    for (const seed of [1, 2, 3]) {
      const position = ConnectFour.parse(moves);
      const result = mcts(position, { playouts: 1000, seed });
      assert.ok(wins.includes(result.move), `${moves} seed ${seed}`);
      assert.equal(position.toString(), moves);
    }
  }
});

Deno.test("mcts() needs 30,000 playouts on the hardest won End-Easy position", () => {
  // Only column 6 (index 5) wins; 3 (index 2) draws. Found by the survey above.
  const position = ConnectFour.parse("13572574574336771444755135121");
  assert.equal(solveConnectFour(position).score, 2);
  assert.equal(mcts(position, { playouts: 10_000, seed: 1 }).move, 2);
  const result = mcts(position, { playouts: 30_000, seed: 1 });
  assert.equal(result.move, 5);
  assert.ok(result.value > 0);
});

const buffer = new Int32Array(9);

function randomMove(position: TicTacToe, random: Random): Move {
  const count = position.generateMoves(buffer);
  return buffer[random.int(0, count - 1)]!;
}

/** A perfect player that picks at random among the moves of best value. */
function perfectMove(position: TicTacToe, random: Random): Move {
  const count = position.generateMoves(buffer);
  const moves = Array.from(buffer.subarray(0, count));
  let best = -Infinity;
  let bestMoves: Move[] = [];
  for (const move of moves) {
    position.play(move);
    const value = -alphaBeta(position).value;
    position.undo(move);
    if (value > best) [best, bestMoves] = [value, [move]];
    else if (value === best) bestMoves.push(move);
  }
  return bestMoves[random.int(0, bestMoves.length - 1)]!;
}

/** One game from the empty board: +1 when MCTS wins, 0 drawn, −1 lost. */
function ticTacToeGame(
  playouts: number,
  side: 1 | -1,
  opponent: (position: TicTacToe, random: Random) => Move,
  seed: number,
): number {
  const position = TicTacToe.empty();
  const random = new Random(seed);
  for (let ply = 0; !position.isTerminal(); ply++) {
    position.play(
      position.turn() === side
        ? mcts(position, { playouts, seed: seed * 16 + ply }).move
        : opponent(position, random),
    );
  }
  if (position.evaluate() === 0) return 0;
  return position.turn() === side ? -1 : 1;
}

Deno.test("mcts() never loses tic-tac-toe from the empty board with 3,200 playouts", () => {
  // Measured over 400 games per opponent and budget (half as X, half as O):
  // losses to the perfect player 9 at 1,000 playouts, 2 at 1,600, 0 at
  // 2,400 and 3,200; to the random player 1 at 1,000, then 0.
  for (
    const [name, opponent] of [["random", randomMove], [
      "perfect",
      perfectMove,
    ]] as const
  ) {
    let draws = 0;
    for (let game = 0; game < 30; game++) {
      const result = ticTacToeGame(
        3200,
        game % 2 === 0 ? 1 : -1,
        opponent,
        game + 1,
      );
      assert.ok(result >= 0, `lost game ${game} against ${name}`);
      if (result === 0) draws++;
    }
    if (name === "perfect") assert.equal(draws, 30);
  }
});

Deno.test("mcts() with few playouts does lose to the perfect player", () => {
  // The other side of the measurement: the test above is not vacuous.
  let losses = 0;
  for (let game = 0; game < 30; game++) {
    if (ticTacToeGame(50, game % 2 === 0 ? 1 : -1, perfectMove, game + 1) < 0) {
      losses++;
    }
  }
  assert.ok(losses > 0);
});

Deno.test("mcts() gives the same result for the same seed, and its budgets say why it stopped", () => {
  const position = ConnectFour.parse("4453");
  const a = mcts(position, { playouts: 3000, seed: 11 });
  const b = mcts(position, { playouts: 3000, seed: 11 });
  assert.deepEqual(a, b);
  assert.equal(a.stats.playouts, 3000);
  assert.equal(a.stats.leaves, 3000);
  assert.equal(a.stats.stoppedBy, "playouts");
  assert.ok(a.stats.stoppedByBudget);
  assert.equal(a.stats.steps, a.stats.nodes);
  assert.equal(a.stats.cutoffs, 0);
  assert.ok(a.stats.treeNodes <= 3001 && a.stats.treeNodes > 1);
  // nodes: per playout the root, at least one tree move, the playout's moves.
  assert.ok(a.stats.nodes >= 2 * a.stats.playouts + a.stats.playoutMoves);
  const seeds = new Set<string>();
  for (let seed = 0; seed < 5; seed++) {
    seeds.add(JSON.stringify(mcts(position, { playouts: 300, seed }).stats));
  }
  assert.ok(seeds.size > 1, "different seeds give different searches");

  const byNodes = mcts(position, { maxNodes: 5000, seed: 3 });
  assert.equal(byNodes.stats.stoppedBy, "maxNodes");
  // It stops before the first iteration that would start at or past the
  // budget: at most one game's length (38 moves left) + 1 beyond it.
  assert.ok(byNodes.stats.nodes >= 5000 && byNodes.stats.nodes < 5000 + 40);
  const both = mcts(position, { maxNodes: 10 ** 9, playouts: 20 });
  assert.equal(both.stats.stoppedBy, "playouts");
  const byTime = mcts(position, { timeMs: 1 });
  assert.equal(byTime.stats.stoppedBy, "timeMs");
  assert.ok(byTime.stats.playouts >= 1);
  const byDefault = mcts(TicTacToe.empty());
  assert.equal(byDefault.stats.playouts, MCTS_DEFAULT_PLAYOUTS);
  // Infinity is no limit for either budget, as for the other searchers:
  // the default playouts, the same search as with no budget at all.
  for (const unlimited of [{ timeMs: Infinity }, { maxNodes: Infinity }]) {
    const same = mcts(TicTacToe.empty(), unlimited);
    assert.equal(same.stats.playouts, MCTS_DEFAULT_PLAYOUTS);
    assert.deepEqual([same.move, same.value], [
      byDefault.move,
      byDefault.value,
    ]);
  }
});

Deno.test("mcts() at a terminal root returns no move and the sign of evaluate()", () => {
  const lost = TicTacToe.parse("XXXOO....");
  const result = mcts(lost, { playouts: 10 });
  assert.deepEqual(
    [result.move, result.pv, result.value, result.stats.playouts],
    [-1, [], -1000, 0],
  );
  assert.equal(result.stats.stoppedByBudget, false);
  assert.equal(mcts(TicTacToe.parse("XOXXOOOXX")).value, 0);
  // Column 7 (index 6) wins at once: every playout through it is a win.
  const win = mcts(ConnectFour.parse("415263"), { playouts: 200 });
  assert.equal(win.move, 6);
  assert.equal(win.value, 1000);
});

Deno.test("mcts() on tic-tac-toe positions: legal move and pv, position unchanged, counters agree", () => {
  fc.assert(
    fc.property(
      ticTacToePositions,
      fc.integer({ min: 1, max: 300 }),
      fc.integer({ min: 0, max: 2 ** 32 - 1 }),
      (position, playouts, seed) => {
        const before = position.toString();
        const result = mcts(position, { playouts, seed });
        assert.equal(position.toString(), before);
        if (position.isTerminal()) return result.move === -1;
        assert.equal(result.stats.playouts, playouts);
        assert.equal(result.stats.leaves, playouts);
        assert.ok(result.stats.treeNodes <= playouts + 1);
        assert.ok(Math.abs(result.value) <= 1000);
        assert.equal(result.move, result.pv[0]);
        const copy = position.clone();
        const moves = new Int32Array(9);
        for (const move of result.pv) {
          const count = copy.generateMoves(moves);
          assert.ok(moves.subarray(0, count).includes(move));
          copy.play(move);
        }
        return true;
      },
    ),
    { seed: 42, numRuns: 200 },
  );
});

/** Tic-tac-toe whose play() throws on its n-th call. */
class FailingPosition extends DelegatingPosition<TicTacToe> {
  calls = 0;
  constructor(readonly failAt: number) {
    super(TicTacToe.parse("X...O...."));
  }
  override play(move: Move): void {
    if (++this.calls === this.failAt) throw new Error("play failed");
    this.inner.play(move);
  }
  clone(): this {
    return this;
  }
}

Deno.test("mcts() leaves the position as found when the position throws mid-search", () => {
  for (const failAt of [1, 2, 5, 17, 100, 1001]) {
    const position = new FailingPosition(failAt);
    assert.throws(() => mcts(position, { playouts: 500 }), /play failed/);
    assert.equal(position.inner.toString(), "X...O....");
  }
});

Deno.test("mcts() rejects unknown options and bad values with clear errors", () => {
  const position = TicTacToe.empty();
  const cases: [unknown, RegExp][] = [
    [
      { playout: 10 },
      /mcts: unknown option "playout"; known options: playouts, maxNodes, timeMs, exploration, seed/,
    ],
    [
      { playouts: 0 },
      /mcts: playouts must be an integer in 1…1000000000, got 0/,
    ],
    [
      { playouts: 1.5 },
      /mcts: playouts must be an integer in 1…1000000000, got 1.5/,
    ],
    [{ playouts: "10" }, /mcts: playouts must be an integer .* got "10"/],
    [
      { maxNodes: 0 },
      /mcts: maxNodes must be an integer in 1…9007199254740991 or Infinity \(no node limit\), got 0/,
    ],
    [
      { maxNodes: 1.5 },
      /mcts: maxNodes must be an integer .* got 1.5/,
    ],
    [
      { timeMs: 0 },
      /mcts: timeMs must be a positive number \(or Infinity\), got 0/,
    ],
    [
      { timeMs: NaN },
      /mcts: timeMs must be a positive number \(or Infinity\), got NaN/,
    ],
    [
      { timeMs: "5" },
      /mcts: timeMs must be a positive number \(or Infinity\), got "5"/,
    ],
    [
      { timeMs: -Infinity },
      /mcts: timeMs must be a positive number \(or Infinity\), got -Infinity/,
    ],
    [
      { exploration: -1 },
      /mcts: exploration must be a finite number ≥ 0, got -1/,
    ],
    [
      { exploration: Infinity },
      /mcts: exploration must be a finite number ≥ 0, got Infinity/,
    ],
    [{ seed: -1 }, /mcts: seed must be an integer in 0…4294967295, got -1/],
    [
      { seed: 2 ** 32 },
      /mcts: seed must be an integer in 0…4294967295, got 4294967296/,
    ],
    [42, /mcts: options must be an object, got 42/],
  ];
  for (const [options, message] of cases) {
    assert.throws(
      () => mcts(position, options as Parameters<typeof mcts>[1]),
      message,
      JSON.stringify(options),
    );
  }
  assert.throws(
    () => mcts(null as unknown as Position),
    /mcts: position must be a Position \(methods generateMoves, .*\), got null/,
  );
  assert.equal(position.key(), 0);
});

/** Tic-tac-toe whose evaluate() gives `value` at its n-th call. */
class BadValuePosition extends DelegatingPosition<TicTacToe> {
  calls = 0;
  constructor(
    readonly value: unknown,
    readonly at: number,
    start = "X...O....",
  ) {
    super(TicTacToe.parse(start));
  }
  override evaluate(): number {
    return ++this.calls === this.at
      ? this.value as number
      : this.inner.evaluate();
  }
  clone(): this {
    return this;
  }
}

Deno.test("mcts() refuses what every searcher refuses from evaluate(), leaving the position as found; a position without maxMoves is named", () => {
  // A finished root (its one evaluate()), and a playout's end.
  for (const [at, start] of [[1, "XXX.OO..."], [3, "X...O...."]] as const) {
    for (const value of [NaN, undefined, "1", Infinity, 2.5, 1e9]) {
      const position = new BadValuePosition(value, at, start);
      assert.throws(
        () => mcts(position, { playouts: 50 }),
        /mcts: position\.evaluate\(\) must return an integer strictly between ±1000000/,
        String(value),
      );
      assert.equal(position.inner.toString(), start);
    }
  }
  const shapeless = Object.assign(Object.create(TicTacToe.empty()), {
    maxMoves: undefined,
  });
  assert.throws(
    () => mcts(shapeless),
    /mcts: position\.maxMoves must be an integer in 1…16777216, got undefined/,
  );
});
