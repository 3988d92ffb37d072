/**
 * Move generation on the {@linkcode Board}: pseudo-legal moves from the
 * piece lists, then a legality filter that rarely needs to make a move. Out
 * of check, a move is legal unless it is a king move onto an attacked square
 * (tested with the king lifted off, so a slider's ray through it counts), an
 * en passant capture that exposes the king (made and tested: it can uncover
 * a rank), or a move of a pinned piece off its pin line (pins are found once
 * per generation from the enemy sliders, in the same walk that finds the
 * checkers). In check, only king moves, captures of the single checker and
 * blocks of a checking slider by an unpinned piece are legal, en passant
 * captures made and tested. Castling's squares are tested with the king's
 * steps, each square once.
 *
 * The buffers here are module-level scratch: generation is never re-entered
 * (making a move never generates), so one set serves every board.
 *
 * @module
 */

import type { Board } from "./_board.ts";
import { CASTLING, EN_PASSANT, moveKind, NORMAL, PROMOTION } from "./_move.ts";
import {
  ATTACKS,
  B1,
  B8,
  BLACK_KINGSIDE,
  BLACK_QUEENSIDE,
  C1,
  C8,
  D1,
  D8,
  DIRECTION_END,
  DIRECTION_START,
  DIRECTIONS,
  EMPTY,
  F1,
  F8,
  G1,
  G8,
  KING,
  KNIGHT,
  PAWN,
  PIECE_BIT,
  RAY_STEP,
  SLIDER_BITS,
  WHITE,
  WHITE_KINGSIDE,
  WHITE_QUEENSIDE,
} from "./_squares.ts";
import { TYPE_VALUES } from "./evaluation.ts";

/** Room for any pseudo-legal list (a legal list has at most 218 moves). */
const SCRATCH_SIZE = 1024;
const PSEUDO = new Int32Array(SCRATCH_SIZE);
const LEGAL = new Int32Array(SCRATCH_SIZE);
const SCORES = new Int32Array(SCRATCH_SIZE);
/** `PIN[square]`: |step| of the line pinning the piece on `square`, or 0. */
const PIN = new Int8Array(128);
const PINNED = new Int32Array(16);
const CASTLES = new Int32Array(2);

/**
 * `JUMPS[from · 9 + i]`: the knight's targets from `from` (0x88) that are on
 * the board, then −1 (at most 8 and the end); from 1152 on, the king's
 * steps alike. Read in place
 * of the eight steps and their off-board tests.
 */
const JUMPS = new Int8Array(2 * 128 * 9).fill(-1);
for (let from = 0; from < 128; from++) {
  if (from & 0x88) continue;
  for (const [base, type] of [[0, KNIGHT], [1152, KING]] as const) {
    let k = base + from * 9;
    for (let d = DIRECTION_START[type]!; d < DIRECTION_END[type]!; d++) {
      const to = from + DIRECTIONS[d]!;
      if (!(to & 0x88)) JUMPS[k++] = to;
    }
  }
}

/**
 * Writes the pseudo-legal moves (all, or only captures and promotions) into
 * `out`; returns how many. With `legal` (out of check, after
 * {@linkcode scanKing}), the moves of the king, of a pinned piece and en
 * passant captures are tested as each piece's moves are written, so that
 * only legal moves are kept: every other move out of check is legal.
 */
