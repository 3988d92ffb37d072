/**
 * Game-tree search for the course on minimax and alpha-beta: positions,
 * trees, games and searchers that all share one small, typed model (the
 * {@linkcode Position} interface).
 *
 * **Searchers**, each taking a position and options (`depth`, and the budgets
 * `maxNodes`, `timeMs`) and returning value, best move, principal variation
 * and counts: {@linkcode minimax} and {@linkcode negamax} (lesson 004),
 * {@linkcode alphaBeta} (lesson 000), {@linkcode iterativeDeepening} with a
 * {@linkcode TranspositionTable} (lesson 003), {@linkcode pvs},
 * {@linkcode aspiration}, {@linkcode mtdf} and {@linkcode sssStar} (lesson
 * 002), {@linkcode quiescence} (the horizon effect) and {@linkcode mcts}
 * (Monte Carlo tree search with UCT).
 *
 * **Games and trees**: {@linkcode TicTacToe}, {@linkcode Nim} (with
 * {@linkcode nimSum}, {@linkcode mex} and {@linkcode grundyFunction}),
 * {@linkcode ConnectFour} with its perfect solver {@linkcode solveConnectFour},
 * {@linkcode Chess}, and the course's trees {@linkcode ExplicitTree} (a tree
 * written as nested arrays) and {@linkcode UniformTree} (seeded random leaves).
 *
 * The same algorithms as a reader writes them, without counters or budgets,
 * are in `src/textbook/mod.ts`.
 *
 * @example Alpha-beta finds minimax's value with fewer nodes (T000.7)
 * ```ts
 * import assert from "node:assert/strict";
 * import { alphaBeta, minimax, TicTacToe } from "./mod.ts";
 * const position = TicTacToe.parse("XO.......");
 * const full = minimax(position), pruned = alphaBeta(position);
 * assert.ok(full.value === 1 && pruned.value === 1);
 * assert.ok(full.stats.nodes === 8232 && pruned.stats.nodes === 749);
 * ```
 *
 * @example Every searcher within a node budget, on a tree written by hand
 * ```ts
 * import assert from "node:assert/strict";
 * import { alphaBeta, ExplicitTree, minimax, mtdf, negamax, pvs, sssStar } from "./mod.ts";
 * const tree = () => ExplicitTree.from([[3, 12, 8], [2, 4, 6], [14, 5, 2]]);
 * for (const search of [minimax, negamax, alphaBeta, pvs, mtdf, sssStar]) {
 *   const result = search(tree(), { maxNodes: 10_000 });
 *   assert.ok(result.value === 3 && result.move === 0 && !result.stoppedByBudget);
 * }
 * ```
 *
 * @example A Connect Four position solved, and an early one stopped with proven bounds
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConnectFour, solveConnectFour } from "./mod.ts";
 * assert.equal(solveConnectFour(ConnectFour.parse("4455")).score, 18);
 * const early = solveConnectFour(ConnectFour.parse("44"), { maxNodes: 10_000 });
 * assert.ok(early.score === null && early.lower < early.upper);
 * ```
 *
 * @module
 */
export * from "./src/position.ts";
// createStats/createExtendedStats are the searchers' own helpers: only the shapes are public.
export type { ExtendedStats, SearchStats } from "./src/stats.ts";
export * from "./src/random.ts";
export * from "./src/trees/mod.ts";
export * from "./src/games/mod.ts";
export * from "./src/search/mod.ts";
export * from "./src/players/mod.ts";
export * from "./src/match/mod.ts";
export * from "./src/uci/mod.ts";
