/**
 * The one place a searcher's options are read. Each public searcher calls
 * {@linkcode resolveSearchSettings} once, at its entry, before the position
 * is touched: every option it knows is read exactly once, checked (type,
 * range, combination; errors name the searcher, the option, the value and
 * the rule), completed with its default and returned as one typed, frozen
 * {@linkcode SearchSettings}. The contexts copy the settings into their own
 * fields when they are built, so the recursion reads fields as before and
 * nothing below the entry ever sees the caller's object.
 *
 * @module
 */

import { MAX_MOVE_RANGE, VALUE_INFINITE } from "../position.ts";
import {
  checkBoolean,
  checkInteger,
  describe,
  readOptions,
} from "../validate.ts";
import {
  type ExchangePruningSettings,
  type LateMovePruningSettings,
  type LateMoveReductionSettings,
  type NullMoveSettings,
  resolveSelective,
  type ReverseFutilitySettings,
  type SingularExtensionsSettings,
} from "./_selective_settings.ts";
import { DEFAULT_MAX_NODES, UNLIMITED_DEPTH } from "./_search_context.ts";
import type { DepthRow, PreviousHint } from "./iterative_deepening.ts";
import {
  type MoveOrder,
  type MoveScorer,
  ORDER_PV,
  ORDER_QUIET_HISTORY,
  type OrderOption,
  resolveOrder,
} from "./ordering.ts";
import type { SearchTrace } from "./search_trace.ts";
import { TranspositionTable } from "./transposition_table.ts";

export type { LateMoveReductionSettings, NullMoveSettings };

/**
 * The deepest `depth` a searcher accepts, 2^30 − 1: one less than
 * {@linkcode UNLIMITED_DEPTH}, the depth of a search given none.
 */
const MAX_DEPTH = UNLIMITED_DEPTH - 1;

/** Entries of the table MTD(f) and SSS* make when the caller passes none. */
export const DEFAULT_TABLE_ENTRIES = 1 << 16;

/** What one search was asked to do, checked and completed with the defaults. */
export interface SearchSettings {
  /** The searcher, as the user called it: every error names it. */
  readonly where: string;
  /** Plies to search ({@linkcode UNLIMITED_DEPTH} without `depth`). */
  readonly depth: number;
  /** Nodes allowed (`Infinity`: none; {@linkcode DEFAULT_MAX_NODES} when `byDefault`). */
  readonly maxNodes: number;
  /** Milliseconds allowed (`Infinity`: none). */
  readonly timeMs: number;
  /**
   * No `depth`, no `maxNodes` and no finite `timeMs` (absent or `Infinity`,
   * which means no time limit): the default node budget applies.
   */
  readonly byDefault: boolean;
  /** The stop flag another thread may raise (`interrupt`), or null. */
  readonly interrupt: Int32Array | null;
  /** The root window (default ±VALUE_INFINITE), alpha < beta. */
  readonly alpha: number;
  readonly beta: number;
  /** Alpha-beta's recorder of windows and values, or null. */
  readonly trace: SearchTrace | null;
  /**
   * Only the plain options (depth, budgets, window, trace) were given:
   * alpha-beta may run the course's own recursion (golden counts).
   */
  readonly plain: boolean;
  /** The transposition table (MTD(f) and SSS*: a fresh one without `tt`), or null. */
  readonly tt: TranspositionTable | null;
  /** The `order` option as `ORDER_*` flags and an optional scorer. */
  readonly orderFlags: number;
  readonly scorer: MoveScorer | null;
  readonly failHard: boolean;
  readonly exactDepth: boolean;
  /** Size of the history table (null: the position's `moveLimit`, else `maxMoves`). */
  readonly maxMove: number | null;
  readonly tableCutoffs: boolean;
  readonly enhancedCutoffs: boolean;
  /** Null-move pruning's parameters, or null when off. */
  readonly nullMove: NullMoveSettings | null;
  /** Late-move reductions' parameters, or null when off. */
  readonly lateMoveReductions: LateMoveReductionSettings | null;
  /** Futility and razoring margins by distance to the horizon, or null when off. */
  readonly futilityMargins: readonly number[] | null;
  readonly razorMargins: readonly number[] | null;
  /** Reverse futility pruning's parameters, or null when off. */
  readonly reverseFutility: ReverseFutilitySettings | null;
  /** Late-move pruning's parameters, or null when off. */
  readonly lateMovePruning: LateMovePruningSettings | null;
  /** Exchange pruning's parameters, or null when off. */
  readonly exchangePruning: ExchangePruningSettings | null;
  /** Singular extensions' parameters, or null when off. */
  readonly singularExtensions: SingularExtensionsSettings | null;
  /** Reverse futility, late-move pruning and reductions follow whether the static value rises. */
  readonly improving: boolean;
  /** Quiescence probes and stores the table. */
  readonly quiescenceTable: boolean;
  readonly checkExtensions: boolean;
  /** Quiescence leaves out captures that lose by static exchange. */
  readonly skipLosingCaptures: boolean;
  /** Quiescence searches every move out of check instead of standing pat. */
  readonly quiescenceEvasions: boolean;
  /** Iterative deepening's PVS: null-window tests for all but the first move. */
  readonly pvs: boolean;
  /** MTD(f)'s and aspiration's first guess (null: none given). */
  readonly guess: number | null;
  /** Aspiration half-width (`delta`, `aspirationDelta`; null: full windows). */
  readonly aspirationDelta: number | null;
  /** What each iteration of iterative deepening searches first. */
  readonly previous: PreviousHint;
  /** Quiescence at the horizon (iterative deepening's `quiescence`). */
  readonly quiescence: boolean;
  /** Iterative deepening keeps a cut iteration's root move that beat the previous one. */
  readonly keepCutMove: boolean;
  /** Iterative deepening's report of each finished iteration (null: none). */
  readonly onIteration: ((row: DepthRow) => boolean | void) | null;
}

