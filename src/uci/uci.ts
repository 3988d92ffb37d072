/**
 * The Universal Chess Interface as a pure state machine: lines in, lines
 * out, no I/O (`cli/uci.ts` reads standard input and prints). The search is
 * the project's {@linkcode iterativeDeepening} with a
 * {@linkcode TranspositionTable}, quiescence over captures at the horizon
 * (those that lose by static exchange left out),
 * and the engine's order: table move, captures by MVV-LVA (losing ones by
 * static exchange after the quiet moves), quiet killers, quiet history.
 *
 * A search is one iterative deepening, run by {@linkcode UciEngine.step},
 * each finished iteration's `info` line sent to the `onInfo` option at once
 * (or returned by `step`). Inside an iteration the time and node budgets of
 * `go` stop it (the searcher checks the clock every 16 to 1,024 nodes, more often
 * while nodes come slowly; quiescence
 * nodes count against `nodes` only), and so does the `interrupt` flag of
 * {@linkcode UciEngineOptions}, which another thread sets when a line that
 * ends the search arrives (`cli/uci.ts` does, for `ponderhit` of a ponder
 * search too: `stop` and `ponderhit` take effect within milliseconds in
 * every mode). Three searches run one iteration per `step` call instead (a
 * search per iteration, the table carrying the work over): without that
 * flag, a search without a depth or node limit, in slices of
 * {@linkcode UCI_SLICE_MS}, so `stop` is read within about that long; `go
 * ponder`, so that without the flag `ponderhit` is read between iterations;
 * and a search move by move (`searchmoves`, a root drawn by rule). Depth and
 * node limits are never sliced, so those searches are reproducible. When a
 * budget cuts the deepest iteration of a whole search after it finished a
 * root move better than the last finished iteration's, that move is played
 * (`keepCutMove`), and an `info` line of the cut iteration's depth shows
 * its line. No line
 * is read while `step` runs (for a search with limits, its whole
 * deepening): `cli/uci.ts`'s reader answers `isready` itself meanwhile, as
 * UCI wants it answered at once.
 *
 * `ponderhit` turns a ponder search into the `go` it came with: the
 * iteration the flag cut is dropped, the move and depth pondered are kept
 * (as is the table), and the search deepens on under `go`'s limits, whose
 * time and nodes count from `ponderhit` (the time pondered was the
 * opponent's); if the pondered depth already reaches `go depth`, the move
 * is sent at once. The `info` lines count time and nodes from `go`, through
 * the pondering, so their `nps` is the search's.
 *
 * The protocol's promises: every `go` ends in exactly one `bestmove`,
 * followed by `ponder <move>` when the line found has a reply (the
 * `Ponder` option is offered, and only its value checked: pondering is the
 * GUI's `go ponder`). The check option `Candidates` (default
 * `CANDIDATES_BY_DEFAULT`, true since their leave-one-out run ended) adds
 * the techniques of `CHESS_ENGINE_CANDIDATES` and their evaluation terms
 * (docs/chess_strength.md); off, the engine searches as the atlas's first
 * leave-one-out run measured it. Setting it clears the table and reads the
 * last `position` again with the matching evaluation. A
 * malformed `go` is answered with an `info string` naming the problem and
 * then searched to depth 1 ({@linkcode UCI_FALLBACK_DEPTH}) over all legal
 * moves, so a GUI waiting for a move always gets a legal one. `go infinite`
 * and `go ponder` never send `bestmove` before `stop` (or `ponderhit`, for
 * `ponder`), even after a mate is found; `go ponder infinite` after
 * `ponderhit` is `go infinite`, and waits for `stop`. `searchmoves` restricts the root's
 * moves. A root drawn by a rule a player must claim or the engine cannot
 * claim through UCI (the fifty-move rule at a half-move clock of 100 or more,
 * a threefold repetition in `moves`, too little material) is searched all
 * the same, move by move: the engine plays on, a mate still wins, and the
 * reply is scored as the game continues (a position where the opponent can
 * claim counts as a draw, 0). A mated or stalemated root answers
 * `info depth 0 score mate 0` or `info depth 0 score cp 0`, then
 * `bestmove 0000`. `position` takes what Stockfish takes, each change
 * named in an `info string`: castling rights whose king or rook is not on
 * its square are dropped, a FEN without its fullmove number counts 1, and
 * a promotion letter may be upper-case (the library's `Chess.fromFen`
 * stays strict). A refused `position` (a bad FEN, an illegal move in
 * `moves`) leaves the engine with no position: each `go` then answers an
 * `info string` naming why and `bestmove 0000`, until a `position` is
 * accepted (or `ucinewgame` sets the start), rather than a move of the game
 * before, which the GUI's position may not even allow.
 *
 * @module
 */

import type { Move } from "../position.ts";
import { Chess, CHESS_MATE, type ChessOptions } from "../games/chess/mod.ts";
import {
  CANDIDATES_BY_DEFAULT,
  chessPositionOptions,
  searchChess,
} from "../players/_chess_search.ts";
import {
  BYTES_PER_ENTRY,
  TranspositionTable,
} from "../search/transposition_table.ts";
import type { IterativeDeepeningResult } from "../search/iterative_deepening.ts";
import { checkOptions, describe } from "../validate.ts";

/** Options of {@linkcode UciEngine}. */
export interface UciEngineOptions {
  /** The engine's name in `id name` (default `"game-tree-search"`): one line of printable characters. */
  name?: string;
  /** The most MiB the transposition table may take, an integer in 1…1024 (default 16; the `Hash` option): the entries that fit, cut down to a power of two. */
  hashMegabytes?: number;
  /**
   * Milliseconds kept back from `go movetime` for reading the command and
   * sending the move, an integer in 0…5000 (default
   * {@linkcode UCI_MOVE_OVERHEAD_MS}; the `Move Overhead` option).
   */
  moveOverheadMs?: number;
  /** A clock for the time budgets, in milliseconds (default `performance.now`); tests pass their own. */
  now?: () => number;
  /**
   * A flag set by another thread (an `Int32Array` over a
   * `SharedArrayBuffer`): while its first element is not 0, the iteration in
   * progress stops at once and {@linkcode UciEngine.step} returns without
   * ending the search, so that the caller can deliver the line that set it
   * (`stop`, `quit`, `go`, `position`, `ucinewgame`, `ponderhit` of a ponder
   * search, or the end of input).
   */
  interrupt?: Int32Array;
  /**
   * Where `info` lines go as their iterations finish, while
   * {@linkcode UciEngine.step} runs (`cli/uci.ts` prints them at once); without
   * it, `step` returns them with its other lines.
   */
  onInfo?: (line: string) => void;
}

