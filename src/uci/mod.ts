/**
 * Chess engines over UCI: the protocol (our engine speaking it), a UCI
 * engine run as a child process, chess matches between engines, and
 * `playerMover`, which lets any chess player of the library meet a UCI
 * engine.
 *
 * @module
 */
export * from "./uci.ts";
export * from "./uci_engine.ts";
export * from "./uci_error.ts";
export * from "./chess_match.ts";
export * from "./player_mover.ts";
