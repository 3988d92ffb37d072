/**
 * The one negamax alpha-beta node that the searchers of lessons 002 and 003
 * share: transposition table, move ordering, fail-hard or fail-soft, PVS
 * null-window tests, quiescence at the horizon, node and time budgets.
 * `alphaBeta` with no new option keeps its own plain node (golden counts).
 *
 * Bound contract of {@linkcode deepNode} for a window (alpha, beta) and true
 * value v (fail-soft): `r <= alpha` means v <= r; `r >= beta` means v >= r;
 * in between r = v. Fail-hard clamps r into [alpha, beta], keeping the same
 * meaning at the ends.
 *
 * @module
 */

import {
  BOUND_LOWER,
  BOUND_UPPER,
  MAX_MOVE_RANGE,
  MAX_PLY,
  NO_MOVE,
  type Position,
  VALUE_INFINITE,
} from "../position.ts";
import { createExtendedStats, type ExtendedStats } from "../stats.ts";
import {
  allocatingForMoves,
  defaultBudgetError,
  finishedReport,
  SearchContext,
  UNLIMITED_DEPTH,
} from "./_search_context.ts";
import { checkInteger, describe } from "../validate.ts";
import {
  HISTORY_LIMIT,
  type MoveScorer,
  ORDER_CAPTURES,
  ORDER_COUNTER_MOVE,
  ORDER_ENGINE,
  ORDER_HISTORY,
  ORDER_KILLER,
  ORDER_PV,
  ORDER_QUIET_HISTORY,
  ORDER_QUIET_KILLER,
  ORDER_TT,
  QUIET_HISTORY_MAX,
  SCORE_COUNTER_MOVE,
  SCORE_GOOD_CAPTURE,
  SCORE_KILLER_1,
  SCORE_KILLER_2,
  SCORE_LOSING_CAPTURE,
  SCORE_PV,
  SCORE_QUIET_KILLER_1,
  SCORE_QUIET_KILLER_2,
  SCORE_TT,
} from "./ordering.ts";
import type { BudgetReport, SearchResult } from "./search_result.ts";
import { probeSettings, type SearchSettings } from "./search_settings.ts";
import { lmrLogReduction } from "./_selective_settings.ts";
import {
  boundOf,
  DEPTH_END,
  tableDepth,
  type TranspositionTable,
} from "./transposition_table.ts";

/**
 * The table's counters, which the PV probes save and put back so that they
 * are not charged to the search.
 */
const TT_COUNTERS = [
  "probes",
  "hits",
  "stores",
  "cutoffsExact",
  "cutoffsLower",
  "cutoffsUpper",
] as const;

/** `array` copied into a longer one of `length` entries, the rest `fill`. */
function grown(array: Int32Array, length: number, fill: number): Int32Array {
  const longer = new Int32Array(length).fill(fill);
  longer.set(array);
  return longer;
}

/** The per-search state of the shared node. */
export class DeepContext extends SearchContext<ExtendedStats> {
  tt: TranspositionTable | null;
  flags: number;
  scorer: MoveScorer | null;
  failHard: boolean;
  /**
   * The position's `winValue` and half of it ({@linkcode tableValue}); the
   * half is VALUE_INFINITE when the position has none, so that no value is
   * ever moved.
   */
  winValue = 0;
  winHalf: number = VALUE_INFINITE;
  /**
   * The ply of the search root below the position's marked root: non-zero
   * only for the PV probes, which search from inside the line.
   */
  plyBase = 0;
  /** Set when a table entry settled the node just left (told to the trace, then cleared). */
  tableCut = false;
  /** Null-window tests for all but the first move (PVS). */
  pvs = false;
  /** Quiescence search at the depth limit. */
  quiescence = false;
  readonly hasNoisy: boolean;
  readonly scores: Int32Array[] = [];
  killers: Int32Array;
  /** The history table (`"history"`); empty when not asked for. */
  readonly history: Int32Array;
  /**
   * The engines' quiet history (`"quiet-history"`): the side to move's
   * entries first (turn +1), then the other side's; empty when not asked for.
   */
  readonly quietHistory: Int32Array;
  /**
   * The engines' counter moves (`"counter-move"`): the quiet move that last
   * cut in reply to a move, by the move and the side to move (the side to
   * move's replies first, as in `quietHistory`); empty when not asked for.
   */
  readonly counterMoves: Int32Array;
  /** Whether `"counter-move"` is on: then `playedMoves` is kept. */
  readonly counterMovesOn: boolean;
  /**
   * The move searched at each ply of the current line (NO_MOVE: a pass, or
   * none yet), which the next ply's counter move is looked up by.
   */
  playedMoves: Int32Array;
  /** A line to search first (iterative deepening's previous PV). */
  pvLine: Int32Array = new Int32Array(0);
  pvLineLength = 0;
  followPv = false;
  /**
   * Iterative deepening's `keepCutMove`: the previous iteration's move
   * (NO_MOVE: off). A root move that raises alpha after this one was
   * searched in the same pass beat it at the pass's depth; the last such
   * move and its value are kept in `raisedMove` and `raisedValue`.
   */
  keepAfter = NO_MOVE;
  /** Whether `keepAfter` has been searched in the current pass. */
  keepAfterDone = false;
  /** The last root move that raised alpha after `keepAfter` (NO_MOVE: none). */
  raisedMove = NO_MOVE;
  /**
   * Its value in the pass: in the window, so exact (a move that reaches beta
   * ends the pass, which then is not the one a budget cut).
   */
  raisedValue = 0;
  /**
   * Cut only on entries of exactly the needed depth and of this search's
   * kind (or subtrees that ended within it), so a depth-limited value is
   * fixed-depth minimax's.
   */
  exactDepth = false;
  /**
   * The kind this search stores its entries with, and the only one whose
   * same-depth entries `exactDepth` trusts ({@linkcode entryKindOf}; set by
   * `startSearch`).
   */
  entryKind = KIND_NONE;
  /**
   * Store a subtree that ended within r plies as DEPTH_END − r (what
   * `exactDepth` reads as "ended"): `exactDepth` without check extensions,
   * which could make such a subtree longer than r plies.
   */
  storeEnded = false;
  /** Write results into the table (false: probe only, for PV checks). */
  storeEntries = true;
  /** Table entries may settle a node (`tableCutoffs`; false: move ordering only). */
  tableCutoffs = true;
  /** Enhanced transposition cutoffs (`enhancedCutoffs`). */
  enhancedCutoffs = false;
  /** The value of the last enhanced transposition cutoff (see {@linkcode enhancedCutoff}). */
  etcValue = 0;
  /**
   * Leaves evaluated because the depth limit was reached in a live position,
   * plus table cuts by entries that were not searched to the end (monotonic:
   * reset it by hand).
   */
  horizonLeaves = 0;
  /** Any of null move, late-move reductions, futility, razoring on: one flag for the hot path. */
  selective = false;
  /** Null-move pruning's reduction (0: off) and least depth. */
  nullReduction = 0;
  nullMinDepth = 0;
  /** The ply whose side passed on the current line, so that no two passes follow (−2: none). */
  nullPly = -2;
  /** Null move's depth-adaptive divisor (0: the fixed reduction at every node). */
  nullDivisor = 0;
  /** Null move's reduction by the static value's lead (0: off). */
  nullEvalDivisor = 0;
  /** Late-move reductions' plies (0: off), least depth and unreduced moves. */
  lmrReduction = 0;
  /** Late-move reductions by the logarithmic table ({@linkcode lmrLogReduction}). */
  lmrLog = false;
  lmrMinDepth = 0;
  lmrFullMoves = 0;
  /** Late-move reductions by the move's history (0: off; killers then lose a ply too). */
  lmrHistoryDivisor = 0;
  /**
   * Singular extensions' least depth (0: off) and margin per ply: the
   * table's move is searched a ply deeper when every other move falls
   * below the entry's value less `margin · depth` at half the depth.
   */
  singularMinDepth = 0;
  singularMargin = 0;
  /**
   * The move each ply's singular test leaves out (NO_MOVE: none): that
   * search of the node skips it, and neither prunes before the moves, nor
   * reads or writes the table's value, nor tries transposition cutoffs.
   */
  excludedMoves: Int32Array = new Int32Array(0);
  /** Exchange pruning's margins per ply and most plies to the horizon (0: off). */
  exchangeQuietMargin = 0;
  exchangeCaptureMargin = 0;
  exchangeMaxDepth = 0;
  /** Reverse futility, late-move pruning and reductions follow the static value's trend. */
  improving = false;
  /**
   * The static value of each ply's node on the current line, from its side
   * to move's view ({@linkcode NO_STATIC}: in check or not evaluated), for
   * `improving`; empty when off.
   */
  staticValues: Int32Array = new Int32Array(0);
  /** Quiescence probes and stores the table. */
  quiescenceTable = false;
  /** Futility and razoring margins by distance to the horizon (null: off). */
  futilityMargins: Int32Array | null = null;
  razorMargins: Int32Array | null = null;
  /** Reverse futility's margin per ply (0: off) and most plies to the horizon. */
  rfpMargin = 0;
  rfpMaxDepth = 0;
  /** Late-move pruning's most plies to the horizon (0: off) and base count. */
  lmpMaxDepth = 0;
  lmpBaseMoves = 0;
  checkExtensions = false;
  /** Quiescence skips captures that lose by static exchange. */
  skipLosingCaptures = false;
  /** Quiescence searches every move out of check (within EVASION_PLIES). */
  quiescenceEvasions = false;
  /** The ply at which the current quiescence search began. */
  quiescenceFrom = 0;
  /** The depth of the last root search, which bounds check extensions. */
  rootDepth = 0;
  /** Which optional methods the position has. */
  readonly hasIsCheck: boolean;
  readonly hasIsQuiet: boolean;
  readonly hasNullAllowed: boolean;
  readonly hasStaticExchange: boolean;
  readonly hasLosesExchange: boolean;

