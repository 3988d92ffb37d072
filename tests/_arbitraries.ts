/**
 * fast-check arbitraries shared by the property tests: seeded uniform trees
 * of mixed shape, reachable tic-tac-toe positions, and chess positions
 * reached by random play.
 *
 * @module
 */

import fc from "fast-check";
import {
  Chess,
  type ChessOptions,
  TicTacToe,
  TREE_ORDERS,
  UniformTree,
} from "../mod.ts";

/** Uniform trees with up to about 4,000 leaves, every order, any seed. */
export const uniformTrees: fc.Arbitrary<UniformTree> = fc
  .record({
    branching: fc.integer({ min: 1, max: 5 }),
    depth: fc.integer({ min: 0, max: 7 }),
    seed: fc.integer(),
    order: fc.constantFrom(...TREE_ORDERS),
  })
  .filter(({ branching, depth }) => branching ** depth <= 4096)
  .map((options) => new UniformTree(options));

/** Tic-tac-toe positions reached by legal play from the empty board (terminal ones included). */
export const ticTacToePositions: fc.Arbitrary<TicTacToe> = fc
  .array(fc.nat(), { maxLength: 9 })
  .map(playChoices);

/**
 * The tic-tac-toe position reached from the empty board by playing, for each
 * choice, the legal move at `choice % count` (stopping when the game ends).
 */
export function playChoices(choices: readonly number[]): TicTacToe {
  const position = TicTacToe.empty();
  const moves = new Int32Array(9);
  for (const choice of choices) {
    if (position.isTerminal()) break;
    const count = position.generateMoves(moves);
    position.play(moves[choice % count]!);
  }
  return position;
}

/**
 * The chess position reached from the start by playing, for each choice, the
 * legal move at `choice % count` (stopping when the game ends).
 */
export function chessAfterChoices(
  choices: readonly number[],
  options?: ChessOptions,
): Chess {
  const position = Chess.start(options);
  const moves = new Int32Array(position.maxMoves);
  for (const choice of choices) {
    if (position.isTerminal()) break;
    const count = position.generateMoves(moves);
    position.play(moves[choice % count]!);
  }
  return position;
}
