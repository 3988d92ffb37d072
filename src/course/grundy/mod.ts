/**
 * Grundy numbers and Nim (course file `003`, second half, rows `T003.*`) — notebook `notebooks/05_grundy_and_nim.ipynb`. mex, sums of games, Nim's winning move.
 *
 * @module
 */
export * from "./measure.ts";