  /**
   * Copies `settings` into the fields the node reads (nothing below reads
   * the settings again) and checks that the position has what the
   * techniques asked for need.
   */
  constructor(position: Position, settings: SearchSettings) {
    super(position, createExtendedStats(), settings);
    this.tt = settings.tt;
    this.flags = settings.orderFlags;
    this.scorer = settings.scorer;
    this.failHard = settings.failHard;
    this.exactDepth = settings.exactDepth;
    this.tableCutoffs = settings.tableCutoffs;
    this.enhancedCutoffs = settings.enhancedCutoffs;
    this.quiescence = settings.quiescence;
    // The tables are made, and their size read, only for the orders that
    // use them: no other reads them.
    const history = (settings.orderFlags & ORDER_HISTORY) !== 0;
    const quiet = (settings.orderFlags & ORDER_QUIET_HISTORY) !== 0;
    const counter = (settings.orderFlags & ORDER_COUNTER_MOVE) !== 0;
    const size = history || quiet || counter
      ? historySize(settings, position)
      : 0;
    this.history = new Int32Array(history ? size : 0);
    this.quietHistory = new Int32Array(quiet ? 2 * size : 0);
    this.counterMoves = new Int32Array(counter ? 2 * size : 0).fill(NO_MOVE);
    this.counterMovesOn = counter;
    this.playedMoves = new Int32Array(counter ? this.plies : 0).fill(NO_MOVE);
    this.killers = new Int32Array(2 * this.plies).fill(NO_MOVE);
    this.hasNoisy = typeof position.generateNoisyMoves === "function";
    this.hasIsCheck = typeof position.isCheck === "function";
    this.hasIsQuiet = typeof position.isQuiet === "function";
    this.hasNullAllowed = typeof position.nullMoveAllowed === "function";
    this.hasStaticExchange = typeof position.staticExchange === "function";
    this.hasLosesExchange = typeof position.losesExchange === "function";
    copySelective(this, settings, position);
    copyWinValue(this, settings.where, position);
    this.#addScores();
  }

  /** Gives each ply a buffer of move scores, as {@linkcode SearchContext} gives moves. */
  #addScores(): void {
    allocatingForMoves(this.where, this.maxMoves, () => {
      while (this.scores.length < this.plies) {
        this.scores.push(new Int32Array(this.maxMoves));
      }
    });
  }

  override reach(ply: number): void {
    if (ply < this.plies) return;
    super.reach(ply);
    this.#addScores();
    this.killers = grown(this.killers, 2 * this.plies, NO_MOVE);
    if (this.counterMovesOn) {
      this.playedMoves = grown(this.playedMoves, this.plies, NO_MOVE);
    }
    if (this.singularMinDepth !== 0) {
      this.excludedMoves = grown(this.excludedMoves, this.plies, NO_MOVE);
    }
    if (this.improving) {
      this.staticValues = grown(this.staticValues, this.plies, NO_STATIC);
    }
  }

  /** Sets the line to search first (kept for later searches with this context). */
  setPvLine(line: readonly number[]): void {
    if (this.pvLine.length < line.length) {
      this.pvLine = new Int32Array(line.length);
    }
    this.pvLine.set(line);
    this.pvLineLength = line.length;
  }

  /** Clears the per-search flags before a new root search. */
  startSearch(): void {
    this.entryKind = entryKindOf(this);
    this.storeEnded = this.exactDepth && !this.checkExtensions;
    this.aborted = false;
    this.followPv = (this.flags & ORDER_PV) !== 0 && this.pvLineLength > 0;
    this.rootMove = NO_MOVE;
    this.keepAfterDone = false;
    this.raisedMove = NO_MOVE;
    this.clearLine(0);
  }

  /**
   * The principal variation of the last root search whose value is `value`
   * (exact) at `depth`: a legal line that ends at a finished game or at the
   * depth limit, where its value is `value`, whenever every table entry the
   * search used was fixed-depth minimax's; otherwise (a deeper entry
   * answered) it is probed on past the limit, at greater depths, to an end
   * with that value, and stops where no move's probe confirms it.
   *
   * The search's own triangular PV is kept as far as it goes when `trusted`
   * (a full-window search built it); where a table cut truncated it, and for
   * the null-window passes of MTD(f) and SSS* (`trusted` false: only the root
   * move is a hint), each further move is one whose child a probe-only
   * search proves to have exactly the expected value. Those probes read the
   * table but never write it, and neither their nodes nor the table's
   * counters are charged to the search.
   */
  principalVariation(value: number, depth: number, trusted: boolean): number[] {
    const seed = this.line(0);
    if (!trusted && this.rootMove !== NO_MOVE) {
      seed.splice(0, seed.length, this.rootMove);
    }
    if (this.tt === null || this.quiescence) return seed;
    const tt = this.tt;
    const counters = TT_COUNTERS.map((name) => tt[name]);
    const position = this.position;
    const line: number[] = [];
    const probe = new DeepContext(
      position,
      probeSettings(this.where, tt),
    );
    // Without table cutoffs the value is fixed-depth minimax's, whatever the
    // table holds, so only entries of exactly the needed depth may confirm it.
    probe.exactDepth = this.exactDepth || !this.tableCutoffs;
    probe.storeEntries = false;
    // A probe re-proves what the search already proved, through the same
    // table: one generous cap for all the probes together (their nodes
    // add up) guards against a table too small to help, and against the
    // square of a long forced line's length (see mtdf's documentation).
    probe.nodeLimit = 64 * this.stats.nodes + 100_000;
    const moves = new Int32Array(this.maxMoves);
    let w = value;
    let r = depth;
    try {
      if (trusted) {
        for (const move of seed) {
          position.play(move);
          line.push(move);
          w = 0 - w;
          r--;
        }
      }
      while (!position.isTerminal()) {
        // At the depth limit the line ends where the evaluation is the
        // value; otherwise (the default rule: a deeper entry answered) it
        // goes on, as deep as the probes need.
        if (
          r <= 0 &&
          (this.exactDepth || this.checkValue(position.evaluate()) === w)
        ) break;
        const count = this.checkCount(position.generateMoves(moves));
        if (count === 0) break;
        const legal = Array.from(moves.subarray(0, count));
        const hints: number[] = [];
        if (!trusted && line.length < seed.length) {
          hints.push(seed[line.length]!);
        }
        const i = tt.probe(position.key());
        if (i >= 0) hints.push(tt.move(i));
        const order = [
          ...hints.filter((move) => legal.includes(move)),
          ...legal,
        ].filter((move, k, all) => all.indexOf(move) === k);
        // The needed depth first; under the default rule, deeper ones too.
        const needs = this.exactDepth || r >= UNLIMITED_DEPTH / 2
          ? [r]
          : [r, r + 1, r + 2, r + 3, UNLIMITED_DEPTH];
        let chosen = NO_MOVE;
        let used = r;
        for (const wanted of needs) {
          if (wanted < 1) continue;
          // A probe's line may not pass MAX_PLY: in a game whose lines run
          // long (a chess endgame of checks), "unlimited" is the deepest
          // search the buffers allow, and an entry of a finished subtree
          // still answers it.
          const need = Math.min(wanted, MAX_PLY - 2);
          for (const move of order) {
            position.play(move);
            let v: number;
            try {
              probe.startSearch();
              // The probe's ply 1 is the line's next ply: table values
              // read there are turned at their true distance.
              probe.plyBase = line.length;
              v = 0 - deepNode(probe, 1, need - 1, 0 - w - 1, 0 - w + 1);
            } finally {
              // A probe that throws must not leave its move under the line.
              position.undo(move);
            }
            if (probe.aborted) break;
            if (v === w) {
              chosen = move;
              used = wanted;
              break;
            }
          }
          if (chosen !== NO_MOVE || probe.aborted) break;
        }
        if (chosen === NO_MOVE) break;
        position.play(chosen);
        line.push(chosen);
        w = 0 - w;
        r = used - 1;
      }
    } finally {
      for (let k = line.length - 1; k >= 0; k--) position.undo(line[k]!);
      for (let k = 0; k < TT_COUNTERS.length; k++) {
        tt[TT_COUNTERS[k]!] = counters[k]!;
      }
    }
    return line;
  }

  /**
   * The result object. With `exact` (the value lies strictly inside the
   * root window) the PV is {@linkcode DeepContext.principalVariation}'s;
   * otherwise the search's own line. Either way `move` is `pv[0]`.
   */
  deepResult(
    value: number,
    depth: number,
    exact: boolean,
    trusted = true,
  ): SearchResult<ExtendedStats> {
    const pv = exact
      ? this.principalVariation(value, depth, trusted)
      : this.line(0);
    return agreeing({ value, move: this.rootMove, pv, stats: this.stats });
  }
}

