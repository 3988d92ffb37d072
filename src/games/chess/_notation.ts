/**
 * Moves as text: UCI (`e2e4`, `e7e8q`, castling as the king's move `e1g1`)
 * and SAN (`Nf3`, `exd5`, `O-O`, `e8=Q+`) read by hand against the legal
 * moves (writing SAN is chess.js's, notation.ts). These run at the boundary, once
 * per move read or written, never inside a search.
 *
 * @module
 */

import { describe } from "../../validate.ts";
import type { Board } from "./_board.ts";
import { generateLegal } from "./_movegen.ts";
import {
  CASTLING,
  EN_PASSANT,
  moveFrom,
  moveKind,
  movePromotion,
  moveTo,
  PROMOTION,
} from "./_move.ts";
import {
  EMPTY,
  parseSquare,
  PAWN,
  PIECE_LETTERS,
  squareName,
} from "./_squares.ts";
import { toFen } from "./_fen.ts";

/** The legal moves, in a fresh array (boundary use only). */
export function legalMoves(board: Board): Int32Array {
  const moves = new Int32Array(256);
  return moves.subarray(0, generateLegal(board, moves));
}

/**
 * Whether `text` has the form of a move in UCI: from-square, to-square and
 * an optional promotion piece in lower case (`e2e4`, `e7e8q`). The form
 * only: whether the move is legal is the position's to say.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isUciMove } from "./_notation.ts";
 * assert.equal(isUciMove("e7e8q"), true);
 * assert.equal(isUciMove("e7e8Q"), false);
 * assert.equal(isUciMove("Nf3"), false);
 * ```
 */
export function isUciMove(text: unknown): text is string {
  return typeof text === "string" && UCI_MOVE.test(text);
}

const UCI_MOVE = /^[a-h][1-8][a-h][1-8][nbrq]?$/;

/** `move` in UCI. */
export function toUci(move: number): string {
  const promotion = moveKind(move) === PROMOTION
    ? PIECE_LETTERS[movePromotion(move) + 8]!
    : "";
  return squareName(moveFrom(move)) + squareName(moveTo(move)) + promotion;
}

/**
 * The legal move that `text` writes in UCI.
 *
 * @throws {Error} on bad syntax, or when no legal move matches
 */
export function parseUci(board: Board, where: string, text: unknown): number {
  if (!isUciMove(text)) {
    throw new Error(
      `${where}: uci must be a move like "e2e4" or "e7e8q" (from, to, optional promotion piece nbrq), got ${
        describe(text)
      }`,
    );
  }
  const from = parseSquare(text.slice(0, 2)),
    to = parseSquare(text.slice(2, 4));
  let promotionNeeded = false;
  for (const move of legalMoves(board)) {
    if (moveFrom(move) !== from || moveTo(move) !== to) continue;
    if (moveKind(move) !== PROMOTION) {
      if (text.length === 4) return move;
      continue;
    }
    promotionNeeded = true;
    if (
      text.length === 5 && PIECE_LETTERS[movePromotion(move) + 8] === text[4]
    ) {
      return move;
    }
  }
  throw new Error(
    `${where}: ${describe(text)} is not a legal move in ${toFen(board)}${
      promotionNeeded && text.length === 4
        ? ` (a pawn reaching the last rank needs a promotion piece: ${text}q)`
        : ""
    }`,
  );
}

const SAN_SYNTAX =
  /^(?:[NBRQK][a-h]?[1-8]?x?[a-h][1-8]|[a-h](?:x[a-h])?[1-8](?:=?[NBRQ])?|[O0]-[O0](?:-[O0])?)[+#]?[!?]{0,2}$/;
const PIECE_SAN = /^([NBRQK])([a-h])?([1-8])?(x)?([a-h][1-8])$/;
const PAWN_SAN = /^([a-h])(?:(x)([a-h]))?([1-8])(?:=?([NBRQ]))?$/;

/**
 * The legal move that `text` writes in SAN, matched against the legal
 * moves here. Strict where a loose reading could pick a wrong move: a
 * promotion needs its piece (`a8=Q`, or `a8Q`), a promotion piece on any
 * other move is refused, `x` must mark a capture (en passant included), and
 * more than one fitting move is an ambiguity. Lenient where the move is
 * still certain: a piece's capture without `x`, a needless disambiguation
 * (`Ngf3`), "0-0" for "O-O", and check, mate and annotation signs, which
 * are read but not checked (`e4#` is `e4`).
 *
 * @throws {Error} on bad syntax, or when no legal move or more than one fits
 */
export function parseSan(board: Board, where: string, text: unknown): number {
  if (typeof text !== "string" || !SAN_SYNTAX.test(text)) {
    throw new Error(
      `${where}: san must be a move in standard algebraic notation like "Nf3", "exd5", "O-O" or "e8=Q", got ${
        describe(text)
      }`,
    );
  }
  const body = text.replace(/[+#]?[!?]*$/, "");
  const fits: number[] = [];
  let hint = "";
  if (/^[O0]-[O0]/.test(body)) {
    const file = body.length > 3 ? 2 : 6;
    for (const move of legalMoves(board)) {
      if (moveKind(move) === CASTLING && (moveTo(move) & 7) === file) {
        fits.push(move);
      }
    }
  } else {
    const piece = PIECE_SAN.exec(body);
    const pawn = piece === null ? PAWN_SAN.exec(body)! : null;
    const type = piece ? PIECE_LETTERS.indexOf(piece[1]!) : PAWN;
    const fromFile = piece ? piece[2] : pawn![1];
    const fromRank = piece ? piece[3] : undefined;
    const capture = (piece ? piece[4] : pawn![2]) !== undefined;
    const to = parseSquare(
      piece ? piece[5]! : (pawn![3] ?? pawn![1]!) + pawn![4]!,
    );
    const promotion = pawn?.[5];
    for (const move of legalMoves(board)) {
      const from = moveFrom(move), kind = moveKind(move);
      if (
        moveTo(move) !== to || (board.squares[from]! & 7) !== type ||
        kind === CASTLING ||
        (fromFile !== undefined && "abcdefgh"[from & 7] !== fromFile) ||
        (fromRank !== undefined && "12345678"[from >> 4] !== fromRank)
      ) continue;
      if (
        capture && board.squares[to] === EMPTY && kind !== EN_PASSANT
      ) {
        hint = ` ("x" marks a capture, and ${squareName(to)} is empty)`;
        continue;
      }
      if (kind === PROMOTION) {
        if (promotion === undefined) {
          hint =
            ` (a pawn reaching the last rank needs a promotion piece, like ${body}=Q)`;
          continue;
        }
        if (PIECE_LETTERS[movePromotion(move)] !== promotion) continue;
      } else if (promotion !== undefined) {
        hint = ` (only a pawn reaching the last rank promotes)`;
        continue;
      }
      fits.push(move);
    }
  }
  if (fits.length !== 1) {
    throw new Error(
      `${where}: ${describe(text)} is ${
        fits.length > 1
          ? "ambiguous: more than one legal move fits it"
          : "not a legal move"
      } in ${toFen(board)}${fits.length > 1 ? "" : hint}`,
    );
  }
  return fits[0]!;
}
