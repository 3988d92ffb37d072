/**
 * Summaries of a measurement over many seeds: median and the 5–95% range,
 * and where the course's single figure falls among them.
 *
 * @module
 */

/** Median, 5% and 95% quantiles of a sample, and its size. */
export interface Distribution {
  /** How many values were measured. */
  count: number;
  median: number;
  /** 5% quantile (nearest rank). */
  low: number;
  /** 95% quantile (nearest rank). */
  high: number;
}

/**
 * The q-quantile of `values` by the nearest-rank rule (q in [0, 1]).
 *
 * @throws {Error} on an empty sample or q outside [0, 1]
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { quantile } from "./distribution.ts";
 * assert.ok(quantile([5, 1, 3], 0.5) === 3);
 * ```
 */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) throw new Error("Cannot take a quantile of nothing");
  if (!(q >= 0 && q <= 1)) {
    throw new Error(`Quantile must be within [0, 1], got ${q}`);
  }
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.round(q * (sorted.length - 1))]!;
}

/**
 * The median and the 5–95% range of a sample.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { distribution } from "./distribution.ts";
 * const d = distribution(Array.from({ length: 101 }, (_, i) => i));
 * assert.ok(d.median === 50 && d.low === 5 && d.high === 95);
 * ```
 */
export function distribution(values: readonly number[]): Distribution {
  return {
    count: values.length,
    median: quantile(values, 0.5),
    low: quantile(values, 0.05),
    high: quantile(values, 0.95),
  };
}

/**
 * Whether `figure` lies within the 5–95% range (ends included).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { inRange } from "./distribution.ts";
 * assert.ok(inRange({ count: 3, median: 2, low: 1, high: 3 }, 3));
 * ```
 */
export function inRange(spread: Distribution, figure: number): boolean {
  return spread.low <= figure && figure <= spread.high;
}

/**
 * The share of `values` strictly below `figure`, plus half of those equal:
 * where the figure stands in the sample, in percent.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { percentileOf } from "./distribution.ts";
 * assert.ok(percentileOf([1, 2, 3, 4], 3) === 62.5);
 * ```
 */
export function percentileOf(
  values: readonly number[],
  figure: number,
): number {
  let below = 0, equal = 0;
  for (const value of values) {
    if (value < figure) below++;
    else if (value === figure) equal++;
  }
  return (100 * (below + equal / 2)) / values.length;
}

/**
 * `median (low–high)` with counts formatted like the course's tables.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatDistribution } from "./distribution.ts";
 * assert.ok(formatDistribution({ count: 9, median: 1200, low: 900, high: 1500 }) === "1,200 (900–1,500)");
 * ```
 */
export function formatDistribution(
  spread: Distribution,
  digits = 0,
): string {
  const show = (value: number) =>
    value.toLocaleString("en-US", {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
  return `${show(spread.median)} (${show(spread.low)}–${show(spread.high)})`;
}
