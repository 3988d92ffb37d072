/**
 * Squares, pieces and the attack tables of the 0x88 board.
 *
 * A square is `16 · rank + file` (a1 = 0, h1 = 7, a8 = 112, h8 = 119): a
 * square is on the board exactly when `square & 0x88` is 0, so stepping off
 * an edge needs no bounds table. The difference of two on-board squares,
 * plus 119, indexes the attack tables: whether a piece on one square could
 * attack the other (ignoring blockers), and the unit step between them.
 *
 * @module
 */

/** White, the side that moves first. */
export const WHITE = 0;
/** Black. */
export const BLACK = 1;

/** Piece types; a piece is `type | color << 3` (white pawn 1 … white king 6, black pawn 9 … black king 14). */
export const PAWN = 1;
/** Knight type. */
export const KNIGHT = 2;
/** Bishop type. */
export const BISHOP = 3;
/** Rook type. */
export const ROOK = 4;
/** Queen type. */
export const QUEEN = 5;
/** King type. */
export const KING = 6;

/** Empty square. */
export const EMPTY = 0;

/** Castling rights, one bit each. */
export const WHITE_KINGSIDE = 1;
/** White may castle queenside. */
export const WHITE_QUEENSIDE = 2;
/** Black may castle kingside. */
export const BLACK_KINGSIDE = 4;
/** Black may castle queenside. */
export const BLACK_QUEENSIDE = 8;

/** Squares named in the rules. */
export const A1 = 0,
  B1 = 1,
  C1 = 2,
  D1 = 3,
  E1 = 4,
  F1 = 5,
  G1 = 6,
  H1 = 7,
  A8 = 112,
  B8 = 113,
  C8 = 114,
  D8 = 115,
  E8 = 116,
  F8 = 117,
  G8 = 118,
  H8 = 119;

/** FEN letters of the pieces, indexed by piece code. */
export const PIECE_LETTERS = " PNBRQK  pnbrqk ";

/** The 0x88 square of a 0…63 index (`8 · rank + file`). */
export function square88(index: number): number {
  return index + (index & 56);
}

/** The 0…63 index (`8 · rank + file`) of a 0x88 square. */
export function square64(square: number): number {
  return (square + (square & 7)) >> 1;
}

/** `"e4"` for a 0x88 square. */
export function squareName(square: number): string {
  return "abcdefgh"[square & 7]! + "12345678"[square >> 4]!;
}

/** The 0x88 square of `"e4"`, or −1. */
export function parseSquare(name: string): number {
  if (name.length !== 2) return -1;
  const file = name.charCodeAt(0) - 97;
  const rank = name.charCodeAt(1) - 49;
  if (file < 0 || file > 7 || rank < 0 || rank > 7) return -1;
  return rank * 16 + file;
}

/** Steps of each piece type, from `DIRECTION_START[type]` to `DIRECTION_START[type + 1]`. */
export const DIRECTIONS: Int32Array = Int32Array.from([
  // knight
  33,
  31,
  18,
  14,
  -14,
  -18,
  -31,
  -33,
  // bishop
  17,
  15,
  -15,
  -17,
  // rook
  16,
  1,
  -1,
  -16,
  // queen and king
  17,
  16,
  15,
  1,
  -1,
  -15,
  -16,
  -17,
]);

/** Where each type's steps start in {@linkcode DIRECTIONS} (pawns have none). */
export const DIRECTION_START: Int32Array = Int32Array.from([
  0,
  0,
  0,
  8,
  12,
  16,
  16,
  24,
]);

/** Where each type's steps end in {@linkcode DIRECTIONS}. */
export const DIRECTION_END: Int32Array = Int32Array.from([
  0,
  0,
  8,
  12,
  16,
  24,
  24,
  24,
]);

/** Attack bits: which piece kinds attack along a square difference. */
export const WHITE_PAWN_BIT = 1;
/** A black pawn attacks along the difference. */
export const BLACK_PAWN_BIT = 2;
/** A knight attacks along the difference. */
export const KNIGHT_BIT = 4;
/** A bishop attacks along the difference (when the squares between are empty). */
export const BISHOP_BIT = 8;
/** A rook attacks along the difference (when the squares between are empty). */
export const ROOK_BIT = 16;
/** A queen attacks along the difference (when the squares between are empty). */
export const QUEEN_BIT = 32;
/** A king attacks along the difference. */
export const KING_BIT = 64;
/** The attackers that need the squares between to be empty. */
export const SLIDER_BITS = BISHOP_BIT | ROOK_BIT | QUEEN_BIT;

/** The attack bit of each piece code. */
export const PIECE_BIT: Int32Array = Int32Array.from([
  0,
  WHITE_PAWN_BIT,
  KNIGHT_BIT,
  BISHOP_BIT,
  ROOK_BIT,
  QUEEN_BIT,
  KING_BIT,
  0,
  0,
  BLACK_PAWN_BIT,
  KNIGHT_BIT,
  BISHOP_BIT,
  ROOK_BIT,
  QUEEN_BIT,
  KING_BIT,
  0,
]);

/** `ATTACKS[target − from + 119]`: the attack bits of the kinds that reach `target` from `from`. */
export const ATTACKS: Int32Array = new Int32Array(239);
/** `RAY_STEP[target − from + 119]`: the unit step from `from` towards `target` on a line, or 0. */
export const RAY_STEP: Int32Array = new Int32Array(239);

for (let from = 0; from < 128; from++) {
  if (from & 0x88) continue;
  for (const step of [17, 16, 15, 1, -1, -15, -16, -17]) {
    const diagonal = step === 17 || step === 15 || step === -15 ||
      step === -17;
    for (let to = from + step, distance = 1; !(to & 0x88); to += step) {
      const i = to - from + 119;
      RAY_STEP[i] = step;
      ATTACKS[i] = ATTACKS[i]! | QUEEN_BIT | (diagonal ? BISHOP_BIT : ROOK_BIT);
      if (distance === 1) {
        ATTACKS[i] = ATTACKS[i]! | KING_BIT;
        if (step === 15 || step === 17) {
          ATTACKS[i] = ATTACKS[i]! | WHITE_PAWN_BIT;
        }
        if (step === -15 || step === -17) {
          ATTACKS[i] = ATTACKS[i]! | BLACK_PAWN_BIT;
        }
      }
      distance++;
    }
  }
  for (let d = DIRECTION_START[KNIGHT]!; d < DIRECTION_END[KNIGHT]!; d++) {
    const to = from + DIRECTIONS[d]!;
    if (!(to & 0x88)) {
      ATTACKS[to - from + 119] = ATTACKS[to - from + 119]! | KNIGHT_BIT;
    }
  }
}

/**
 * `CASTLING_MASK[square]`: the rights kept when a move leaves or lands on
 * `square` (a king or rook moving, a rook being captured).
 */
export const CASTLING_MASK: Int32Array = new Int32Array(128).fill(15);
CASTLING_MASK[E1] = 15 & ~(WHITE_KINGSIDE | WHITE_QUEENSIDE);
CASTLING_MASK[H1] = 15 & ~WHITE_KINGSIDE;
CASTLING_MASK[A1] = 15 & ~WHITE_QUEENSIDE;
CASTLING_MASK[E8] = 15 & ~(BLACK_KINGSIDE | BLACK_QUEENSIDE);
CASTLING_MASK[H8] = 15 & ~BLACK_KINGSIDE;
CASTLING_MASK[A8] = 15 & ~BLACK_QUEENSIDE;