/**
 * Makes `move` and `pv[0]` agree: a PV's first move is the move; a move
 * with no line (a root that failed low) becomes a one-move line.
 */
export function agreeing<R extends { move: number; pv: number[] }>(
  result: R,
): R {
  if (result.pv.length > 0) result.move = result.pv[0]!;
  else if (result.move !== NO_MOVE) result.pv = [result.move];
  return result;
}

/**
 * The result of a one-shot deep search (alphaBeta with deep options, pvs,
 * quiescence): {@linkcode DeepContext.deepResult} with the finished report
 * when it finished; when a budget stopped it, the error of the default
 * budget or {@linkcode SearchContext.stoppedResult}.
 */
export function oneShotResult(
  c: DeepContext,
  value: number,
  depth: number,
  exact: boolean,
  byDefault: boolean,
): SearchResult<ExtendedStats> & BudgetReport {
  if (c.aborted) {
    if (c.stoppedByDefault(byDefault)) throw defaultBudgetError(c.where);
    return c.stoppedResult();
  }
  return { ...c.deepResult(value, depth, exact), ...finishedReport(depth) };
}

/**
 * The history tables' size: `maxMove`, else the position's `moveLimit`,
 * else its `maxMoves` (checked when the context is built). A move at or
 * above it is never scored, so the default follows the position's own move
 * range (chess: 2^16).
 *
 * @throws {Error} naming the searcher when `moveLimit` is used and is not
 *   an integer in 1…{@linkcode MAX_MOVE_RANGE}, the range of `maxMove`
 */
function historySize(settings: SearchSettings, position: Position): number {
  if (settings.maxMove !== null) return settings.maxMove;
  if (position.moveLimit === undefined) return position.maxMoves;
  return checkInteger(
    settings.where,
    "position.moveLimit",
    position.moveLimit,
    1,
    MAX_MOVE_RANGE,
  );
}

/**
 * Copies the selective techniques of `settings` into the context (all off
 * unless asked for) and checks the position has the methods they need.
 *
 * @throws {Error} naming the searcher, the technique and the missing methods
 */
function copySelective(
  c: DeepContext,
  settings: SearchSettings,
  position: Position,
): void {
  checkTechniqueMethods(c.where, settings, position);
  const nullMove = settings.nullMove;
  if (nullMove !== null) {
    c.nullReduction = nullMove.reduction;
    c.nullMinDepth = nullMove.minDepth;
    c.nullDivisor = nullMove.depthDivisor;
    c.nullEvalDivisor = nullMove.evalDivisor;
  }
  const lmr = settings.lateMoveReductions;
  if (lmr !== null) {
    c.lmrReduction = lmr.reduction;
    c.lmrMinDepth = lmr.minDepth;
    c.lmrFullMoves = lmr.fullMoves;
    c.lmrLog = lmr.formula === "log";
    c.lmrHistoryDivisor = lmr.historyDivisor;
  }
  const exchange = settings.exchangePruning;
  if (exchange !== null) {
    c.exchangeQuietMargin = exchange.quietMargin;
    c.exchangeCaptureMargin = exchange.captureMargin;
    c.exchangeMaxDepth = exchange.maxDepth;
  }
  c.improving = settings.improving;
  if (c.improving) c.staticValues = new Int32Array(c.plies).fill(NO_STATIC);
  c.quiescenceTable = settings.quiescenceTable;
  if (settings.reverseFutility !== null) {
    c.rfpMargin = settings.reverseFutility.margin;
    c.rfpMaxDepth = settings.reverseFutility.maxDepth;
  }
  if (settings.lateMovePruning !== null) {
    c.lmpMaxDepth = settings.lateMovePruning.maxDepth;
    c.lmpBaseMoves = settings.lateMovePruning.baseMoves;
  }
  if (settings.futilityMargins !== null) {
    c.futilityMargins = Int32Array.from(settings.futilityMargins);
  }
  if (settings.razorMargins !== null) {
    c.razorMargins = Int32Array.from(settings.razorMargins);
  }
  c.checkExtensions = settings.checkExtensions;
  c.skipLosingCaptures = settings.skipLosingCaptures;
  c.quiescenceEvasions = settings.quiescenceEvasions;
  const singular = settings.singularExtensions;
  if (singular !== null) {
    c.singularMinDepth = singular.minDepth;
    c.singularMargin = singular.margin;
    c.excludedMoves = new Int32Array(c.plies).fill(NO_MOVE);
  }
  c.selective = c.nullReduction !== 0 || c.lmrReduction !== 0 ||
    c.futilityMargins !== null || c.razorMargins !== null ||
    c.rfpMargin !== 0 || c.lmpMaxDepth !== 0 || c.exchangeMaxDepth !== 0;
}

/**
 * The one rule of which position methods each technique of `settings`
 * needs (`nullMove`: `playNull()` and `undoNull()`; `checkExtensions` and
 * `quiescenceEvasions`: `isCheck()`; `skipLosingCaptures`:
 * `staticExchange()`): the searchers check it when they build a context,
 * and a player made for a game checks it once on a fresh position of that
 * game, so that an option the game cannot support is refused when the
 * player is made rather than on its first move.
 *
 * @param where the function named in the error
 * @param settings the checked options (`resolveSearchSettings`)
 * @param position a position of the game to search (the one searched)
 * @throws {Error} naming `where`, the technique, the missing methods and
 *   the position's class
 */
export function checkTechniqueMethods(
  where: string,
  settings: SearchSettings,
  position: Position,
): void {
  if (
    settings.nullMove !== null &&
    (typeof position.playNull !== "function" ||
      typeof position.undoNull !== "function")
  ) {
    throw missingMethod(
      where,
      "nullMove",
      "playNull() and undoNull()",
      position,
    );
  }
  if (settings.checkExtensions && typeof position.isCheck !== "function") {
    throw missingMethod(where, "checkExtensions", "isCheck()", position);
  }
  if (
    settings.skipLosingCaptures && typeof position.staticExchange !== "function"
  ) {
    throw missingMethod(
      where,
      "skipLosingCaptures",
      "staticExchange()",
      position,
    );
  }
  if (settings.quiescenceEvasions && typeof position.isCheck !== "function") {
    throw missingMethod(where, "quiescenceEvasions", "isCheck()", position);
  }
  if (
    settings.exchangePruning !== null &&
    typeof position.staticExchange !== "function"
  ) {
    throw missingMethod(where, "exchangePruning", "staticExchange()", position);
  }
}

/** The error of a technique asked for on a position without a method it needs. */
function missingMethod(
  where: string,
  option: string,
  methods: string,
  position: Position,
): Error {
  return new Error(
    `${where}: ${option} needs the position to implement ${methods}, which ${
      position?.constructor?.name ?? "the position"
    } lacks`,
  );
}

/**
 * Stored depths above this mark subtrees that met no depth limit: DEPTH_END
 * (the default rule, or a search to the end), or, under `exactDepth`,
 * DEPTH_END − r for a subtree that ended within r plies, which is then
 * fixed-depth minimax's value for every depth of at least r.
 */
const ENDED_FLOOR = 1 << 29;

/**
 * Values at least this far from 0 are won or lost games (chess: mate
 * scores, above half of CHESS_MATE by the evaluation's own rule): reverse
 * futility, late-move pruning and the depth-adaptive null move never prune
 * on them, so that a forced mate is searched, not guessed.
 */
const DECISIVE = 50_000;