export function generatePseudo(
  b: Board,
  out: Int32Array,
  quiets: boolean,
  legal = false,
): number {
  const squares = b.squares, list = b.list;
  const us = b.side, usBit = us << 3;
  const ep = b.ep;
  const king = b.kings[us]!;
  let n = 0;
  const end = us * 16 + b.listCount[us]!;
  for (let i = us * 16; i < end; i++) {
    const from = list[i]!;
    const type = squares[from]! & 7;
    const start = n;
    const from64 = (from + (from & 7)) >> 1;
    if (type === PAWN) {
      const forward = us === WHITE ? 16 : -16;
      const to = from + forward;
      const last = (to >> 4) === (us === WHITE ? 7 : 0);
      if (squares[to] === EMPTY) {
        const m = from64 | ((to + (to & 7)) >> 1) << 6;
        if (last) {
          n = addPromotions(out, n, m);
        } else if (quiets) {
          out[n++] = m;
          const two = to + forward;
          if (
            (from >> 4) === (us === WHITE ? 1 : 6) && squares[two] === EMPTY
          ) {
            out[n++] = from64 | ((two + (two & 7)) >> 1) << 6;
          }
        }
      }
      for (let c = to - 1; c <= to + 1; c += 2) {
        if (c & 0x88) continue;
        const q = squares[c]!;
        const m = from64 | ((c + (c & 7)) >> 1) << 6;
        if (q !== EMPTY && (q & 8) !== usBit) {
          if (last) n = addPromotions(out, n, m);
          else out[n++] = m;
        } else if (c === ep) {
          out[n++] = m | EN_PASSANT << 14;
        }
      }
    } else if (type === KNIGHT || type === KING) {
      for (let k = (type === KING ? 1152 : 0) + from * 9;; k++) {
        const to = JUMPS[k]!;
        if (to < 0) break;
        const q = squares[to]!;
        if (q === EMPTY ? quiets : (q & 8) !== usBit) {
          out[n++] = from64 | ((to + (to & 7)) >> 1) << 6;
        }
      }
      if (type === KING && quiets && b.castling !== 0) {
        n = addCastling(b, out, n, false);
      }
    } else {
      for (
        let d = DIRECTION_START[type]!, e = DIRECTION_END[type]!;
        d < e;
        d++
      ) {
        const step = DIRECTIONS[d]!;
        for (let to = from + step; !(to & 0x88); to += step) {
          const q = squares[to]!;
          if (q === EMPTY) {
            if (quiets) out[n++] = from64 | ((to + (to & 7)) >> 1) << 6;
            continue;
          }
          if ((q & 8) !== usBit) {
            out[n++] = from64 | ((to + (to & 7)) >> 1) << 6;
          }
          break;
        }
      }
    }
    if (
      legal && (from === king || PIN[from] !== 0 || (ep >= 0 && type === PAWN))
    ) {
      n = keepLegal(b, out, start, n, from, king);
    }
  }
  return n;
}

/**
 * Keeps, in place, the legal ones of the moves `out[start…end)` of the
 * piece on `from`, out of check: a king's step or castling onto or across
 * no attacked square, a pinned piece's move along its pin line, an en
 * passant capture that leaves the king safe (made and tested: it can
 * uncover a rank). Returns the new end.
 */
function keepLegal(
  b: Board,
  out: Int32Array,
  start: number,
  end: number,
  from: number,
  king: number,
): number {
  const pin = PIN[from]!;
  let n = start;
  for (let i = start; i < end; i++) {
    const m = out[i]!;
    const t = (m >> 6) & 63;
    const to = t + (t & 56);
    if (from === king) {
      if (unsafe(b, to, king)) continue;
      // The square between is the one the king crosses (f1, d1, f8, d8).
      if (moveKind(m) === CASTLING && unsafe(b, (king + to) >> 1, king)) {
        continue;
      }
    } else {
      if (pin !== 0) {
        const line = RAY_STEP[to - king + 119]!;
        if ((line < 0 ? -line : line) !== pin) continue;
      }
      if (moveKind(m) === EN_PASSANT && b.exposesKing(m)) continue;
    }
    out[n++] = m;
  }
  return n;
}

/** Adds the four promotions of the pawn move `m`, queen first. */
function addPromotions(out: Int32Array, n: number, m: number): number {
  const base = m | PROMOTION << 14;
  out[n] = base | 3 << 12;
  out[n + 1] = base | 2 << 12;
  out[n + 2] = base | 1 << 12;
  out[n + 3] = base;
  return n + 4;
}

/**
 * Adds the castling moves the rights and the empty squares allow, and with
 * `safe` the attacks too (out of check, neither the square the king
 * crosses nor the one it lands on attacked); without it
 * {@linkcode keepLegal} tests those, with the king's steps. The moves are
 * written with 0…63 squares: e1 = 4, g1 = 6, c1 = 2, e8 = 60, g8 = 62,
 * c8 = 58.
 */
