/**
 * Game-tree search for the course on minimax and alpha-beta: positions,
 * trees, games and searchers that all share one small, typed model.
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
 * @module
 */
export * from "./src/position.ts";
// createStats/createExtendedStats are the searchers' own helpers: only the shapes are public.
export type { ExtendedStats, SearchStats } from "./src/stats.ts";
export * from "./src/random.ts";
export * from "./src/trees/mod.ts";
export * from "./src/games/mod.ts";
export * from "./src/search/mod.ts";
export * from "./src/play/mod.ts";
