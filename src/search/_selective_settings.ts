/**
 * The selective options of the shared deep node (null move, late-move
 * reductions, futility, razoring, reverse futility, late-move pruning,
 * exchange pruning),
 * read for `resolveSearchSettings`:
 * each off unless given an object, each key of that object read once,
 * checked and completed with its default.
 *
 * @module
 */

import { VALUE_INFINITE } from "../position.ts";
import { checkInteger, describe } from "../validate.ts";

/** Null-move pruning, resolved. */
export interface NullMoveSettings {
  /** Plies the null-move search is reduced by, beyond the pass's own (1…16). */
  readonly reduction: number;
  /** Fewest plies to the horizon at which a null move is tried (1…64). */
  readonly minDepth: number;
  /**
   * Depth-adaptive reduction (0: off, today's fixed one): the reduction is
   * `reduction + floor(depth / depthDivisor)`, tried at non-PV nodes only.
   */
  readonly depthDivisor: number;
  /**
   * Reduction by the static value's lead (0: off): another
   * `min(3, floor((static − beta) / evalDivisor))` plies, with `depthDivisor` only.
   */
  readonly evalDivisor: number;
}

/** Late-move reductions, resolved. */
export interface LateMoveReductionSettings {
  /** Moves searched at full depth before any is reduced (1…256). */
  readonly fullMoves: number;
  /** Fewest plies to the horizon at which a move is reduced (2…64). */
  readonly minDepth: number;
  /** Plies a late move is reduced by (1…16) under the `"fixed"` formula. */
  readonly reduction: number;
  /** `"fixed"`: `reduction` plies; `"log"`: the logarithmic table ({@linkcode lmrLogReduction}). */
  readonly formula: "fixed" | "log";
  /**
   * Reduction by the move's standing (0: off): one ply less for a killer
   * and `trunc(history / historyDivisor)` plies less by quiet history.
   */
  readonly historyDivisor: number;
}

/** Reverse futility pruning (static null move), resolved. */
export interface ReverseFutilitySettings {
  /** Margin per ply to the horizon (1…VALUE_INFINITE, evaluation units). */
  readonly margin: number;
  /** Most plies to the horizon at which a node is pruned (1…64). */
  readonly maxDepth: number;
}

/** Late-move pruning (move-count pruning), resolved. */
export interface LateMovePruningSettings {
  /** Most plies to the horizon at which quiet moves are skipped (1…64). */
  readonly maxDepth: number;
  /** Quiet moves searched at depth d before the rest are skipped: `baseMoves + d²` (0…256). */
  readonly baseMoves: number;
}

/** Pruning by static exchange near the horizon, resolved. */
export interface ExchangePruningSettings {
  /** A quiet move is skipped when its exchange is below `−quietMargin · depth` (0…VALUE_INFINITE). */
  readonly quietMargin: number;
  /** A capture is skipped when its exchange is below `−captureMargin · depth` (0…VALUE_INFINITE). */
  readonly captureMargin: number;
  /** Most plies to the horizon at which a move is skipped (1…64). */
  readonly maxDepth: number;
}

/** Singular extensions, resolved. */
export interface SingularExtensionsSettings {
  /** Least plies to the horizon at which the table's move is tested (4…64). */
  readonly minDepth: number;
  /** The margin below the entry's value per ply (0…VALUE_INFINITE). */
  readonly margin: number;
}

/** The selective part of the settings; null is off. */
export interface SelectiveSettings {
  readonly nullMove: NullMoveSettings | null;
  readonly lateMoveReductions: LateMoveReductionSettings | null;
  readonly futilityMargins: readonly number[] | null;
  readonly razorMargins: readonly number[] | null;
  readonly reverseFutility: ReverseFutilitySettings | null;
  readonly lateMovePruning: LateMovePruningSettings | null;
  readonly exchangePruning: ExchangePruningSettings | null;
  readonly singularExtensions: SingularExtensionsSettings | null;
}

/** The selective settings when none is given (the common case: nothing to read). */
const ALL_OFF: SelectiveSettings = Object.freeze({
  nullMove: null,
  lateMoveReductions: null,
  futilityMargins: null,
  razorMargins: null,
  reverseFutility: null,
  lateMovePruning: null,
  exchangePruning: null,
  singularExtensions: null,
});

