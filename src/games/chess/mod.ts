/**
 * Chess: a {@linkcode Chess} position on a dedicated typed-array move
 * generator, {@linkcode perft} to check it, and the evaluation's constants.
 *
 * @module
 */
export {
  Chess,
  CHESS_EVALUATION_TERMS,
  CHESS_MOVE_LIMIT,
  type ChessEvaluation,
  type ChessEvaluationTerms,
  type ChessOptions,
} from "./position.ts";
export { perft, PERFT_MAX_NODES, type PerftOptions } from "./perft.ts";
export { CHESS_MATE, PIECE_VALUES } from "./evaluation.ts";
export {
  type PgnGame,
  type PgnRecord,
  readPgnGames,
  writePgn,
} from "./notation.ts";
