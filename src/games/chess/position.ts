/**
 * Chess as a {@linkcode Position}: the dedicated 0x88 generator underneath,
 * FEN/UCI/SAN at the boundary (FEN validation and SAN through chess.js, see
 * notation.ts).
 *
 * @module
 */

import type { Move, Position, Value } from "../../position.ts";
import { checkOptions, describe } from "../../validate.ts";
import { type Board, NULL_MOVE, UNKNOWN } from "./_board.ts";
import {
  CHECKMATE,
  insufficientMaterial,
  ONGOING,
  repeats,
  statusOf,
} from "./_status.ts";
import { losesExchange, staticExchange } from "./_exchange.ts";
import { parseFen, START_FEN, toFen } from "./_fen.ts";
import {
  generateLegal,
  generateNoisy,
  hasLegalMove,
  isLegal,
  mvvLvaScore,
} from "./_movegen.ts";
import { legalMoves, parseSan, parseUci, toUci } from "./_notation.ts";
import { fenRejection, sanByUci, sanOfUci } from "./notation.ts";
import {
  BISHOP,
  BLACK,
  EMPTY,
  KNIGHT,
  QUEEN,
  ROOK,
  WHITE,
} from "./_squares.ts";
import { CASTLING, moveKind, moveTo, NORMAL } from "./_move.ts";
import {
  CHESS_MATE,
  isEndgame,
  KING_ENDGAME,
  KING_MIDDLEGAME,
} from "./evaluation.ts";
import {
  cachedEngineEvaluation,
  EXTRA_PASSER_KINGS,
  EXTRA_PAWN_THREATS,
  EXTRA_PIECE_THREATS,
  EXTRA_SAFE_MOBILITY,
} from "./_engine_evaluation.ts";
import { ENGINE_WEIGHTS, W_TEMPO } from "./_engine_weights.ts";

/**
 * Options of {@linkcode Chess.fromFen} and {@linkcode Chess.start}.
 *
 * @example Quiescence over captures and checks
 * ```ts
 * import assert from "node:assert/strict";
 * import { Chess } from "../../../mod.ts";
 * const position = Chess.start({ noisyChecks: true });
 * assert.ok(position.noisyChecks && position.clone().noisyChecks);
 * ```
 */
export interface ChessOptions {
  /**
   * Whether {@linkcode Chess.generateNoisyMoves} adds the quiet moves that
   * give check after the captures and promotions (the course's "captures and
   * checks" quiescence). Default false. Also a settable property.
   */
  noisyChecks?: boolean;
  /**
   * Which evaluation {@linkcode Chess.evaluate} returns (see
   * {@linkcode ChessEvaluation}). Default `"simplified"`, the course's.
   */
  evaluation?: ChessEvaluation;
  /**
   * Adds to the engine evaluation (`evaluation: "engine"` only) a term for
   * each knight, bishop, rook or queen that an enemy pawn attacks: −50 in
   * the middlegame, −40 in the endgame, tapered by the phase
   * (`PAWN_THREAT_MG` and `PAWN_THREAT_EG` of the engine evaluation). Default
   * false: the engine evaluation the atlas's games were played with.
   */
  pawnThreats?: boolean;
  /**
   * Makes the engine evaluation's mobility (`evaluation: "engine"` only)
   * count only the squares no enemy pawn attacks: a knight, bishop, rook or
   * queen gains nothing for a square where a pawn would take it. Default
   * false: the engine evaluation the atlas's games were played with.
   */
  safeMobility?: boolean;
  /**
   * Adds to the engine evaluation (`evaluation: "engine"` only), in the
   * endgame, the kings' distances to the square in front of each passed
   * pawn on its 4th rank or beyond: the enemy king's distance (at most 5)
   * twice, less one's own, times 2, 7, 12 or 17 by the pawn's rank 4 … 7.
   * Default false: the engine evaluation the atlas's games were played with.
   */
  passerKings?: boolean;
  /**
   * Adds to the engine evaluation (`evaluation: "engine"` only) the
   * threats of knights, bishops and rooks and the hanging pieces, after
   * Stockfish's classical evaluation (`ThreatByMinor`, `ThreatByRook`,
   * `Hanging`, scaled to PeSTO's pawn): each piece or pawn a minor attacks
   * (a pawn only when no pawn of its side defends it) is worth a value by
   * its type to the attacker, one a rook attacks and no pawn defends
   * another; a piece or pawn attacked, defended by no pawn, and defended by
   * nothing else or (not a pawn) attacked twice, hangs (45, endgame 16).
   * Default false: the engine evaluation the atlas's games were played with.
   */
  pieceThreats?: boolean;
}

/**
 * The evaluations a {@linkcode Chess} position can return:
 *
 * - `"simplified"` (the default): the course's Simplified Evaluation Function,
 *   material plus piece-square tables ({@linkcode PIECE_VALUES}); the course's
 *   notebooks and tests pin node counts and values with it;
 * - `"engine"`: the UCI engine's, tapered by game phase between middlegame and
 *   endgame values: PeSTO's material and piece-square tables (Ronald
 *   Friederich, Chess Programming Wiki "PeSTO's Evaluation Function"), doubled,
 *   isolated and passed pawns, the bishop pair, rooks on open and half-open
 *   files, mobility of knights, bishops, rooks and queens, king safety (pawn
 *   shield, open files by the king, attackers near it) and a tempo bonus of
 *   10 for the side to move.
 *
 * @example The same position under both
 * ```ts
 * import assert from "node:assert/strict";
 * import { Chess } from "../../../mod.ts";
 * assert.equal(Chess.start().evaluate(), 0);
 * assert.equal(Chess.start({ evaluation: "engine" }).evaluate(), 10); // the tempo
 * ```
 */
export type ChessEvaluation = "simplified" | "engine";

/** The evaluations, in {@linkcode ChessEvaluation}'s order. */
const EVALUATIONS: readonly ChessEvaluation[] = ["simplified", "engine"];

