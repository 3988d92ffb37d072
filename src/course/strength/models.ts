/**
 * Strength models for T003.8 and T003.9: Elo of alpha-beta players over a
 * grid of depth × evaluation quality, fitted as a product and as a sum of
 * depth and quality (least squares), and the Elo one more ply or one
 * doubling of nodes buys, with the verdict logic of both claims.
 *
 * The course does not put a number on "quality", so each evaluation gets a
 * free parameter and the two models have the same number of parameters:
 *
 * - product, `Elo = k + s_e · depth`: every evaluation's line starts from a
 *   common point at depth 0 and its slope is proportional to its quality
 *   (q_e = s_e / s_good, so `Elo = k + a · depth · q_e` with a = s_good);
 * - sum, `Elo = b · depth + c_e`: parallel lines, quality adds a constant
 *   c_e that does not depend on depth.
 *
 * @module
 */

import { leastSquares } from "./least_squares.ts";

/** One cell of the grid: an alpha-beta player at `depth` with evaluation `quality`. */
export interface GridCell {
  /** The evaluation's name (`"poor"`, `"medium"`, `"good"`). */
  quality: string;
  /** Plies searched per move. */
  depth: number;
  /** Its Elo (any common offset). */
  elo: number;
  /** Mean nodes per move it spent (for the slope per doubling). */
  nodesPerMove: number;
}

/** A fitted strength model. */
export interface StrengthModel {
  /** `"product"` or `"sum"`. */
  kind: "product" | "sum";
  /** The formula, with fitted numbers. */
  formula: string;
  /** Per evaluation: the product's slope s_e, or the sum's constant c_e. */
  perQuality: Record<string, number>;
  /** The product's k, or the sum's b (Elo per ply). */
  shared: number;
  /** Root mean square error, Elo. */
  rmse: number;
  /** Share of the Elo variance explained. */
  r2: number;
}

function qualitiesOf(cells: readonly GridCell[]): string[] {
  return [...new Set(cells.map((c) => c.quality))];
}

const round = (v: number, digits = 1) =>
  Number(v.toFixed(digits)).toLocaleString("en-US");

/**
 * Fits both models by least squares.
 *
 * @param cells the grid, at least two depths per evaluation
 * @returns `[product, sum]`
 * @throws {Error} when the grid cannot determine the parameters
 *
 * @example A grid made by a product is fitted exactly by the product
 * ```ts
 * import assert from "node:assert/strict";
 * import { fitStrengthModels } from "./models.ts";
 * const cells = [];
 * for (const [quality, s] of [["poor", 20], ["good", 60]] as const) {
 *   for (let depth = 1; depth <= 5; depth++) {
 *     cells.push({ quality, depth, elo: 100 + s * depth, nodesPerMove: 2 ** depth });
 *   }
 * }
 * const [product, sum] = fitStrengthModels(cells);
 * assert.ok(product.rmse < 1e-6 && sum.rmse > 10);
 * assert.ok(Math.abs(product.perQuality.good! - 60) < 1e-6);
 * ```
 */
export function fitStrengthModels(
  cells: readonly GridCell[],
): [StrengthModel, StrengthModel] {
  const qualities = qualitiesOf(cells);
  const y = cells.map((c) => c.elo);
  const product = leastSquares(
    cells.map((
      c,
    ) => [1, ...qualities.map((q) => q === c.quality ? c.depth : 0)]),
    y,
  );
  const sum = leastSquares(
    cells.map((
      c,
    ) => [c.depth, ...qualities.map((q) => q === c.quality ? 1 : 0)]),
    y,
  );
  const [k, ...slopes] = product.coefficients;
  const [b, ...constants] = sum.coefficients;
  const top = slopes[slopes.length - 1]!;
  const productModel: StrengthModel = {
    kind: "product",
    formula: `Elo = ${round(k!)} + ${round(top)} · depth · q, q = ${
      qualities.map((q, i) => `${round(slopes[i]! / top, 2)} (${q})`).join(
        ", ",
      )
    }`,
    perQuality: Object.fromEntries(qualities.map((q, i) => [q, slopes[i]!])),
    shared: k!,
    rmse: product.rmse,
    r2: product.r2,
  };
  const sumModel: StrengthModel = {
    kind: "sum",
    formula: `Elo = ${round(b!)} · depth + c, c = ${
      qualities.map((q, i) => `${round(constants[i]!)} (${q})`).join(", ")
    }`,
    perQuality: Object.fromEntries(
      qualities.map((q, i) => [q, constants[i]!]),
    ),
    shared: b!,
    rmse: sum.rmse,
    r2: sum.r2,
  };
  return [productModel, sumModel];
}

