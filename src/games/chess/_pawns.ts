/**
 * Pawn structure for the engine evaluation: doubled, isolated and passed
 * pawns, from the pawns per file. {@linkcode scanPawns} fills the per-file
 * tables, {@linkcode pawnStructure} scores them, and {@linkcode probePawns}
 * answers both (the score and which files hold pawns, which the rook and
 * king terms read) from a small cache by the board's pawn key: they depend
 * on the pawns alone, and a search meets few pawn structures. Module-level
 * typed arrays, nothing allocated per call.
 *
 * @module
 */

import type { Board } from "./_board.ts";
import { BLACK, PAWN, WHITE } from "./_squares.ts";
import { pestoEndgame, pestoMiddlegame } from "./_pesto.ts";
import {
  ENGINE_WEIGHTS,
  onEngineWeights,
  W_DOUBLED_EG,
  W_DOUBLED_MG,
  W_ISOLATED_EG,
  W_ISOLATED_MG,
  W_PASSED_EG,
  W_PASSED_MG,
} from "./_engine_weights.ts";

export {
  DOUBLED_EG,
  DOUBLED_MG,
  ISOLATED_EG,
  ISOLATED_MG,
  PASSED_EG,
  PASSED_MG,
} from "./_engine_weights.ts";

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
 * view, middlegame and endgame, written to `out[0]` and `out[1]`, and the
 * files of the passed pawns to `out[2]`: bit `16 + file` (0 for a … 7 for
 * h) for white's, `24 + file` for black's.
 */
export function pawnStructure(board: Board, out: Int32Array): void {
  const w = ENGINE_WEIGHTS;
  const doubledMg = w[W_DOUBLED_MG]!, doubledEg = w[W_DOUBLED_EG]!;
  const isolatedMg = w[W_ISOLATED_MG]!, isolatedEg = w[W_ISOLATED_EG]!;
  let mg = 0, eg = 0, passerFiles = 0;
  for (let file = 1; file <= 8; file++) {
    const white = PAWNS_ON_FILE[file]!, black = PAWNS_ON_FILE[10 + file]!;
    if (white > 1) {
      mg += doubledMg * (white - 1);
      eg += doubledEg * (white - 1);
    }
    if (black > 1) {
      mg -= doubledMg * (black - 1);
      eg -= doubledEg * (black - 1);
    }
    if (
      white > 0 && PAWNS_ON_FILE[file - 1] === 0 &&
      PAWNS_ON_FILE[file + 1] === 0
    ) {
      mg += isolatedMg * white;
      eg += isolatedEg * white;
    }
    if (
      black > 0 && PAWNS_ON_FILE[9 + file] === 0 &&
      PAWNS_ON_FILE[11 + file] === 0
    ) {
      mg -= isolatedMg * black;
      eg -= isolatedEg * black;
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
          mg += w[W_PASSED_MG + rank - 1]!;
          eg += w[W_PASSED_EG + rank - 1]!;
          passerFiles |= 1 << (15 + file);
        }
      } else if (
        BLACK_LOWEST[file] === rank &&
        WHITE_LOWEST[file - 1]! >= rank && WHITE_LOWEST[file]! >= rank &&
        WHITE_LOWEST[file + 1]! >= rank
      ) {
        mg -= w[W_PASSED_MG + 6 - rank]!;
        eg -= w[W_PASSED_EG + 6 - rank]!;
        passerFiles |= 1 << (23 + file);
      }
    }
  }
  out[0] = mg;
  out[1] = eg;
  out[2] = passerFiles;
}

/** Entries of the pawn cache (a power of two). */
const PAWN_CACHE_SIZE = 1 << 14;
/**
 * Entry `i` at `4i`: the pawn key's low half, its high half (−1: empty, a
 * high half is 21 bits, never negative), the structure packed as
 * `middlegame · 65536 + endgame`, the files holding pawns and passed pawns
 * (as `PAWN_ENTRY[2]`). One array, so that a probe reads one cache line.
 */
const PAWN_CACHE = new Int32Array(4 * PAWN_CACHE_SIZE);
clearPawnCache();
onEngineWeights(clearPawnCache);

/**
 * What {@linkcode probePawns} answers: the pawn structure from white's view
 * (middlegame 0, endgame 1), and at 2 the files holding pawns, bit `file`
 * (0 for a … 7 for h) for white's and bit `8 + file` for black's, and the
 * files of passed pawns, bit `16 + file` for white's and `24 + file` for
 * black's.
 */
export const PAWN_ENTRY: Int32Array = new Int32Array(3);

/**
 * Fills {@linkcode PAWN_ENTRY} for `board`: from the cache when its pawn
 * key (both halves) is there, else by {@linkcode scanPawns} and
 * {@linkcode pawnStructure}, then stored.
 *
 * @example A doubled, isolated pair on the c-file and black's pawns on b, c, d
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseFen } from "./_fen.ts";
 * import { PAWN_ENTRY, probePawns } from "./_pawns.ts";
 * probePawns(parseFen("example", "4k3/1ppp4/8/8/8/2P5/2P5/4K3 w - - 0 1"));
 * assert.deepEqual([...PAWN_ENTRY], [-30, -50, 0b1110_0000_0100]);
 * ```
 */
export function probePawns(board: Board): void {
  const ply = board.ply;
  const lo = board.pawnKeysLo[ply]!, hi = board.pawnKeysHi[ply]!;
  const at = (lo & (PAWN_CACHE_SIZE - 1)) << 2;
  if (PAWN_CACHE[at] === lo && PAWN_CACHE[at + 1] === hi) {
    // Packed as PeSTO's pairs are (`_pesto.ts`).
    const packed = PAWN_CACHE[at + 2]!;
    PAWN_ENTRY[0] = pestoMiddlegame(packed);
    PAWN_ENTRY[1] = pestoEndgame(packed);
    PAWN_ENTRY[2] = PAWN_CACHE[at + 3]!;
    return;
  }
  scanPawns(board);
  pawnStructure(board, PAWN_ENTRY);
  let files = 0;
  for (let file = 0; file < 8; file++) {
    if (PAWNS_ON_FILE[file + 1] !== 0) files |= 1 << file;
    if (PAWNS_ON_FILE[10 + file + 1] !== 0) files |= 1 << (8 + file);
  }
  files |= PAWN_ENTRY[2]!;
  PAWN_ENTRY[2] = files;
  PAWN_CACHE[at] = lo;
  PAWN_CACHE[at + 1] = hi;
  // Both halves stay far below 2^15 (eight pawns a side).
  PAWN_CACHE[at + 2] = PAWN_ENTRY[0]! * 65536 + PAWN_ENTRY[1]!;
  PAWN_CACHE[at + 3] = files;
}

/** Empties the cache of {@linkcode probePawns} (tests compare it with fresh values). */
export function clearPawnCache(): void {
  for (let i = 0; i < PAWN_CACHE_SIZE; i++) PAWN_CACHE[4 * i + 1] = -1;
}