function addCastling(
  b: Board,
  out: Int32Array,
  n: number,
  safe: boolean,
): number {
  const squares = b.squares, castling = b.castling;
  if (b.side === WHITE) {
    if (
      (castling & (WHITE_KINGSIDE | WHITE_QUEENSIDE)) === 0 ||
      (safe && b.inCheck())
    ) {
      return n;
    }
    if (
      (castling & WHITE_KINGSIDE) && squares[F1] === EMPTY &&
      squares[G1] === EMPTY &&
      !(safe && (b.attacked(F1, 1) || b.attacked(G1, 1)))
    ) {
      out[n++] = 4 | 6 << 6 | CASTLING << 14;
    }
    if (
      (castling & WHITE_QUEENSIDE) && squares[D1] === EMPTY &&
      squares[C1] === EMPTY && squares[B1] === EMPTY &&
      !(safe && (b.attacked(D1, 1) || b.attacked(C1, 1)))
    ) {
      out[n++] = 4 | 2 << 6 | CASTLING << 14;
    }
  } else {
    if (
      (castling & (BLACK_KINGSIDE | BLACK_QUEENSIDE)) === 0 ||
      (safe && b.inCheck())
    ) {
      return n;
    }
    if (
      (castling & BLACK_KINGSIDE) && squares[F8] === EMPTY &&
      squares[G8] === EMPTY &&
      !(safe && (b.attacked(F8, 0) || b.attacked(G8, 0)))
    ) {
      out[n++] = 60 | 62 << 6 | CASTLING << 14;
    }
    if (
      (castling & BLACK_QUEENSIDE) && squares[D8] === EMPTY &&
      squares[C8] === EMPTY && squares[B8] === EMPTY &&
      !(safe && (b.attacked(D8, 0) || b.attacked(C8, 0)))
    ) {
      out[n++] = 60 | 58 << 6 | CASTLING << 14;
    }
  }
  return n;
}

/** Whether `to` is attacked by the side not to move once the king is lifted off `king`. */
function attackedWithoutKing(b: Board, to: number, king: number): boolean {
  const squares = b.squares;
  const piece = squares[king]!;
  squares[king] = EMPTY;
  const attacked = b.attacked(to, b.side ^ 1);
  squares[king] = piece;
  return attacked;
}

/**
 * Per square, what {@linkcode keepLegal} learnt of it for the king this
 * generation: 0 not asked, 1 safe, 2 attacked (the squares asked are in
 * `ASKED`, cleared at the end): a square a castling crosses is also a
 * king's step.
 */
const SAFETY = new Int8Array(128);
const ASKED = new Int32Array(16);
let asked = 0;

/**
 * Whether the king on `king`, out of check, would be attacked on `to`.
 * Out of check no enemy ray passes through the king, so lifting it off
 * changes nothing, and the answer serves the castling squares too.
 */
function unsafe(b: Board, to: number, king: number): boolean {
  const known = SAFETY[to]!;
  if (known !== 0) return known === 2;
  const attacked = attackedWithoutKing(b, to, king);
  SAFETY[to] = attacked ? 2 : 1;
  ASKED[asked++] = to;
  return attacked;
}

/** The checkers {@linkcode scanKing} found: 0, 1, or 2 for two or more. */
let checkers = 0;
/** The square of the one checker {@linkcode scanKing} found (with `checkers` 1). */
let checkerSquare = -1;

/**
 * One pass over the enemy pieces that attack `king` or line up with it:
 * counts the checkers into `checkers` (the one's square into
 * `checkerSquare`) and marks in {@linkcode PIN} the side to move's pieces
 * pinned to it; returns how many are pinned. Checks and pins come from the
 * same rays, so one walk finds both.
 */
