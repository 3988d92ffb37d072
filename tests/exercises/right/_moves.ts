// What every solution here shares: the legal moves as an array, as a
// student writes it in a notebook cell.
import type { Move, Position } from "../../../mod.ts";

/** The legal moves of `position`, in the game's order. */
export function movesOf(position: Position): Move[] {
  const buffer = new Int32Array(position.maxMoves);
  return Array.from(buffer.subarray(0, position.generateMoves(buffer)));
}