/** The keys of the course's plain recursion. */
const SEARCH_KEYS = ["depth", "maxNodes", "timeMs"] as const;

/** The keys every searcher of lessons 002–003 reads (`DeepSearchOptions`). */
const DEEP_KEYS = [
  ...SEARCH_KEYS,
  "tt",
  "order",
  "failHard",
  "maxMove",
  "exactDepth",
  "interrupt",
  "nullMove",
  "lateMoveReductions",
  "futility",
  "razoring",
  "reverseFutility",
  "lateMovePruning",
  "exchangePruning",
  "singularExtensions",
  "improving",
  "checkExtensions",
  "skipLosingCaptures",
  "quiescenceEvasions",
  "quiescenceTable",
  "tableCutoffs",
  "enhancedCutoffs",
] as const;

/** Options that keep alpha-beta on its plain recursion. */
const PLAIN_KEYS: readonly string[] = [
  ...SEARCH_KEYS,
  "alpha",
  "beta",
  "trace",
];

/** What a searcher accepts, and the defaults of its own. */
interface SearcherRules {
  /** Its option keys, in the order error messages list them. */
  readonly keys: readonly OptionKey[];
  /** Its null-window passes need fail-soft results and table cuts: its name in refusals. */
  readonly passes?: string;
  /** Make a fresh table of {@linkcode DEFAULT_TABLE_ENTRIES} without `tt`. */
  readonly ownTable?: boolean;
  /** It always searches quiescence at the horizon (the `quiescence` searcher). */
  readonly quiesces?: boolean;
  /** Ordering without `order` (default: `"tt"` with a table, else `"natural"`). */
  readonly order?: MoveOrder;
  /** Aspiration half-width without `delta`. */
  readonly delta?: number;
  /**
   * It deepens and sets the line `order: "pv"` follows (`"always"`, or
   * `"withoutGuess"`: aspiration, which deepens only without a guess);
   * absent, `"pv"` would order nothing and is refused.
   */
  readonly setsPvLine?: "always" | "withoutGuess";
}

type OptionKey =
  | (typeof DEEP_KEYS)[number]
  | "alpha"
  | "beta"
  | "trace"
  | "guess"
  | "delta"
  | "previous"
  | "aspirationDelta"
  | "quiescence"
  | "pvs"
  | "keepCutMove"
  | "onIteration";