/** What `go` asked for, as {@linkcode UciEngine} read it. */
export interface GoLimits {
  /** Deepest iteration (`go depth`); Infinity when none. */
  depth: number;
  /** Node budget over the whole search (`go nodes`); Infinity when none. */
  nodes: number;
  /** Time budget in milliseconds (from `movetime`, or from the clock and increment); Infinity when none. */
  timeMs: number;
  /**
   * Milliseconds after which no new iteration starts (the clocks only; see
   * {@linkcode uciClockBudget}); Infinity when none.
   */
  softTimeMs: number;
  /**
   * `go mate N`: the search ends once it finds a mate in at most N moves
   * for the side to move (without `go depth`, it searches at most 2N − 1
   * plies, the depth that sees such a mate); Infinity when none.
   */
  mate: number;
}

/** A clock budget: see {@linkcode uciClockBudget}. */
export interface UciClockBudget {
  /** The hard limit in milliseconds: the iteration in progress is cut there. */
  timeMs: number;
  /** The soft limit in milliseconds: no new iteration starts after it. */
  softTimeMs: number;
}

/** The least a clock budget gives a move, in milliseconds, when the clock has that much. */
const CLOCK_MIN_MS = 10;

/**
 * The time one move of a clock game may take, from the side to move's clock
 * (`go wtime/btime`, `winc/binc`, `movestogo`):
 *
 * - the reserve, `max(overheadMs, 50)` (50 ms, since a move late on the
 *   clock loses), is kept back from the clock once: `usable = left −
 *   reserve`, at least 0. It used to be taken off every move's share, which
 *   left nothing below 1.5 s on the clock: the engine then played at once
 *   and ended a 3+0 game with 1,590 of 3,000 ms unused.
 * - the hard limit is `usable / toGo + 0.8 · increment`, where `toGo` is
 *   `movesToGo`, or 30 when it is absent or 0 (sudden death, as Stockfish
 *   reads `movestogo 0`; read as 1 it spent half the clock on one move);
 *   it is capped at half of `usable`, so that one move never spends most of
 *   the clock (an increment larger than the clock included), and is never
 *   below {@linkcode CLOCK_MIN_MS} (10 ms) or half the clock, whichever is
 *   less, so that a move has a search, nor below 1 ms.
 * - the soft limit is half the hard limit: an iteration started later
 *   would rarely finish before the hard limit cut it, and a cut
 *   iteration's work is thrown away (review: depth 15 finished at 74 ms,
 *   then 1.88 s spent on depth 16 and discarded). The hard limit stays, to
 *   cut an iteration that started in time but runs long.
 *
 * Each move spends a share of what is left, so the clock shrinks
 * geometrically toward the reserve and is never run out by the budget.
 *
 * @param leftMs the side to move's clock in milliseconds, at least 0
 * @param incrementMs its increment per move, at least 0
 * @param movesToGo moves until the next time control; 0 or undefined: none
 * @param overheadMs the `Move Overhead` option, at least 0
 * @returns the hard and soft limits in milliseconds
 * @throws {Error} when a number is negative or not finite
 *
 * @example 6 s, no increment, sudden death: about 198 ms, no new iteration after 99 ms
 * ```ts
 * import assert from "node:assert/strict";
 * import { uciClockBudget } from "./uci.ts";
 * const { timeMs, softTimeMs } = uciClockBudget(6000, 0, undefined, 10);
 * assert.equal(Math.round(timeMs), 198);
 * assert.equal(softTimeMs, timeMs / 2);
 * // A second and a half left still gets a search of its own.
 * assert.equal(uciClockBudget(1500, 0, undefined, 10).timeMs, 1450 / 30);
 * ```
 */
export function uciClockBudget(
  leftMs: number,
  incrementMs: number,
  movesToGo: number | undefined,
  overheadMs: number,
): UciClockBudget {
  const numbers = {
    leftMs,
    incrementMs,
    overheadMs,
    movesToGo: movesToGo ?? 0,
  };
  for (const [name, value] of Object.entries(numbers)) {
    if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
      throw new Error(
        `uciClockBudget: ${name} must be a finite number of at least 0, got ${
          describe(value)
        }`,
      );
    }
  }
  const toGo = movesToGo || 30;
  const usable = Math.max(0, leftMs - Math.max(overheadMs, CLOCK_RESERVE_MS));
  const share = Math.min(usable / toGo + 0.8 * incrementMs, usable / 2);
  const timeMs = Math.max(1, Math.min(CLOCK_MIN_MS, leftMs / 2), share);
  return { timeMs, softTimeMs: timeMs / 2 };
}

/** Deepest iteration of an unlimited search (`go infinite`). */
export const UCI_MAX_DEPTH = 64;

/**
 * The default `Move Overhead`: `go movetime N` searches N − 10 ms. The
 * engine's own overhead, from `go` read to `bestmove` written, measured at a
 * median of 3.6 ms (16 moves at `movetime 100`, both cores busy), so 10 ms
 * leaves room for a busy machine (Stockfish's option of that name has the
 * same default, for its clock). The clocks keep back at least 50 ms, once
 * from the clock ({@linkcode uciClockBudget}), since
 * a move late there loses the game.
 */
export const UCI_MOVE_OVERHEAD_MS = 10;

/**
 * Milliseconds per {@linkcode UciEngine.step} of a search without a depth or
 * node limit (`go infinite`, `movetime`, the clocks) when the engine has no
 * `interrupt` flag: how often `stop` is read then.
 */
export const UCI_SLICE_MS = 100;

/**
 * The `movetime` of a `go` with a clock but none for the side to move (and
 * no depth or node limit): a short search, as that side's time is unknown.
 */
export const UCI_MISSING_CLOCK_MS = 100;

/** Depth of the search that answers a malformed `go`. */
export const UCI_FALLBACK_DEPTH = 1;

/** Mate scores: values this close to {@linkcode CHESS_MATE} are mates. */
const MATE_BAND = 1_000;

/** The most `Move Overhead` may be, in milliseconds. */
const MAX_OVERHEAD_MS = 5_000;

/** The least a clock budget keeps back (a move late on the clock loses). */
const CLOCK_RESERVE_MS = 50;

/** The largest `Hash` in MiB. */
const MAX_HASH_MB = 1024;

/** The integer options' ranges and units: `Hash` and `Move Overhead`. */
const OPTION_RANGES = {
  hash: { min: 1, max: MAX_HASH_MB, unit: "MiB" },
  overhead: { min: 0, max: MAX_OVERHEAD_MS, unit: "ms" },
} as const;

/**
 * `value` as option `option` (an integer in its range), or an error naming
 * `where` and the value as given (`text`, undefined when none was).
 */