/** The current position's key for the table: checked unless the moves were generated here. */
function tableKey(c: DeepContext): number {
  const key = c.position.key();
  return c.trustGenerated ? key : c.checkKey(key);
}

/** A ply's entry of `staticValues` when its node was in check or not evaluated. */
const NO_STATIC = -0x7fffffff;

/**
 * Whether the node at `ply`, of static value `staticValue`, is improving:
 * above the node two plies up (the same side to move), or four when that
 * one has no static value, or true when neither has.
 */
function isImproving(
  c: DeepContext,
  ply: number,
  staticValue: number,
): boolean {
  const values = c.staticValues;
  if (ply >= 2 && values[ply - 2] !== NO_STATIC) {
    return staticValue > values[ply - 2]!;
  }
  if (ply >= 4 && values[ply - 4] !== NO_STATIC) {
    return staticValue > values[ply - 4]!;
  }
  return true;
}

/**
 * `quiescenceEvasions`: the plies of a quiescence search within which a
 * side in check searches its evasions. An evasion may itself give check
 * (a discovered one), so a chain of checks needs no capture to go on; past
 * this many plies the captures-only rule (stand pat) ends it.
 */
const EVASION_PLIES = 32;

/**
 * Entry kinds ({@linkcode TranspositionTable.kind}) the searchers store:
 * no claim (a default-rule search, whose entries may hold a deeper
 * search's values, or a selective technique or check extension, whose
 * values are no fixed-depth tree's); fixed-depth alpha-beta with
 * `evaluate()` at the horizon; the same with quiescence at the horizon,
 * plus 1 for `skipLosingCaptures` and 2 for `quiescenceEvasions` (each
 * variant searches its own tree).
 */
const KIND_NONE = 0;
const KIND_PLAIN = 1;
const KIND_QUIESCENCE = 2;

/**
 * The kind of the entries `c`'s search stores: a fixed-depth kind only when
 * every value it computes is that tree's, that is when no table cut can
 * hand it another kind's value (`exactDepth`, or no table cuts at all) and
 * no technique changes the tree.
 */
function entryKindOf(c: DeepContext): number {
  if (
    c.selective || c.checkExtensions || c.singularMinDepth !== 0 ||
    (c.tableCutoffs && !c.exactDepth)
  ) {
    return KIND_NONE;
  }
  if (!c.quiescence) return KIND_PLAIN;
  return KIND_QUIESCENCE + (c.skipLosingCaptures ? 1 : 0) +
    (c.quiescenceEvasions ? 2 : 0);
}

/**
 * `exactDepth`'s table rule: entry `i`, stored with depth `stored`, may
 * settle a node that needs `depth` plies, in a search whose entries are of
 * kind `kind`, only if it was searched to exactly that depth by a search of
 * the same fixed-depth kind (never {@linkcode KIND_NONE}), or if its subtree
 * ended within that depth (then its value is the game's own, whoever stored
 * it). The kind is read only when the depth matches.
 */
function exactUsable(
  tt: TranspositionTable,
  i: number,
  stored: number,
  depth: number,
  kind: number,
): boolean {
  if (stored <= ENDED_FLOOR) {
    return stored === depth && kind !== KIND_NONE && tt.kind(i) === kind;
  }
  return stored === DEPTH_END
    ? depth === DEPTH_END
    : DEPTH_END - stored <= depth;
}

/** `exactDepth`'s table cut: {@linkcode exactUsable}, then the bound test. */
function exactCutoff(
  tt: TranspositionTable,
  i: number,
  depth: number,
  kind: number,
  alpha: number,
  beta: number,
): boolean {
  return exactUsable(tt, i, tt.depth(i), depth, kind) &&
    tt.cutoff(i, 0, alpha, beta);
}

/**
 * Step 3a, out of line so that the node stays small: plays each move, looks
 * the child up and undoes it (each probe counted in `etcProbes`, not in
 * `nodes`). At the first child whose entry, deep enough for `depth - 1`
 * plies under the rule in force, is an upper bound (or exact) at or below
 * −beta, the node is worth at least its negation: the cut is counted,
 * remembered (killers, history) and stored as the node's lower bound, its
 * result left in `c.etcValue`, and true returned. False when no child's
 * entry proves a cut. `horizonBefore` is the node's horizon count on entry,
 * as step 5 reads it.
 */
function enhancedCutoff(
  c: DeepContext,
  ply: number,
  depth: number,
  alpha: number,
  beta: number,
  moves: Int32Array,
  count: number,
  key: number,
  horizonBefore: number,
): boolean {
  const position = c.position;
  const tt = c.tt!;
  const stats = c.stats;
  const ttDepth = tableDepth(depth);
  const childDepth = tableDepth(depth - 1);
  for (let m = 0; m < count; m++) {
    const move = moves[m]!;
    if (c.trustGenerated) position.playGenerated!(move);
    else position.play(move);
    let childKey: number;
    try {
      childKey = position.key();
    } catch (error) {
      if (c.trustGenerated) position.undoGenerated!(move);
      else position.undo(move);
      throw error;
    }
    if (c.trustGenerated) position.undoGenerated!(move);
    else position.undo(move);
    stats.etcProbes++;
    const i = tt.probe(childKey);
    if (i < 0) continue;
    const stored = tt.depth(i);
    const kept = tt.value(i);
    const value = kept - tableShift(c, kept, ply + 1);
    if (
      value > 0 - beta || (tt.bound(i) & BOUND_UPPER) === 0 ||
      !(c.exactDepth
        ? exactUsable(tt, i, stored, childDepth, c.entryKind)
        : stored >= childDepth)
    ) {
      continue;
    }
    // As in step 1, a cut by an entry that met a horizon makes this node's
    // result depend on the depth.
    if (stored <= ENDED_FLOOR) c.horizonLeaves++;
    stats.ttCutoffs++;
    stats.etcCutoffs++;
    stats.steps++;
    if (c.trace !== null) c.tableCut = true;
    // The children before it were probed, not searched: no malus.
    rememberCut(c, ply, depth, move, moves, 0);
    const result = clamp(c, 0 - value, alpha, beta);
    if (c.storeEntries) {
      tt.store(
        key,
        tableValue(c, result, ply),
        c.horizonLeaves !== horizonBefore
          ? ttDepth
          : c.storeEnded && ttDepth !== DEPTH_END
          ? DEPTH_END - ttDepth
          : DEPTH_END,
        move,
        boundOf(result, alpha, beta),
        c.entryKind,
      );
    }
    c.etcValue = result;
    return true;
  }
  return false;
}

/**
 * Takes the position's `winValue` (when it has one) into the context.
 *
 * @throws {Error} naming the searcher when `winValue` is not an integer
 * from 2 to VALUE_INFINITE / 2
 */
function copyWinValue(c: DeepContext, where: string, position: Position) {
  if (position.winValue === undefined) return;
  const win = checkInteger(
    where,
    "position.winValue",
    position.winValue,
    2,
    VALUE_INFINITE / 2,
  );
  c.winValue = win;
  c.winHalf = Math.floor(win / 2);
}

/**
 * `value`, found `ply` plies below the search root, as the table keeps it:
 * a win or loss (beyond ±winHalf, at most ±winValue) as plies from this
 * node rather than from the root, so that the entry depends on the
 * position only ({@linkcode Position.winValue}). Every other value is kept
 * as it is; so is everything when the position has no `winValue`.
 */
function tableValue(c: DeepContext, value: number, ply: number): number {
  if (value > c.winHalf) {
    if (value <= c.winValue) return value + ply + c.plyBase;
  } else if (value < 0 - c.winHalf && value >= 0 - c.winValue) {
    return value - ply - c.plyBase;
  }
  return value;
}

/**
 * The shift {@linkcode tableValue} applied to a stored `stored` read at
 * `ply`: the node's value is `stored − shift`. A kept win lies in
 * (winHalf, winValue + MAX_PLY], which holds no value kept unshifted.
 */
function tableShift(c: DeepContext, stored: number, ply: number): number {
  if (stored > c.winHalf) {
    if (stored <= c.winValue + MAX_PLY) return ply + c.plyBase;
  } else if (stored < 0 - c.winHalf && stored >= 0 - c.winValue - MAX_PLY) {
    return 0 - ply - c.plyBase;
  }
  return 0;
}

/** Fail-hard clamp (identity for fail-soft). */
function clamp(
  c: DeepContext,
  value: number,
  alpha: number,
  beta: number,
): number {
  if (!c.failHard) return value;
  return value < alpha ? alpha : value > beta ? beta : value;
}

