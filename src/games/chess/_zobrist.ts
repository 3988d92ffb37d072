/**
 * Zobrist keys in two halves: a 32-bit low half and a 21-bit high half, so
 * `high · 2^32 + low` is an integer below 2^53 (exact in a double) while
 * every update stays a 32-bit XOR. The key covers the pieces, the side to
 * move, the castling rights and the en passant file, the latter only when an
 * en passant capture is legal (the board keeps no en passant square
 * otherwise), so equal keys mean equal positions in the sense of the
 * repetition rule: same pieces, same side, same rights, same moves.
 *
 * The numbers come from the project's seeded generator: the same on every
 * machine and every run.
 *
 * @module
 */

import { Random } from "../../random.ts";

const random = new Random(0x5eed_c4e5);
const HIGH_MASK = (1 << 21) - 1;

function lows(length: number): Int32Array {
  return Int32Array.from({ length }, () => random.nextUint32() | 0);
}

function highs(length: number): Int32Array {
  return Int32Array.from({ length }, () => random.nextUint32() & HIGH_MASK);
}

/** Low halves of the piece keys, indexed `piece · 128 + square`. */
export const PIECE_LO: Int32Array = lows(16 * 128);
/** High halves of the piece keys. */
export const PIECE_HI: Int32Array = highs(16 * 128);
/** Low halves of the castling keys, indexed by the 4-bit rights. */
export const CASTLING_LO: Int32Array = lows(16);
/** High halves of the castling keys. */
export const CASTLING_HI: Int32Array = highs(16);
/** Low halves of the en passant keys, indexed by file. */
export const EN_PASSANT_LO: Int32Array = lows(8);
/** High halves of the en passant keys. */
export const EN_PASSANT_HI: Int32Array = highs(8);
/** Low half of the key of "black to move". */
export const SIDE_LO: number = random.nextUint32() | 0;
/** High half of the key of "black to move". */
export const SIDE_HI: number = random.nextUint32() & HIGH_MASK;

/** The key below 2^53 of two halves. */
export function combineKey(lo: number, hi: number): number {
  return hi * 4294967296 + (lo >>> 0);
}
