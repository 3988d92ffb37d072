/**
 * Issue 17: MCTS-Solver as an `mcts` option. Off by default, the search is
 * plain UCT exactly as before (same seed, same result); on, it proves the
 * forced wins that minimax finds on tic-tac-toe and Connect Four end
 * positions and returns a winning move at once.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  alphaBeta,
  ConnectFour,
  ConnectFourSolver,
  createPlayer,
  mcts,
  MctsPlayer,
  type Position,
  Random,
  TicTacToe,
  TranspositionTable,
} from "../mod.ts";
import { playChoices } from "./_arbitraries.ts";

/** Results of the commit before the option (db9e80e), 300 playouts: [game, seed, move, value, nodes, pv]. */
const BEFORE: [string, number, number, number, number, string][] = [
  ["ttt", 0, 4, 556, 2586, "421"],
  ["c4", 0, 2, 380, 5007, "2323"],
  ["ttt", 1, 8, 510, 2619, "846"],
  ["c4", 1, 6, 313, 5040, "625"],
  ["ttt", 2, 4, 673, 2567, "4075"],
  ["c4", 2, 2, 311, 4982, "2636"],
  ["ttt", 3, 4, 537, 2580, "4865"],
  ["c4", 3, 5, 241, 5183, "5666"],
];

Deno.test("mcts without solver, or with solver: false, is the plain UCT of before, seed for seed", () => {
  for (const [game, seed, move, value, nodes, pv] of BEFORE) {
    const root = () =>
      game === "ttt" ? TicTacToe.empty() : ConnectFour.parse("4453");
    const plain = mcts(root(), { playouts: 300, seed });
    assert.deepEqual(
      [plain.move, plain.value, plain.stats.nodes, plain.pv.join("")],
      [move, value, nodes, pv],
      `${game} seed ${seed}`,
    );
    assert.deepEqual(
      mcts(root(), { playouts: 300, seed, solver: false }),
      plain,
    );
  }
  fc.assert(
    fc.property(
      fc.array(fc.nat(), { maxLength: 6 }),
      fc.integer({ min: 0, max: 1000 }),
      (choices, seed) => {
        const position = playChoices(choices);
        assert.deepEqual(
          mcts(position, { playouts: 200, seed, solver: false }),
          mcts(position, { playouts: 200, seed }),
        );
      },
    ),
    { seed: 17, numRuns: 60 },
  );
});

Deno.test("a bad solver value is a clear error, in mcts and in the players", () => {
  for (const bad of [1, "true", null, {}]) {
    assert.throws(
      () => mcts(TicTacToe.empty(), { solver: bad as never }),
      /^Error: mcts: solver must be a boolean, got /,
    );
    assert.throws(
      () => new MctsPlayer({ solver: bad as never }),
      /^Error: new MctsPlayer: solver must be a boolean, got /,
    );
  }
  assert.equal(
    createPlayer("connect-four", { kind: "mcts", playouts: 9, solver: true })
      .name,
    "mcts-solver p9",
  );
});

const SOLVER = new ConnectFourSolver({ entries: 1 << 18 });

/** The value of `position` to the end, from the side to move's view (sign only). */
function solved(position: Position): number {
  if (position instanceof ConnectFour) {
    return position.isTerminal()
      ? Math.sign(position.evaluate())
      : Math.sign(SOLVER.solve(position).score);
  }
  const tt = new TranspositionTable({ entries: 1 << 18 });
  return Math.sign(alphaBeta(position, { tt }).value);
}

/** Checks MCTS-Solver on `position`; returns whether it was a forced win. */
function checkWin(position: Position, playouts: number, what: string): boolean {
  const before = position.key();
  const truth = solved(position);
  const result = mcts(position, { playouts, seed: 3, solver: true });
  assert.equal(position.key(), before, what);
  if (truth <= 0) return false;
  assert.equal(result.stats.stoppedBy, "solved", what);
  assert.equal(result.value, 1000, what);
  position.play(result.move);
  const after = solved(position);
  position.undo(result.move);
  assert.equal(after, -1, `${what}: ${result.move} is a winning move`);
  return true;
}

Deno.test("MCTS-Solver proves every forced win of tic-tac-toe positions and plays a winning move", () => {
  let wins = 0, positions = 0;
  fc.assert(
    fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 6 }), (c) => {
      const position = playChoices(c);
      if (position.isTerminal()) return;
      positions++;
      if (checkWin(position, 50_000, String(position))) wins++;
    }),
    { seed: 5, numRuns: 150 },
  );
  console.log(
    `tic-tac-toe: ${wins} forced wins proven of ${positions} positions`,
  );
  assert.ok(wins > 10);
});

Deno.test("MCTS-Solver proves every forced win of seeded Connect Four end positions", () => {
  const random = new Random(17);
  const moves = new Int32Array(7);
  let wins = 0, positions = 0, playouts = 0;
  for (let game = 0; game < 120; game++) {
    const position = ConnectFour.parse("");
    // Random play to 24 stones (18 cells left: small enough to solve).
    while (!position.isTerminal() && position.toString().length < 24) {
      const count = position.generateMoves(moves);
      position.play(moves[Math.floor(random.next() * count)]!);
    }
    if (position.isTerminal()) continue;
    positions++;
    if (checkWin(position, 200_000, position.toString())) {
      wins++;
      playouts += mcts(position, { playouts: 200_000, seed: 3, solver: true })
        .stats.playouts;
    }
  }
  console.log(
    `Connect Four: ${wins} forced wins proven of ${positions} end positions, ${
      (playouts / Math.max(wins, 1)).toFixed(0)
    } playouts each on average`,
  );
  assert.ok(wins > 10);
});