/** Scores the moves of ply `ply` and insertion-sorts them, best first, stable. */
function orderMoves(
  c: DeepContext,
  ply: number,
  moves: Int32Array,
  count: number,
  ttMove: number,
): void {
  const flags = c.flags;
  if ((flags & ORDER_ENGINE) !== 0) {
    orderEngineMoves(c, ply, moves, count, ttMove);
    return;
  }
  const scores = c.scores[ply]!;
  const pvMove = (flags & ORDER_PV) !== 0 && c.followPv && ply < c.pvLineLength
    ? c.pvLine[ply]!
    : NO_MOVE;
  const killer1 = (flags & ORDER_KILLER) !== 0 ? c.killers[2 * ply]! : NO_MOVE;
  const killer2 = (flags & ORDER_KILLER) !== 0
    ? c.killers[2 * ply + 1]!
    : NO_MOVE;
  const history = (flags & ORDER_HISTORY) !== 0 ? c.history : null;
  const scorer = c.scorer;
  const position = c.position;
  for (let i = 0; i < count; i++) {
    const move = moves[i]!;
    let score = 0;
    if (move === ttMove && (flags & ORDER_TT) !== 0) score += SCORE_TT;
    if (move === pvMove) score += SCORE_PV;
    if (move === killer1) score += SCORE_KILLER_1;
    else if (move === killer2) score += SCORE_KILLER_2;
    if (history !== null && move < history.length) score += history[move]!;
    if (scorer !== null) score += checkScore(c, scorer(position, move, ply));
    let j = i;
    while (j > 0 && scores[j - 1]! < score) {
      scores[j] = scores[j - 1]!;
      moves[j] = moves[j - 1]!;
      j--;
    }
    scores[j] = score;
    moves[j] = move;
  }
}

/**
 * The engines' order (`"captures"`, `"quiet-killer"`, `"quiet-history"`):
 * table move, PV move, captures that do not lose material by the scorer's
 * score (MVV-LVA), quiet killers, quiet moves by history plus the scorer,
 * then losing captures. Without `"captures"` a capture keeps the scorer's
 * score alone; without `isQuiet` every move is quiet. Stable insertion
 * sort, as {@linkcode orderMoves}.
 */
function orderEngineMoves(
  c: DeepContext,
  ply: number,
  moves: Int32Array,
  count: number,
  ttMove: number,
): void {
  const flags = c.flags;
  const scores = c.scores[ply]!;
  const pvMove = (flags & ORDER_PV) !== 0 && c.followPv && ply < c.pvLineLength
    ? c.pvLine[ply]!
    : NO_MOVE;
  const killers = (flags & ORDER_QUIET_KILLER) !== 0;
  const killer1 = killers ? c.killers[2 * ply]! : NO_MOVE;
  const killer2 = killers ? c.killers[2 * ply + 1]! : NO_MOVE;
  const history = (flags & ORDER_QUIET_HISTORY) !== 0 ? c.quietHistory : null;
  const half = history !== null ? history.length >> 1 : 0;
  const side = history !== null && c.position.turn() !== 1 ? half : 0;
  const counter = c.counterMovesOn ? counterMove(c, ply) : NO_MOVE;
  const captures = (flags & ORDER_CAPTURES) !== 0;
  const exchange = captures && c.hasStaticExchange;
  const scorer = c.scorer;
  const position = c.position;
  const hasIsQuiet = c.hasIsQuiet;
  for (let i = 0; i < count; i++) {
    const move = moves[i]!;
    const isTtMove = move === ttMove && (flags & ORDER_TT) !== 0;
    let score: number;
    if (hasIsQuiet && !position.isQuiet!(move)) {
      score = scorer !== null ? checkScore(c, scorer(position, move, ply)) : 0;
      if (captures) {
        // The exchange is worked out only where it can change the order.
        score += exchange && !isTtMove && move !== pvMove &&
            losesExchange(c, move)
          ? SCORE_LOSING_CAPTURE
          : SCORE_GOOD_CAPTURE;
      }
    } else if (move === killer1) score = SCORE_QUIET_KILLER_1;
    else if (move === killer2) score = SCORE_QUIET_KILLER_2;
    else if (move === counter) score = SCORE_COUNTER_MOVE;
    else {
      score = scorer !== null ? checkScore(c, scorer(position, move, ply)) : 0;
      if (history !== null && move < half) score += history[side + move]!;
    }
    if (isTtMove) score += SCORE_TT;
    if (move === pvMove) score += SCORE_PV;
    let j = i;
    while (j > 0 && scores[j - 1]! < score) {
      scores[j] = scores[j - 1]!;
      moves[j] = moves[j - 1]!;
      j--;
    }
    scores[j] = score;
    moves[j] = move;
  }
}

/**
 * The counter move stored for the move that led to `ply` and the side to
 * move (NO_MOVE at the root, after a pass, or when none is stored).
 */
function counterMove(c: DeepContext, ply: number): number {
  const slot = counterSlot(c, ply);
  return slot < 0 ? NO_MOVE : c.counterMoves[slot]!;
}

/**
 * The counter-move table's slot for the move that led to `ply` and the
 * side to move: −1 at the root, after a pass, or past the table.
 */
function counterSlot(c: DeepContext, ply: number): number {
  if (ply === 0) return -1;
  const previous = c.playedMoves[ply - 1]!;
  const half = c.counterMoves.length >> 1;
  if (previous < 0 || previous >= half) return -1;
  return (c.position.turn() !== 1 ? half : 0) + previous;
}

/** Whether `move` loses by static exchange: the position's sign test when it has one. */
function losesExchange(c: DeepContext, move: number): boolean {
  return c.hasLosesExchange
    ? c.position.losesExchange!(move)
    : c.position.staticExchange!(move) < 0;
}

/** A scorer's value when it is an integer within ±2^24; an `Error` otherwise. */
function checkScore(c: DeepContext, score: number): number {
  if ((score | 0) !== score || score > 1 << 24 || score < -(1 << 24)) {
    throw new Error(
      `${c.where}: the order scorer must return an integer within ±16777216 (2^24), got ${
        describe(score)
      }`,
    );
  }
  return score;
}

/**
 * Killer and history updates after `move` caused a cut at `ply`, the moves
 * `moves[0 … tried − 1]` having been searched before it and failed low.
 */
function rememberCut(
  c: DeepContext,
  ply: number,
  depth: number,
  move: number,
  moves: Int32Array,
  tried: number,
): void {
  if ((c.flags & ORDER_ENGINE) !== 0) {
    rememberQuietCut(c, ply, depth, move, moves, tried);
    return;
  }
  if ((c.flags & ORDER_KILLER) !== 0) {
    const k = 2 * ply;
    if (c.killers[k] !== move) {
      c.killers[k + 1] = c.killers[k]!;
      c.killers[k] = move;
    }
  }
  if ((c.flags & ORDER_HISTORY) !== 0 && move < c.history.length) {
    const d = depth > 64 ? 64 : depth;
    const history = c.history;
    history[move] = history[move]! + d * d;
    if (history[move]! > HISTORY_LIMIT) {
      for (let m = 0; m < history.length; m++) history[m] = history[m]! >> 1;
    }
  }
}

/**
 * The engines' updates after `move` caused a cut: a quiet cut move
 * becomes the ply's newer killer and earns a history bonus of depth², and
 * each quiet move searched before it the same malus; a capture that cuts
 * teaches nothing (its place comes from its own score). Entries move by
 * `bonus · (1 − |entry| / QUIET_HISTORY_MAX)` towards ±QUIET_HISTORY_MAX,
 * so they stay within it and recent cuts weigh more than old ones.
 */
function rememberQuietCut(
  c: DeepContext,
  ply: number,
  depth: number,
  move: number,
  moves: Int32Array,
  tried: number,
): void {
  const position = c.position;
  if (c.hasIsQuiet && !position.isQuiet!(move)) return;
  if ((c.flags & ORDER_QUIET_KILLER) !== 0) {
    const k = 2 * ply;
    if (c.killers[k] !== move) {
      c.killers[k + 1] = c.killers[k]!;
      c.killers[k] = move;
    }
  }
  if (c.counterMovesOn) {
    const slot = counterSlot(c, ply);
    if (slot >= 0) c.counterMoves[slot] = move;
  }
  if ((c.flags & ORDER_QUIET_HISTORY) === 0) return;
  const history = c.quietHistory;
  const half = history.length >> 1;
  const side = position.turn() !== 1 ? half : 0;
  const bonus = depth >= 32 ? 1024 : depth * depth;
  if (move < half) {
    const h = history[side + move]!;
    history[side + move] = h + bonus -
      Math.trunc(h * bonus / QUIET_HISTORY_MAX);
  }
  for (let i = 0; i < tried; i++) {
    const tried = moves[i]!;
    if (tried >= half || (c.hasIsQuiet && !position.isQuiet!(tried))) {
      continue;
    }
    const h = history[side + tried]!;
    history[side + tried] = h - bonus -
      Math.trunc(h * bonus / QUIET_HISTORY_MAX);
  }
}

