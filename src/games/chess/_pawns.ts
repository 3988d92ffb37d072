/**
 * Pawn structure for the engine evaluation: doubled, isolated and passed
 * pawns, from the pawns per file. {@linkcode scanPawns} fills the per-file
 * tables (which the rook and king terms read too), {@linkcode pawnStructure}
 * scores them. Module-level typed arrays, nothing allocated per call.
 *
 * @module
 */

import type { Board } from "./_board.ts";
import { BLACK, PAWN, WHITE } from "./_squares.ts";

/** Per extra pawn on a file (middlegame, endgame). */
export const DOUBLED_MG = -10;
/** Per extra pawn on a file, endgame. */
export const DOUBLED_EG = -20;
/** Per pawn with no pawn of its side on the files beside it, middlegame. */
export const ISOLATED_MG = -10;
/** Per isolated pawn, endgame. */
export const ISOLATED_EG = -15;
/** A passed pawn by its rank counted from its own side (1 … 6), middlegame. */
export const PASSED_MG: Int32Array = Int32Array.from([
  0,
  0,
  5,
  10,
  20,
  35,
  60,
  0,
]);
/** A passed pawn by its relative rank, endgame. */
export const PASSED_EG: Int32Array = Int32Array.from([
  0,
  10,
  15,
  25,
  40,
  70,
  110,
  0,
]);

/**
 * `PAWNS_ON_FILE[color · 10 + file + 1]`: pawns of `color` on a file, with
 * an empty file each side of the board so that neighbours need no bounds
 * check.
 */
export const PAWNS_ON_FILE: Int32Array = new Int32Array(20);
/** `WHITE_LOWEST[file + 1]`: the rank of white's least advanced pawn on the file, 8 when none. */
const WHITE_LOWEST = new Int32Array(10);
/** `BLACK_HIGHEST[file + 1]`: the rank of black's least advanced pawn on the file (highest rank), −1 when none. */
const BLACK_HIGHEST = new Int32Array(10);
/** `WHITE_HIGHEST[file + 1]`: the rank of white's most advanced pawn on the file, −1 when none. */
const WHITE_HIGHEST = new Int32Array(10);
/** `BLACK_LOWEST[file + 1]`: the rank of black's most advanced pawn on the file, 8 when none. */
const BLACK_LOWEST = new Int32Array(10);

/** Fills the per-file pawn tables of `board`. */
export function scanPawns(board: Board): void {
  // A loop, not fill(): five builtin calls cost more than the whole scan.
  for (let file = 0; file < 10; file++) {
    PAWNS_ON_FILE[file] = 0;
    PAWNS_ON_FILE[10 + file] = 0;
    WHITE_LOWEST[file] = 8;
    BLACK_HIGHEST[file] = -1;
    WHITE_HIGHEST[file] = -1;
    BLACK_LOWEST[file] = 8;
  }
  const list = board.list, squares = board.squares;
  for (let color = WHITE; color <= BLACK; color++) {
    const end = color * 16 + board.listCount[color]!;
    for (let i = color * 16; i < end; i++) {
      const square = list[i]!;
      if ((squares[square]! & 7) !== PAWN) continue;
      const file = (square & 7) + 1, rank = square >> 4;
      PAWNS_ON_FILE[color * 10 + file]!++;
      if (color === WHITE) {
        if (rank < WHITE_LOWEST[file]!) WHITE_LOWEST[file] = rank;
        if (rank > WHITE_HIGHEST[file]!) WHITE_HIGHEST[file] = rank;
      } else {
        if (rank > BLACK_HIGHEST[file]!) BLACK_HIGHEST[file] = rank;
        if (rank < BLACK_LOWEST[file]!) BLACK_LOWEST[file] = rank;
      }
    }
  }
}

/**
 * The pawn structure of `board` (after {@linkcode scanPawns}) from white's
 * view, middlegame and endgame, written to `out[0]` and `out[1]`.
 */
export function pawnStructure(board: Board, out: Int32Array): void {
  let mg = 0, eg = 0;
  for (let file = 1; file <= 8; file++) {
    const white = PAWNS_ON_FILE[file]!, black = PAWNS_ON_FILE[10 + file]!;
    if (white > 1) {
      mg += DOUBLED_MG * (white - 1);
      eg += DOUBLED_EG * (white - 1);
    }
    if (black > 1) {
      mg -= DOUBLED_MG * (black - 1);
      eg -= DOUBLED_EG * (black - 1);
    }
    if (
      white > 0 && PAWNS_ON_FILE[file - 1] === 0 &&
      PAWNS_ON_FILE[file + 1] === 0
    ) {
      mg += ISOLATED_MG * white;
      eg += ISOLATED_EG * white;
    }
    if (
      black > 0 && PAWNS_ON_FILE[9 + file] === 0 &&
      PAWNS_ON_FILE[11 + file] === 0
    ) {
      mg -= ISOLATED_MG * black;
      eg -= ISOLATED_EG * black;
    }
  }
  const list = board.list, squares = board.squares;
  for (let color = WHITE; color <= BLACK; color++) {
    const end = color * 16 + board.listCount[color]!;
    for (let i = color * 16; i < end; i++) {
      const square = list[i]!;
      if ((squares[square]! & 7) !== PAWN) continue;
      const file = (square & 7) + 1, rank = square >> 4;
      if (color === WHITE) {
        // Passed: no black pawn ahead on its file or the files beside it,
        // and the front one of its file (a pawn behind its own is not).
        if (
          WHITE_HIGHEST[file] === rank &&
          BLACK_HIGHEST[file - 1]! <= rank && BLACK_HIGHEST[file]! <= rank &&
          BLACK_HIGHEST[file + 1]! <= rank
        ) {
          mg += PASSED_MG[rank]!;
          eg += PASSED_EG[rank]!;
        }
      } else if (
        BLACK_LOWEST[file] === rank &&
        WHITE_LOWEST[file - 1]! >= rank && WHITE_LOWEST[file]! >= rank &&
        WHITE_LOWEST[file + 1]! >= rank
      ) {
        mg -= PASSED_MG[7 - rank]!;
        eg -= PASSED_EG[7 - rank]!;
      }
    }
  }
  out[0] = mg;
  out[1] = eg;
}