/** Keys of each selective option's object. */
const SELECTIVE_KEYS = {
  nullMove: ["reduction", "minDepth", "depthDivisor", "evalDivisor"],
  lateMoveReductions: [
    "fullMoves",
    "minDepth",
    "reduction",
    "formula",
    "historyDivisor",
  ],
  futility: ["margins"],
  razoring: ["margins"],
  reverseFutility: ["margin", "maxDepth"],
  lateMovePruning: ["maxDepth", "baseMoves"],
  exchangePruning: ["quietMargin", "captureMargin", "maxDepth"],
  singularExtensions: ["minDepth", "margin"],
} as const;

type SelectiveName = keyof typeof SELECTIVE_KEYS;

/**
 * Reads the seven selective options from the caller's values (already read
 * once from the options object).
 *
 * @param where the searcher, named in errors
 * @param given the option values, `undefined` where absent
 * @throws {Error} on a value that is neither false nor a plain object with
 *   known keys, or a key out of its range, naming the searcher, the key, the
 *   value and the rule
 *
 * @example Defaults filled, margins frozen
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolveSelective } from "./_selective_settings.ts";
 * const s = resolveSelective("pvs", { nullMove: {}, futility: { margins: [100] } });
 * assert.deepEqual(s.nullMove, { reduction: 2, minDepth: 3, depthDivisor: 0, evalDivisor: 0 });
 * assert.ok(s.lateMoveReductions === null && Object.isFrozen(s.futilityMargins));
 * assert.throws(
 *   () => resolveSelective("pvs", { nullMove: { depth: 3 } }),
 *   /pvs: nullMove has an unknown key "depth"; known keys: reduction, minDepth, depthDivisor, evalDivisor/,
 * );
 * const late = resolveSelective("iterativeDeepening", {
 *   lateMoveReductions: { formula: "log" },
 *   reverseFutility: { margin: 80 },
 *   lateMovePruning: {},
 * });
 * assert.equal(late.lateMoveReductions?.formula, "log");
 * assert.deepEqual(late.reverseFutility, { margin: 80, maxDepth: 6 });
 * assert.deepEqual(late.lateMovePruning, { maxDepth: 3, baseMoves: 3 });
 * ```
 */