/**
 * The value of the current position from the side to move's view, under
 * the bound contract above, searching `depth` more plies.
 */
export function deepNode(
  c: DeepContext,
  ply: number,
  depth: number,
  alpha: number,
  beta: number,
): number {
  const position = c.position;
  const stats = c.stats;
  stats.nodes++;
  stats.steps++;
  c.clearLine(ply);
  if (
    stats.nodes > c.nodeLimit ||
    ((stats.nodes & c.timeMask) === 0 && c.outOfTime())
  ) {
    c.aborted = true;
    return 0;
  }
  if (position.isTerminal()) {
    stats.leaves++;
    stats.steps++;
    return clamp(c, c.checkValue(position.evaluate()), alpha, beta);
  }
  // Step 0. Check extension: a check may hide a forced line (a mate, a
  // lost piece) just past the horizon, and evasions are few, so a position
  // in check is searched a ply deeper; the ply cap keeps a checking
  // sequence from deepening the search without bound.
  if (c.checkExtensions) {
    if (ply === 0) c.rootDepth = depth;
    else if (ply < 2 * c.rootDepth && position.isCheck!()) depth++;
  }
  if (depth === 0) {
    c.horizonLeaves++;
    if (c.quiescence) {
      c.quiescenceFrom = ply;
      return quiesce(c, ply, alpha, beta);
    }
    stats.leaves++;
    stats.steps++;
    return clamp(c, c.checkValue(position.evaluate()), alpha, beta);
  }
  // Step 1. Transposition table: a deep enough entry may settle the node.
  // A subtree that meets no horizon is stored as searched to the end.
  const horizonBefore = c.horizonLeaves;
  const alphaOrig = alpha;
  const tt = c.tt;
  const key = tt !== null ? tableKey(c) : 0;
  const ttDepth = tableDepth(depth);
  let ttMove = NO_MOVE;
  // The singular test's candidate: the table's move when its entry is a
  // lower bound (or exact) searched nearly as deep, and its value.
  const excluded = c.singularMinDepth !== 0 ? c.excludedMoves[ply]! : NO_MOVE;
  let singularMove = NO_MOVE;
  let singularValue = 0;
  if (tt !== null && excluded === NO_MOVE) {
    const i = tt.probe(key);
    if (i >= 0) {
      ttMove = tt.move(i);
      if (
        c.singularMinDepth !== 0 && ply > 0 && depth >= c.singularMinDepth &&
        ttMove !== NO_MOVE && (tt.bound(i) & BOUND_LOWER) !== 0 &&
        tt.depth(i) >= depth - 3
      ) {
        const stored = tt.value(i) - tableShift(c, tt.value(i), ply);
        if (stored > -DECISIVE && stored < DECISIVE) {
          singularMove = ttMove;
          singularValue = stored;
        }
      }
      // The node's value is the stored one less `shift`: the window moves
      // instead, so the bound test (and its counters) stays the table's.
      const shift = tableShift(c, tt.value(i), ply);
      if (
        ply > 0 && c.tableCutoffs &&
        (c.exactDepth
          ? exactCutoff(
            tt,
            i,
            ttDepth,
            c.entryKind,
            alpha + shift,
            beta + shift,
          )
          : tt.cutoff(i, ttDepth, alpha + shift, beta + shift))
      ) {
        stats.ttCutoffs++;
        stats.steps++;
        if (c.trace !== null) c.tableCut = true;
        if (tt.depth(i) <= ENDED_FLOOR) c.horizonLeaves++;
        return clamp(c, tt.value(i) - shift, alpha, beta);
      }
    }
  }
  // Step 2. Selective pruning before any move (off unless asked for; never
  // at the root or in check, where a static guess is least trustworthy).
  // A PV node (a window wider than null) is where the value itself is
  // wanted: the later techniques (reverse futility, late-move pruning, the
  // depth-adaptive null move) prune only at the others, where a bound
  // suffices.
  const pvNode = beta - alpha > 1;
  let inCheck = false;
  let futilityBase = VALUE_INFINITE;
  // `improving` on and the static value not above the same side's last one.
  let worsening = false;
  if (c.improving && excluded === NO_MOVE) c.staticValues[ply] = NO_STATIC;
  if (c.selective && ply > 0 && excluded === NO_MOVE) {
    inCheck = c.hasIsCheck && position.isCheck!();
    if (!inCheck) {
      // A call of evaluate() is a leaf in the counters (the contract of
      // stats.leaves), though the node goes on.
      stats.leaves++;
      const staticEval = c.checkValue(position.evaluate());
      if (c.improving) {
        worsening = !isImproving(c, ply, staticEval);
        c.staticValues[ply] = staticEval;
      }
      // Step 2a. Razoring: so far below alpha this close to the horizon
      // that only captures could save it; if quiescence (or the static
      // value) fails low too, trust it and skip the moves.
      const razor = c.razorMargins;
      if (
        razor !== null && depth <= razor.length &&
        staticEval + razor[depth - 1]! <= alpha
      ) {
        c.horizonLeaves++;
        if (!c.quiescence || !c.hasNoisy) {
          return clamp(c, staticEval, alpha, beta);
        }
        c.quiescenceFrom = ply;
        const value = quiesce(c, ply, alpha, alpha + 1);
        if (c.aborted) return 0;
        if (value <= alpha) return clamp(c, value, alpha, beta);
        c.clearLine(ply);
      }
      // Step 2a'. Reverse futility (static null move): so far above beta
      // this close to the horizon that the opponent is assumed unable to
      // recover `margin` per ply; the static value is returned (fail-soft,
      // a lower bound claimed without a search). Never on a decisive
      // value, so that a mate score is always searched.
      if (
        c.rfpMargin !== 0 && !pvNode && depth <= c.rfpMaxDepth &&
        beta > -DECISIVE && beta < DECISIVE && staticEval < DECISIVE &&
        staticEval -
              c.rfpMargin * (c.improving && !worsening ? depth - 1 : depth) >=
          beta
      ) {
        c.horizonLeaves++;
        return clamp(c, staticEval, alpha, beta);
      }
      // Step 2b. Null move: if the side to move could pass and still stay
      // at or above beta after a shallower search, a real move (assumed
      // better than passing) would too, so the node fails high.
      if (
        c.nullReduction !== 0 && depth >= c.nullMinDepth &&
        c.nullPly !== ply - 1 && staticEval >= beta &&
        (c.nullDivisor === 0 || (!pvNode && beta < DECISIVE)) &&
        (!c.hasNullAllowed || position.nullMoveAllowed!())
      ) {
        const value = nullMoveSearch(c, ply, depth, beta, staticEval);
        if (c.aborted) return 0;
        if (value >= beta) {
          // A pass proved a bound, not a value: return beta itself, never
          // an unproven mate score.
          c.horizonLeaves++;
          return clamp(c, beta, alpha, beta);
        }
      }
      // Step 2c. Futility: quiet moves cannot lift a hopeless static value
      // by more than the margin within so few plies (tested per move, as
      // alpha may rise).
      const futility = c.futilityMargins;
      if (futility !== null && depth <= futility.length) {
        futilityBase = staticEval + futility[depth - 1]!;
      }
    }
  }
  // Step 2d. Singular extension: when every move but the table's falls
  // short of its value by a margin, at half the depth, that move is forced
  // and is searched a ply deeper; when even the others reach beta, the
  // node fails high without its moves (several moves refute the line).
  let extendedMove = NO_MOVE;
  if (singularMove !== NO_MOVE) {
    const singularBeta = singularValue - c.singularMargin * depth;
    const value = singularSearch(c, ply, depth, singularMove, singularBeta);
    if (c.aborted) return 0;
    if (value < singularBeta) extendedMove = singularMove;
    else if (singularBeta >= beta) {
      c.horizonLeaves++;
      return clamp(c, singularBeta, alpha, beta);
    }
  }
  // Step 3. Moves, ordered.
  const moves = c.moves[ply]!;
  const generated = position.generateMoves(moves);
  const count = c.trustGenerated ? generated : c.checkCount(generated);
  if (count === 0) {
    stats.leaves++;
    stats.steps++;
    return clamp(c, c.checkValue(position.evaluate()), alpha, beta);
  }
  // Step 3a. Enhanced transposition cutoffs: a child the table already
  // proves to fail low for the opponent (an upper bound at or below −beta,
  // searched deep enough) makes this node fail high. Searching the first
  // move may cost a whole subtree and still not cut, whereas a probe per
  // child costs a play, a key and an undo; the child's own table probe
  // would have made the same cut, so the value cannot change. Not at the
  // root (which needs a searched move and line), nor one ply from the
  // horizon, whose children are evaluated and never answered by the table.
  if (
    c.enhancedCutoffs && ply > 0 && depth >= 2 && excluded === NO_MOVE &&
    enhancedCutoff(
      c,
      ply,
      depth,
      alphaOrig,
      beta,
      moves,
      count,
      key,
      horizonBefore,
    )
  ) {
    return c.etcValue;
  }
  c.reach(ply + 1);
  if (c.flags !== 0 || c.scorer !== null) {
    orderMoves(c, ply, moves, count, ttMove);
  }
  // Step 4. The move loop. The moves come from `generateMoves` here: see
  // `Position.playGenerated`.
  const trusted = c.trustGenerated;
  let bestValue = -VALUE_INFINITE;
  let bestMove = NO_MOVE;
  // Late-move pruning's quota at this node (−1: off here).
  let lmpQuota = c.lmpMaxDepth !== 0 && !pvNode && ply > 0 && !inCheck &&
      depth <= c.lmpMaxDepth
    ? c.lmpBaseMoves + depth * depth
    : -1;
  if (worsening && lmpQuota > 0) lmpQuota >>= 1;
  // Exchange pruning applies at this node (a search of the moves only).
  const exchangePrunes = c.exchangeMaxDepth !== 0 && !pvNode && ply > 0 &&
    !inCheck && depth <= c.exchangeMaxDepth;
  let quietMoves = 0;
  stats.steps += 3;
  for (let i = 0; i < count; i++) {
    const move = moves[i]!;
    if (move === excluded) continue;
    let reduction = 0;
    if (c.selective && i > 0 && (!c.hasIsQuiet || position.isQuiet!(move))) {
      // Step 4'. Late-move pruning: past its quota of quiet moves, a node
      // near the horizon skips the rest, once a move has shown the node is
      // not lost to a mate (a decisive best value is always searched on).
      // A move that gives check is kept: it may be a quiet mate, which
      // quiescence below would not find either.
      quietMoves++;
      if (
        lmpQuota >= 0 && quietMoves > lmpQuota && bestValue > -DECISIVE &&
        !givesCheck(c, move)
      ) {
        c.horizonLeaves++;
        continue;
      }
      // Step 4''. Exchange pruning of a quiet move that leaves its piece
      // to be won for less than it is worth.
      if (
        exchangePrunes && bestValue > -DECISIVE &&
        position.staticExchange!(move) < -c.exchangeQuietMargin * depth
      ) {
        c.horizonLeaves++;
        continue;
      }
      // Step 4a. Futility pruning of this quiet move: its value is at most
      // the static value plus the margin, which is kept as the fail-soft
      // bound.
      if (futilityBase <= alpha) {
        if (futilityBase > bestValue) bestValue = futilityBase;
        c.horizonLeaves++;
        continue;
      }
      // Step 4b. Late-move reduction: good moves come early in a well
      // ordered list, so a late quiet one is first searched shallower.
      if (
        c.lmrReduction !== 0 && i >= c.lmrFullMoves &&
        depth >= c.lmrMinDepth && !inCheck
      ) {
        reduction = c.lmrLog
          ? lmrLogReduction(depth, i + 1, pvNode)
          : c.lmrReduction;
        if (c.improving || c.lmrHistoryDivisor !== 0) {
          reduction = adjustedReduction(
            c,
            ply,
            depth,
            move,
            reduction,
            worsening,
          );
        }
      }
    } else if (
      exchangePrunes && i > 0 && bestValue > -DECISIVE &&
      position.staticExchange!(move) < -c.exchangeCaptureMargin * depth
    ) {
      // Step 4''. Exchange pruning of a capture that loses too much.
      c.horizonLeaves++;
      continue;
    }
    if (c.counterMovesOn) c.playedMoves[ply] = move;
    if (trusted) position.playGenerated!(move);
    else position.play(move);
    let value: number;
    try {
      const childDepth = move === extendedMove ? depth : depth - 1;
      if (reduction !== 0) {
        value = reducedSearch(c, ply, depth, alpha, beta, reduction);
      } else if (c.pvs && i > 0) {
        // Null-window test: can this move beat alpha at all?
        value = 0 - deepNode(c, ply + 1, childDepth, 0 - alpha - 1, 0 - alpha);
        if (value > alpha && value < beta && !c.aborted) {
          stats.researches++;
          value = 0 - deepNode(c, ply + 1, childDepth, 0 - beta, 0 - alpha);
        }
      } else {
        value = 0 - deepNode(c, ply + 1, childDepth, 0 - beta, 0 - alpha);
      }
    } catch (error) {
      // Whatever threw below (see SearchContext), the caller gets its position back.
      if (trusted) position.undoGenerated!(move);
      else position.undo(move);
      throw error;
    }
    if (trusted) position.undoGenerated!(move);
    else position.undo(move);
    c.followPv = false;
    if (c.aborted) return 0;
    if (c.trace !== null) {
      c.trace.node(ply + 1, move, 0 - beta, 0 - alpha, 0 - value, c.tableCut);
      c.tableCut = false;
    }
    stats.steps += 5;
    if (value > bestValue) {
      bestValue = value;
      bestMove = move;
      stats.steps++;
      if (ply === 0) {
        c.rootMove = move;
        c.rootValue = value;
      }
    }
    if (bestValue > alpha) {
      alpha = bestValue;
      stats.steps++;
      c.updatePv(ply, move);
      if (ply === 0 && c.keepAfterDone) {
        c.raisedMove = move;
        c.raisedValue = bestValue;
      }
    }
    // Only a move that raises alpha after the previous iteration's move was
    // searched has beaten it (before, alpha may not hold that move yet).
    if (ply === 0 && move === c.keepAfter) c.keepAfterDone = true;
    if (alpha >= beta) {
      stats.cutoffs++;
      stats.steps++;
      rememberCut(c, ply, depth, move, moves, i);
      break;
    }
    stats.steps++;
  }
  if (alpha < beta) stats.steps += 2;
  // Step 5. Store the result with its bound type.
  const result = clamp(c, bestValue, alphaOrig, beta);
  if (tt !== null && c.storeEntries && excluded === NO_MOVE) {
    tt.store(
      key,
      tableValue(c, result, ply),
      c.horizonLeaves !== horizonBefore
        ? ttDepth
        : c.storeEnded && ttDepth !== DEPTH_END
        ? DEPTH_END - ttDepth
        : DEPTH_END,
      bestMove,
      boundOf(result, alphaOrig, beta),
      c.entryKind,
    );
  }
  return result;
}