function scanKing(b: Board, king: number): number {
  const squares = b.squares, list = b.list;
  const them = b.side ^ 1, usBit = b.side << 3;
  let pinned = 0;
  checkers = 0;
  checkerSquare = -1;
  const end = them * 16 + b.listCount[them]!;
  for (let i = them * 16; i < end; i++) {
    const from = list[i]!;
    const diff = king - from + 119;
    const line = ATTACKS[diff]!;
    if (line === 0) continue;
    const bits = line & PIECE_BIT[squares[from]!]!;
    if (bits === 0) continue;
    if ((bits & SLIDER_BITS) === 0) {
      checkers++;
      checkerSquare = from;
      continue;
    }
    const step = RAY_STEP[diff]!;
    let blocker = -1;
    let to = from + step;
    for (; to !== king; to += step) {
      if (squares[to] === EMPTY) continue;
      if (blocker >= 0 || (squares[to]! & 8) !== usBit) break;
      blocker = to;
    }
    if (to !== king) continue;
    if (blocker < 0) {
      checkers++;
      checkerSquare = from;
    } else {
      PIN[blocker] = step < 0 ? -step : step;
      PINNED[pinned++] = blocker;
    }
  }
  if (checkers > 2) checkers = 2;
  return pinned;
}

/**
 * Whether the non-king move `m` could answer the check by `checker` (from
 * {@linkcode findChecker}): it captures the checker, lands between a
 * checking slider and the king, or is an en passant capture (tested in full
 * by the caller, as every candidate is, for pins). Nothing answers a double
 * check but a king move.
 */
function isEvasion(
  b: Board,
  m: number,
  checker: number,
  king: number,
): boolean {
  if (checker < 0) return false;
  if (moveKind(m) === EN_PASSANT) return true;
  const t = (m >> 6) & 63;
  const to = t + (t & 56);
  if (to === checker) return true;
  const step = RAY_STEP[king - checker + 119]!;
  return step !== 0 && (b.squares[checker]! & 7) >= 3 &&
    RAY_STEP[to - checker + 119] === step && RAY_STEP[king - to + 119] === step;
}

/**
 * Copies the legal moves among `moves[0…n)`, in check (after
 * {@linkcode scanKing}), into `out`; returns how many. A pinned piece has
 * no legal move then (its pin line meets the checking line only at the
 * king), and any other answer to a single check that {@linkcode isEvasion}
 * accepts is legal, en passant aside (made and tested). Castling never is.
 */
function keepEvasions(
  b: Board,
  moves: Int32Array,
  n: number,
  out: Int32Array,
  king: number,
): number {
  const king64 = (king + (king & 7)) >> 1;
  const checker = checkers > 1 ? -2 : checkerSquare;
  let count = 0;
  for (let i = 0; i < n; i++) {
    const m = moves[i]!;
    if ((m & 63) === king64) {
      if (moveKind(m) === CASTLING) continue;
      const t = (m >> 6) & 63;
      if (attackedWithoutKing(b, t + (t & 56), king)) continue;
    } else if (!isEvasion(b, m, checker, king)) {
      continue;
    } else if (moveKind(m) === EN_PASSANT) {
      if (b.exposesKing(m)) continue;
    } else {
      const f = m & 63;
      if (PIN[f + (f & 56)] !== 0) continue;
    }
    out[count++] = m;
  }
  return count;
}

/**
 * Writes the legal moves (all, or only captures and promotions) into
 * `out`; returns how many. One scan of the king's lines finds the checkers
 * and the pins (and settles the ply's in-check cache); out of check the
 * generator keeps the legal moves as it writes them, in check the
 * candidates are filtered.
 */
function legalMoves(b: Board, out: Int32Array, quiets: boolean): number {
  const king = b.kings[b.side]!;
  const pinned = scanKing(b, king);
  b.checks[b.ply] = checkers > 0 ? 1 : 0;
  const count = checkers > 0
    ? keepEvasions(b, PSEUDO, generatePseudo(b, PSEUDO, quiets), out, king)
    : generatePseudo(b, out, quiets, true);
  for (let i = 0; i < pinned; i++) PIN[PINNED[i]!] = 0;
  for (let i = 0; i < asked; i++) SAFETY[ASKED[i]!] = 0;
  asked = 0;
  return count;
}

/** Writes the legal moves into `out`; returns how many. */
export function generateLegal(b: Board, out: Int32Array): number {
  return legalMoves(b, out, true);
}