/** Every public searcher that takes these options, with its rules. */
const SEARCHERS = {
  minimax: { keys: SEARCH_KEYS },
  negamax: { keys: SEARCH_KEYS },
  alphaBeta: { keys: [...DEEP_KEYS, "alpha", "beta", "trace"] },
  pvs: { keys: [...DEEP_KEYS, "alpha", "beta"] },
  quiescence: { keys: [...DEEP_KEYS, "alpha", "beta"], quiesces: true },
  iterativeDeepening: {
    keys: [
      ...DEEP_KEYS,
      "previous",
      "aspirationDelta",
      "quiescence",
      "pvs",
      "keepCutMove",
      "onIteration",
    ],
    setsPvLine: "always",
  },
  aspiration: {
    keys: [...DEEP_KEYS, "delta", "guess"],
    delta: 1,
    setsPvLine: "withoutGuess",
  },
  mtdf: { keys: [...DEEP_KEYS, "guess"], passes: "MTD(f)", ownTable: true },
  sssStar: {
    keys: DEEP_KEYS,
    passes: "SSS*",
    ownTable: true,
    order: "natural",
  },
} as const satisfies Record<string, SearcherRules>;

/** The name of a searcher that {@linkcode resolveSearchSettings} knows. */
export type Searcher = keyof typeof SEARCHERS;

/** The rules of the probe searches that complete a principal variation. */
const PROBE: SearcherRules = { keys: DEEP_KEYS };

/**
 * Reads `searcher`'s options once, checks them and fills the defaults.
 * Nothing is searched and the position is not needed: a bad option is an
 * `Error` before the position is touched. (What the position must offer
 * for an option, `playNull` for `nullMove`, is checked when the context is
 * built.)
 *
 * @param searcher the public searcher called, named in every error
 * @param options what the caller passed (`undefined`: all defaults; a
 *   {@linkcode handOn} handle: the settings it stands for, as they are)
 * @param where the name errors give (default `searcher`): a caller that
 *   checks a searcher's options ahead of the search (a player, when it is
 *   made) names itself
 * @returns the frozen settings
 * @throws {Error} on a key the searcher does not know, or a value of the
 *   wrong type, range or combination, naming the searcher, the option, the
 *   value and the rule
 *
 * @example Defaults filled, the object frozen, a bad option refused
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolveSearchSettings } from "./search_settings.ts";
 * const settings = resolveSearchSettings("pvs", { depth: 3, order: "killer" });
 * assert.ok(settings.depth === 3 && settings.failHard === false);
 * assert.ok(Object.isFrozen(settings) && settings.where === "pvs");
 * assert.throws(
 *   () => resolveSearchSettings("pvs", { depth: -1 }),
 *   /^Error: pvs: depth must be an integer in 0…1073741823, got -1$/,
 * );
 * ```
 */
export function resolveSearchSettings(
  searcher: Searcher,
  options: unknown,
  where: string = searcher,
): SearchSettings {
  const handed = typeof options === "object" && options !== null
    ? HANDED_ON.get(options)
    : undefined;
  return handed ?? settingsOf(where, options, SEARCHERS[searcher]);
}

/**
 * `quiescenceTable`'s needs: a table, a quiescence search to use it in, and
 * the engine rule (its depth-0 entries are no fixed-depth tree's).
 */
function checkQuiescenceTable(
  where: string,
  tt: TranspositionTable | null,
  exactDepth: boolean,
  quiesces: boolean,
): void {
  if (tt === null) {
    throw new Error(
      `${where}: quiescenceTable needs a transposition table (the tt option), got none`,
    );
  }
  if (!quiesces) {
    throw new Error(
      `${where}: quiescenceTable stores quiescence's results, and this search has no quiescence (pass quiescence: true)`,
    );
  }
  if (exactDepth) {
    throw new Error(
      `${where}: quiescenceTable cannot be combined with exactDepth: its entries would settle nodes that a fixed-depth search must search`,
    );
  }
}

/** Handles made by {@linkcode handOn}, with the settings each stands for. */
const HANDED_ON: WeakMap<object, SearchSettings> = new WeakMap();

/**
 * An empty options object that stands for `settings` when one searcher runs
 * another (aspiration without a guess runs iterative deepening): the callee's
 * {@linkcode resolveSearchSettings} returns `settings` as they are, so no
 * option is read or checked twice and every error names the searcher the
 * user called.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { handOn, resolveSearchSettings } from "./search_settings.ts";
 * const settings = resolveSearchSettings("aspiration", { depth: 2 });
 * const handle = handOn(settings);
 * assert.ok(resolveSearchSettings("iterativeDeepening", handle) === settings);
 * assert.ok(Object.keys(handle).length === 0 && Object.isFrozen(handle));
 * ```
 */
