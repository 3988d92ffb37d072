/**
 * When a chess game ends: checkmate, stalemate, the fifty-move rule,
 * insufficient material and repetition, decided once per ply and cached on
 * the board's stack.
 *
 * @module
 */

import { type Board, UNKNOWN } from "./_board.ts";
import { hasLegalMove } from "./_movegen.ts";
import { BISHOP, KNIGHT, PAWN, QUEEN, ROOK } from "./_squares.ts";

/** The game goes on. */
export const ONGOING = 0;
/** The side to move is checkmated. */
export const CHECKMATE = 1;
/** The side to move has no legal move and is not in check. */
export const STALEMATE = 2;
/** 100 plies without a capture or a pawn move. */
export const FIFTY_MOVES = 3;
/** Neither side can mate. */
export const INSUFFICIENT = 4;
/** A repetition (see {@linkcode repeats}). */
export const REPETITION = 5;

/**
 * The terminal status of the board's current position, computed once per
 * ply. A module function, not a private method: V8 runs it measurably
 * faster at every leaf.
 */
export function statusOf(board: Board, root: number): number {
  let status = board.statuses[board.ply]!;
  if (status !== UNKNOWN) return status;
  if (board.halfmove >= 100) {
    status = hasLegalMove(board)
      ? FIFTY_MOVES
      : board.inCheck()
      ? CHECKMATE
      : STALEMATE;
  } else if (insufficientMaterial(board)) {
    status = INSUFFICIENT;
  } else if (repeats(board, root)) {
    status = REPETITION;
  } else if (!hasLegalMove(board)) {
    status = board.inCheck() ? CHECKMATE : STALEMATE;
  } else {
    status = ONGOING;
  }
  board.statuses[board.ply] = status;
  return status;
}

/**
 * Whether the position repeats one at ply `root` or later, or two earlier
 * ones. Only plies since the last capture or pawn move can match.
 */
export function repeats(board: Board, root: number): boolean {
  const ply = board.ply, lo = board.keyLo, hi = board.keyHi;
  const oldest = Math.max(ply - board.halfmove, 0);
  let seen = 0;
  for (let i = ply - 4; i >= oldest; i -= 2) {
    if (board.keysLo[i] !== lo || board.keysHi[i] !== hi) continue;
    if (i >= root || ++seen >= 2) return true;
  }
  return false;
}

/**
 * Whether neither side can mate, as chess.js decides it: king against king
 * and at most one knight or bishop, or only bishops, all on squares of one
 * colour.
 */
export function insufficientMaterial(board: Board): boolean {
  const counts = board.counts;
  if (
    counts[PAWN]! + counts[ROOK]! + counts[QUEEN]! + counts[PAWN | 8]! +
        counts[ROOK | 8]! + counts[QUEEN | 8]! > 0
  ) {
    return false;
  }
  const knights = counts[KNIGHT]! + counts[KNIGHT | 8]!;
  const bishops = counts[BISHOP]! + counts[BISHOP | 8]!;
  if (knights + bishops <= 1) return true;
  if (knights > 0) return false;
  let light = 0;
  for (let color = 0; color < 2; color++) {
    for (let i = 0; i < board.listCount[color]!; i++) {
      const square = board.list[color * 16 + i]!;
      if ((board.squares[square]! & 7) === BISHOP) {
        light += ((square >> 4) + square) & 1;
      }
    }
  }
  return light === 0 || light === bishops;
}