/** The T003.8 verdict. */
export interface ProductVerdict {
  /** Which model the grid is closer to: `"product"`, `"sum"` or `"neither"`. */
  closer: "product" | "sum" | "neither";
  /** Whether the course's product claim is supported. */
  supported: boolean;
  /** One sentence. */
  text: string;
}

/**
 * T003.8's verdict: the model with the smaller error, unless neither
 * explains at least `minR2` of the Elo variance (then "neither").
 *
 * @param product the fitted product model
 * @param sum the fitted sum model
 * @param minR2 the share of variance a model must explain (default 0.8)
 * @returns the verdict
 *
 * @example The smaller error wins
 * ```ts
 * import assert from "node:assert/strict";
 * import { productVerdict } from "./models.ts";
 * const model = (kind: "product" | "sum", rmse: number, r2: number) =>
 *   ({ kind, formula: "", perQuality: {}, shared: 0, rmse, r2 });
 * assert.equal(productVerdict(model("product", 30, 0.95), model("sum", 60, 0.8)).closer, "product");
 * assert.equal(productVerdict(model("product", 90, 0.5), model("sum", 95, 0.45)).closer, "neither");
 * ```
 */
export function productVerdict(
  product: StrengthModel,
  sum: StrengthModel,
  minR2 = 0.8,
): ProductVerdict {
  const best = product.rmse <= sum.rmse ? product : sum;
  const closer = best.r2 < minR2 ? "neither" : best.kind;
  const errors = `RMSE ${round(product.rmse)} Elo (product) vs ${
    round(sum.rmse)
  } Elo (sum), R² ${round(product.r2, 3)} vs ${round(sum.r2, 3)}`;
  const text = closer === "neither"
    ? `neither model explains ${minR2 * 100}% of the Elo variance (${errors})`
    : `closer to a ${closer} (${errors})`;
  return { closer, supported: closer === "product", text };
}

/** What one step of depth buys, for one evaluation. */
export interface DepthStep {
  /** The evaluation. */
  quality: string;
  /** From this depth… */
  from: number;
  /** …to this one. */
  to: number;
  /** Elo gained by the step. */
  eloGain: number;
  /** log₂ of the ratio of nodes per move (doublings the step cost). */
  doublings: number;
  /** Elo per doubling of nodes: `eloGain / doublings`. */
  eloPerDoubling: number;
  /** Nodes per move at `to` over those at `from` (the effective branching factor b). */
  costRatio: number;
}

/**
 * The Elo each step of depth gains, per evaluation, in depth order.
 *
 * @param cells the grid
 * @returns one step per consecutive pair of depths of each evaluation
 *
 * @example Two steps
 * ```ts
 * import assert from "node:assert/strict";
 * import { depthSteps } from "./models.ts";
 * const steps = depthSteps([
 *   { quality: "poor", depth: 1, elo: 0, nodesPerMove: 8 },
 *   { quality: "poor", depth: 2, elo: 100, nodesPerMove: 32 },
 *   { quality: "poor", depth: 3, elo: 150, nodesPerMove: 128 },
 * ]);
 * assert.deepEqual(steps.map((s) => s.eloPerDoubling), [50, 25]);
 * assert.deepEqual(steps.map((s) => s.costRatio), [4, 4]);
 * ```
 */
