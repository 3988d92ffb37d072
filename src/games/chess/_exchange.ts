/**
 * Static exchange evaluation: what a move wins or loses on its target
 * square when both sides then capture there in turn, each with its least
 * valuable attacker and each free to stop. Sliders behind a piece that has
 * captured join in (x-rays), since a captured-from square is emptied on a
 * scratch copy of the board. Pins and checks are ignored, as engines do:
 * it is a guess for move ordering, not a search.
 *
 * The scratch arrays are module-level: an exchange is never re-entered, so
 * one set serves every board and nothing is allocated per call.
 *
 * @module
 */

import type { Board } from "./_board.ts";
import { EN_PASSANT, moveKind, PROMOTION } from "./_move.ts";
import {
  ATTACKS,
  EMPTY,
  KNIGHT,
  PAWN,
  PIECE_BIT,
  RAY_STEP,
  SLIDER_BITS,
} from "./_squares.ts";
import { TYPE_VALUES } from "./evaluation.ts";

/**
 * Values by type (pawn 1 … king 6): the evaluation's material, and for the
 * king more than all the others together, so that a king takes only where
 * nothing can take it back.
 */
const VALUES = Int32Array.from([...TYPE_VALUES.subarray(0, 6), 20_000]);
/** The board as the exchange goes: squares whose pieces have captured are emptied. */
const SCRATCH = new Int8Array(128);
/** Gains of the side making each capture, if the exchange stopped after it. */
const GAINS = new Int32Array(40);

/**
 * The least valuable piece of `side` on {@linkcode SCRATCH} that attacks
 * `target`, as its square, or −1.
 */
function leastAttacker(b: Board, target: number, side: number): number {
  const list = b.list;
  const base = side * 16, end = base + b.listCount[side]!;
  let best = -1, bestValue = 1 << 30;
  for (let i = base; i < end; i++) {
    const from = list[i]!;
    const piece = SCRATCH[from]!;
    if (piece === EMPTY) continue;
    const diff = target - from + 119;
    const bits = ATTACKS[diff]! & PIECE_BIT[piece]!;
    if (bits === 0) continue;
    const value = VALUES[piece & 7]!;
    if (value >= bestValue) continue;
    if ((bits & SLIDER_BITS) !== 0) {
      const step = RAY_STEP[diff]!;
      let to = from + step;
      while (to !== target && SCRATCH[to] === EMPTY) to += step;
      if (to !== target) continue;
    }
    best = from;
    bestValue = value;
  }
  return best;
}

/**
 * The first capture of `m`: writes what it takes (the captured piece's
 * value, a promotion's gain added) to `GAINS[0]` and returns the value of
 * the piece then standing on the target square.
 */
function firstCapture(b: Board, m: number): number {
  const squares = b.squares;
  const kind = moveKind(m);
  const f = m & 63, t = (m >> 6) & 63;
  const from = f + (f & 56), to = t + (t & 56);
  let gain = VALUES[kind === EN_PASSANT ? PAWN : squares[to]! & 7]!;
  let onSquare = VALUES[squares[from]! & 7]!;
  if (kind === PROMOTION) {
    const promoted = ((m >> 12) & 3) + KNIGHT;
    gain += VALUES[promoted]! - VALUES[PAWN]!;
    onSquare = VALUES[promoted]!;
  }
  GAINS[0] = gain;
  return onSquare;
}

/**
 * Whether {@linkcode staticExchange} of `m` is below 0. Where the piece
 * taken (with a promotion's gain) is worth at least the piece left on the
 * square, the value is at least their difference, since the mover may
 * stop after the first recapture: not below 0, and nothing to work out.
 */
export function losesExchange(b: Board, m: number): boolean {
  const onSquare = firstCapture(b, m);
  return GAINS[0]! < onSquare && staticExchange(b, m) < 0;
}

/**
 * The static exchange value of `m` (legal on `b`) for the side to move, in
 * centipawns: the captured piece's value (a promotion adds its gain), less
 * what the exchange on the target square then costs, each side stopping
 * where going on would lose. A quiet move counts what it loses if the
 * square is attacked.
 */
export function staticExchange(b: Board, m: number): number {
  const f = m & 63, t = (m >> 6) & 63;
  const from = f + (f & 56), to = t + (t & 56);
  let onSquare = firstCapture(b, m);
  SCRATCH.set(b.squares);
  if (moveKind(m) === EN_PASSANT) SCRATCH[(from & 0x70) | (to & 7)] = EMPTY;
  SCRATCH[from] = EMPTY;
  let side = b.side ^ 1;
  let d = 0;
  while (d < GAINS.length - 1) {
    const attacker = leastAttacker(b, to, side);
    if (attacker < 0) break;
    d++;
    GAINS[d] = onSquare - GAINS[d - 1]!;
    onSquare = VALUES[SCRATCH[attacker]! & 7]!;
    SCRATCH[attacker] = EMPTY;
    side ^= 1;
  }
  // Back from the last capture: each side takes only if that is no worse
  // for it than stopping.
  for (; d > 0; d--) {
    const taken = 0 - GAINS[d]!;
    if (taken < GAINS[d - 1]!) GAINS[d - 1] = taken;
  }
  return GAINS[0]!;
}
