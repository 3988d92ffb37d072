/**
 * Game phases of a chess position, defined by ply and material (notebook 08
 * states the definition): the opening is the first 20 plies; after it, a
 * position is an endgame when the pieces other than kings and pawns are
 * worth at most 2,600 centipawns for both sides together (out of 6,200 at
 * the start: e.g. a rook and a minor piece each, or queens off with a rook
 * and two minors each), and a middlegame otherwise.
 *
 * @module
 */

/** Opening, middlegame or endgame. */
export type Phase = "opening" | "middlegame" | "endgame";

/** The phases in order. */
export const PHASES: readonly Phase[] = ["opening", "middlegame", "endgame"];

/** Plies of the opening. */
export const OPENING_PLIES = 20;
/** Most non-pawn material (both sides, centipawns) of an endgame. */
export const ENDGAME_MATERIAL = 2600;

const VALUE: Record<string, number> = {
  p: 100,
  n: 300,
  b: 300,
  r: 500,
  q: 900,
  k: 0,
};

/**
 * Material of a FEN's board, in centipawns: `white` and `black` (pawns
 * included) and `pieces`, the non-pawn, non-king material of both sides.
 *
 * @example The start position
 * ```ts
 * import assert from "node:assert/strict";
 * import { materialOf } from "./phase.ts";
 * const m = materialOf("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
 * assert.deepEqual(m, { white: 3900, black: 3900, pieces: 6200 });
 * ```
 */
export function materialOf(
  fen: string,
): { white: number; black: number; pieces: number } {
  let white = 0, black = 0, pieces = 0;
  const board = fen.split(" ")[0] ?? "";
  for (const ch of board) {
    const lower = ch.toLowerCase();
    const value = VALUE[lower];
    if (value === undefined) continue;
    if (ch === lower) black += value;
    else white += value;
    if (lower !== "p") pieces += value;
  }
  return { white, black, pieces };
}

/**
 * The phase of the position at `ply` (0 = the game's first position) with
 * board `fen`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { phaseOf } from "./phase.ts";
 * const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
 * assert.equal(phaseOf(0, start), "opening");
 * assert.equal(phaseOf(40, start), "middlegame");
 * assert.equal(phaseOf(40, "4k3/8/8/8/8/8/4P3/R3K3 w - - 0 1"), "endgame");
 * ```
 */
export function phaseOf(ply: number, fen: string): Phase {
  if (ply < OPENING_PLIES) return "opening";
  return materialOf(fen).pieces <= ENDGAME_MATERIAL ? "endgame" : "middlegame";
}
