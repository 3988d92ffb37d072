/**
 * Moves as 16-bit integers, Stockfish's layout: bits 0–5 the from square and
 * bits 6–11 the to square (each `8 · rank + file`, a1 = 0), bits 12–13 the
 * promotion piece (0 knight, 1 bishop, 2 rook, 3 queen), bits 14–15 the
 * kind (normal, promotion, en passant, castling). Castling is written as the
 * king's move (e1g1), as UCI writes it. Every move is below 2^16, so a
 * history table of 65,536 entries indexes any move.
 *
 * @module
 */

import { KNIGHT, square64, square88 } from "./_squares.ts";

/** A plain move or capture (double pawn pushes included). */
export const NORMAL = 0;
/** A pawn reaching the last rank. */
export const PROMOTION = 1;
/** An en passant capture. */
export const EN_PASSANT = 2;
/** Castling, written as the king's two-square move. */
export const CASTLING = 3;

/** One more than the largest move: the size of a table indexed by moves. */
export const MOVE_LIMIT = 1 << 16;

/** The move from `from` to `to` (0x88 squares) of `kind`, promoting to `promotion` (a piece type). */
export function encodeMove(
  from: number,
  to: number,
  kind: number,
  promotion: number,
): number {
  return square64(from) | square64(to) << 6 |
    (kind === PROMOTION ? promotion - KNIGHT : 0) << 12 | kind << 14;
}

/** The 0x88 from square of `move`. */
export function moveFrom(move: number): number {
  return square88(move & 63);
}

/** The 0x88 to square of `move`. */
export function moveTo(move: number): number {
  return square88((move >> 6) & 63);
}

/** The kind of `move`: {@linkcode NORMAL}, {@linkcode PROMOTION}, {@linkcode EN_PASSANT} or {@linkcode CASTLING}. */
export function moveKind(move: number): number {
  return move >> 14;
}

/** The piece type a promotion makes (knight … queen). */
export function movePromotion(move: number): number {
  return ((move >> 12) & 3) + KNIGHT;
}
