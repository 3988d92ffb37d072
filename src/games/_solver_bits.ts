/**
 * The solver's hot bit arithmetic, written for V8's optimizing compiler:
 * every mask is a number literal (an imported constant is read from its
 * module cell and checked on each use), and each half of the winning cells
 * is its own small function returning a number, small enough to be inlined
 * where {@linkcode winningCells} (one call writing both halves to memory) is
 * not. The layout is {@linkcode ConnectFour}'s: columns 0–3 in the low
 * half, 4–6 in the high half, 7 bits a column.
 *
 * @module
 */

/**
 * The low half (columns 0–3) of the empty cells where `stones` would
 * complete four: {@linkcode winningCells}' first word.
 *
 * @param sl low half of the stones
 * @param sh high half of the stones
 * @param ml low half of the occupied cells
 * @returns the cells, masked to the empty cells of columns 0–3
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConnectFour } from "./connect_four.ts";
 * import { winHi, winLo } from "./_solver_bits.ts";
 * const p = ConnectFour.parse("415263"); // X on columns 4, 5, 6; O on 1, 2, 3
 * assert.ok(winLo(p.currentLo, p.currentHi, p.maskLo) === 0);
 * assert.ok(winHi(p.currentLo, p.currentHi, p.maskHi) === 1 << 14); // column 7
 * ```
 */
export function winLo(sl: number, sh: number, ml: number): number {
  // Vertical: three below (a column's sentinel row stops the shift).
  let r = (sl << 1) & (sl << 2) & (sl << 3);
  // Each direction d: two to one side and the third beyond them or one on
  // the other side, then the mirror image; a right shift takes the high
  // half's bits in from above bit 28.
  let a = sl << 7, b = sl << 14, c = sl << 21;
  let e = (sl >>> 7) | (sh << 21), f = (sl >>> 14) | (sh << 14);
  let g = (sl >>> 21) | (sh << 7);
  r |= (a & b & (c | e)) | (e & f & (a | g));
  a = sl << 6, b = sl << 12, c = sl << 18;
  e = (sl >>> 6) | (sh << 22), f = (sl >>> 12) | (sh << 16);
  g = (sl >>> 18) | (sh << 10);
  r |= (a & b & (c | e)) | (e & f & (a | g));
  a = sl << 8, b = sl << 16, c = sl << 24;
  e = (sl >>> 8) | (sh << 20), f = (sl >>> 16) | (sh << 12);
  g = (sl >>> 24) | (sh << 4);
  r |= (a & b & (c | e)) | (e & f & (a | g));
  // BOARD_LO: the 24 cells of columns 0–3.
  return r & (0x7efdfbf ^ ml);
}

/**
 * The high half (columns 4–6) of the empty cells where `stones` would
 * complete four: {@linkcode winningCells}' second word.
 *
 * @param sl low half of the stones
 * @param sh high half of the stones
 * @param mh high half of the occupied cells
 * @returns the cells, masked to the empty cells of columns 4–6
 */
export function winHi(sl: number, sh: number, mh: number): number {
  let r = (sh << 1) & (sh << 2) & (sh << 3);
  // A left shift takes the low half's bits in from below: those past bit 28.
  let a = (sh << 7) | (sl >>> 21), b = (sh << 14) | (sl >>> 14);
  let c = (sh << 21) | (sl >>> 7);
  let e = sh >>> 7, f = sh >>> 14, g = sh >>> 21;
  r |= (a & b & (c | e)) | (e & f & (a | g));
  a = (sh << 6) | (sl >>> 22), b = (sh << 12) | (sl >>> 16);
  c = (sh << 18) | (sl >>> 10);
  e = sh >>> 6, f = sh >>> 12, g = sh >>> 18;
  r |= (a & b & (c | e)) | (e & f & (a | g));
  a = (sh << 8) | (sl >>> 20), b = (sh << 16) | (sl >>> 12);
  c = (sh << 24) | (sl >>> 4);
  e = sh >>> 8, f = sh >>> 16, g = sh >>> 24;
  r |= (a & b & (c | e)) | (e & f & (a | g));
  // BOARD_HI: the 18 cells of columns 4–6.
  return r & (0xfdfbf ^ mh);
}

/**
 * Set bits of a 32-bit integer (SWAR), as `popcount` of connect_four.ts,
 * here so that it inlines beside the other two.
 *
 * @param x an integer; its low 32 bits count
 * @returns how many are 1
 */
export function bitCount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/**
 * How many winning cells `stones` would have: the move sorter's score.
 *
 * @param sl low half of the stones
 * @param sh high half of the stones
 * @param ml low half of the occupied cells
 * @param mh high half of the occupied cells
 * @returns the number of empty cells that would complete four
 */
export function threats(
  sl: number,
  sh: number,
  ml: number,
  mh: number,
): number {
  return bitCount(winLo(sl, sh, ml)) + bitCount(winHi(sl, sh, mh));
}
