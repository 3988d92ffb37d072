/**
 * FEN in and out. Reading checks every field and the position's sanity
 * (one king a side, no pawn on the first or last rank, castling rights that
 * match the kings and rooks, an en passant square behind a pawn that just
 * moved two squares, the side not to move not in check) and names the rule a
 * bad FEN breaks. An en passant square is kept only when the capture is
 * legal, and written back only then, as chess.js does.
 *
 * @module
 */

import { describe } from "../../validate.ts";
import { Board } from "./_board.ts";
import {
  A1,
  A8,
  BLACK,
  BLACK_KINGSIDE,
  BLACK_QUEENSIDE,
  E1,
  E8,
  EMPTY,
  H1,
  H8,
  KING,
  parseSquare,
  PAWN,
  PIECE_LETTERS,
  ROOK,
  squareName,
  WHITE,
  WHITE_KINGSIDE,
  WHITE_QUEENSIDE,
} from "./_squares.ts";

/** The start position. */
export const START_FEN =
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

const CASTLING_LETTERS = "KQkq";
const CASTLING_BITS = [
  WHITE_KINGSIDE,
  WHITE_QUEENSIDE,
  BLACK_KINGSIDE,
  BLACK_QUEENSIDE,
];
/** The king and rook squares each right needs. */
const CASTLING_PIECES = [[E1, H1], [E1, A1], [E8, H8], [E8, A8]];

/**
 * Reads a FEN (six fields, or the first four as in EPD, with clocks 0 and 1;
 * surrounding whitespace ignored, fields separated by any whitespace). The
 * clocks are integers 0…{@linkcode MAX_CLOCK}; move number 0 reads as 1, as
 * in Stockfish, and is written back as 1.
 *
 * @param where the caller, for the messages (`"Chess.fromFen"`)
 * @throws {Error} naming the field, the value and the rule broken
 */
