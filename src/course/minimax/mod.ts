/**
 * Minimax (course file `004`, rows `T004.*`) — notebook `notebooks/01_minimax.ipynb`. The positions and nodes per ply of full tic-tac-toe minimax and negamax.
 *
 * @module
 */
export * from "./measure.ts";
export * from "./report.ts";
export * from "./ply_profile.ts";
