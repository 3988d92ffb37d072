/**
 * The selective options of the shared deep node (null move, late-move
 * reductions, futility, razoring), read for `resolveSearchSettings`:
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
}

/** Late-move reductions, resolved. */
export interface LateMoveReductionSettings {
  /** Moves searched at full depth before any is reduced (1…256). */
  readonly fullMoves: number;
  /** Fewest plies to the horizon at which a move is reduced (2…64). */
  readonly minDepth: number;
  /** Plies a late move is reduced by (1…16). */
  readonly reduction: number;
}

/** The selective part of the settings; null is off. */
export interface SelectiveSettings {
  readonly nullMove: NullMoveSettings | null;
  readonly lateMoveReductions: LateMoveReductionSettings | null;
  readonly futilityMargins: readonly number[] | null;
  readonly razorMargins: readonly number[] | null;
}

/** The selective settings when none is given (the common case: nothing to read). */
const ALL_OFF: SelectiveSettings = Object.freeze({
  nullMove: null,
  lateMoveReductions: null,
  futilityMargins: null,
  razorMargins: null,
});

/** Keys of each selective option's object. */
const SELECTIVE_KEYS = {
  nullMove: ["reduction", "minDepth"],
  lateMoveReductions: ["fullMoves", "minDepth", "reduction"],
  futility: ["margins"],
  razoring: ["margins"],
} as const;

type SelectiveName = keyof typeof SELECTIVE_KEYS;

/**
 * Reads the four selective options from the caller's values (already read
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
 * assert.deepEqual(s.nullMove, { reduction: 2, minDepth: 3 });
 * assert.ok(s.lateMoveReductions === null && Object.isFrozen(s.futilityMargins));
 * assert.throws(
 *   () => resolveSelective("pvs", { nullMove: { depth: 3 } }),
 *   /pvs: nullMove has an unknown key "depth"; known keys: reduction, minDepth/,
 * );
 * ```
 */
export function resolveSelective(
  where: string,
  given: { readonly [name in SelectiveName]?: unknown },
): SelectiveSettings {
  if (
    given.nullMove === undefined && given.lateMoveReductions === undefined &&
    given.futility === undefined && given.razoring === undefined
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
  });
  const lmr = selectiveObject(
    where,
    "lateMoveReductions",
    given.lateMoveReductions,
  );
  const lmrSettings = lmr && Object.freeze({
    reduction: integer("lateMoveReductions.reduction", lmr.reduction, 1, 1, 16),
    minDepth: integer("lateMoveReductions.minDepth", lmr.minDepth, 3, 2, 64),
    fullMoves: integer(
      "lateMoveReductions.fullMoves",
      lmr.fullMoves,
      3,
      1,
      256,
    ),
  });
  const futility = selectiveObject(where, "futility", given.futility);
  const futilityMargins = futility &&
    margins(where, "futility", futility.margins);
  const razoring = selectiveObject(where, "razoring", given.razoring);
  const razorMargins = razoring && margins(where, "razoring", razoring.margins);
  return {
    nullMove: nullMoveSettings,
    lateMoveReductions: lmrSettings,
    futilityMargins,
    razorMargins,
  };
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