function optionValue(
  option: keyof typeof OPTION_RANGES,
  value: number,
  where: string,
  text: unknown,
): number {
  const { min, max, unit } = OPTION_RANGES[option];
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(
      `${where} must be an integer in ${min}…${max} (${unit}), got ${
        text === undefined
          ? "no value (setoption name … value N)"
          : describe(text)
      }`,
    );
  }
  return value;
}

/** What `go` asked for, read. */
interface GoRequest {
  limits: GoLimits;
  /** `infinite`: hold `bestmove` until `stop`. */
  infinite: boolean;
  /** `ponder`: hold `bestmove` until `stop`; `ponderhit` applies `limits`. */
  ponder: boolean;
  /** `searchmoves`, in UCI notation (empty: all). */
  searchmoves: string[];
  /** `info string` lines about how it was read. */
  notes: string[];
}

/** One iteration's outcome. */
interface Iteration {
  /** The iteration finished (its value and PV hold). */
  complete: boolean;
  /** The `interrupt` flag cut it. */
  interrupted: boolean;
  value: number;
  pv: Move[];
  /** Every line reached the end of the game. */
  solved: boolean;
}

/**
 * A UCI engine without I/O: {@linkcode UciEngine.receive} takes one line of
 * the GUI's and returns the lines to answer; while
 * {@linkcode UciEngine.searching}, {@linkcode UciEngine.step} runs one more
 * iteration and returns its `info` line, and the `bestmove` line when the
 * search ends (its depth, node or time budget, a `stop`, or a forced
 * result). Every `go` ends with exactly one `bestmove`; `go infinite` and
 * `go ponder` hold it until `stop` ({@linkcode UciEngine.waitingForStop}).
 *
 * Bad input (an unknown command, a bad FEN or move) is answered with an
 * `info string` line naming it, as UCI engines do. It changes nothing,
 * except that a refused `position` leaves no position to search: each `go`
 * answers `bestmove 0000` with an `info string` naming why, until a
 * `position` is accepted or `ucinewgame` sets the start.
 *
 * @example Handshake, a position, a search to depth 2
 * ```ts
 * import assert from "node:assert/strict";
 * import { UciEngine } from "../../mod.ts";
 * const engine = new UciEngine();
 * assert.ok(engine.receive("uci").at(-1) === "uciok");
 * assert.deepEqual(engine.receive("isready"), ["readyok"]);
 * engine.receive("position startpos moves e2e4");
 * engine.receive("go depth 2");
 * const out: string[] = [];
 * while (engine.searching) out.push(...engine.step());
 * assert.match(out[0]!, /^info depth 1 score cp -?\d+ nodes \d+ nps \d+ time \d+ pv [a-h]/);
 * assert.match(out.at(-1)!, /^bestmove [a-h][1-8][a-h][1-8]( ponder [a-h][1-8][a-h][1-8][nbrq]?)?$/);
 * ```
 */
