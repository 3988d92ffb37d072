/**
 * Moves as text: UCI (`e2e4`, `e7e8q`, castling as the king's move `e1g1`)
 * by hand (trivial), and the syntax of SAN (`Nf3`, `exd5`, `O-O`, `e8=Q+`)
 * whose moves chess.js finds (notation.ts). These run at the boundary, once
 * per move read or written, never inside a search.
 *
 * @module
 */

import { describe } from "../../validate.ts";
import type { Board } from "./_board.ts";
import { generateLegal } from "./_movegen.ts";
import {
  moveFrom,
  moveKind,
  movePromotion,
  moveTo,
  PROMOTION,
} from "./_move.ts";
import { parseSquare, PIECE_LETTERS, squareName } from "./_squares.ts";
import { toFen } from "./_fen.ts";
import { uciOfSan } from "./notation.ts";

/** The legal moves, in a fresh array (boundary use only). */
export function legalMoves(board: Board): Int32Array {
  const moves = new Int32Array(256);
  return moves.subarray(0, generateLegal(board, moves));
}

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
  if (typeof text !== "string" || !/^[a-h][1-8][a-h][1-8][nbrq]?$/.test(text)) {
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

/**
 * The legal move that `text` writes in SAN (check and annotation signs
 * optional, "0-0" accepted for "O-O", "e8Q" for "e8=Q"): the syntax checked
 * here, the move found by chess.js.
 *
 * @throws {Error} on bad syntax, or when no legal move matches
 */
export function parseSan(board: Board, where: string, text: unknown): number {
  if (typeof text !== "string" || !SAN_SYNTAX.test(text)) {
    throw new Error(
      `${where}: san must be a move in standard algebraic notation like "Nf3", "exd5", "O-O" or "e8=Q", got ${
        describe(text)
      }`,
    );
  }
  const fen = toFen(board);
  const uci = uciOfSan(fen, text);
  if (uci === null || uci === "ambiguous") {
    throw new Error(
      `${where}: ${describe(text)} is ${
        uci === "ambiguous"
          ? "ambiguous: more than one legal move fits it"
          : "not a legal move"
      } in ${fen}`,
    );
  }
  return parseUci(board, where, uci);
}
