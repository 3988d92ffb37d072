/**
 * Perft: the number of move sequences of a given length, the standard
 * correctness test of a move generator (Chess Programming Wiki, "Perft
 * Results").
 *
 * @module
 */

import type { Position } from "../../position.ts";
import { checkInteger } from "../../validate.ts";

/**
 * Counts the leaves of the legal move tree `depth` plies deep (the last ply
 * counted without being played: bulk counting). Only `generateMoves`,
 * `play` and `undo` are used, so the game's end rules (repetition, fifty
 * moves) do not stop the count, as in every published perft table. The
 * position is left as it was found.
 *
 * @param position any position (chess in the published tables)
 * @param depth plies, 0…64 (depth 0 counts the position itself: 1)
 * @returns the number of leaves
 * @throws {Error} on a depth that is not an integer in 0…64
 *
 * @example The start position's published counts
 * ```ts
 * import assert from "node:assert/strict";
 * import { Chess, perft } from "../../../mod.ts";
 * const position = Chess.start();
 * assert.ok(perft(position, 3) === 8902);
 * assert.ok(perft(Chess.fromFen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"), 3) === 2812);
 * ```
 */
export function perft(position: Position, depth: number): number {
  checkInteger("perft", "depth", depth, 0, 64);
  if (depth === 0) return 1;
  const buffers: Int32Array[] = [];
  for (let ply = 0; ply < depth; ply++) {
    buffers.push(new Int32Array(position.maxMoves));
  }
  return count(position, buffers, 0, depth);
}

function count(
  position: Position,
  buffers: Int32Array[],
  ply: number,
  depth: number,
): number {
  const moves = buffers[ply]!;
  const n = position.generateMoves(moves);
  if (depth === 1) return n;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const move = moves[i]!;
    position.play(move);
    total += count(position, buffers, ply + 1, depth - 1);
    position.undo(move);
  }
  return total;
}