/**
 * The number of legal moves, counted without writing them (perft's last
 * ply). Out of check every move is legal but a king's step or castling onto
 * or across an attacked square, a pinned piece's move off its pin line and
 * an en passant capture that exposes the king, so only those are tested, as
 * {@linkcode keepLegal} tests them; in check the evasions are generated and
 * counted.
 */
export function countLegal(b: Board): number {
  const king = b.kings[b.side]!;
  const pinned = scanKing(b, king);
  b.checks[b.ply] = checkers > 0 ? 1 : 0;
  const count = checkers > 0
    ? keepEvasions(b, PSEUDO, generatePseudo(b, PSEUDO, true), LEGAL, king)
    : countFree(b, king);
  for (let i = 0; i < pinned; i++) PIN[PINNED[i]!] = 0;
  for (let i = 0; i < asked; i++) SAFETY[ASKED[i]!] = 0;
  asked = 0;
  return count;
}

/**
 * {@linkcode generatePseudo}'s moves with `quiets` and `legal` (out of
 * check, after {@linkcode scanKing}), counted.
 */
function countFree(b: Board, king: number): number {
  const squares = b.squares, list = b.list;
  const us = b.side, usBit = us << 3;
  const ep = b.ep;
  const forward = us === WHITE ? 16 : -16;
  const lastRank = us === WHITE ? 7 : 0, secondRank = us === WHITE ? 1 : 6;
  let n = 0;
  const end = us * 16 + b.listCount[us]!;
  for (let i = us * 16; i < end; i++) {
    const from = list[i]!;
    const type = squares[from]! & 7;
    // A pinned piece moves only along its pin line: by steps of ±pin.
    const pin = PIN[from]!;
    if (type === PAWN) {
      const to = from + forward;
      const last = (to >> 4) === lastRank;
      if ((pin === 0 || pin === 16) && squares[to] === EMPTY) {
        if (last) n += 4;
        else {
          n++;
          if ((from >> 4) === secondRank && squares[to + forward] === EMPTY) {
            n++;
          }
        }
      }
      for (let c = to - 1; c <= to + 1; c += 2) {
        if (c & 0x88) continue;
        if (pin !== 0 && c - from !== pin && from - c !== pin) continue;
        const q = squares[c]!;
        if (q !== EMPTY) {
          if ((q & 8) !== usBit) n += last ? 4 : 1;
        } else if (
          c === ep &&
          !b.exposesKing(
            (from + (from & 7)) >> 1 | ((c + (c & 7)) >> 1) << 6 |
              EN_PASSANT << 14,
          )
        ) {
          n++;
        }
      }
    } else if (pin !== 0 && type === KNIGHT) {
      continue;
    } else if (type === KNIGHT) {
      for (let k = from * 9;; k++) {
        const to = JUMPS[k]!;
        if (to < 0) break;
        const q = squares[to]!;
        if (q === EMPTY || (q & 8) !== usBit) n++;
      }
    } else if (type === KING) {
      for (let k = 1152 + from * 9;; k++) {
        const to = JUMPS[k]!;
        if (to < 0) break;
        const q = squares[to]!;
        if ((q === EMPTY || (q & 8) !== usBit) && !unsafe(b, to, king)) n++;
      }
      if (b.castling !== 0) {
        const castles = addCastling(b, CASTLES, 0, false);
        for (let j = 0; j < castles; j++) {
          const t = (CASTLES[j]! >> 6) & 63;
          const to = t + (t & 56);
          if (!unsafe(b, to, king) && !unsafe(b, (king + to) >> 1, king)) n++;
        }
      }
    } else {
      for (
        let d = DIRECTION_START[type]!, e = DIRECTION_END[type]!;
        d < e;
        d++
      ) {
        const step = DIRECTIONS[d]!;
        if (pin !== 0 && step !== pin && step !== -pin) continue;
        for (let to = from + step; !(to & 0x88); to += step) {
          const q = squares[to]!;
          if (q === EMPTY) {
            n++;
            continue;
          }
          if ((q & 8) !== usBit) n++;
          break;
        }
      }
    }
  }
  return n;
}

/**
 * Whether the side to move has a legal move. Out of check, any pseudo-legal
 * move (en passant aside) of a piece off every line through its king is
 * legal, so the answer usually comes from the first piece tried.
 */
