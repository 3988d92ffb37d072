/**
 * Enhancements (course file `002`, rows `T002.*`) — notebook `notebooks/06_enhancements.ipynb`. Fail-hard, killer and history, aspiration, PVS, MTD(f), SSS* side by side.
 *
 * @module
 */
export * from "./measure.ts";
export * from "./report.ts";
