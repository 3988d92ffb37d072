/**
 * Ordinary least squares, small and documented: the fits of T003.8
 * (strength as a product or a sum of depth and evaluation quality) need
 * nothing more than a few columns and a few dozen rows.
 *
 * Method: the normal equations XᵀX β = Xᵀy solved by Gaussian elimination
 * with partial pivoting. Squaring the condition number is harmless at
 * these sizes (a handful of well-scaled columns); a column that is a
 * combination of the others makes a pivot vanish and is reported.
 *
 * @module
 */

import { describe } from "../../validate.ts";

/** What {@linkcode leastSquares} found. */
export interface LeastSquaresFit {
  /** β, one per column of X. */
  coefficients: number[];
  /** y − Xβ, per row. */
  residuals: number[];
  /** Root mean square of the residuals. */
  rmse: number;
  /**
   * 1 − (residual sum of squares) / (total sum of squares about the mean of
   * y); for a constant y, 1 when the fit is exact and NaN otherwise.
   */
  r2: number;
}

/**
 * Least squares: the β minimising Σ (yᵢ − xᵢ·β)².
 *
 * @param x the design matrix, one row per observation (all rows the same length, at least as many rows as columns)
 * @param y the observations
 * @returns the coefficients, residuals, RMSE and R²
 * @throws {Error} on ragged or non-finite input, too few rows, or columns that are linearly dependent
 *
 * @example A line through three points
 * ```ts
 * import assert from "node:assert/strict";
 * import { leastSquares } from "./least_squares.ts";
 * const fit = leastSquares([[1, 0], [1, 1], [1, 2]], [1, 3, 5]);
 * assert.deepEqual(fit.coefficients.map((c) => Math.round(c * 1e9) / 1e9), [1, 2]);
 * assert.ok(fit.rmse < 1e-9 && fit.r2 === 1);
 * ```
 */
export function leastSquares(
  x: readonly (readonly number[])[],
  y: readonly number[],
): LeastSquaresFit {
  const where = "leastSquares";
  if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length) {
    throw new Error(
      `${where}: x and y must be arrays of the same length, got ${
        describe(x)
      } and ${describe(y)}`,
    );
  }
  const rows = x.length;
  const cols = rows === 0 ? 0 : x[0]!.length;
  if (cols === 0 || rows < cols) {
    throw new Error(
      `${where}: x must have at least one column and at least as many rows as columns, got ${rows} rows of ${cols}`,
    );
  }
  x.forEach((row, i) => {
    if (row.length !== cols || !row.every(Number.isFinite)) {
      throw new Error(
        `${where}: x[${i}] must be ${cols} finite numbers, got ${
          describe(row)
        }`,
      );
    }
    if (!Number.isFinite(y[i])) {
      throw new Error(
        `${where}: y[${i}] must be a finite number, got ${describe(y[i])}`,
      );
    }
  });
  // Normal equations, augmented: [XᵀX | Xᵀy].
  const a: number[][] = Array.from(
    { length: cols },
    () => new Array(cols + 1).fill(0),
  );
  for (let r = 0; r < rows; r++) {
    const row = x[r]!;
    for (let i = 0; i < cols; i++) {
      for (let j = 0; j < cols; j++) a[i]![j]! += row[i]! * row[j]!;
      a[i]![cols]! += row[i]! * y[r]!;
    }
  }
  const scale = Math.max(...a.map((row, i) => Math.abs(row[i]!)), 1e-300);
  for (let c = 0; c < cols; c++) {
    let pivot = c;
    for (let r = c + 1; r < cols; r++) {
      if (Math.abs(a[r]![c]!) > Math.abs(a[pivot]![c]!)) pivot = r;
    }
    if (Math.abs(a[pivot]![c]!) <= 1e-12 * scale) {
      throw new Error(
        `${where}: column ${c} is a linear combination of the others (the fit is not unique)`,
      );
    }
    [a[c], a[pivot]] = [a[pivot]!, a[c]!];
    for (let r = 0; r < cols; r++) {
      if (r === c) continue;
      const factor = a[r]![c]! / a[c]![c]!;
      for (let k = c; k <= cols; k++) a[r]![k]! -= factor * a[c]![k]!;
    }
  }
  const coefficients = a.map((row, i) => row[cols]! / row[i]!);
  const residuals = x.map((row, r) =>
    y[r]! -
    row.reduce(
      (sum: number, v: number, i: number) => sum + v * coefficients[i]!,
      0,
    )
  );
  const sse = residuals.reduce((sum, e) => sum + e * e, 0);
  const mean = y.reduce((sum, v) => sum + v, 0) / rows;
  const sst = y.reduce((sum, v) => sum + (v - mean) ** 2, 0);
  return {
    coefficients,
    residuals,
    rmse: Math.sqrt(sse / rows),
    // Constant y leaves nothing to explain: exact is 1, anything else
    // has no meaningful R² (it was 1 whatever the residuals).
    r2: sst === 0 ? (sse === 0 ? 1 : Number.NaN) : 1 - sse / sst,
  };
}
