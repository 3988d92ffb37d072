/**
 * Issue 9's measurements on real chess (notebook 08 and the figures job):
 * branching factor of real games, iterative deepening and move ordering on
 * real middlegames, quiescence and the horizon effect on Win At Chess.
 *
 * @module
 */
export * from "./_games.ts";
export * from "./phase.ts";
export * from "./orders.ts";
export * from "./branching.ts";
export * from "./samples.ts";
export * from "./deepening.ts";
export * from "./wac.ts";
export * from "./horizon.ts";
export * from "./board_svg.ts";
export * from "./measure.ts";
export * from "./report.ts";
export * from "./stockfish.ts";