/**
 * The options of {@linkcode ChessOptions} that switch terms of the engine
 * evaluation ({@linkcode ChessEvaluationTerms}), in their order there.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CHESS_EVALUATION_TERMS } from "../../../mod.ts";
 * assert.ok(CHESS_EVALUATION_TERMS.includes("safeMobility"));
 * ```
 */
export const CHESS_EVALUATION_TERMS: readonly (keyof ChessEvaluationTerms)[] =
  Object.freeze(["pawnThreats", "safeMobility", "passerKings", "pieceThreats"]);

const OPTION_KEYS = ["noisyChecks", "evaluation", ...CHESS_EVALUATION_TERMS];

/**
 * The terms of the engine evaluation a position adds or changes: the
 * options of {@linkcode ChessOptions} that only `evaluation: "engine"`
 * takes (see {@linkcode Chess.withEvaluation}).
 */
export type ChessEvaluationTerms = Pick<
  ChessOptions,
  "pawnThreats" | "safeMobility" | "passerKings" | "pieceThreats"
>;

// Set by Chess's static block: the one way to its private board from outside the class.
let boardCopyOf: (position: Chess) => Board;

/**
 * A chess position searched by `play`/`undo`, on a dedicated generator:
 * a 0x88 board with piece lists, 32-bit integers only, a preallocated
 * per-ply undo stack, incremental Zobrist key and evaluation.
 *
 * - **Moves** are integers below 2^16 (Stockfish's layout): bits 0–5 the
 *   from square, 6–11 the to square (`8 · rank + file`, a1 = 0, h8 = 63),
 *   12–13 the promotion piece (knight, bishop, rook, queen), 14–15 the kind
 *   (normal, promotion, en passant, castling). A history table for them needs
 *   {@linkcode CHESS_MOVE_LIMIT} entries, which `moveLimit` tells the searchers.
 *   Read and write them with {@linkcode Chess.moveFromUci},
 *   {@linkcode Chess.moveToUci}, {@linkcode Chess.moveToSan},
 *   {@linkcode Chess.moveFromSan}. `generateMoves` lists them piece by piece
 *   (the natural order), at most 218 in any position; `maxMoves` is 256.
 * - **`key()`** is a Zobrist key below 2^53: a 32-bit low half plus a 21-bit
 *   high half times 2^32, updated move by move. It covers pieces, side,
 *   castling rights and the en passant file when an en passant capture is
 *   legal: the positions the repetition rule calls equal.
 * - **`isTerminal()`**: checkmate, stalemate, the fifty-move rule (100
 *   plies without a capture or pawn move; a mate on the last move still
 *   counts as mate), insufficient material as chess.js defines it (king
 *   against king and at most one minor piece, or only bishops on squares of
 *   one colour), and repetition: a position that occurred before since the
 *   **root** (a single repetition inside the search line, as engines do), or
 *   for the third time counting the game before the root. The root is where
 *   the position was created, or where {@linkcode Chess.markRoot} was last
 *   called (call it after playing a game's moves, before searching).
 * - **`evaluate()`**: by default material plus piece-square tables (see
 *   {@linkcode PIECE_VALUES}), or the engine's evaluation with the option
 *   `evaluation: "engine"` or {@linkcode Chess.withEvaluation} (see
 *   {@linkcode ChessEvaluation}), in centipawns from the side to move's view;
 *   0 for a draw; `-(CHESS_MATE - n)` when checkmated `n` plies after the
 *   root, so a searcher prefers the fastest mate.
 *
 * @example The start position: 20 moves, 400 after one ply each
 * ```ts
 * import assert from "node:assert/strict";
 * import { Chess, perft } from "../../../mod.ts";
 * const position = Chess.start();
 * assert.ok(perft(position, 1) === 20 && perft(position, 2) === 400);
 * const e4 = position.moveFromUci("e2e4");
 * assert.ok(position.moveToSan(e4) === "e4");
 * position.play(e4);
 * assert.ok(position.toFen() === "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
 * ```
 *
 * @example A searcher finds the mate in one (Scholar's mate)
 * ```ts
 * import assert from "node:assert/strict";
 * import { alphaBeta, Chess } from "../../../mod.ts";
 * const position = Chess.fromFen("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3");
 * const result = alphaBeta(position, { depth: 1 });
 * assert.ok(position.moveToSan(result.move) === "Qxf7#");
 * ```
 */
export class Chess implements Position {
  /** The size of a move buffer: more than the 218 moves of any chess position. */
  readonly maxMoves = 256;
  /** Moves are 16-bit: history ordering sizes its table by {@linkcode CHESS_MOVE_LIMIT}. */
  readonly moveLimit: number = CHESS_MOVE_LIMIT;
  /**
   * Checkmate `n` plies after the root is worth `CHESS_MATE − n`
   * ({@linkcode Chess.evaluate}): the searchers' tables keep mate scores as
   * plies from the node ({@linkcode Position.winValue}).
   */
  readonly winValue: number = CHESS_MATE;
  readonly #board: Board;
  #root = 0;
  #noisyChecks = false;
  /** Whether evaluate() is the engine's ("engine") rather than the course's. */
  #engine = false;
  /** The engine evaluation's extra terms (the `EXTRA_*` bits of `_engine_evaluation.ts`). */
  #extras = 0;

  static {
    boardCopyOf = (position) => position.#board.copy();
  }

  private constructor(
    board: Board,
    root: number,
    noisyChecks: boolean,
    engine: boolean,
    extras: number,
  ) {
    this.#board = board;
    this.#root = root;
    this.#noisyChecks = noisyChecks;
    this.#engine = engine;
    this.#extras = extras;
  }