/**
 * Whether `move` gives check (false when the position cannot tell): played,
 * tested and undone, also when the test throws.
 */
function givesCheck(c: DeepContext, move: number): boolean {
  if (!c.hasIsCheck) return false;
  const position = c.position;
  if (c.trustGenerated) position.playGenerated!(move);
  else position.play(move);
  try {
    return position.isCheck!();
  } finally {
    if (c.trustGenerated) position.undoGenerated!(move);
    else position.undo(move);
  }
}

/**
 * Null-move pruning's search (step 2b): the side to move passes and the
 * opponent gets a null window at beta, `nullReduction` plies shallower
 * (depth-adaptive: also `floor(depth / nullDivisor)` shallower, leaving at
 * least 1 ply).
 * The trace is held back (a pass is no move of the tree) and no pass
 * follows a pass. Returns the value from the passing side's view.
 */
function nullMoveSearch(
  c: DeepContext,
  ply: number,
  depth: number,
  beta: number,
  staticEval: number,
): number {
  const position = c.position;
  let reduced = depth - 1 - c.nullReduction;
  // The depth-adaptive reduction keeps at least one full ply: quiescence
  // plays captures only (and skips losing ones), so a pass straight into it
  // would not see a quiet mate in one, and the node would be cut on a threat
  // it never looked at.
  if (c.nullDivisor !== 0) {
    reduced -= Math.floor(depth / c.nullDivisor);
    if (c.nullEvalDivisor !== 0) {
      // The further the static value is above beta, the less the pass
      // needs searching to show the opponent cannot get back.
      const lead = Math.floor((staticEval - beta) / c.nullEvalDivisor);
      reduced -= lead < 3 ? lead : 3;
    }
    if (reduced < 1) reduced = 1;
  }
  const savedNullPly = c.nullPly;
  const trace = c.trace;
  c.reach(ply + 1);
  if (c.counterMovesOn) c.playedMoves[ply] = NO_MOVE;
  position.playNull!();
  c.nullPly = ply;
  c.trace = null;
  try {
    return 0 - deepNode(
      c,
      ply + 1,
      reduced > 0 ? reduced : 0,
      0 - beta,
      0 - beta + 1,
    );
  } finally {
    position.undoNull!();
    c.nullPly = savedNullPly;
    c.trace = trace;
  }
}