export function handOn(settings: SearchSettings): Record<string, never> {
  const handle: Record<string, never> = Object.freeze({});
  HANDED_ON.set(handle, settings);
  return handle;
}

/**
 * The settings of a probe search that re-proves a value through `tt`
 * without writing it (the principal variation's completion): the table's
 * move first (so no history table, and no `maxMove`), no budget of its
 * own, errors naming `where`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ORDER_TT } from "./ordering.ts";
 * import { probeSettings } from "./search_settings.ts";
 * import { TranspositionTable } from "./transposition_table.ts";
 * const tt = new TranspositionTable({ entries: 16 });
 * const probe = probeSettings("mtdf", tt);
 * assert.ok(probe.tt === tt && probe.orderFlags === ORDER_TT && probe.depth === 1);
 * ```
 */
export function probeSettings(
  where: string,
  tt: TranspositionTable,
): SearchSettings {
  return settingsOf(where, { tt, order: "tt", depth: 1 }, PROBE);
}

/** {@linkcode resolveSearchSettings} for any rules. */
function settingsOf(
  where: string,
  options: unknown,
  rules: SearcherRules,
): SearchSettings {
  const given = readOptions(where, options, rules.keys);
  const [alpha, beta] = window(where, given.alpha, given.beta);
  const trace = given.trace;
  if (
    trace !== undefined &&
    (trace === null || typeof trace !== "object" ||
      typeof (trace as SearchTrace).node !== "function")
  ) {
    throw new Error(
      `${where}: trace must be an object with a node() method (a TraceRecorder), got ${
        describe(trace)
      }`,
    );
  }
  const begin = (trace as SearchTrace | undefined)?.begin;
  if (begin !== undefined && typeof begin !== "function") {
    throw new Error(
      `${where}: trace.begin must be a method (called as each search starts) when the trace has one, got ${
        describe(begin)
      }`,
    );
  }
  const aspirationDelta = given.delta !== undefined
    ? checkInteger(where, "delta", given.delta, 1, VALUE_INFINITE - 1)
    : given.aspirationDelta !== undefined
    ? checkInteger(
      where,
      "aspirationDelta",
      given.aspirationDelta,
      1,
      VALUE_INFINITE - 1,
    )
    : rules.delta ?? null;
  const guess = given.guess === undefined ? null : checkInteger(
    where,
    "guess",
    given.guess,
    1 - VALUE_INFINITE,
    VALUE_INFINITE - 1,
  );
  if (rules.passes !== undefined) refuseForPasses(where, rules.passes, given);
  // UNLIMITED_DEPTH itself stands for "no depth" (the default budget, a
  // completedDepth of Infinity), so the deepest depth one may ask for is
  // one less.
  const depth = given.depth === undefined
    ? UNLIMITED_DEPTH
    : checkInteger(where, "depth", given.depth, 0, MAX_DEPTH);
  const maxNodes = budget(where, "maxNodes", given.maxNodes);
  const timeMs = budget(where, "timeMs", given.timeMs);
  // Only a finite budget replaces the default one: timeMs Infinity is no
  // time limit, not "no node limit" (that is maxNodes: Infinity), as mcts
  // treats it too.
  const byDefault = depth === UNLIMITED_DEPTH &&
    given.maxNodes === undefined && timeMs === Infinity;
  const tt = table(where, given.tt, rules.ownTable === true);
  const plan = resolveOrder(
    (given.order === undefined ? rules.order : given.order) as OrderOption,
    tt !== null,
    where,
  );
  const previous = given.previous === undefined ? "move" : given.previous;
  if (previous !== "none" && previous !== "move" && previous !== "pv") {
    throw new Error(
      `${where}: previous must be "none", "move" or "pv", got ${
        describe(previous)
      }`,
    );
  }
  // Only iterative deepening sets a previous line: anywhere else "pv" would
  // be accepted and order nothing.
  if (
    (plan.flags & ORDER_PV) !== 0 && rules.setsPvLine !== "always" &&
    !(rules.setsPvLine === "withoutGuess" && guess === null)
  ) {
    throw new Error(
      `${where}: order "pv" follows the previous iteration's principal variation, which only iterativeDeepening (and aspiration without guess) sets: here it would order nothing`,
    );
  }
  // Iterative deepening sets none either with previous "none".
  if ((plan.flags & ORDER_PV) !== 0 && previous === "none") {
    throw new Error(
      `${where}: order "pv" follows the previous iteration's principal variation, which previous "none" never passes on: here it would order nothing (pass previous "move" or "pv", or leave "pv" out of order)`,
    );
  }
  const failHard = flag(where, "failHard", given.failHard) === true;
  const exactDepth = flag(where, "exactDepth", given.exactDepth) === true;
  const tableCutoffs =
    flag(where, "tableCutoffs", given.tableCutoffs) !== false;
  const enhancedCutoffs =
    flag(where, "enhancedCutoffs", given.enhancedCutoffs) === true;
  if (enhancedCutoffs && tt === null) {
    throw new Error(
      `${where}: enhancedCutoffs needs a transposition table (the tt option), got none: it cuts on the table entries of a node's children`,
    );
  }
  if (enhancedCutoffs && !tableCutoffs) {
    throw new Error(
      `${where}: enhancedCutoffs cannot be combined with tableCutoffs false, which forbids settling a node from the table`,
    );
  }
  const maxMove = given.maxMove === undefined
    ? null
    : checkInteger(where, "maxMove", given.maxMove, 1, MAX_MOVE_RANGE);
  const selective = resolveSelective(where, given);
  if (selective.singularExtensions !== null && tt === null) {
    throw new Error(
      `${where}: singularExtensions needs a transposition table (the tt option), got none: it tests the table's move`,
    );
  }
  const checkExtensions =
    flag(where, "checkExtensions", given.checkExtensions) === true;
  const skipLosingCaptures =
    flag(where, "skipLosingCaptures", given.skipLosingCaptures) === true;
  const quiescenceEvasions =
    flag(where, "quiescenceEvasions", given.quiescenceEvasions) === true;
  const interrupt = interruptFlag(where, given.interrupt);
  const quiescence = flag(where, "quiescence", given.quiescence) === true;
  const improving = flag(where, "improving", given.improving) === true;
  if (
    improving && selective.reverseFutility === null &&
    selective.lateMovePruning === null && selective.lateMoveReductions === null
  ) {
    throw new Error(
      `${where}: improving adjusts reverseFutility, lateMovePruning and lateMoveReductions by whether the static value rises, and none of them is on`,
    );
  }
  if (
    (selective.lateMoveReductions?.historyDivisor ?? 0) !== 0 &&
    (plan.flags & ORDER_QUIET_HISTORY) === 0
  ) {
    throw new Error(
      `${where}: lateMoveReductions.historyDivisor reduces by the quiet history, which only order "quiet-history" keeps, and order has none`,
    );
  }
  const quiescenceTable =
    flag(where, "quiescenceTable", given.quiescenceTable) === true;
  if (quiescenceTable) {
    checkQuiescenceTable(
      where,
      tt,
      exactDepth,
      quiescence || rules.quiesces === true,
    );
  }
  const pvs = flag(where, "pvs", given.pvs) === true;
  const keepCutMove = flag(where, "keepCutMove", given.keepCutMove) === true;
  const onIteration = given.onIteration;
  if (onIteration !== undefined && typeof onIteration !== "function") {
    throw new Error(
      `${where}: onIteration must be a function called with each finished iteration's row, got ${
        describe(onIteration)
      }`,
    );
  }
  return Object.freeze({
    where,
    depth,
    maxNodes: byDefault ? DEFAULT_MAX_NODES : maxNodes,
    timeMs,
    byDefault,
    interrupt,
    alpha,
    beta,
    trace: (trace as SearchTrace | undefined) ?? null,
    plain: plainOnly(rules.keys, given),
    tt,
    orderFlags: plan.flags,
    scorer: plan.scorer,
    failHard,
    exactDepth,
    maxMove,
    tableCutoffs,
    enhancedCutoffs,
    nullMove: selective.nullMove,
    lateMoveReductions: selective.lateMoveReductions,
    futilityMargins: selective.futilityMargins,
    razorMargins: selective.razorMargins,
    reverseFutility: selective.reverseFutility,
    lateMovePruning: selective.lateMovePruning,
    exchangePruning: selective.exchangePruning,
    singularExtensions: selective.singularExtensions,
    improving,
    quiescenceTable,
    checkExtensions,
    skipLosingCaptures,
    quiescenceEvasions,
    pvs,
    guess,
    aspirationDelta,
    previous,
    quiescence,
    keepCutMove,
    onIteration: (onIteration ?? null) as SearchSettings["onIteration"],
  });
}

