/**
 * The chess evaluation: material plus piece-square tables, in centipawns,
 * Tomasz Michniewski's "Simplified Evaluation Function" (Chess Programming
 * Wiki): pawn 100, knight 320, bishop 330, rook 500, queen 900, one table per
 * piece, and two for the king (middlegame, endgame). The endgame table is
 * used once neither side has a queen, or each side with a queen has at most
 * one minor piece besides and no rook.
 *
 * This is the course's evaluation and the default of every `Chess` position
 * (the notebooks and tests pin node counts and values with it). The UCI
 * engine evaluates with the engine evaluation instead (`Chess.fromFen(fen,
 * { evaluation: "engine" })`, see `ChessEvaluation`: PeSTO's tapered tables,
 * pawn structure, mobility, king safety).
 *
 * Values are from the side to move's view, like every value in the project.
 * Checkmate is worth {@linkcode CHESS_MATE} minus the distance in plies from
 * the search root, so a faster mate scores higher; draws are 0. Heuristic
 * values stay far below the mate range (material is at most about 10,000).
 *
 * @module
 */

import { BISHOP, BLACK, KNIGHT, PAWN, QUEEN, ROOK, WHITE } from "./_squares.ts";

/**
 * The value of being mated at the root: a position where the side to move
 * is checkmated `n` plies after the root evaluates to `-(CHESS_MATE - n)`,
 * and a value `v` with `|v| > CHESS_MATE / 2` is a mate score, `CHESS_MATE -
 * |v|` plies from the root. Well inside ±{@linkcode VALUE_INFINITE}.
 *
 * @example Mate in one: the side to move wins CHESS_MATE − 1
 * ```ts
 * import assert from "node:assert/strict";
 * import { alphaBeta, Chess, CHESS_MATE } from "../../../mod.ts";
 * const position = Chess.fromFen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
 * const result = alphaBeta(position, { depth: 2 });
 * assert.ok(result.value === CHESS_MATE - 1);
 * assert.ok(position.moveToUci(result.move) === "a1a8");
 * ```
 */
export const CHESS_MATE = 100_000;

/**
 * Material values in centipawns, by piece letter (the king's is 0: both
 * sides always have one).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { PIECE_VALUES } from "../../../mod.ts";
 * assert.ok(PIECE_VALUES.q === 900 && PIECE_VALUES.p === 100);
 * ```
 */
export const PIECE_VALUES: Readonly<
  Record<"p" | "n" | "b" | "r" | "q" | "k", number>
> = Object.freeze({ p: 100, n: 320, b: 330, r: 500, q: 900, k: 0 });

/** Material by piece type (index 1 pawn … 6 king). */
export const TYPE_VALUES: Int32Array = Int32Array.from([
  0,
  100,
  320,
  330,
  500,
  900,
  0,
]);

