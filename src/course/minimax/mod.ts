/**
 * Minimax (course file `004`, rows `T004.*`) — notebook `notebooks/01_minimax.ipynb`. The positions and nodes per ply of full tic-tac-toe minimax and negamax.
 *
 * @module
 */
export * from "./lesson_004.ts";
export * from "./lesson_004_report.ts";
export * from "./ply_profile.ts";
