/**
 * Game-tree search: games, trees, searchers, and the chart helpers that the
 * notebooks use.
 *
 * This placeholder only re-exports the plot helpers; the searchers join it as
 * they land.
 *
 * @module
 */
export * from "./src/plot/mod.ts";
