/**
 * Games as {@linkcode Position}s, and Sprague–Grundy helpers for impartial games.
 *
 * @module
 */
export * from "./tic_tac_toe.ts";
export * from "./nim.ts";
export * from "./grundy.ts";
/** The Grundy helpers as one namespace: `grundy.kayles(n)`, `grundy.subtractionGame(set)(n)`, … */
export * as grundy from "./grundy.ts";
// The bitboard layout (LOW_BITS, BOARD_*, WIN, winningCells, popcount, …) is the
// solver's business: only the game and its size are public.
export {
  ConnectFour,
  HEIGHT,
  randomConnectFour,
  WIDTH,
} from "./connect_four.ts";
export * from "./connect_four_solver.ts";
export * from "./connect_four_book.ts";
export * from "./connect_four_cover.ts";
export * from "./connect_four_benchmark.ts";
export * from "./chess/mod.ts";
export * from "./connect_four_evaluation.ts";