export class UciEngine {
  /** The name in `id name`. */
  readonly name: string;
  #table: TranspositionTable;
  #hashMegabytes: number;
  #moveOverheadMs: number;
  readonly #now: () => number;
  readonly #interrupt: Int32Array | undefined;
  readonly #onInfo: ((line: string) => void) | undefined;
  #position: Chess = Chess.start(chessPositionOptions(CANDIDATES_BY_DEFAULT));
  /** The last `position` command's arguments that were read (`Candidates` reads them again). */
  #positionArgs: string[] = ["startpos"];
  /** The `Candidates` option. */
  #candidates = CANDIDATES_BY_DEFAULT;
  /** Why the last `position` was refused, while no position has been accepted since; null: `#position` is the GUI's. */
  #refusedPosition: string | null = null;
  #quit = false;
  // The search in progress.
  #searching = false;
  #limits: GoLimits = {
    depth: 0,
    nodes: 0,
    timeMs: 0,
    softTimeMs: 0,
    mate: Infinity,
  };
  #hold = false;
  #ponderLimits: GoLimits | null = null;
  /** `go ponder infinite`: after `ponderhit` the move is still held until `stop`. */
  #ponderInfinite = false;
  #waiting = false;
  /** The root moves searched one by one (searchmoves, a root drawn by rule); null: one search. */
  #rootMoves: Move[] | null = null;
  /** When `go` came: the `info` lines' time counts from here. */
  #started = 0;
  /** When the budgets started: at `go`, or at `ponderhit` for a ponder search. */
  #budgetFrom = 0;
  /** The nodes count when the budgets started (0, or the nodes pondered). */
  #budgetNodes = 0;
  #depth = 0;
  /** Nodes since `go`, pondering included, as the `info` lines report them. */
  #nodes = 0;
  #best: Move = -1;
  /** The line of `#best`'s iteration: its second move is `bestmove`'s `ponder`. */
  #bestPv: readonly Move[] = [];
  #stopRequested = false;

  /**
   * An engine at the start position with an empty table.
   *
   * @param options `name`, `hashMegabytes`, `moveOverheadMs`, `now`,
   *   `interrupt`, `onInfo`
   * @throws {Error} on an unknown option or a bad value
   */
  constructor(options?: UciEngineOptions) {
    const where = "new UciEngine";
    checkOptions(where, options, [
      "name",
      "hashMegabytes",
      "moveOverheadMs",
      "now",
      "interrupt",
      "onInfo",
    ]);
    const name = options?.name ?? "game-tree-search";
    // A newline would inject a protocol line; control characters garble it.
    if (
      typeof name !== "string" || name.trim() === "" ||
      /[\p{Cc}\p{Zl}\p{Zp}]/u.test(name)
    ) {
      throw new Error(
        `${where}: name must be a non-empty line of printable characters, got ${
          describe(name)
        }`,
      );
    }
    this.name = name;
    const megabytes = options?.hashMegabytes ?? 16;
    this.#hashMegabytes = optionValue(
      "hash",
      megabytes,
      `${where}: hashMegabytes`,
      megabytes,
    );
    const overhead = options?.moveOverheadMs ?? UCI_MOVE_OVERHEAD_MS;
    this.#moveOverheadMs = optionValue(
      "overhead",
      overhead,
      `${where}: moveOverheadMs`,
      overhead,
    );
    const now = options?.now ?? (() => performance.now());
    if (typeof now !== "function") {
      throw new Error(`${where}: now must be a function, got ${describe(now)}`);
    }
    this.#now = now;
    const interrupt = options?.interrupt;
    if (
      interrupt !== undefined &&
      !(interrupt instanceof Int32Array && interrupt.length >= 1)
    ) {
      throw new Error(
        `${where}: interrupt must be a non-empty Int32Array, got ${
          describe(interrupt)
        }`,
      );
    }
    this.#interrupt = interrupt;
    const onInfo = options?.onInfo;
    if (onInfo !== undefined && typeof onInfo !== "function") {
      throw new Error(
        `${where}: onInfo must be a function taking one info line, got ${
          describe(onInfo)
        }`,
      );
    }
    this.#onInfo = onInfo;
    this.#table = uciTable(megabytes);
  }

  /** Whether a search is in progress: call {@linkcode UciEngine.step} until it is not (or {@linkcode UciEngine.waitingForStop}). */
  get searching(): boolean {
    return this.#searching;
  }

  /**
   * Whether the search of `go infinite` or `go ponder` is over and holds its
   * `bestmove` until `stop` (or `ponderhit`): {@linkcode UciEngine.step} has
   * nothing to do.
   */
  get waitingForStop(): boolean {
    return this.#waiting;
  }

  /**
   * Whether the search in progress is `go infinite` (`go ponder infinite`
   * after `ponderhit` too) or `go ponder` before `ponderhit`: only `stop`
   * (or `ponderhit`) ends it, so a caller that
   * waits for its `bestmove` without sending one waits for ever.
   */
  get holdsForStop(): boolean {
    return this.#searching && this.#hold;
  }

  /** Whether `quit` was received. */
  get quitting(): boolean {
    return this.#quit;
  }

  /**
   * The FEN of the current position (after `position ...`); after a refused
   * `position`, of the last one accepted, which `go` does not search.
   */
  get fen(): string {
    return this.#position.toFen();
  }

  /**
   * Handles one line from the GUI and returns the lines to send back. A
   * `go` starts a search ({@linkcode UciEngine.searching}); `stop` makes the
   * next {@linkcode UciEngine.step} end it. A `position`, `go` or
   * `ucinewgame` during a search first ends it (its `bestmove` comes first).
   *
   * @example Bad input is named; a refused position leaves none to search; a bad `go` still gets a move
   * ```ts
   * import assert from "node:assert/strict";
   * import { UciEngine } from "../../mod.ts";
   * const engine = new UciEngine();
   * assert.match(engine.receive("position startpos moves e2e4 e2e5")[0]!, /^info string position: move 2 of moves, "e2e5", is not a legal move/);
   * assert.deepEqual(engine.receive("go depth 1"), [
   *   'info string go: no position to search: the last position was refused (position: move 2 of moves, "e2e5", is not a legal move in rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1); send one that is accepted',
   *   "bestmove 0000",
   * ]);
   * engine.receive("position startpos");
   * assert.match(engine.receive("fly")[0]!, /^info string unknown command "fly"/);
   * assert.match(engine.receive("go depth abc")[0]!, /^info string go: depth must be followed by an integer/);
   * const out: string[] = [];
   * while (engine.searching) out.push(...engine.step());
   * assert.match(out.at(-1)!, /^bestmove [a-h][1-8][a-h][1-8]( ponder [a-h][1-8][a-h][1-8][nbrq]?)?$/);
   * ```
   */
  receive(line: string): string[] {
    const words = String(line).trim().split(/\s+/).filter((w) => w !== "");
    if (words.length === 0) return [];
    const [command, ...args] = words as [string, ...string[]];
    const out: string[] = [];
    if (
      this.#searching &&
      (command === "position" || command === "go" || command === "ucinewgame")
    ) {
      out.push(...this.#finish());
    }
    try {
      switch (command) {
        case "uci":
          out.push(
            `id name ${this.name}`,
            "id author the game-tree-search course project",
            `option name Hash type spin default 16 min 1 max ${MAX_HASH_MB}`,
            `option name Move Overhead type spin default ${UCI_MOVE_OVERHEAD_MS} min 0 max ${MAX_OVERHEAD_MS}`,
            "option name Ponder type check default false",
            `option name Candidates type check default ${CANDIDATES_BY_DEFAULT}`,
            "uciok",
          );
          break;
        case "isready":
          out.push("readyok");
          break;
        case "ucinewgame":
          this.#table.clear();
          this.#position = Chess.start(this.#positionOptions());
          this.#positionArgs = ["startpos"];
          this.#refusedPosition = null;
          break;
        case "setoption":
          this.#setOption(args);
          break;
        case "position":
          try {
            const read = readPosition(args, this.#positionOptions());
            this.#position = read.position;
            this.#positionArgs = args;
            out.push(...read.notes);
          } catch (error) {
            // The GUI's game is not the one before: no move of that one.
            this.#refusedPosition = error instanceof Error
              ? error.message
              : String(error);
            throw error;
          }
          this.#refusedPosition = null;
          // Repetitions before here count toward the threefold rule only.
          this.#position.markRoot();
          break;
        case "go":
          out.push(...this.#go(args));
          break;
        case "stop":
          // A held move is sent now: no step is due.
          if (this.#waiting) out.push(...this.#finish());
          else if (this.#searching) this.#stopRequested = true;
          break;
        case "ponderhit":
          out.push(...this.#ponderhit());
          break;
        case "quit":
          // As Stockfish: a search in progress still names its move.
          if (this.#searching) out.push(...this.#finish());
          this.#quit = true;
          break;
        case "debug":
        case "register":
          break;
        default:
          throw new Error(`unknown command ${describe(command)}`);
      }
    } catch (error) {
      out.push(
        `info string ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return out;
  }

  /**
   * Runs the next iteration of the search in progress and returns its
   * `info` line, plus `bestmove` when the search is over. Returns `[]` when
   * no search is in progress, while {@linkcode UciEngine.waitingForStop},
   * and when the `interrupt` flag cut the iteration.
   *
   * @example `go infinite` holds its move until `stop`
   * ```ts
   * import assert from "node:assert/strict";
   * import { UciEngine } from "../../mod.ts";
   * const engine = new UciEngine();
   * engine.receive("position fen 7k/8/5K2/8/8/8/8/6Q1 w - - 0 1");
   * engine.receive("go infinite");
   * const out: string[] = [];
   * while (!engine.waitingForStop) out.push(...engine.step());
   * assert.match(out.at(-1)!, /^info depth 1 score mate 1 .* pv g1g7$/);
   * assert.deepEqual(engine.step(), []);
   * assert.deepEqual(engine.receive("stop"), ["bestmove g1g7"]);
   * ```
   */
  step(): string[] {
    if (!this.#searching) return [];
    if (this.#stopRequested) return this.#finish();
    if (this.#waiting) return [];
    // A line that ends the search is waiting: let the caller deliver it. The
    // first iteration always runs, so a stop at once still has a move.
    if (this.#interrupted() && this.#depth > 0) return [];
    const limits = this.#limits;
    const depth = this.#depth + 1;
    const elapsed = this.#now() - this.#budgetFrom;
    // Without a depth or node limit the search is timed anyway: without an
    // interrupt flag, run it in slices, so stop is read often. A slice cut
    // short is tried again; the table keeps what it finished. Depth and node
    // limits stay unsliced, so their searches (and matches) are reproducible.
    const sliced = this.#interrupt === undefined &&
      limits.depth === UCI_MAX_DEPTH && limits.nodes === Infinity;
    // Unsliced, the whole search is one deepening, as engines search: a
    // search per iteration repeats the shallower ones and starts killers and
    // history afresh. Measured (10 WAC middlegames and an opening), that is
    // no steady cost in nodes to a depth: 1.43× with the course's evaluation
    // to depth 10, with the engine's 1.13× to depth 10 and 0.95× to 12. A
    // ponder search stays stepped, so that without the interrupt flag
    // ponderhit is read between iterations; after ponderhit the search is
    // one deepening again (see searchWhole for the depth pondered).
    if (!sliced && this.#rootMoves === null && this.#ponderLimits === null) {
      return this.#searchWhole(elapsed);
    }
    const timeMs = Math.min(
      limits.timeMs === Infinity
        ? Infinity
        : Math.max(1, limits.timeMs - elapsed),
      sliced ? UCI_SLICE_MS : Infinity,
    );
    const result = this.#rootMoves === null
      ? this.#iterate(depth, timeMs)
      : this.#iterateByMove(depth, timeMs, this.#rootMoves);
    if (result.interrupted) return [];
    const out: string[] = [];
    if (result.complete) {
      this.#depth = depth;
      if (result.pv[0] !== undefined) {
        this.#best = result.pv[0];
        this.#bestPv = result.pv;
      }
      out.push(this.#info(depth, result.value, result.pv));
    }
    const time = this.#now() - this.#budgetFrom;
    const cut = !result.complete;
    if (cut && sliced && time < limits.timeMs) return out;
    if (
      cut || result.solved || depth >= limits.depth ||
      this.#spentNodes() >= limits.nodes || time >= limits.timeMs ||
      // Past the soft limit a new iteration would rarely finish in time.
      time >= limits.softTimeMs ||
      this.#mateEnds(result.value, depth)
    ) {
      if (this.#hold) this.#waiting = true;
      else out.push(...this.#finish());
    }
    return out;
  }

  /**
   * Whether an iteration of `depth` plies that found `value` ends the
   * deepening. `go mate N`: a mate in at most N moves for the side to move
   * does. Otherwise any mate does under a depth or node limit, as ever (so
   * such searches stay as reproducible as they were). Under a clock,
   * `movetime` or none (`infinite`, `ponder`), only a mate whose distance
   * the iteration proved does, one of at most `depth` plies: a mate found
   * shallower came from a table entry of a longer line, or an extension,
   * and a deeper iteration may find a shorter one (found by review: mate 7
   * reported where Stockfish saw 4, and the engine shuffled its king).
   */
  #mateEnds(value: number, depth: number): boolean {
    if (Math.abs(value) < CHESS_MATE - MATE_BAND) return false;
    const plies = CHESS_MATE - Math.abs(value);
    const limits = this.#limits;
    if (limits.mate !== Infinity) {
      return value > 0 && Math.ceil(plies / 2) <= limits.mate;
    }
    if (limits.depth < UCI_MAX_DEPTH || limits.nodes !== Infinity) return true;
    return plies <= depth;
  }

  /** Nodes searched under the budgets: since `go`, or since `ponderhit`. */
  #spentNodes(): number {
    return this.#nodes - this.#budgetNodes;
  }

  /**
   * The rest of the search as one deepening from depth 1, each finished
   * iteration's `info` line sent to `onInfo` (or returned) at once. After
   * `ponderhit` the depth pondered is kept: the iterations up to it, quick
   * again from the table, neither report nor change the move (a shallower
   * one may differ), unless they find a mate.
   */
  #searchWhole(elapsed: number): string[] {
    const limits = this.#limits;
    const out: string[] = [];
    const base = this.#nodes;
    const kept = this.#depth;
    const timeMs = limits.timeMs === Infinity
      ? Infinity
      : Math.max(1, limits.timeMs - elapsed);
    const result = searchChess(this.#position, this.#table, {
      depth: limits.depth,
      candidates: this.#candidates,
      keepCutMove: true,
      ...this.#budget(timeMs),
      onIteration: (row) => {
        this.#nodes = base + row.cumulativeNodes;
        const mate = Math.abs(row.value) >= CHESS_MATE - MATE_BAND;
        if (row.depth <= kept && !mate) return false;
        this.#depth = row.depth;
        this.#best = row.pv[0] ?? row.move;
        this.#bestPv = row.pv;
        const line = this.#info(row.depth, row.value, row.pv);
        if (this.#onInfo === undefined) out.push(line);
        else this.#onInfo(line);
        // Past the clock's soft limit the next iteration would rarely
        // finish before the hard one cut it (and its work is thrown away).
        return this.#mateEnds(row.value, row.depth) ||
          this.#now() - this.#budgetFrom >= limits.softTimeMs;
      },
    });
    this.#nodes = base + result.stats.nodes;
    // The budget cut an iteration after it had finished a root move better
    // than the last finished iteration's: that move is played, with the cut
    // iteration's line (not when that iteration was one of those redone
    // after ponderhit, which never change the move).
    if (result.cutMove && result.completedDepth + 1 > kept) {
      this.#best = result.move;
      this.#bestPv = result.pv;
      const line = this.#info(
        result.completedDepth + 1,
        result.value,
        result.pv,
      );
      if (this.#onInfo === undefined) out.push(line);
      else this.#onInfo(line);
    }
    // Cut by a line the caller has yet to deliver: it ends the search.
    if (result.stoppedByBudget && this.#interrupted()) return out;
    if (this.#hold) this.#waiting = true;
    else out.push(...this.#finish());
    return out;
  }

  #interrupted(): boolean {
    return this.#interrupt !== undefined &&
      Atomics.load(this.#interrupt, 0) !== 0;
  }

  #budget(timeMs: number): { maxNodes?: number; timeMs?: number } {
    const left = this.#limits.nodes - this.#spentNodes();
    return {
      ...(left === Infinity ? {} : { maxNodes: Math.max(1, left) }),
      ...(timeMs === Infinity ? {} : { timeMs }),
      ...(this.#interrupt === undefined ? {} : { interrupt: this.#interrupt }),
    };
  }

  /** One iteration over the whole root. */
  #iterate(depth: number, timeMs: number): Iteration {
    const result = searchChess(this.#position, this.#table, {
      depth,
      candidates: this.#candidates,
      ...this.#budget(timeMs),
    });
    this.#nodes += result.stats.nodes;
    return this.#outcome(result, depth, result.value, result.pv);
  }

  /**
   * One iteration over the given root moves, each searched after it is
   * played (the root may be drawn by rule: the searcher would not expand
   * it). The children keep the root mark, so mate distances and the
   * repetition rule still count from the root.
   */
  #iterateByMove(depth: number, timeMs: number, moves: Move[]): Iteration {
    const position = this.#position;
    const deadline = this.#now() + timeMs;
    let best: Iteration | null = null;
    let solved = true;
    // The previous best move first: an interrupted iteration then still
    // names it.
    const ordered = this.#best >= 0 && moves.includes(this.#best)
      ? [this.#best, ...moves.filter((m) => m !== this.#best)]
      : moves;
    for (const move of ordered) {
      const left = deadline - this.#now();
      // Depth 1 always finishes, as in the one-search case.
      if (
        depth > 1 && (this.#spentNodes() >= this.#limits.nodes || left <= 0)
      ) {
        return { ...CUT, value: best?.value ?? 0 };
      }
      position.play(move);
      let result: IterativeDeepeningResult;
      try {
        result = searchChess(position, this.#table, {
          depth: depth - 1,
          candidates: this.#candidates,
          // Depth 1 runs even when the time is spent (see above): the
          // child's search at depth 0 needs a positive budget to be given.
          ...this.#budget(Math.max(1, left)),
        });
      } finally {
        position.undo(move);
      }
      this.#nodes += result.stats.nodes;
      const child = this.#outcome(result, depth - 1, -result.value, [
        move,
        ...result.pv,
      ]);
      if (!child.complete) return child;
      solved &&= child.solved;
      if (best === null || child.value > best.value) best = child;
    }
    return { ...best!, solved };
  }

  #outcome(
    result: IterativeDeepeningResult,
    depth: number,
    value: number,
    pv: Move[],
  ): Iteration {
    const complete = result.depth >= depth || result.solved;
    if (!complete && this.#interrupted()) {
      return { ...CUT, interrupted: true, value };
    }
    return { complete, interrupted: false, value, pv, solved: result.solved };
  }

  #info(depth: number, value: number, pv: readonly Move[]): string {
    const time = Math.max(0, Math.round(this.#now() - this.#started));
    const nps = Math.round(this.#nodes * 1000 / Math.max(1, time));
    const position = this.#position.clone();
    const moves: string[] = [];
    // Only the legal prefix: a table-extended PV is checked, but be safe.
    for (const move of pv) {
      if (!position.legalMoves().includes(move)) break;
      moves.push(position.moveToUci(move));
      position.play(move);
    }
    return `info depth ${depth} score ${
      scoreText(value)
    } nodes ${this.#nodes} nps ${nps} time ${time}${
      moves.length > 0 ? " pv " + moves.join(" ") : ""
    }`;
  }

  #finish(): string[] {
    this.#searching = false;
    this.#stopRequested = false;
    this.#waiting = false;
    const out: string[] = [];
    if (this.#best < 0 && this.#position.legalMoves().length > 0) {
      // Ended before its first step (a stop, a new go at once): the
      // first iteration is quick and always finishes, so the move is
      // searched all the same.
      const first = this.#rootMoves === null
        ? this.#iterate(1, Infinity)
        : this.#iterateByMove(1, Infinity, this.#rootMoves);
      if (first.complete) {
        this.#best = first.pv[0]!;
        this.#bestPv = first.pv;
        out.push(this.#info(1, first.value, first.pv));
      }
    }
    const best = this.#best;
    if (best < 0) {
      out.push("bestmove 0000");
      return out;
    }
    // The reply expected, for the GUI to ponder on: the line's second move,
    // when the line starts with the move played and the reply is legal.
    let ponder = "";
    const reply = this.#bestPv[1];
    if (this.#bestPv[0] === best && reply !== undefined) {
      const after = this.#position.clone();
      after.play(best);
      if (after.legalMoves().includes(reply)) {
        ponder = ` ponder ${after.moveToUci(reply)}`;
      }
    }
    out.push(`bestmove ${this.#position.moveToUci(best)}${ponder}`);
    return out;
  }

  #start(limits: GoLimits, hold: boolean, rootMoves: Move[] | null): void {
    this.#limits = limits;
    this.#hold = hold;
    this.#waiting = false;
    this.#rootMoves = rootMoves;
    this.#started = this.#now();
    this.#budgetFrom = this.#started;
    this.#budgetNodes = 0;
    this.#depth = 0;
    this.#nodes = 0;
    this.#best = -1;
    this.#bestPv = [];
    this.#stopRequested = false;
    this.#searching = true;
  }

  #go(args: string[]): string[] {
    this.#ponderLimits = null;
    if (this.#refusedPosition !== null) {
      // A move of the position before would be one of another game.
      this.#searching = false;
      return [
        `info string go: no position to search: the last position was refused (${this.#refusedPosition}); send one that is accepted`,
        "bestmove 0000",
      ];
    }
    const position = this.#position;
    const legal = position.legalMoves();
    let request: GoRequest | null = null;
    let problem = "";
    const rootMoves: Move[] = [];
    try {
      request = readGo(args, position.turn() === 1, this.#moveOverheadMs);
      for (const uci of request.searchmoves) {
        const move = legal.find((m) => position.moveToUci(m) === uci);
        if (move === undefined) {
          throw new Error(
            `go: searchmoves ${
              describe(uci)
            } is not a legal move in ${position.toFen()}`,
          );
        }
        if (!rootMoves.includes(move)) rootMoves.push(move);
      }
    } catch (error) {
      // The GUI waits for a move all the same: a short search, all moves.
      request = null;
      problem = `info string ${
        error instanceof Error ? error.message : String(error)
      }`;
    }
    const out = problem === "" ? [...request!.notes] : [problem];
    if (legal.length === 0) {
      // Mated or stalemated: nothing to search, nothing to play.
      this.#searching = false;
      out.push(
        `info depth 0 score ${position.isCheckmate() ? "mate 0" : "cp 0"}`,
        "bestmove 0000",
      );
      return out;
    }
    const byMove = rootMoves.length > 0
      ? rootMoves
      : position.isTerminal()
      ? legal
      : null;
    if (request === null) {
      this.#start(
        {
          depth: UCI_FALLBACK_DEPTH,
          nodes: Infinity,
          timeMs: Infinity,
          softTimeMs: Infinity,
          mate: Infinity,
        },
        false,
        byMove,
      );
    } else {
      if (request.ponder) {
        this.#ponderLimits = request.limits;
        this.#ponderInfinite = request.infinite;
      }
      this.#start(
        request.ponder ? unlimited() : request.limits,
        request.infinite || request.ponder,
        byMove,
      );
    }
    return out;
  }

  #ponderhit(): string[] {
    const limits = this.#ponderLimits;
    if (!this.#searching || limits === null) return [];
    // The predicted move was played: the search goes on under go's limits,
    // its time and node budgets counted from now (the time pondered was the
    // opponent's), and it keeps what pondering found: the move and depth
    // reached, and the table. The info lines go on counting time and nodes
    // from go, so their nps stays the search's.
    this.#ponderLimits = null;
    this.#limits = limits;
    // `go ponder infinite` becomes `go infinite`: its move waits for stop.
    this.#hold = this.#ponderInfinite;
    this.#budgetFrom = this.#now();
    this.#budgetNodes = this.#nodes;
    if (this.#hold) return [];
    // Over (a mate found, the last depth searched) or deep enough already.
    if (this.#waiting || this.#depth >= limits.depth) return this.#finish();
    return [];
  }

  /** The options of the positions this engine searches, by `Candidates`. */
  #positionOptions(): Readonly<ChessOptions> {
    return chessPositionOptions(this.#candidates);
  }

  #setOption(args: string[]): void {
    const text = args.join(" ");
    // `value` may end the line ("setoption name Hash value"): the option is
    // then named without it, and its missing value is reported as such.
    const match = /^name\s+(.+?)(?:\s+value(?:\s+(.*))?)?$/i.exec(text);
    if (!match) {
      throw new Error(
        `setoption: expected "setoption name <id> [value <x>]", got ${
          describe(text)
        }`,
      );
    }
    const name = match[1]!.toLowerCase(), value = match[2];
    // Digits only: Number("") and Number(" 1e2 ") are numbers too.
    const number = /^\d+$/.test(value ?? "") ? Number(value) : NaN;
    if (name === "move overhead") {
      this.#moveOverheadMs = optionValue(
        "overhead",
        number,
        "setoption: Move Overhead",
        value,
      );
      return;
    }
    if (name === "ponder") {
      // The GUI says whether it will send go ponder, which the engine
      // answers either way; only the value is checked.
      checkOptionValue("Ponder", value);
      return;
    }
    if (name === "candidates") {
      const candidates = checkOptionValue("Candidates", value);
      if (candidates !== this.#candidates) {
        this.#candidates = candidates;
        // The table's values and the position's evaluation were the other
        // engine's.
        this.#table.clear();
        this.#position = readPosition(
          this.#positionArgs,
          this.#positionOptions(),
        ).position;
        this.#position.markRoot();
      }
      return;
    }
    if (name !== "hash") {
      throw new Error(`setoption: unknown option ${describe(match[1])}`);
    }
    const megabytes = optionValue(
      "hash",
      number,
      "setoption: Hash",
      value,
    );
    this.#hashMegabytes = megabytes;
    this.#table = uciTable(megabytes);
  }
}

/**
 * The entries of the engine's table for a `Hash` of `megabytes` MiB: the
 * most that fit, cut down to a power of two, whose slots the table finds
 * without a division (2% of the search's time; see
 * {@linkcode TranspositionTable}). A `Hash` is the most an engine may use,
 * as UCI has it.
 *
 * @param megabytes the `Hash` option, 1…1024
 * @returns the entries: a power of two
 *
 * @example 16 MiB hold 699,050 entries of 24 bytes: the table takes 2^19 (12 MiB)
 * ```ts
 * import assert from "node:assert/strict";
 * import { uciTableEntries } from "./uci.ts";
 * assert.equal(uciTableEntries(16), 2 ** 19);
 * assert.equal(uciTableEntries(1), 2 ** 15);
 * ```
 */
export function uciTableEntries(megabytes: number): number {
  const fit = Math.floor(megabytes * 2 ** 20 / BYTES_PER_ENTRY);
  let entries = 1;
  while (entries * 2 <= fit) entries *= 2;
  return entries;
}

function uciTable(megabytes: number): TranspositionTable {
  return new TranspositionTable({ entries: uciTableEntries(megabytes) });
}

const CUT: Iteration = {
  complete: false,
  interrupted: false,
  value: 0,
  pv: [],
  solved: false,
};

function unlimited(): GoLimits {
  return {
    depth: UCI_MAX_DEPTH,
    nodes: Infinity,
    timeMs: Infinity,
    softTimeMs: Infinity,
    mate: Infinity,
  };
}

/** `score cp N` or `score mate N` (moves, negative when mated). */
function scoreText(value: number): string {
  if (Math.abs(value) < CHESS_MATE - MATE_BAND) return `cp ${value}`;
  const plies = CHESS_MATE - Math.abs(value);
  const moves = Math.ceil(plies / 2);
  return `mate ${value > 0 ? moves : -moves}`;
}

/** The castling letters, with the squares of the king and rook each needs. */
const CASTLING_SQUARES: Record<string, [string, string, string, string]> = {
  K: ["e1", "K", "h1", "R"],
  Q: ["e1", "K", "a1", "R"],
  k: ["e8", "k", "h8", "r"],
  q: ["e8", "k", "a8", "r"],
};

/**
 * A GUI's FEN made acceptable to the strict `Chess.fromFen`, as Stockfish
 * takes it: a missing fullmove number (5 fields) is 1, and castling rights
 * whose king or rook is not on its square are dropped. Returns the FEN and
 * an `info string` for each change (the library's parser stays strict);
 * anything else is left for the parser to name.
 */
function tolerantFen(fields: string[]): { fen: string; notes: string[] } {
  const notes: string[] = [];
  const given = fields.join(" ");
  fields = [...fields];
  if (fields.length === 5) {
    fields.push("1");
    notes.push(
      `info string position: the FEN ${
        describe(given)
      } has no fullmove number; read as 1`,
    );
  }
  const ranks = fields[0]!.split("/");
  const castling = fields[2] ?? "-";
  if (ranks.length === 8 && /^[KQkq]+$/.test(castling)) {
    const board = new Map<string, string>();
    ranks.forEach((rank, i) => {
      let file = 0;
      for (const c of rank) {
        if (/\d/.test(c)) file += Number(c);
        else board.set(`${"abcdefgh"[file++]}${8 - i}`, c);
      }
    });
    const kept = [...castling].filter((letter) => {
      const [kingAt, king, rookAt, rook] = CASTLING_SQUARES[letter]!;
      return board.get(kingAt) === king && board.get(rookAt) === rook;
    }).join("");
    if (kept !== castling) {
      const dropped = [...castling].filter((l) => !kept.includes(l)).join("");
      fields[2] = kept === "" ? "-" : kept;
      notes.push(
        `info string position: castling rights ${dropped} of the FEN ${
          describe(given)
        } dropped: their king or rook is not on its square`,
      );
    }
  }
  return { fen: fields.join(" "), notes };
}

/** A check option's value: `true` or `false`, else an error naming the option. */
function checkOptionValue(option: string, value: string | undefined): boolean {
  if (value !== "true" && value !== "false") {
    throw new Error(
      `setoption: ${option} must be true or false, got ${
        value === undefined ? "no value" : describe(value)
      }`,
    );
  }
  return value === "true";
}

/**
 * The position of `position startpos|fen <fen> [moves ...]`, and an `info
 * string` for each thing read tolerantly (see {@linkcode tolerantFen}; an
 * upper-case promotion letter is read as lower-case, as Stockfish does).
 */
function readPosition(
  args: string[],
  options: Readonly<ChessOptions>,
): { position: Chess; notes: string[] } {
  const movesAt = args.indexOf("moves");
  const head = movesAt < 0 ? args : args.slice(0, movesAt);
  const moves = movesAt < 0 ? [] : args.slice(movesAt + 1);
  let position: Chess;
  let notes: string[] = [];
  if (head[0] === "startpos" && head.length === 1) {
    position = Chess.start(options);
  } else if (head[0] === "fen" && head.length >= 5) {
    try {
      const tolerated = tolerantFen(head.slice(1));
      notes = tolerated.notes;
      position = Chess.fromFen(tolerated.fen, options);
    } catch (error) {
      throw new Error(
        `position: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  } else {
    throw new Error(
      `position: expected "position startpos|fen <fen> [moves <uci> ...]", got ${
        describe(args.join(" "))
      }`,
    );
  }
  for (const [i, uci] of moves.entries()) {
    let move: Move;
    try {
      move = position.moveFromUci(
        /^[a-h][1-8][a-h][1-8][NBRQ]$/.test(uci) ? uci.toLowerCase() : uci,
      );
    } catch {
      throw new Error(
        `position: move ${i + 1} of moves, ${
          describe(uci)
        }, is not a legal move in ${position.toFen()}`,
      );
    }
    position.play(move);
  }
  return { position, notes };
}

/** `go`'s arguments that take a number. */
const GO_NUMBERS = [
  "depth",
  "nodes",
  "movetime",
  "wtime",
  "btime",
  "winc",
  "binc",
  "movestogo",
  "mate",
];

/**
 * What `go`'s arguments ask for: `depth`, `nodes`, `movetime`, the clocks
 * (`wtime`/`btime`/`winc`/`binc`/`movestogo`), `mate` (see
 * {@linkcode GoLimits.mate}; 0 is none),
 * `infinite`, `ponder`, `searchmoves <move>...`. Every number is an integer,
 * at least 1 for `depth` and `nodes`, at least 0 for the others. `movetime`
 * searches its time less `overheadMs`. From the clock the budget is
 * {@linkcode uciClockBudget}'s; a clock without the side to move's is
 * named in a note, and searches {@linkcode UCI_MISSING_CLOCK_MS} unless a
 * depth or node limit is given.
 */
function readGo(
  args: string[],
  white: boolean,
  overheadMs: number,
): GoRequest {
  const numbers: Record<string, number> = {};
  const flags = new Set<string>();
  const searchmoves: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (word === "infinite" || word === "ponder") {
      flags.add(word);
    } else if (GO_NUMBERS.includes(word)) {
      const text = args[++i];
      const value = Number(text);
      if (
        text === undefined || !/^[+-]?\d+$/.test(text) ||
        !Number.isSafeInteger(value)
      ) {
        throw new Error(
          `go: ${word} must be followed by an integer, got ${
            text === undefined ? "nothing" : describe(text)
          }`,
        );
      }
      const least = word === "depth" || word === "nodes" ? 1 : 0;
      if (value < least) {
        throw new Error(`go: ${word} must be at least ${least}, got ${value}`);
      }
      numbers[word] = value;
    } else if (word === "searchmoves") {
      while (
        i + 1 < args.length && !GO_NUMBERS.includes(args[i + 1]!) &&
        args[i + 1] !== "infinite" && args[i + 1] !== "ponder"
      ) {
        searchmoves.push(args[++i]!);
      }
      if (searchmoves.length === 0) {
        throw new Error("go: searchmoves must be followed by moves");
      }
    } else {
      throw new Error(`go: unknown argument ${describe(word)}`);
    }
  }
  const limits = unlimited();
  if (numbers.depth !== undefined) {
    limits.depth = Math.min(numbers.depth, UCI_MAX_DEPTH);
  }
  if (numbers.nodes !== undefined) limits.nodes = numbers.nodes;
  // mate 0 is none, as Stockfish reads it.
  if (numbers.mate) {
    limits.mate = numbers.mate;
    if (numbers.depth === undefined) {
      limits.depth = Math.min(2 * numbers.mate - 1, UCI_MAX_DEPTH);
    }
  }
  const request: GoRequest = {
    limits,
    infinite: flags.has("infinite"),
    ponder: flags.has("ponder"),
    searchmoves,
    notes: [],
  };
  if (request.infinite) return request;
  if (numbers.movetime !== undefined) {
    limits.timeMs = Math.max(1, numbers.movetime - overheadMs);
  } else {
    const left = white ? numbers.wtime : numbers.btime;
    if (left !== undefined) {
      const budget = uciClockBudget(
        left,
        (white ? numbers.winc : numbers.binc) ?? 0,
        numbers.movestogo,
        overheadMs,
      );
      limits.timeMs = budget.timeMs;
      limits.softTimeMs = budget.softTimeMs;
    } else if (
      ["wtime", "btime", "winc", "binc", "movestogo"].some((word) =>
        numbers[word] !== undefined
      )
    ) {
      // A clock, but not the mover's: searched without a limit it never
      // answered (Stockfish answers at once). The other limits apply, or a
      // short search.
      const clock = white ? "wtime" : "btime";
      const side = white ? "White" : "Black";
      if (limits.depth === UCI_MAX_DEPTH && limits.nodes === Infinity) {
        limits.timeMs = Math.max(1, UCI_MISSING_CLOCK_MS - overheadMs);
        request.notes.push(
          `info string go: no ${clock} for ${side}, the side to move: searching movetime ${UCI_MISSING_CLOCK_MS}`,
        );
      } else {
        request.notes.push(
          `info string go: no ${clock} for ${side}, the side to move: searching under the other limits only`,
        );
      }
    }
  }
  return request;
}