  /**
   * The position of a FEN: six fields, or the first four (as in EPD) with
   * clocks 0 and 1. Whitespace around the FEN (a trailing newline) and
   * between fields is ignored. The clocks are integers 0…999,999,999
   * (leading zeros allowed), written back as read, except move number 0,
   * which reads as 1 (as Stockfish reads it) and is written back as 1.
   *
   * @param fen the position
   * @param options `noisyChecks` (default false), `evaluation` (default `"simplified"`), `pawnThreats`, `safeMobility`, `passerKings` and `pieceThreats` (default false)
   * @throws {Error} naming the FEN field and the rule it breaks: piece
   *   placement, side, castling rights that need a king and rook at home, an
   *   en passant square behind a pawn that just moved two squares, clocks,
   *   one king a side, no pawn on ranks 1 and 8, the side not to move in
   *   check; or chess.js's reason where chess.js alone rejects it (chess.js
   *   validates every FEN first)
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Chess } from "../../../mod.ts";
   * const fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
   * assert.ok(Chess.fromFen(fen).toFen() === fen);
   * assert.throws(() => Chess.fromFen("8/8/8/8/8/8/8/8 w - - 0 1"), /white must have one king, has 0/);
   * assert.ok(Chess.fromFen(fen + "\n").toFen() === fen);
   * assert.ok(Chess.fromFen("4k3/8/8/8/8/8/8/4K3 w - - 0 0").toFen() === "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
   * ```
   */
  static fromFen(fen: string, options?: ChessOptions): Chess {
    const read = readChessOptions("Chess.fromFen", options);
    return new Chess(
      readFen("Chess.fromFen", fen),
      0,
      read.noisyChecks,
      read.engine,
      read.extras,
    );
  }

  /**
   * The start position.
   *
   * @param options `noisyChecks` (default false), `evaluation` (default `"simplified"`), `pawnThreats`, `safeMobility`, `passerKings` and `pieceThreats` (default false)
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Chess } from "../../../mod.ts";
   * assert.ok(Chess.start().toFen() === "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
   * ```
   */
  static start(options?: ChessOptions): Chess {
    const read = readChessOptions("Chess.start", options);
    return new Chess(
      parseFen("Chess.start", START_FEN),
      0,
      read.noisyChecks,
      read.engine,
      read.extras,
    );
  }

  /**
   * Whether {@linkcode Chess.generateNoisyMoves} adds quiet checking moves.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Chess } from "../../../mod.ts";
   * // White's only capture is Kxf2; Ra8+ is a quiet check.
   * const position = Chess.fromFen("4k3/8/8/8/8/8/5n2/R3K3 w - - 0 1");
   * const moves = new Int32Array(position.maxMoves);
   * assert.ok(position.generateNoisyMoves(moves) === 1);
   * position.noisyChecks = true;
   * assert.ok(position.generateNoisyMoves(moves) === 2);
   * assert.ok(position.moveToSan(moves[1]!) === "Ra8+");
   * ```
   */
  get noisyChecks(): boolean {
    return this.#noisyChecks;
  }

  set noisyChecks(value: boolean) {
    this.#noisyChecks = checkBoolean("Chess", "noisyChecks", value);
  }

