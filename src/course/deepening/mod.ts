/**
 * Deepening, tables and quiescence (course file `003`, first half, rows `T003.*`) — notebook `notebooks/04_deepening_and_tables.ipynb`. Iterative deepening, truncated values, transposition tables, quiescence and the horizon.
 *
 * @module
 */
export * from "./measure.ts";
export * from "./report.ts";