// The tables as printed, rank 8 first, from white's view.
// deno-fmt-ignore
const PAWN_TABLE = [
  0, 0, 0, 0, 0, 0, 0, 0,
  50, 50, 50, 50, 50, 50, 50, 50,
  10, 10, 20, 30, 30, 20, 10, 10,
  5, 5, 10, 25, 25, 10, 5, 5,
  0, 0, 0, 20, 20, 0, 0, 0,
  5, -5, -10, 0, 0, -10, -5, 5,
  5, 10, 10, -20, -20, 10, 10, 5,
  0, 0, 0, 0, 0, 0, 0, 0,
];
// deno-fmt-ignore
const KNIGHT_TABLE = [
  -50, -40, -30, -30, -30, -30, -40, -50,
  -40, -20, 0, 0, 0, 0, -20, -40,
  -30, 0, 10, 15, 15, 10, 0, -30,
  -30, 5, 15, 20, 20, 15, 5, -30,
  -30, 0, 15, 20, 20, 15, 0, -30,
  -30, 5, 10, 15, 15, 10, 5, -30,
  -40, -20, 0, 5, 5, 0, -20, -40,
  -50, -40, -30, -30, -30, -30, -40, -50,
];
// deno-fmt-ignore
const BISHOP_TABLE = [
  -20, -10, -10, -10, -10, -10, -10, -20,
  -10, 0, 0, 0, 0, 0, 0, -10,
  -10, 0, 5, 10, 10, 5, 0, -10,
  -10, 5, 5, 10, 10, 5, 5, -10,
  -10, 0, 10, 10, 10, 10, 0, -10,
  -10, 10, 10, 10, 10, 10, 10, -10,
  -10, 5, 0, 0, 0, 0, 5, -10,
  -20, -10, -10, -10, -10, -10, -10, -20,
];
// deno-fmt-ignore
const ROOK_TABLE = [
  0, 0, 0, 0, 0, 0, 0, 0,
  5, 10, 10, 10, 10, 10, 10, 5,
  -5, 0, 0, 0, 0, 0, 0, -5,
  -5, 0, 0, 0, 0, 0, 0, -5,
  -5, 0, 0, 0, 0, 0, 0, -5,
  -5, 0, 0, 0, 0, 0, 0, -5,
  -5, 0, 0, 0, 0, 0, 0, -5,
  0, 0, 0, 5, 5, 0, 0, 0,
];
// deno-fmt-ignore
const QUEEN_TABLE = [
  -20, -10, -10, -5, -5, -10, -10, -20,
  -10, 0, 0, 0, 0, 0, 0, -10,
  -10, 0, 5, 5, 5, 5, 0, -10,
  -5, 0, 5, 5, 5, 5, 0, -5,
  0, 0, 5, 5, 5, 5, 0, -5,
  -10, 5, 5, 5, 5, 5, 0, -10,
  -10, 0, 5, 0, 0, 0, 0, -10,
  -20, -10, -10, -5, -5, -10, -10, -20,
];
// deno-fmt-ignore
const KING_MIDDLEGAME_TABLE = [
  -30, -40, -40, -50, -50, -40, -40, -30,
  -30, -40, -40, -50, -50, -40, -40, -30,
  -30, -40, -40, -50, -50, -40, -40, -30,
  -30, -40, -40, -50, -50, -40, -40, -30,
  -20, -30, -30, -40, -40, -30, -30, -20,
  -10, -20, -20, -20, -20, -20, -20, -10,
  20, 20, 0, 0, 0, 0, 20, 20,
  20, 30, 10, 0, 0, 10, 30, 20,
];
// deno-fmt-ignore
const KING_ENDGAME_TABLE = [
  -50, -40, -30, -20, -20, -30, -40, -50,
  -30, -20, -10, 0, 0, -10, -20, -30,
  -30, -10, 20, 30, 30, 20, -10, -30,
  -30, -10, 30, 40, 40, 30, -10, -30,
  -30, -10, 30, 40, 40, 30, -10, -30,
  -30, -10, 20, 30, 30, 20, -10, -30,
  -30, -30, 0, 0, 0, 0, -30, -30,
  -50, -30, -30, -30, -30, -30, -30, -50,
];

/** The printed table's entry for a 0x88 square, for `color` (black reads it mirrored). */
function tableEntry(table: number[], square: number, color: number): number {
  const rank = square >> 4, file = square & 7;
  const row = color === WHITE ? 7 - rank : rank;
  return table[row * 8 + file]!;
}

const TABLES = [
  [],
  PAWN_TABLE,
  KNIGHT_TABLE,
  BISHOP_TABLE,
  ROOK_TABLE,
  QUEEN_TABLE,
];

/**
 * `PIECE_SQUARE[piece · 128 + square]`: material plus table for every piece
 * but the kings, from white's view (black pieces negative). The board keeps
 * the sum of these up to date move by move.
 */
export const PIECE_SQUARE: Int32Array = new Int32Array(16 * 128);
/** The king's middlegame table from white's view, indexed `color · 128 + square`. */
export const KING_MIDDLEGAME: Int32Array = new Int32Array(2 * 128);
/** The king's endgame table from white's view, indexed `color · 128 + square`. */
export const KING_ENDGAME: Int32Array = new Int32Array(2 * 128);

for (let square = 0; square < 128; square++) {
  if (square & 0x88) continue;
  for (const color of [WHITE, BLACK]) {
    const sign = color === WHITE ? 1 : -1;
    for (let type = PAWN; type <= QUEEN; type++) {
      PIECE_SQUARE[(type | color << 3) * 128 + square] = sign *
        (TYPE_VALUES[type]! + tableEntry(TABLES[type]!, square, color));
    }
    KING_MIDDLEGAME[color * 128 + square] = sign *
      tableEntry(KING_MIDDLEGAME_TABLE, square, color);
    KING_ENDGAME[color * 128 + square] = sign *
      tableEntry(KING_ENDGAME_TABLE, square, color);
  }
}

/**
 * Whether the king uses its endgame table, by the piece counts (indexed by
 * piece code): no queens, or every side with a queen has no rook and at most
 * one minor piece.
 */
export function isEndgame(counts: Int32Array): boolean {
  return endgameFor(counts, 0) && endgameFor(counts, 8);
}

/** Whether the side whose pieces are `colorBit | type` lets the endgame table apply. */
function endgameFor(counts: Int32Array, colorBit: number): boolean {
  return counts[QUEEN | colorBit] === 0 ||
    (counts[ROOK | colorBit] === 0 &&
      counts[KNIGHT | colorBit]! + counts[BISHOP | colorBit]! <= 1);
}
