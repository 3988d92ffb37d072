/**
 * Matches between players: round-robin tournaments (in-process, over Deno
 * workers), Elo ratings by maximum likelihood with 95% intervals, the
 * sequential probability ratio test and its runner, and move accuracy
 * against the perfect solver.
 *
 * @module
 */
export * from "./elo.ts";
export * from "./tournament.ts";
// MatchJob/MatchReply are the worker's message protocol, not an API.
export {
  type ParallelRoundRobinOptions,
  roundRobinParallel,
} from "./parallel.ts";
export * from "./accuracy.ts";
export * from "./sprt.ts";
export * from "./sprt_runner.ts";
export * from "./adjudication.ts";
