/**
 * Moves as text: UCI (`e2e4`, `e7e8q`, castling as the king's move `e1g1`)
 * and SAN (`Nf3`, `exd5`, `O-O`, `e8=Q+`), written as chess.js writes them
 * (the tests compare both on random games). These run at the boundary, once
 * per move read or written, never inside a search.
 *
 * @module
 */

import { describe } from "../../validate.ts";
import type { Board } from "./_board.ts";
import { generateLegal, hasLegalMove } from "./_movegen.ts";
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

/** `move`, one of the `legal` moves here, in SAN with its check or mate sign. */
export function toSan(board: Board, move: number, legal: Int32Array): string {
  const from = moveFrom(move), to = moveTo(move), kind = moveKind(move);
  const piece = board.squares[from]!;
  let san: string;
  if (kind === CASTLING) {
    san = (to & 7) === 6 ? "O-O" : "O-O-O";
  } else if ((piece & 7) === PAWN) {
    const capture = kind === EN_PASSANT || board.squares[to] !== EMPTY;
    san = (capture ? squareName(from)[0] + "x" : "") + squareName(to);
    if (kind === PROMOTION) san += "=" + PIECE_LETTERS[movePromotion(move)];
  } else {
    san = PIECE_LETTERS[piece & 7]! + disambiguation(board, move, legal) +
      (board.squares[to] !== EMPTY ? "x" : "") + squareName(to);
  }
  board.make(move);
  if (board.inCheck()) san += hasLegalMove(board) ? "+" : "#";
  board.unmake(move);
  return san;
}

/** What tells `move` apart from the other `legal` moves of the same kind of piece to the same square. */
function disambiguation(board: Board, move: number, legal: Int32Array): string {
  const from = moveFrom(move), to = moveTo(move);
  const piece = board.squares[from]!;
  let others = 0, sameRank = 0, sameFile = 0;
  for (const other of legal) {
    const otherFrom = moveFrom(other);
    if (
      otherFrom === from || moveTo(other) !== to ||
      board.squares[otherFrom] !== piece
    ) continue;
    others++;
    if ((otherFrom >> 4) === (from >> 4)) sameRank++;
    if ((otherFrom & 7) === (from & 7)) sameFile++;
  }
  if (others === 0) return "";
  const name = squareName(from);
  if (sameRank > 0 && sameFile > 0) return name;
  return sameFile > 0 ? name[1]! : name[0]!;
}

/** SAN without check, mate and annotation signs, and with "0-0" read as "O-O". */
function normalizeSan(text: string): string {
  return text.replace(/[+#!?]+$/, "").replace(
    /^0-0(-0)?$/,
    (castle) => castle.replaceAll("0", "O"),
  );
}

/** `"Nbd2"` without what tells it apart: `"Nd2"`. */
function withoutDisambiguation(san: string): string {
  return san.replace(/^([NBRQK])[a-h]?[1-8]?(x?[a-h][1-8])$/, "$1$2");
}

const SAN_SYNTAX =
  /^(?:[NBRQK][a-h]?[1-8]?x?[a-h][1-8]|[a-h](?:x[a-h])?[1-8](?:=?[NBRQ])?|[O0]-[O0](?:-[O0])?)[+#]?[!?]{0,2}$/;

/**
 * The legal move that `text` writes in SAN (check and annotation signs
 * optional, "0-0" accepted for "O-O", "e8Q" for "e8=Q").
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
  const wanted = normalizeSan(text).replace(/([1-8])([NBRQ])$/, "$1=$2");
  // Only moves to the named square can match: SAN is written for those alone.
  const target = wanted.startsWith("O-O")
    ? -1
    : parseSquare(/[a-h][1-8](?==|$)/.exec(wanted)![0]);
  let matches = 0;
  const legal = legalMoves(board);
  for (const move of legal) {
    if (target >= 0 ? moveTo(move) !== target : moveKind(move) !== CASTLING) {
      continue;
    }
    const san = normalizeSan(toSan(board, move, legal));
    if (san === wanted) return move;
    if (withoutDisambiguation(san) === wanted) matches++;
  }
  throw new Error(
    `${where}: ${describe(text)} is ${
      matches > 1
        ? "ambiguous: more than one legal move fits it"
        : "not a legal move"
    } in ${toFen(board)}`,
  );
}