export function resolveSelective(
  where: string,
  given: { readonly [name in SelectiveName]?: unknown },
): SelectiveSettings {
  if (
    given.nullMove === undefined && given.lateMoveReductions === undefined &&
    given.futility === undefined && given.razoring === undefined &&
    given.reverseFutility === undefined &&
    given.lateMovePruning === undefined &&
    given.exchangePruning === undefined &&
    given.singularExtensions === undefined
  ) {
    return ALL_OFF;
  }
  const integer = (
    name: string,
    value: unknown,
    fallback: number,
    min: number,
    max: number,
  ) =>
    value === undefined ? fallback : checkInteger(where, name, value, min, max);
  // Each option whole before the next: the first error is the first bad option's.
  const nullMove = selectiveObject(where, "nullMove", given.nullMove);
  const nullMoveSettings = nullMove && Object.freeze({
    reduction: integer("nullMove.reduction", nullMove.reduction, 2, 1, 16),
    minDepth: integer("nullMove.minDepth", nullMove.minDepth, 3, 1, 64),
    depthDivisor: integer(
      "nullMove.depthDivisor",
      nullMove.depthDivisor,
      0,
      1,
      64,
    ),
    evalDivisor: nullEvalDivisor(where, nullMove),
  });
  const lmr = selectiveObject(
    where,
    "lateMoveReductions",
    given.lateMoveReductions,
  );
  const formula = lmr && lmrFormula(where, lmr.formula, lmr.reduction);
  const lmrSettings = lmr && Object.freeze({
    reduction: integer("lateMoveReductions.reduction", lmr.reduction, 1, 1, 16),
    formula: formula!,
    minDepth: integer("lateMoveReductions.minDepth", lmr.minDepth, 3, 2, 64),
    fullMoves: integer(
      "lateMoveReductions.fullMoves",
      lmr.fullMoves,
      3,
      1,
      256,
    ),
    historyDivisor: integer(
      "lateMoveReductions.historyDivisor",
      lmr.historyDivisor,
      0,
      1,
      1 << 24,
    ),
  });
  const futility = selectiveObject(where, "futility", given.futility);
  const futilityMargins = futility &&
    margins(where, "futility", futility.margins);
  const razoring = selectiveObject(where, "razoring", given.razoring);
  const razorMargins = razoring && margins(where, "razoring", razoring.margins);
  const rfp = selectiveObject(where, "reverseFutility", given.reverseFutility);
  const reverseFutility = rfp && Object.freeze({
    margin: checkInteger(
      where,
      "reverseFutility.margin",
      rfp.margin,
      1,
      VALUE_INFINITE,
    ),
    maxDepth: integer("reverseFutility.maxDepth", rfp.maxDepth, 6, 1, 64),
  });
  const lmp = selectiveObject(where, "lateMovePruning", given.lateMovePruning);
  const lateMovePruning = lmp && Object.freeze({
    maxDepth: integer("lateMovePruning.maxDepth", lmp.maxDepth, 3, 1, 64),
    baseMoves: integer("lateMovePruning.baseMoves", lmp.baseMoves, 3, 0, 256),
  });
  const exchange = selectiveObject(
    where,
    "exchangePruning",
    given.exchangePruning,
  );
  const exchangePruning = exchange && Object.freeze({
    quietMargin: integer(
      "exchangePruning.quietMargin",
      exchange.quietMargin,
      60,
      0,
      VALUE_INFINITE,
    ),
    captureMargin: integer(
      "exchangePruning.captureMargin",
      exchange.captureMargin,
      100,
      0,
      VALUE_INFINITE,
    ),
    maxDepth: integer("exchangePruning.maxDepth", exchange.maxDepth, 6, 1, 64),
  });
  const singular = selectiveObject(
    where,
    "singularExtensions",
    given.singularExtensions,
  );
  const singularExtensions = singular && Object.freeze({
    // Below 4 the test's search (half the depth) would be a ply or two:
    // too shallow to tell a forced move.
    minDepth: integer(
      "singularExtensions.minDepth",
      singular.minDepth,
      8,
      4,
      64,
    ),
    margin: integer(
      "singularExtensions.margin",
      singular.margin,
      2,
      0,
      VALUE_INFINITE,
    ),
  });
  return {
    nullMove: nullMoveSettings,
    lateMoveReductions: lmrSettings,
    futilityMargins,
    razorMargins,
    reverseFutility,
    lateMovePruning,
    exchangePruning,
    singularExtensions,
  };
}

/**
 * Null move's `evalDivisor` (0 when absent): it adds to the depth-adaptive
 * reduction, so it is refused without `depthDivisor`.
 */
function nullEvalDivisor(
  where: string,
  nullMove: Record<string, unknown>,
): number {
  if (nullMove.evalDivisor === undefined) return 0;
  if (nullMove.depthDivisor === undefined) {
    throw new Error(
      `${where}: nullMove.evalDivisor adds to the depth-adaptive reduction, so it needs nullMove.depthDivisor, got evalDivisor ${
        describe(nullMove.evalDivisor)
      } without it`,
    );
  }
  return checkInteger(
    where,
    "nullMove.evalDivisor",
    nullMove.evalDivisor,
    1,
    VALUE_INFINITE,
  );
}

/**
 * Late-move reductions' formula: `"fixed"` (the default) or `"log"`, which
 * takes its plies from the table and so refuses a `reduction`.
 */
function lmrFormula(
  where: string,
  formula: unknown,
  reduction: unknown,
): "fixed" | "log" {
  if (formula === undefined || formula === "fixed") return "fixed";
  if (formula !== "log") {
    throw new Error(
      `${where}: lateMoveReductions.formula must be "fixed" or "log", got ${
        describe(formula)
      }`,
    );
  }
  if (reduction !== undefined) {
    throw new Error(
      `${where}: lateMoveReductions.reduction is the "fixed" formula's plies; with formula "log" the table gives them, got ${
        describe(reduction)
      }`,
    );
  }
  return "log";
}

/** The logarithmic formula's reduction before the PV and horizon rules. */
function lmrLogBase(depth: number, moveNumber: number): number {
  return Math.floor(0.75 + Math.log(depth) * Math.log(moveNumber) / 2.25);
}