export function hasLegalMove(b: Board): boolean {
  const squares = b.squares, list = b.list;
  const us = b.side, usBit = us << 3;
  const king = b.kings[us]!;
  if (b.inCheck()) return hasKingMove(b, king) || generateLegal(b, LEGAL) > 0;
  const end = us * 16 + b.listCount[us]!;
  for (let i = us * 16; i < end; i++) {
    const from = list[i]!;
    if (from === king || RAY_STEP[king - from + 119] !== 0) continue;
    const type = squares[from]! & 7;
    if (type === PAWN) {
      const to = from + (us === WHITE ? 16 : -16);
      if (squares[to] === EMPTY) return true;
      for (let c = to - 1; c <= to + 1; c += 2) {
        if (c & 0x88) continue;
        const q = squares[c]!;
        if (q !== EMPTY && (q & 8) !== usBit) return true;
      }
      continue;
    }
    for (let d = DIRECTION_START[type]!; d < DIRECTION_END[type]!; d++) {
      const to = from + DIRECTIONS[d]!;
      if (to & 0x88) continue;
      const q = squares[to]!;
      if (q === EMPTY || (q & 8) !== usBit) return true;
    }
  }
  return hasKingMove(b, king) || generateLegal(b, LEGAL) > 0;
}

/** Whether the king on `king` has a legal step (castling aside). */
function hasKingMove(b: Board, king: number): boolean {
  const squares = b.squares, usBit = b.side << 3;
  for (let d = DIRECTION_START[KING]!; d < DIRECTION_END[KING]!; d++) {
    const to = king + DIRECTIONS[d]!;
    if (to & 0x88) continue;
    const q = squares[to]!;
    if (q !== EMPTY && (q & 8) === usBit) continue;
    if (!attackedWithoutKing(b, to, king)) return true;
  }
  return false;
}

/**
 * The MVV-LVA score of `move` (legal on `b`): 0 for a quiet move, else
 * 8 × (the victim's value plus a promotion's gain) minus the attacker's
 * type (pawn 1 … king 6), so the most valuable victim comes first and,
 * among equal victims, the least valuable attacker.
 */
export function mvvLvaScore(b: Board, m: number): number {
  const squares = b.squares;
  const f = m & 63, t = (m >> 6) & 63;
  const kind = moveKind(m);
  const victim = kind === EN_PASSANT ? PAWN : squares[t + (t & 56)]! & 7;
  let gain = TYPE_VALUES[victim]!;
  if (kind === PROMOTION) {
    gain += TYPE_VALUES[((m >> 12) & 3) + KNIGHT]! - TYPE_VALUES[PAWN]!;
  }
  return gain === 0 ? 0 : gain * 8 - (squares[f + (f & 56)]! & 7);
}

/**
 * Writes the legal captures and promotions into `out`, most valuable victim
 * first and, among equal victims, least valuable attacker first (MVV-LVA; a
 * promotion counts its gain as a victim); with `checks`, then the quiet
 * moves that give check. Returns how many.
 */
export function generateNoisy(
  b: Board,
  out: Int32Array,
  checks: boolean,
): number {
  const squares = b.squares;
  let count = legalMoves(b, out, false);
  for (let i = 0; i < count; i++) {
    const m = out[i]!;
    const score = mvvLvaScore(b, m);
    // Insertion sort, stable: equal scores keep the generation order.
    let j = i;
    while (j > 0 && SCORES[j - 1]! < score) {
      out[j] = out[j - 1]!;
      SCORES[j] = SCORES[j - 1]!;
      j--;
    }
    out[j] = m;
    SCORES[j] = score;
  }
  if (!checks) return count;
  const n = legalMoves(b, LEGAL, true);
  const king = b.kings[b.side ^ 1]!;
  for (let i = 0; i < n; i++) {
    const m = LEGAL[i]!;
    const f = m & 63, t = (m >> 6) & 63;
    const from = f + (f & 56), to = t + (t & 56);
    const kind = moveKind(m);
    if (kind !== NORMAL && kind !== CASTLING) continue;
    if (squares[to] !== EMPTY) continue;
    // Only a move that lands on a line or jump to the enemy king, or leaves
    // a line through it (a discovered check), or castles, can give check:
    // the rest are skipped without being made.
    if (
      kind === NORMAL &&
      (ATTACKS[king - to + 119]! & PIECE_BIT[squares[from]!]!) === 0 &&
      RAY_STEP[king - from + 119] === 0
    ) continue;
    b.make(m);
    const check = b.inCheck();
    b.unmake(m);
    if (check) out[count++] = m;
  }
  return count;
}

