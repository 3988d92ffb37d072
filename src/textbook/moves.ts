/**
 * What the textbook searchers share: a position's legal moves as a plain
 * array (the engine's searchers write them into a typed buffer per ply;
 * here readability comes first), and the evaluation seen from MAX's side.
 *
 * Negations are written `0 - value`, not `-value`: in JavaScript `-0` is a
 * value of its own, and a drawn position would print as "-0".
 *
 * @module
 */

import type { Move, Position, Value } from "../position.ts";

/**
 * The legal moves of `position`, in the game's natural order.
 *
 * @param position any {@linkcode Position}
 * @returns a new array of moves (empty when the game is over)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TicTacToe } from "../../mod.ts";
 * import { legalMoves } from "./mod.ts";
 * assert.deepEqual(legalMoves(TicTacToe.parse("XO.......")), [2, 3, 4, 5, 6, 7, 8]);
 * ```
 */
export function legalMoves(position: Position): Move[] {
  const buffer = new Int32Array(position.maxMoves);
  const count = position.generateMoves(buffer);
  return Array.from(buffer.subarray(0, count));
}

/**
 * `position.evaluate()` from the first player's (MAX's) view, as lesson
 * 004's minimax reads leaves.
 *
 * @param position a leaf of the search
 * @returns the evaluation for MAX
 *
 * @example O to move, X has won: +1 for X
 * ```ts
 * import assert from "node:assert/strict";
 * import { TicTacToe } from "../../mod.ts";
 * import { valueForMax } from "./mod.ts";
 * assert.equal(valueForMax(TicTacToe.parse("XXXOO....")), 1);
 * ```
 */
export function valueForMax(position: Position): Value {
  const value = position.evaluate();
  return position.turn() === 1 ? value : 0 - value;
}