/** Depths and move numbers below this read {@linkcode LMR_LOG_TABLE}. */
const LMR_TABLE_SIZE = 64;

/** `lmrLogBase(depth, moveNumber)` at `depth * LMR_TABLE_SIZE + moveNumber`. */
const LMR_LOG_TABLE: Int8Array = (() => {
  const table = new Int8Array(LMR_TABLE_SIZE * LMR_TABLE_SIZE);
  for (let depth = 1; depth < LMR_TABLE_SIZE; depth++) {
    for (let moveNumber = 1; moveNumber < LMR_TABLE_SIZE; moveNumber++) {
      table[depth * LMR_TABLE_SIZE + moveNumber] = lmrLogBase(
        depth,
        moveNumber,
      );
    }
  }
  return table;
})();

/**
 * The plies a late move is reduced by under `formula: "log"`: the common
 * engine formula `floor(0.75 + ln(depth) · ln(moveNumber) / 2.25)` (the
 * constants engines such as Ethereal and Stockfish's ancestors tuned: the
 * reduction grows with the logarithms of both the depth left and the
 * move's place in the order), one ply less at a PV node, and never so much
 * that the reduced search lands directly in quiescence (at least 1 ply
 * left). `moveNumber` counts from 1; 0 means no reduction.
 *
 * @param depth plies to the horizon of the node (≥ 1)
 * @param moveNumber the move's place in the node's order, from 1
 * @param pvNode whether the node's window is wider than a null window
 *
 * @example Late moves deep in the tree lose more plies
 * ```ts
 * import assert from "node:assert/strict";
 * import { lmrLogReduction } from "./_selective_settings.ts";
 * assert.equal(lmrLogReduction(3, 4, false), 1);
 * assert.equal(lmrLogReduction(12, 30, false), 4);
 * assert.equal(lmrLogReduction(12, 30, true), 3);
 * assert.equal(lmrLogReduction(2, 40, false), 0); // 1 ply left at most
 * ```
 */
export function lmrLogReduction(
  depth: number,
  moveNumber: number,
  pvNode: boolean,
): number {
  if (depth < 2 || moveNumber < 2) return 0;
  // The table spares the hot path two logarithms per reduced move; past its
  // edge the formula itself gives the same numbers.
  let r = depth < LMR_TABLE_SIZE && moveNumber < LMR_TABLE_SIZE
    ? LMR_LOG_TABLE[depth * LMR_TABLE_SIZE + moveNumber]!
    : lmrLogBase(depth, moveNumber);
  if (pvNode) r--;
  if (r > depth - 2) r = depth - 2;
  return r > 0 ? r : 0;
}

/**
 * The keys of selective option `name`'s object, each read once (null when
 * absent or false); anything else than false or a plain object with known
 * keys is an error.
 */
function selectiveObject(
  where: string,
  name: SelectiveName,
  value: unknown,
): Record<string, unknown> | null {
  if (value === undefined || value === false) return null;
  const known: readonly string[] = SELECTIVE_KEYS[name];
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new Error(
      `${where}: ${name} must be false or an object with ${
        known.join(", ")
      }, got ${describe(value)}`,
    );
  }
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) {
      throw new Error(
        `${where}: ${name} has an unknown key ${
          JSON.stringify(key)
        }; known keys: ${known.join(", ")}`,
      );
    }
  }
  const read: Record<string, unknown> = Object.create(null);
  for (const key of known) read[key] = (value as Record<string, unknown>)[key];
  return read;
}

/** Margins of `futility` or `razoring`: 1 to 16 integers in 0…VALUE_INFINITE, frozen. */
function margins(
  where: string,
  name: string,
  value: unknown,
): readonly number[] {
  if (!Array.isArray(value) || value.length < 1 || value.length > 16) {
    throw new Error(
      `${where}: ${name}.margins must be an array of 1 to 16 integers, got ${
        describe(value)
      }`,
    );
  }
  return Object.freeze(
    Array.from(
      value,
      (margin, i) =>
        checkInteger(where, `${name}.margins[${i}]`, margin, 0, VALUE_INFINITE),
    ),
  );
}