/** A boolean option: its value, or undefined when absent. */
function flag(
  where: string,
  name: string,
  value: unknown,
): boolean | undefined {
  return value === undefined ? undefined : checkBoolean(where, name, value);
}

/** Whether every option given is one of the plain recursion's. */
function plainOnly(
  keys: readonly OptionKey[],
  given: { readonly [key in OptionKey]?: unknown },
): boolean {
  for (const key of keys) {
    if (given[key] !== undefined && !PLAIN_KEYS.includes(key)) return false;
  }
  return true;
}

/** The root window: integers with alpha < beta inside ±VALUE_INFINITE. */
function window(
  where: string,
  alpha: unknown,
  beta: unknown,
): [number, number] {
  const low = alpha === undefined
    ? -VALUE_INFINITE
    : checkInteger(where, "alpha", alpha, -VALUE_INFINITE, VALUE_INFINITE);
  const high = beta === undefined
    ? VALUE_INFINITE
    : checkInteger(where, "beta", beta, -VALUE_INFINITE, VALUE_INFINITE);
  if (!(low < high)) {
    throw new Error(
      `${where}: the window needs alpha < beta, got alpha ${low} and beta ${high}`,
    );
  }
  return [low, high];
}

/** A budget: a positive number (`maxNodes` an integer) or `Infinity`; `Infinity` when absent. */
function budget(
  where: string,
  name: "maxNodes" | "timeMs",
  value: unknown,
): number {
  if (value === undefined) return Infinity;
  if (
    typeof value !== "number" || !(value > 0) ||
    (name === "maxNodes" && !Number.isInteger(value) && value !== Infinity)
  ) {
    throw new Error(
      `${where}: ${name} must be a positive ${
        name === "maxNodes" ? "integer" : "number"
      } (or Infinity), got ${describe(value)}`,
    );
  }
  return value;
}