export function parseFen(where: string, fen: unknown): Board {
  if (typeof fen !== "string") {
    throw new Error(`${where}: fen must be a string, got ${describe(fen)}`);
  }
  const fail = (rule: string): never => {
    throw new Error(`${where}: ${rule} (FEN ${describe(fen)})`);
  };
  const fields = fen.trim().split(/\s+/);
  if (fields.length !== 6 && fields.length !== 4) {
    fail(
      `a FEN has 6 space-separated fields (or 4, without the clocks), got ${fields.length}`,
    );
  }
  const [placement, side, castling, ep] = fields as [
    string,
    string,
    string,
    string,
  ];
  const board = new Board();
  // Field 1: the pieces, rank 8 first.
  const ranks = placement.split("/");
  if (ranks.length !== 8) {
    fail(
      `the piece placement must have 8 ranks separated by "/", got ${ranks.length}`,
    );
  }
  for (let r = 0; r < 8; r++) {
    const text = ranks[r]!, rank = 7 - r;
    let file = 0;
    for (const c of text) {
      if (c >= "1" && c <= "8") {
        file += Number(c);
        if (file > 8) {
          fail(
            `rank ${rank + 1} ("${text}") must cover 8 squares, covers more`,
          );
        }
      } else {
        const piece = PIECE_LETTERS.indexOf(c);
        if (piece <= 0) {
          fail(
            `rank ${
              rank + 1
            } ("${text}") has "${c}": a piece is one of PNBRQK (white) or pnbrqk (black), empty squares a digit 1-8`,
          );
        }
        if (file > 7) {
          fail(
            `rank ${rank + 1} ("${text}") must cover 8 squares, covers more`,
          );
        }
        if ((piece & 7) === PAWN && (rank === 0 || rank === 7)) {
          fail(
            `rank ${rank + 1} has a pawn: pawns never stand on ranks 1 and 8`,
          );
        }
        if (board.listCount[piece >> 3] === 16) {
          fail(
            `${
              piece >> 3 === WHITE ? "white" : "black"
            } has more than 16 pieces`,
          );
        }
        board.put(piece, rank * 16 + file);
        file++;
      }
    }
    if (file !== 8) {
      fail(`rank ${rank + 1} ("${text}") must cover 8 squares, covers ${file}`);
    }
  }
  for (const color of [WHITE, BLACK]) {
    const name = color === WHITE ? "white" : "black";
    const kings = board.counts[KING | color << 3]!;
    if (kings !== 1) fail(`${name} must have one king, has ${kings}`);
    if (board.counts[PAWN | color << 3]! > 8) {
      fail(`${name} has more than 8 pawns`);
    }
  }
  // Field 2: the side to move.
  if (side !== "w" && side !== "b") {
    fail(`the side to move must be "w" or "b", got "${side}"`);
  }
  board.side = side === "w" ? WHITE : BLACK;
  // Field 3: castling rights that match the kings and rooks.
  if (castling !== "-") {
    for (const c of castling) {
      const i = CASTLING_LETTERS.indexOf(c);
      if (i < 0 || (board.castling & CASTLING_BITS[i]!)) {
        fail(
          `castling must be "-" or some of the letters KQkq, each at most once, got "${castling}"`,
        );
      }
      const [king, rook] = CASTLING_PIECES[i]!;
      const color = i < 2 ? WHITE : BLACK;
      if (
        board.squares[king!] !== (KING | color << 3) ||
        board.squares[rook!] !== (ROOK | color << 3)
      ) {
        fail(
          `castling right "${c}" needs the ${
            color === WHITE ? "white" : "black"
          } king on ${squareName(king!)} and a rook on ${squareName(rook!)}`,
        );
      }
      board.castling |= CASTLING_BITS[i]!;
    }
  }
  // Fields 5 and 6: the clocks.
  if (fields.length === 6) {
    board.halfmove = readClock(fields[4]!, "the halfmove clock", fail);
    // Stockfish reads move number 0 as 1; so does this parser.
    board.fullmove = Math.max(
      1,
      readClock(fields[5]!, "the move number", fail),
    );
  }
  board.finishSetup();
  if (board.attacked(board.kings[board.side ^ 1]!, board.side)) {
    fail(
      `the side not to move (${
        board.side === WHITE ? "black" : "white"
      }) is in check: the position cannot arise`,
    );
  }
  // Field 4: en passant, kept when the capture is legal.
  if (ep !== "-") {
    const target = parseSquare(ep);
    const rank = board.side === WHITE ? 5 : 2;
    if (target < 0 || (target >> 4) !== rank) {
      fail(
        `the en passant square must be "-" or a square on rank ${
          rank + 1
        } when ${
          board.side === WHITE ? "white" : "black"
        } is to move, got "${ep}"`,
      );
    }
    const forward = board.side === WHITE ? 16 : -16;
    const pawn = target - forward, origin = target + forward;
    if (
      board.squares[pawn] !== (PAWN | (board.side ^ 1) << 3) ||
      board.squares[target] !== EMPTY || board.squares[origin] !== EMPTY
    ) {
      fail(
        `en passant square ${ep} needs a pawn that just moved two squares to ${
          squareName(pawn)
        }, with ${ep} and ${squareName(origin)} empty`,
      );
    }
    board.setEnPassant(target, pawn);
  }
  return board;
}

/**
 * The largest halfmove clock and move number a FEN may give: far beyond any
 * game, and the clocks stay exact small integers. A position played on from
 * a FEN at the limit writes clocks past it, which its FEN then no longer
 * reads back (`fromFen` names the clock).
 */
export const MAX_CLOCK = 999_999_999;

/** A clock field: digits (leading zeros allowed) worth 0…{@linkcode MAX_CLOCK}. */
function readClock(
  text: string,
  name: string,
  fail: (rule: string) => never,
): number {
  const value = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(value <= MAX_CLOCK)) {
    fail(`${name} must be an integer 0…${MAX_CLOCK}, got ${describe(text)}`);
  }
  return value;
}

/** The FEN of the board. */
export function toFen(board: Board): string {
  let placement = "";
  for (let rank = 7; rank >= 0; rank--) {
    let empty = 0;
    for (let file = 0; file < 8; file++) {
      const piece = board.squares[rank * 16 + file]!;
      if (piece === EMPTY) {
        empty++;
        continue;
      }
      if (empty > 0) placement += empty;
      empty = 0;
      placement += PIECE_LETTERS[piece];
    }
    if (empty > 0) placement += empty;
    if (rank > 0) placement += "/";
  }
  let castling = "";
  for (let i = 0; i < 4; i++) {
    if (board.castling & CASTLING_BITS[i]!) castling += CASTLING_LETTERS[i];
  }
  return [
    placement,
    board.side === WHITE ? "w" : "b",
    castling || "-",
    board.ep >= 0 ? squareName(board.ep) : "-",
    board.halfmove,
    board.fullmove,
  ].join(" ");
}