/**
 * The singular test's search (step 2d): the node again, at half the depth
 * with a null window at `singularBeta`, without `move` (and without the
 * table's value, pruning before the moves, or a store). The trace is held
 * back, as for a null move. Returns the node's value without that move.
 */
function singularSearch(
  c: DeepContext,
  ply: number,
  depth: number,
  move: number,
  singularBeta: number,
): number {
  const trace = c.trace;
  c.trace = null;
  c.excludedMoves[ply] = move;
  try {
    return deepNode(
      c,
      ply,
      (depth - 1) >> 1,
      singularBeta - 1,
      singularBeta,
    );
  } finally {
    c.excludedMoves[ply] = NO_MOVE;
    c.trace = trace;
  }
}

/**
 * Late-move reduction's plies after `improving` (one more at a node whose
 * static value fell) and `historyDivisor` (one less for a killer, and the
 * quiet history's share), within 0 and `depth − 2` (at least 1 ply left).
 */
function adjustedReduction(
  c: DeepContext,
  ply: number,
  depth: number,
  move: number,
  reduction: number,
  worsening: boolean,
): number {
  let r = reduction;
  if (worsening) r++;
  if (c.lmrHistoryDivisor !== 0) {
    if (move === c.killers[2 * ply] || move === c.killers[2 * ply + 1]) r--;
    const history = c.quietHistory;
    const half = history.length >> 1;
    if (move < half) {
      const side = c.position.turn() !== 1 ? half : 0;
      r -= Math.trunc(history[side + move]! / c.lmrHistoryDivisor);
    }
  }
  if (r > depth - 2) r = depth - 2;
  return r > 0 ? r : 0;
}

/**
 * Late-move reduction's search of the move just played (step 4b): a null
 * window at alpha, `reduction` plies shallower (a move that gives check is
 * not reduced); a move that beats alpha there is searched again as usual.
 *
 * The trace sees only the full-window pass: the parent reports the move
 * once, so a pass whose subtree it also reported would hang two or three
 * copies of the grandchildren under it. The reduced and null-window tests
 * are held back, as a null move's search is, and a move they settle is
 * reported without children. A table cut in a held-back pass leaves no
 * `tableCut` behind either (it is set only while the trace is on), so it
 * cannot label a node of the reported pass.
 */
function reducedSearch(
  c: DeepContext,
  ply: number,
  depth: number,
  alpha: number,
  beta: number,
  reduction: number,
): number {
  const trace = c.trace;
  c.trace = null;
  try {
    if (!(c.hasIsCheck && c.position.isCheck!())) {
      const reduced = depth - 1 - reduction;
      const value = 0 -
        deepNode(
          c,
          ply + 1,
          reduced > 0 ? reduced : 0,
          0 - alpha - 1,
          0 - alpha,
        );
      if (value <= alpha || c.aborted) return value;
      c.stats.researches++;
    }
    if (c.pvs) {
      const value = 0 -
        deepNode(c, ply + 1, depth - 1, 0 - alpha - 1, 0 - alpha);
      if (!(value > alpha && value < beta) || c.aborted) return value;
    }
  } finally {
    c.trace = trace;
  }
  return 0 - deepNode(c, ply + 1, depth - 1, 0 - beta, 0 - alpha);
}

/**
 * Quiescence at the horizon (lesson 003, T003.5): the side to move may stand
 * pat on the static evaluation or play a noisy move; same bound contract.
 * The horizon node itself was counted by the caller.
 */
function quiesce(
  c: DeepContext,
  ply: number,
  alpha: number,
  beta: number,
): number {
  const position = c.position;
  const stats = c.stats;
  const alphaOrig = alpha;
  const moves = c.moves[ply]!;
  let bestValue: number;
  let count: number;
  let skipLosing = c.skipLosingCaptures;
  // `quiescenceTable`: an entry of any depth may settle the node (never the
  // root, which needs a searched move).
  const tt = c.quiescenceTable && ply > 0 && c.tt !== null ? c.tt : null;
  let key = 0;
  if (tt !== null) {
    key = tableKey(c);
    const i = tt.probe(key);
    if (i >= 0) {
      const shift = tableShift(c, tt.value(i), ply);
      if (tt.cutoff(i, 0, alpha + shift, beta + shift)) {
        stats.ttCutoffs++;
        stats.steps++;
        return clamp(c, tt.value(i) - shift, alpha, beta);
      }
    }
  }
  let bestMove = NO_MOVE;
  if (
    c.quiescenceEvasions && ply - c.quiescenceFrom < EVASION_PLIES &&
    position.isCheck!()
  ) {
    // In check there is no standing pat: every evasion is searched (the
    // node is not terminal, so there is at least one), none skipped.
    count = position.generateMoves(moves);
    if (!c.trustGenerated) c.checkCount(count);
    if (count === 0) {
      stats.leaves++;
      stats.steps++;
      return clamp(c, c.checkValue(position.evaluate()), alpha, beta);
    }
    bestValue = -VALUE_INFINITE;
    skipLosing = false;
  } else {
    stats.leaves++;
    stats.steps++;
    const standPat = c.checkValue(position.evaluate());
    if (standPat >= beta || !c.hasNoisy) {
      const result = clamp(c, standPat, alpha, beta);
      if (tt !== null) {
        storeQuiescence(c, tt, key, ply, result, alphaOrig, beta, NO_MOVE);
      }
      return result;
    }
    bestValue = standPat;
    if (bestValue > alpha) alpha = bestValue;
    count = position.generateNoisyMoves!(moves);
    if (!c.trustGenerated) c.checkCount(count);
  }
  if (count !== 0) c.reach(ply + 1);
  stats.steps += 3;
  // Generated here (noisy moves or evasions): see `Position.playGenerated`.
  const trusted = c.trustGenerated;
  for (let i = 0; i < count; i++) {
    const move = moves[i]!;
    // A quiet move among the noisy ones (a check) has no exchange to lose.
    if (
      skipLosing && !(c.hasIsQuiet && position.isQuiet!(move)) &&
      losesExchange(c, move)
    ) continue;
    if (trusted) position.playGenerated!(move);
    else position.play(move);
    let value: number;
    try {
      value = 0 - quiescenceNode(c, ply + 1, 0 - beta, 0 - alpha);
    } catch (error) {
      if (trusted) position.undoGenerated!(move);
      else position.undo(move);
      throw error;
    }
    if (trusted) position.undoGenerated!(move);
    else position.undo(move);
    if (c.aborted) return 0;
    stats.steps += 5;
    if (value > bestValue) {
      bestValue = value;
      bestMove = move;
      stats.steps++;
      if (ply === 0) {
        // A budget stop reports this move with its value (stoppedResult).
        c.rootMove = move;
        c.rootValue = value;
      }
    }
    if (bestValue > alpha) {
      alpha = bestValue;
      stats.steps++;
      c.updatePv(ply, move);
    }
    if (alpha >= beta) {
      stats.cutoffs++;
      stats.steps++;
      break;
    }
    stats.steps++;
  }
  if (alpha < beta) stats.steps += 2;
  const result = clamp(c, bestValue, alphaOrig, beta);
  if (tt !== null) {
    storeQuiescence(c, tt, key, ply, result, alphaOrig, beta, bestMove);
  }
  return result;
}

/** `quiescenceTable`'s store of a quiescence node's result, at depth 0. */
function storeQuiescence(
  c: DeepContext,
  tt: TranspositionTable,
  key: number,
  ply: number,
  result: number,
  alphaOrig: number,
  beta: number,
  bestMove: number,
): void {
  if (!c.storeEntries) return;
  tt.store(
    key,
    tableValue(c, result, ply),
    0,
    bestMove,
    boundOf(result, alphaOrig, beta),
    c.entryKind,
  );
}

/** A node below the horizon: counted, then terminal test, then quiescence. */
function quiescenceNode(
  c: DeepContext,
  ply: number,
  alpha: number,
  beta: number,
): number {
  const stats = c.stats;
  stats.nodes++;
  stats.quiescenceNodes++;
  stats.steps++;
  c.clearLine(ply);
  if (
    stats.nodes > c.nodeLimit ||
    ((stats.nodes & c.timeMask) === 0 && c.outOfTime())
  ) {
    c.aborted = true;
    return 0;
  }
  if (c.position.isTerminal()) {
    stats.leaves++;
    stats.steps++;
    return clamp(c, c.checkValue(c.position.evaluate()), alpha, beta);
  }
  return quiesce(c, ply, alpha, beta);
}
