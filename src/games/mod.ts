/**
 * Games as {@linkcode Position}s.
 *
 * @module
 */
export * from "./tic_tac_toe.ts";