  /** The FEN of the position (the en passant square only when the capture is legal, as chess.js writes it). */
  toFen(): string {
    return toFen(this.#board);
  }

  /** The FEN (what game records and `parsePosition("chess", …)` use). */
  toString(): string {
    return toFen(this.#board);
  }

  /** Moves played on this object since it was created (less those undone). */
  get ply(): number {
    return this.#board.ply;
  }

  /**
   * Makes the current position the search root: from here on a single
   * repetition is a draw and mates count their distance from here; a
   * position repeated from before needs its third occurrence.
   *
   * @example After a game's moves, before a search
   * ```ts
   * import assert from "node:assert/strict";
   * import { Chess } from "../../../mod.ts";
   * const position = Chess.start();
   * for (const uci of ["g1f3", "g8f6", "f3g1", "f6g8"]) position.play(position.moveFromUci(uci));
   * assert.ok(position.isTerminal()); // the start position repeated since the root
   * position.markRoot();
   * assert.ok(!position.isTerminal()); // twice in the game so far: not yet three times
   * ```
   */
  markRoot(): void {
    const board = this.#board;
    this.#root = board.ply;
    board.statuses.fill(UNKNOWN, 0, board.ply + 1);
  }

  generateMoves(out: Int32Array): number {
    return generateLegal(this.#board, out);
  }

  /**
   * Writes the legal captures and promotions into `out` in MVV-LVA order
   * (most valuable victim first, then least valuable attacker), followed,
   * when {@linkcode Chess.noisyChecks} is on, by the quiet moves that give
   * check; returns how many.
   */
  generateNoisyMoves(out: Int32Array): number {
    return generateNoisy(this.#board, out, this.#noisyChecks);
  }

  /**
   * Makes `move`, which must be legal here (from `generateMoves`, or read
   * by `moveFromUci`/`moveFromSan`). The move is checked without generating
   * the moves (its piece, kind and path, and the king's safety after it), so
   * a bad move is refused before it touches the board.
   *
   * @throws {Error} when `move` is not an integer in 0…65535, or not a legal
   *   move here (a move into check included); the position is left unchanged
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Chess } from "../../../mod.ts";
   * const position = Chess.fromFen("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1");
   * const intoCheck = position.moveFromUci.call(Chess.fromFen("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), "e1e2");
   * assert.throws(() => position.play(intoCheck), /Chess\.play: move \d+ \(e1e2\) is not legal/);
   * assert.throws(() => position.play(1.5), /Chess\.play: move must be an integer in 0…65535, got 1\.5/);
   * assert.ok(position.toFen() === "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1");
   * ```
   */
  play(move: Move): void {
    const board = this.#board;
    if (!isLegal(board, move)) throw playError(board, move);
    board.make(move);
  }

  /**
   * `play(move)` without its legality test, for a move that
   * {@linkcode Chess.generateMoves} or {@linkcode Chess.generateNoisyMoves}
   * has just written for this position (the searchers' entry: see
   * `Position.playGenerated`): the same change. Any other move leaves the
   * board wrong: use `play`.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Chess } from "../../../mod.ts";
   * const position = Chess.start();
   * const moves = new Int32Array(position.maxMoves);
   * const count = position.generateMoves(moves);
   * const e4 = moves.subarray(0, count).find((m) => position.moveToUci(m) === "e2e4")!;
   * position.playGenerated(e4);
   * assert.equal(position.toFen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
   * position.undoGenerated(e4);
   * assert.equal(position.toFen(), Chess.start().toFen());
   * ```
   */
  playGenerated(move: Move): void {
    this.#board.make(move);
  }

  /**
   * `undo(move)` without its test that `move` is the last move played, for
   * the move {@linkcode Chess.playGenerated} (or `play`) played last (the
   * searchers' entry: see `Position.undoGenerated`): the same change. Any
   * other move leaves the board wrong: use `undo`.
   */
  undoGenerated(move: Move): void {
    const board = this.#board;
    board.unmake(move);
    // Taken back past the root, the root is where the game now is: mates
    // and repetitions count from a ply the line still holds.
    if (board.ply < this.#root) this.#root = board.ply;
  }

  /**
   * Takes back `move`, which must be the last move played (each ply keeps
   * the move played there).
   *
   * @throws {Error} when no move was played, or `move` is not the last move
   *   played; the position is left unchanged
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Chess } from "../../../mod.ts";
   * const position = Chess.start();
   * const e4 = position.moveFromUci("e2e4"), d4 = position.moveFromUci("d2d4");
   * position.play(e4);
   * assert.throws(() => position.undo(d4), /Chess\.undo: move \d+ \(d2d4\) is not the last move played \(e2e4\)/);
   * position.undo(e4);
   * assert.throws(() => position.undo(e4), /no move was played/);
   * ```
   */
  undo(move: Move): void {
    const board = this.#board;
    // NULL_MOVE is what the stack holds after playNull: the same number
    // passed here is no move to unmake.
    if (
      board.ply === 0 || board.stackMove[board.ply - 1] !== move ||
      move === NULL_MOVE
    ) {
      throw undoError(board, move);
    }
    board.unmake(move);
    // Taken back past the root, the root is where the game now is: mates
    // and repetitions count from a ply the line still holds.
    if (board.ply < this.#root) this.#root = board.ply;
  }

  isTerminal(): boolean {
    return statusOf(this.#board, this.#root) !== ONGOING;
  }

  evaluate(): Value {
    const board = this.#board;
    const status = statusOf(this.#board, this.#root);
    if (status === CHECKMATE) return -(CHESS_MATE - (board.ply - this.#root));
    if (status !== ONGOING) return 0;
    if (this.#engine) {
      const score = cachedEngineEvaluation(board, this.#extras);
      return (board.side === WHITE ? score : 0 - score) +
        ENGINE_WEIGHTS[W_TEMPO]!;
    }
    const kings = board.kings;
    const table = isEndgame(board.counts) ? KING_ENDGAME : KING_MIDDLEGAME;
    const score = board.score + table[kings[WHITE]!]! +
      table[128 + kings[BLACK]!]!;
    // 0 - score, not -score: a negated 0 is -0, a heap number, not a small integer.
    return board.side === WHITE ? score : 0 - score;
  }

  turn(): 1 | -1 {
    return this.#board.side === WHITE ? 1 : -1;
  }

  key(): number {
    return this.#board.key();
  }

  clone(): this {
    return new Chess(
      this.#board.copy(),
      this.#root,
      this.#noisyChecks,
      this.#engine,
      this.#extras,
    ) as this;
  }

  /**
   * Which evaluation {@linkcode Chess.evaluate} returns:
   * {@linkcode ChessEvaluation}.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Chess } from "../../../mod.ts";
   * assert.equal(Chess.start().evaluation, "simplified");
   * assert.equal(Chess.start({ evaluation: "engine" }).clone().evaluation, "engine");
   * ```
   */
  get evaluation(): ChessEvaluation {
    return this.#engine ? "engine" : "simplified";
  }

  /**
   * Whether the engine evaluation adds the pawn-threat term (the option
   * `pawnThreats`; kept by `clone` and by `withEvaluation("engine")`).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Chess } from "../../../mod.ts";
   * const fen = "4k3/8/8/3p4/4N3/8/8/4K3 w - - 0 1"; // the knight attacked by a pawn
   * const plain = Chess.fromFen(fen, { evaluation: "engine" });
   * const threats = Chess.fromFen(fen, { evaluation: "engine", pawnThreats: true });
   * assert.ok(threats.pawnThreats && threats.clone().pawnThreats && !plain.pawnThreats);
   * assert.ok(threats.evaluate() < plain.evaluate());
   * assert.throws(() => Chess.fromFen(fen, { pawnThreats: true }), /Chess.fromFen: pawnThreats adds a term to the engine evaluation; pass evaluation "engine" with it, got evaluation "simplified"/);
   * ```
   */
  get pawnThreats(): boolean {
    return (this.#extras & EXTRA_PAWN_THREATS) !== 0;
  }

  /**
   * Whether the engine evaluation's mobility leaves out the squares enemy
   * pawns attack (the option `safeMobility`; kept by `clone` and by
   * `withEvaluation("engine")`).
   *
   * @example A knight whose squares a pawn guards is worth less
   * ```ts
   * import assert from "node:assert/strict";
   * import { Chess } from "../../../mod.ts";
   * const fen = "4k3/3p4/p5p1/8/3N4/8/8/4K3 w - - 0 1";
   * const plain = Chess.fromFen(fen, { evaluation: "engine" });
   * const safe = Chess.fromFen(fen, { evaluation: "engine", safeMobility: true });
   * assert.ok(safe.safeMobility && safe.clone().safeMobility && !plain.safeMobility);
   * assert.ok(safe.evaluate() < plain.evaluate());
   * assert.throws(() => Chess.start({ safeMobility: true }), /Chess.start: safeMobility changes a term of the engine evaluation; pass evaluation "engine" with it, got evaluation "simplified"/);
   * ```
   */
  get safeMobility(): boolean {
    return (this.#extras & EXTRA_SAFE_MOBILITY) !== 0;
  }

  /**
   * Whether the engine evaluation counts the kings' distances to the passed
   * pawns in the endgame (the option `passerKings`; kept by `clone` and by
   * `withEvaluation("engine")`).
   *
   * @example A passed pawn whose king stands by it, the enemy's far
   * ```ts
   * import assert from "node:assert/strict";
   * import { Chess } from "../../../mod.ts";
   * const fen = "8/8/3K4/3P4/8/8/8/k7 w - - 0 1";
   * const plain = Chess.fromFen(fen, { evaluation: "engine" });
   * const kings = Chess.fromFen(fen, { evaluation: "engine", passerKings: true });
   * assert.ok(kings.passerKings && kings.clone().passerKings && !plain.passerKings);
   * assert.ok(kings.evaluate() > plain.evaluate());
   * assert.throws(() => Chess.start({ passerKings: true }), /Chess.start: passerKings adds a term to the engine evaluation; pass evaluation "engine" with it, got evaluation "simplified"/);
   * ```
   */
  get passerKings(): boolean {
    return (this.#extras & EXTRA_PASSER_KINGS) !== 0;
  }

  /**
   * Whether the engine evaluation counts the threats of minors and rooks
   * and the hanging pieces (the option `pieceThreats`; kept by `clone` and
   * by `withEvaluation("engine")`).
   *
   * @example A knight attacking a rook nothing defends
   * ```ts
   * import assert from "node:assert/strict";
   * import { Chess } from "../../../mod.ts";
   * const fen = "4k3/8/8/3r4/8/4N3/8/4K3 w - - 0 1";
   * const plain = Chess.fromFen(fen, { evaluation: "engine" });
   * const threats = Chess.fromFen(fen, { evaluation: "engine", pieceThreats: true });
   * assert.ok(threats.pieceThreats && threats.clone().pieceThreats && !plain.pieceThreats);
   * assert.ok(threats.evaluate() > plain.evaluate());
   * assert.throws(() => Chess.start({ pieceThreats: true }), /Chess.start: pieceThreats adds a term to the engine evaluation; pass evaluation "engine" with it, got evaluation "simplified"/);
   * ```
   */
  get pieceThreats(): boolean {
    return (this.#extras & EXTRA_PIECE_THREATS) !== 0;
  }

  /**
   * A copy that evaluates with `evaluation`: the same position, game
   * history (so repetitions still count), root and `noisyChecks`. The
   * engine evaluation's terms are `terms` when given (each key absent is
   * off), else this position's.
   *
   * @param evaluation `"simplified"` or `"engine"` ({@linkcode ChessEvaluation})
   * @param terms the engine evaluation's terms ({@linkcode ChessEvaluationTerms}), booleans
   * @throws {Error} naming the argument when `evaluation` is neither, when
   *   `terms` is not a plain object, has another key or a value that is not
   *   a boolean, or turns a term on with the simplified evaluation
   *
   * @example A searcher on the engine's evaluation, the game left as it was
   * ```ts
   * import assert from "node:assert/strict";
   * import { alphaBeta, Chess } from "../../../mod.ts";
   * const game = Chess.fromFen("4k3/8/8/8/8/8/PP6/4K3 w - - 0 1");
   * const engine = game.withEvaluation("engine");
   * assert.equal(engine.evaluation, "engine");
   * assert.equal(game.evaluation, "simplified");
   * assert.equal(engine.toFen(), game.toFen());
   * assert.ok(alphaBeta(engine, { depth: 2 }).value !== alphaBeta(game, { depth: 2 }).value);
   * assert.throws(() => game.withEvaluation("pesto" as "engine"), /Chess.withEvaluation: evaluation must be "simplified" or "engine", got "pesto"/);
   * const threats = game.withEvaluation("engine", { pawnThreats: true });
   * assert.ok(threats.pawnThreats && !threats.withEvaluation("engine", {}).pawnThreats);
   * assert.throws(() => game.withEvaluation("engine", { pawnThreat: true } as object), /Chess.withEvaluation: terms: unknown option "pawnThreat"/);
   * ```
   */
  withEvaluation(
    evaluation: ChessEvaluation,
    terms?: ChessEvaluationTerms,
  ): Chess {
    const where = "Chess.withEvaluation";
    const engine = checkEvaluation(where, evaluation, true);
    let extras = engine ? this.#extras : 0;
    if (terms !== undefined) {
      checkOptions(`${where}: terms`, terms, CHESS_EVALUATION_TERMS);
      extras = readTerms(where, terms, engine);
    }
    return new Chess(
      this.#board.copy(),
      this.#root,
      this.#noisyChecks,
      engine,
      extras,
    );
  }

  /**
   * The MVV-LVA score of `move`, a legal move here: 0 for a quiet move,
   * else 8 × (the victim's value, plus a promotion's gain) minus the
   * attacker's type (pawn 1 … king 6). Higher is tried first, so as a
   * searcher's move scorer it puts captures first, most valuable victim
   * first, least valuable attacker first among equal victims (lesson 002).
   *
   * A searcher's scorer, called for every move it generates: like
   * `playGenerated`, it takes the move as legal here and checks nothing (a
   * move of another position, or a number that is no move, gives a
   * meaningless answer, not an error); `play` is the checked entry.
   *
   * @example Captures first as a search order
   * ```ts
   * import assert from "node:assert/strict";
   * import { alphaBeta, Chess, minimax, type MoveScorer } from "../../../mod.ts";
   * const position = Chess.fromFen("3qk3/8/8/3r4/8/1nN5/P7/3QK3 w - - 0 1");
   * assert.ok(position.mvvLva(position.moveFromUci("c3d5")) > position.mvvLva(position.moveFromUci("d1d5")));
   * assert.ok(position.mvvLva(position.moveFromUci("a2a3")) === 0);
   * const capturesFirst: MoveScorer = (p, move) => (p as Chess).mvvLva(move);
   * const ordered = alphaBeta(position, { depth: 2, order: capturesFirst });
   * assert.ok(ordered.value === minimax(position, { depth: 2 }).value);
   * assert.ok(ordered.stats.nodes < alphaBeta(position, { depth: 2 }).stats.nodes);
   * ```
   */
  mvvLva(move: Move): number {
    return mvvLvaScore(this.#board, move);
  }

  /**
   * The static exchange evaluation of `move`, a legal move here, in
   * centipawns: what the side to move wins on the target square when both
   * sides then capture there, least valuable piece first, each free to
   * stop (pins ignored). The engines' ordering (`order: "captures"`) tries
   * a capture below 0 after the quiet moves.
   *
   * A searcher's scorer, called for every move it generates: like
   * `playGenerated`, it takes the move as legal here and checks nothing (a
   * move of another position, or a number that is no move, gives a
   * meaningless answer, not an error); `play` is the checked entry.
   *
   * @example A rook that takes a defended pawn loses the exchange
   * ```ts
   * import assert from "node:assert/strict";
   * import { Chess } from "../../../mod.ts";
   * const position = Chess.fromFen("4k3/8/2p5/3p4/8/8/3R4/4K3 w - - 0 1");
   * assert.equal(position.staticExchange(position.moveFromUci("d2d5")), 100 - 500);
   * assert.equal(Chess.fromFen("4k3/8/8/3p4/8/8/3R4/4K3 w - - 0 1").staticExchange(position.moveFromUci("d2d5")), 100);
   * ```
   */
  staticExchange(move: Move): number {
    return staticExchange(this.#board, move);
  }

  /**
   * Whether {@linkcode Chess.staticExchange} of `move` is below 0: a
   * capture of a piece worth at least the capturer (a promotion counting
   * its gain) cannot lose, since the capturer may stop after one
   * recapture, so only the other moves work the exchange out.
   *
   * A searcher's scorer, called for every move it generates: like
   * `playGenerated`, it takes the move as legal here and checks nothing (a
   * move of another position, or a number that is no move, gives a
   * meaningless answer, not an error); `play` is the checked entry.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Chess } from "../../../mod.ts";
   * const position = Chess.fromFen("4k3/8/2p5/3p4/8/8/3R4/4K3 w - - 0 1");
   * assert.ok(position.losesExchange(position.moveFromUci("d2d5")));
   * const pawnTakes = Chess.fromFen("4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1");
   * assert.ok(!pawnTakes.losesExchange(pawnTakes.moveFromUci("e4d5")));
   * ```
   */
  losesExchange(move: Move): boolean {
    return losesExchange(this.#board, move);
  }

  /** Whether the side to move is in check. */
  isCheck(): boolean {
    return this.#board.inCheck();
  }

  /**
   * Whether a searcher may pass the turn here ({@linkcode Chess.playNull}):
   * the side to move is not in check (passing would leave its king in
   * capture) and has a piece besides its king and pawns, so that zugzwang,
   * where passing would be better than any move, is unlikely (the
   * condition Stockfish uses). Not part of the rules of chess.
   *
   * @example Not in check, and not with king and pawns alone
   * ```ts
   * import assert from "node:assert/strict";
   * import { Chess } from "../../../mod.ts";
   * assert.ok(Chess.start().nullMoveAllowed());
   * assert.ok(!Chess.fromFen("4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1").nullMoveAllowed());
   * assert.ok(!Chess.fromFen("4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1").nullMoveAllowed());
   * ```
   */
  nullMoveAllowed(): boolean {
    const board = this.#board;
    if (board.inCheck()) return false;
    const counts = board.counts, us = board.side << 3;
    return counts[KNIGHT | us]! + counts[BISHOP | us]! + counts[ROOK | us]! +
        counts[QUEEN | us]! > 0;
  }

  /**
   * Passes the turn, for null-move pruning: the other side moves next, the
   * en passant square is cleared and the key changes with them; take it
   * back with {@linkcode Chess.undoNull} before any other undo. The
   * halfmove clock restarts (a repetition across a pass is no repetition).
   *
   * @throws {Error} when the side to move is in check (the position is left
   *   unchanged)
   *
   * @example A pass and its exact inverse
   * ```ts
   * import assert from "node:assert/strict";
   * import { Chess } from "../../../mod.ts";
   * const position = Chess.fromFen("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
   * const key = position.key();
   * position.playNull();
   * assert.equal(position.toFen(), "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
   * position.undoNull();
   * assert.ok(position.key() === key && position.toFen().endsWith("w KQkq d6 0 3"));
   * ```
   */
  playNull(): void {
    const board = this.#board;
    if (board.inCheck()) {
      throw new Error(
        `Chess.playNull: the side to move is in check in ${
          toFen(board)
        }; a null move is not allowed there`,
      );
    }
    board.makeNull();
  }

  /**
   * Takes back {@linkcode Chess.playNull}, which must be the last move
   * played.
   *
   * @throws {Error} when the last move played was not a null move (the
   *   position is left unchanged)
   *
   * @example Only a pass can be taken back this way
   * ```ts
   * import assert from "node:assert/strict";
   * import { Chess } from "../../../mod.ts";
   * assert.throws(() => Chess.start().undoNull(), /Chess\.undoNull: the last move played was not a null move/);
   * ```
   */
  undoNull(): void {
    const board = this.#board;
    if (board.ply === 0 || board.stackMove[board.ply - 1] !== NULL_MOVE) {
      throw new Error(
        "Chess.undoNull: the last move played was not a null move",
      );
    }
    board.unmakeNull();
    // As in undo: a root taken back past is where the game now is.
    if (board.ply < this.#root) this.#root = board.ply;
  }

  /**
   * Whether `move`, a legal move here, is quiet: no capture (en passant
   * included) and no promotion. Late-move reductions and futility pruning
   * touch only quiet moves.
   *
   * A searcher's scorer, called for every move it generates: like
   * `playGenerated`, it takes the move as legal here and checks nothing (a
   * move of another position, or a number that is no move, gives a
   * meaningless answer, not an error); `play` is the checked entry.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Chess } from "../../../mod.ts";
   * const position = Chess.fromFen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
   * assert.ok(position.isQuiet(position.moveFromUci("e4e5")));
   * assert.ok(!position.isQuiet(position.moveFromUci("e4d5")));
   * ```
   */
  isQuiet(move: Move): boolean {
    const kind = moveKind(move);
    return (kind === NORMAL || kind === CASTLING) &&
      this.#board.squares[moveTo(move)] === EMPTY;
  }

  /**
   * Whether the side to move is checkmated.
   *
   * @example Fool's mate
   * ```ts
   * import assert from "node:assert/strict";
   * import { Chess } from "../../../mod.ts";
   * const position = Chess.start();
   * for (const san of ["f3", "e5", "g4", "Qh4#"]) position.play(position.moveFromSan(san));
   * assert.ok(position.isCheckmate() && position.isTerminal());
   * ```
   */
  isCheckmate(): boolean {
    return this.#board.inCheck() && !hasLegalMove(this.#board);
  }

  /** Whether the side to move has no legal move and is not in check. */
  isStalemate(): boolean {
    return !this.#board.inCheck() && !hasLegalMove(this.#board);
  }

  /** Whether 100 plies passed without a capture or a pawn move (a draw unless the last move mated). */
  isDrawByFiftyMoves(): boolean {
    return this.#board.halfmove >= 100;
  }

  /**
   * Whether neither side can mate, as chess.js decides it: king against king
   * and at most one knight or bishop, or only bishops, all on squares of one
   * colour.
   */
  isInsufficientMaterial(): boolean {
    return insufficientMaterial(this.#board);
  }

  /** Whether the position occurred at least twice before in the moves played on this object (the rule's threefold repetition). */
  isThreefoldRepetition(): boolean {
    return repeats(this.#board, Infinity);
  }

  /**
   * The legal moves, in the natural order (a fresh array: for callers
   * outside a search).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Chess } from "../../../mod.ts";
   * const position = Chess.start();
   * assert.ok(position.legalMoves().length === 20);
   * ```
   */
  legalMoves(): Move[] {
    return Array.from(legalMoves(this.#board));
  }

  /**
   * The legal move written in UCI (`"e2e4"`, `"e7e8q"`, castling `"e1g1"`).
   *
   * @throws {Error} on bad syntax, or when the move is not legal here
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Chess } from "../../../mod.ts";
   * const position = Chess.start();
   * assert.ok(position.moveToUci(position.moveFromUci("g1f3")) === "g1f3");
   * assert.throws(() => position.moveFromUci("e2e5"), /"e2e5" is not a legal move/);
   * assert.throws(() => position.moveFromUci("e2-e4"), /uci must be a move like "e2e4"/);
   * ```
   */
  moveFromUci(uci: string): Move {
    return parseUci(this.#board, "Chess.moveFromUci", uci);
  }

  /**
   * `move` in UCI; it need not be legal here (a principal variation's later
   * moves are written from the root).
   *
   * @throws {Error} when `move` is not an integer in 0…65535
   */
  moveToUci(move: Move): string {
    checkMove("Chess.moveToUci", move);
    return toUci(move);
  }

  /**
   * `move`, legal here, in standard algebraic notation with its check or
   * mate sign.
   *
   * @throws {Error} when `move` is not legal here
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Chess } from "../../../mod.ts";
   * const position = Chess.fromFen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
   * assert.ok(position.moveToSan(position.moveFromUci("e1c1")) === "O-O-O");
   * assert.ok(position.moveToSan(position.moveFromUci("a1a8")) === "Rxa8+");
   * ```
   */
  moveToSan(move: Move): string {
    checkMove("Chess.moveToSan", move);
    const legal = legalMoves(this.#board);
    if (!legal.includes(move)) {
      throw new Error(
        `Chess.moveToSan: move ${move} (${toUci(move)}) is not legal in ${
          toFen(this.#board)
        }`,
      );
    }
    return sanOfUci(toFen(this.#board), toUci(move));
  }

  /**
   * The legal moves in SAN, in the natural order.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Chess } from "../../../mod.ts";
   * const position = Chess.fromFen("4k3/8/8/8/8/8/4P3/4K2R w K - 0 1");
   * assert.ok(position.sanMoves().includes("O-O"));
   * assert.ok(position.sanMoves().length === position.legalMoves().length);
   * ```
   */
  sanMoves(): string[] {
    const sans = sanByUci(toFen(this.#board));
    return Array.from(
      legalMoves(this.#board),
      (move) => sans.get(toUci(move))!,
    );
  }

  /**
   * The legal move written in SAN (`"Nf3"`, `"exd5"`, `"O-O"`, `"e8=Q+"`).
   * Strict where a loose reading could pick a wrong move: a promotion needs
   * its piece (`"a8=Q"` or `"a8Q"`), `=Q` on any other move is refused, `x`
   * must mark a capture, and a move that more than one legal move fits is
   * ambiguous. Lenient where the move is certain: a piece's capture written
   * without `x`, a needless disambiguation (`"Ngf3"`), `"0-0"` for `"O-O"`.
   * Check, mate and annotation signs are accepted and not checked (`"e4#"`
   * reads as `"e4"`). Piece letters are upper case (`"Pe4"` and `"nf3"` are
   * refused; `"bxc3"` is a pawn's capture).
   *
   * @throws {Error} on bad syntax, or when no legal move or more than one fits
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Chess } from "../../../mod.ts";
   * const position = Chess.start();
   * assert.ok(position.moveToUci(position.moveFromSan("Nf3")) === "g1f3");
   * assert.throws(() => position.moveFromSan("Nf4"), /"Nf4" is not a legal move/);
   * assert.throws(() => position.moveFromSan("axa3"), /"x" marks a capture/);
   * const promoting = Chess.fromFen("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
   * assert.throws(() => promoting.moveFromSan("axb8"), /needs a promotion piece/);
   * assert.ok(promoting.moveToUci(promoting.moveFromSan("axb8=Q+")) === "a7b8q");
   * ```
   */
  moveFromSan(san: string): Move {
    return parseSan(this.#board, "Chess.moveFromSan", san);
  }
}

/**
 * A copy of `position`'s board, history included, for the package's own
 * counts that play moves without the public checks (perft): the position
 * itself is never touched.
 */
export function chessBoardCopy(position: Chess): Board {
  return boardCopyOf(position);
}

/**
 * One more than the largest chess move (moves are 16-bit): the size a
 * searcher's history table needs for chess, which `Chess.moveLimit` gives the
 * searchers by default (`position.maxMoves`, 256, is a move buffer's size).
 *
 * @example History ordering on chess
 * ```ts
 * import assert from "node:assert/strict";
 * import { alphaBeta, Chess, CHESS_MOVE_LIMIT, minimax } from "../../../mod.ts";
 * const position = Chess.fromFen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
 * const ordered = alphaBeta(position, { depth: 2, order: ["killer", "history"] });
 * assert.ok(position.moveLimit === CHESS_MOVE_LIMIT);
 * assert.ok(ordered.value === minimax(position, { depth: 2 }).value);
 * ```
 */
export const CHESS_MOVE_LIMIT = 1 << 16;

/**
 * A FEN that chess.js accepts, read by the own parser (which adds the rules
 * chess.js does not check). When chess.js rejects it, the own parser names
 * the field and rule if it can; else chess.js's reason is given.
 */
function readFen(where: string, fen: unknown): Board {
  if (typeof fen !== "string") {
    throw new Error(`${where}: fen must be a string, got ${describe(fen)}`);
  }
  const rejection = fenRejection(fen);
  const board = parseFen(where, fen);
  if (rejection !== null) {
    throw new Error(
      `${where}: chess.js rejects the FEN: ${rejection} (FEN ${describe(fen)})`,
    );
  }
  return board;
}

function checkBoolean(where: string, name: string, value: unknown): boolean {
  if (typeof value !== "boolean") {
    throw new Error(
      `${where}: ${name} must be a boolean, got ${describe(value)}`,
    );
  }
  return value;
}

/** Whether `value` (undefined: the default, unless `required`) names the engine evaluation; refuses any other name. */
function checkEvaluation(
  where: string,
  value: unknown,
  required = false,
): boolean {
  if (value === undefined && !required) return false;
  if (!EVALUATIONS.includes(value as ChessEvaluation)) {
    throw new Error(
      `${where}: evaluation must be "simplified" or "engine", got ${
        describe(value)
      }`,
    );
  }
  return value === "engine";
}

/** The {@linkcode ChessOptions} of `Chess.fromFen` or `Chess.start`, checked. */
function readChessOptions(
  where: string,
  options: ChessOptions | undefined,
): { noisyChecks: boolean; engine: boolean; extras: number } {
  checkOptions(where, options, OPTION_KEYS);
  const noisyChecks = checkBoolean(
    where,
    "noisyChecks",
    options?.noisyChecks ?? false,
  );
  const engine = checkEvaluation(where, options?.evaluation);
  return { noisyChecks, engine, extras: readTerms(where, options, engine) };
}

/** The engine evaluation's terms of `options` as `EXTRA_*` bits, checked. */
function readTerms(
  where: string,
  options: ChessEvaluationTerms | undefined,
  engine: boolean,
): number {
  return (checkExtra(where, options, "pawnThreats", "adds a term to", engine)
    ? EXTRA_PAWN_THREATS
    : 0) |
    (checkExtra(where, options, "safeMobility", "changes a term of", engine)
      ? EXTRA_SAFE_MOBILITY
      : 0) |
    (checkExtra(where, options, "passerKings", "adds a term to", engine)
      ? EXTRA_PASSER_KINGS
      : 0) |
    (checkExtra(where, options, "pieceThreats", "adds a term to", engine)
      ? EXTRA_PIECE_THREATS
      : 0);
}

/** An option of the engine evaluation's terms: a boolean, true only with the engine evaluation. */
function checkExtra(
  where: string,
  options: ChessEvaluationTerms | undefined,
  key: keyof ChessEvaluationTerms,
  what: string,
  engine: boolean,
): boolean {
  const value = options?.[key];
  if (value === undefined) return false;
  const on = checkBoolean(where, key, value);
  if (on && !engine) {
    throw new Error(
      `${where}: ${key} ${what} the engine evaluation; pass evaluation "engine" with it, got evaluation "simplified"`,
    );
  }
  return on;
}

function checkMove(where: string, move: unknown): void {
  if (
    typeof move !== "number" || !Number.isInteger(move) || move < 0 ||
    move > 0xffff
  ) {
    throw new Error(
      `${where}: move must be an integer in 0…65535, got ${describe(move)}`,
    );
  }
}

/** Why `play` refuses `move` (built out of the hot path). */
function playError(board: Board, move: unknown): Error {
  if (typeof move !== "number" || (move & 0xffff) !== move) {
    return new Error(
      `Chess.play: move must be an integer in 0…65535, got ${describe(move)}`,
    );
  }
  return new Error(
    `Chess.play: move ${move} (${toUci(move)}) is not legal in ${toFen(board)}`,
  );
}

/** Why `undo` refuses `move` (built out of the hot path). */
function undoError(board: Board, move: unknown): Error {
  const shown = typeof move === "number" && (move & 0xffff) === move
    ? `move ${move} (${toUci(move)})`
    : `move ${describe(move)}`;
  return new Error(
    `Chess.undo: ${shown} is not the last move played (${
      board.ply === 0
        ? "no move was played"
        : board.stackMove[board.ply - 1] === NULL_MOVE
        ? "a null move"
        : toUci(board.stackMove[board.ply - 1]!)
    })`,
  );
}