/**
 * Whether `m` is a legal move on `b`, decided without generating the moves:
 * a 16-bit integer whose kind fits the piece, whose path is clear, and that
 * leaves the mover's king safe. Out of check only a move off a line through
 * the king can expose it, so most moves need no make/unmake; in check, and
 * for en passant, the move is made and the king tested.
 */
export function isLegal(b: Board, m: number): boolean {
  // Rejects a non-number, a fraction, NaN, a negative and anything past 16 bits.
  if ((m & 0xffff) !== m) return false;
  const squares = b.squares;
  const us = b.side;
  const f = m & 63, t = (m >> 6) & 63;
  const from = f + (f & 56), to = t + (t & 56);
  const piece = squares[from]!;
  if (piece === EMPTY || (piece >> 3) !== us) return false;
  const target = squares[to]!;
  if (target !== EMPTY && (target >> 3) === us) return false;
  const kind = m >> 14;
  if (kind !== PROMOTION && (m & 0x3000) !== 0) return false;
  const type = piece & 7;
  if (type === PAWN) {
    const forward = us === WHITE ? 16 : -16;
    if (((to >> 4) === (us === WHITE ? 7 : 0)) !== (kind === PROMOTION)) {
      return false;
    }
    if (kind === CASTLING) return false;
    const step = to - from;
    if (kind === EN_PASSANT) {
      if (to !== b.ep || (step !== forward - 1 && step !== forward + 1)) {
        return false;
      }
      return !b.exposesKing(m);
    }
    if (step === forward) {
      if (target !== EMPTY) return false;
    } else if (step === forward + forward) {
      if (
        (from >> 4) !== (us === WHITE ? 1 : 6) || target !== EMPTY ||
        squares[from + forward] !== EMPTY
      ) return false;
    } else if (step === forward - 1 || step === forward + 1) {
      if (target === EMPTY) return false;
    } else {
      return false;
    }
  } else if (kind !== NORMAL) {
    return kind === CASTLING && type === KING && isCastling(b, m);
  } else {
    const diff = to - from + 119;
    const bits = ATTACKS[diff]! & PIECE_BIT[piece]!;
    if (bits === 0) return false;
    if ((bits & SLIDER_BITS) !== 0) {
      const step = RAY_STEP[diff]!;
      for (let s = from + step; s !== to; s += step) {
        if (squares[s] !== EMPTY) return false;
      }
    }
    if (type === KING) return !attackedWithoutKing(b, to, from);
  }
  if (b.inCheck()) return !b.exposesKing(m);
  const king = b.kings[us]!;
  const line = RAY_STEP[king - from + 119]!;
  // Off every line through the king, or along its own line: no pin matters.
  if (line === 0 || RAY_STEP[king - to + 119] === line) return true;
  // Pinned when nothing stands between the piece and its king and the first
  // piece behind it is an enemy slider on that line.
  for (let s = from + line; s !== king; s += line) {
    if (squares[s] !== EMPTY) return true;
  }
  let s = from - line;
  while (!(s & 0x88) && squares[s] === EMPTY) s -= line;
  if (s & 0x88) return true;
  const behind = squares[s]!;
  return (behind >> 3) === us ||
    (ATTACKS[king - s + 119]! & PIECE_BIT[behind]! & SLIDER_BITS) === 0;
}

/** Whether the castling move `m` is one {@linkcode addCastling} would generate. */
function isCastling(b: Board, m: number): boolean {
  const n = addCastling(b, CASTLES, 0, true);
  return (n > 0 && CASTLES[0] === m) || (n > 1 && CASTLES[1] === m);
}