export function depthSteps(cells: readonly GridCell[]): DepthStep[] {
  const steps: DepthStep[] = [];
  for (const quality of qualitiesOf(cells)) {
    const line = cells.filter((c) => c.quality === quality).sort((a, b) =>
      a.depth - b.depth
    );
    for (let i = 1; i < line.length; i++) {
      const a = line[i - 1]!, b = line[i]!;
      const doublings = Math.log2(b.nodesPerMove / a.nodesPerMove);
      steps.push({
        quality,
        from: a.depth,
        to: b.depth,
        eloGain: b.elo - a.elo,
        doublings,
        eloPerDoubling: (b.elo - a.elo) / doublings,
        costRatio: b.nodesPerMove / a.nodesPerMove,
      });
    }
  }
  return steps;
}

/** The T003.9 verdict. */
export interface DeepeningVerdict {
  /** Per evaluation: mean Elo per doubling over the shallow half of the steps and the deep half, and the mean cost ratio. */
  perQuality: {
    quality: string;
    shallow: number;
    deep: number;
    costRatio: number;
  }[];
  /** Every evaluation gains less per doubling in its deep half than in its shallow half. */
  falls: boolean;
  /** The poor evaluation gains the least per doubling in the deep half. */
  fasterWhenPoor: boolean;
  /** Both. */
  supported: boolean;
  /** One sentence. */
  text: string;
}

/**
 * T003.9's verdict from the depth steps: split each evaluation's steps
 * into a shallow and a deep half (the middle step, if any, goes to
 * neither), compare the mean Elo per doubling of the halves, and compare
 * the poor evaluation with the others.
 *
 * @param steps from {@linkcode depthSteps}
 * @param poor the name of the poor evaluation (default `"poor"`)
 * @returns the verdict
 *
 * @example Gains that fall, fastest for the poor evaluation
 * ```ts
 * import assert from "node:assert/strict";
 * import { deepeningVerdict } from "./models.ts";
 * const step = (quality: string, eloPerDoubling: number) =>
 *   ({ quality, from: 0, to: 0, eloGain: 0, doublings: 1, eloPerDoubling, costRatio: 4 });
 * const steps = [step("poor", 80), step("poor", 10), step("good", 90), step("good", 60)];
 * const verdict = deepeningVerdict(steps);
 * assert.ok(verdict.falls && verdict.fasterWhenPoor && verdict.supported);
 * ```
 */
export function deepeningVerdict(
  steps: readonly DepthStep[],
  poor = "poor",
): DeepeningVerdict {
  const short = [...new Set(steps.map((s) => s.quality))].filter((quality) =>
    steps.filter((s) => s.quality === quality).length < 2
  );
  if (steps.length === 0 || short.length > 0) {
    throw new Error(
      `deepeningVerdict: each evaluation needs at least 2 steps (a shallow and a deep half), got ${
        steps.length === 0 ? "none" : `fewer for ${short.join(", ")}`
      }`,
    );
  }
  const mean = (xs: readonly number[]) =>
    xs.reduce((s, x) => s + x, 0) / xs.length;
  const perQuality = [...new Set(steps.map((s) => s.quality))].map(
    (quality) => {
      const line = steps.filter((s) => s.quality === quality);
      const half = Math.floor(line.length / 2);
      return {
        quality,
        shallow: mean(line.slice(0, half).map((s) => s.eloPerDoubling)),
        deep: mean(
          line.slice(line.length - half).map((s) => s.eloPerDoubling),
        ),
        costRatio: Math.exp(mean(line.map((s) => Math.log(s.costRatio)))),
      };
    },
  );
  const falls = perQuality.every((q) => q.deep < q.shallow);
  const poorRow = perQuality.find((q) => q.quality === poor);
  const others = perQuality.filter((q) => q.quality !== poor);
  const fasterWhenPoor = poorRow !== undefined && others.length > 0 &&
    others.every((q) => poorRow.deep < q.deep);
  const show = perQuality.map((q) =>
    `${q.quality} ${round(q.shallow)} → ${round(q.deep)}`
  ).join(", ");
  const text = `Elo per doubling of nodes, shallow half → deep half: ${show}; ${
    falls ? "falls for every evaluation" : "does not fall for every evaluation"
  }, ${
    fasterWhenPoor
      ? "and least is left with the poor one"
      : "but not least with the poor one"
  }`;
  return {
    perQuality,
    falls,
    fasterWhenPoor,
    supported: falls && fasterWhenPoor,
    text,
  };
}