/** The `tt` option: a table, or (for MTD(f) and SSS*) a fresh one when absent. */
function table(
  where: string,
  tt: unknown,
  own: boolean,
): TranspositionTable | null {
  if (tt === undefined) {
    return own
      ? new TranspositionTable({ entries: DEFAULT_TABLE_ENTRIES })
      : null;
  }
  if (!(tt instanceof TranspositionTable)) {
    throw new Error(
      `${where}: tt must be a TranspositionTable, got ${describe(tt)}`,
    );
  }
  return tt;
}

/**
 * MTD(f) and SSS* refuse fail-hard passes (each would move its bound by
 * one) and a table that may not cut (every pass would search afresh).
 */
function refuseForPasses(
  where: string,
  algorithm: string,
  given: { readonly failHard?: unknown; readonly tableCutoffs?: unknown },
): void {
  if (given.failHard === true) {
    throw new Error(
      `${where}: ${algorithm} needs fail-soft passes: with failHard each pass moves its bound by one, so it is refused`,
    );
  }
  if (given.tableCutoffs === false) {
    throw new Error(
      `${where}: ${algorithm}'s null-window passes remember what they proved in the table: with tableCutoffs false every pass searches afresh, so it is refused`,
    );
  }
}

/** The `interrupt` option: an `Int32Array` of at least one element, or null when absent. */
function interruptFlag(where: string, interrupt: unknown): Int32Array | null {
  if (interrupt === undefined) return null;
  if (!(interrupt instanceof Int32Array) || interrupt.length < 1) {
    throw new Error(
      `${where}: interrupt must be an Int32Array of at least one element (a flag another thread sets), got ${
        describe(interrupt)
      }`,
    );
  }
  return interrupt;
}
