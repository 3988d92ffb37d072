/**
 * Sequential probability ratio tests on game results, as fishtest runs
 * them: is "engine + technique" at least `elo1` stronger than the engine
 * without it (H1), or at most `elo0` (H0)? Games are played until the
 * log-likelihood ratio (LLR) leaves the interval [A, B], with
 * A = ln(β / (1 − α)) and B = ln((1 − β) / α) (Wald's bounds): below A the
 * test accepts H0, above B it accepts H1. Its error rates are then about
 * α (H1 accepted when the truth is elo0) and β (H0 accepted when the truth
 * is elo1), whatever the number of games it needs.
 *
 * The LLR is fishtest's generalized one (the GSPRT, `LLRcalc.LLR`): with
 * f the empirical distribution of N results (scaled to 0…1) and, for each
 * hypothesis, p_s the distribution most likely to have given the data
 * among those of expected score s = 1 / (1 + 10^(−elo / 400)),
 * LLR = N · Σ f_i ln(p_s1,i / p_s0,i). The results are either single games
 * (the trinomial model: loss, draw, win) or pairs of games on one opening
 * with the colours swapped (the pentanomial model: 0, ½, 1, 1½ or 2 points
 * per pair), which is what fishtest uses now and what the atlas should
 * use: a pair cancels most of an opening's bias, so its variance is
 * smaller and the test needs fewer games, and treating the two games of a
 * pair as independent would be wrong when an opening favours one colour.
 * As in fishtest (`regularize`: max(count, 10⁻³)), a count below 10⁻³,
 * 0 included, counts as 10⁻³ (so that the maximum-likelihood
 * distributions exist and nothing is NaN on all draws or all wins). The
 * price, fishtest's too: where a count goes from 0 to 1 the LLR can move
 * against the result (at [−500, −400], [0, 20, 0] has a higher LLR than
 * [0, 19, 1]), since the stand-in's 10⁻³ of a result weighs as a real one
 * would. Fishtest's cheaper approximation by the mean μ and the
 * variance σ², N · (s1 − s0)(2μ − s0 − s1) / (2σ²), agrees with it when μ
 * is near s0 and s1 but is not monotone in wins when the hypotheses lie
 * far from the data (e.g. [−500, −400] against all draws), so it is not
 * used.
 *
 * The Elo scale is the logistic one (fishtest's `elo_model = "logistic"`),
 * not fishtest's default "normalized Elo": logistic Elo says what a
 * player scores (+100 is 64%), it is the scale of {@linkcode eloRatings}
 * and of the rest of this library, and it means the same on Connect Four
 * and on chess; normalized Elo divides by the spread of the results, which
 * depends on the draw rate and on the openings, so equal bounds would mean
 * different strengths on different games.
 *
 * The Elo estimate is the logistic Elo of μ, with the 95% interval of μ
 * (μ ± 1.96 σ / √N) mapped to Elo. After a test that stopped early it is
 * biased away from the middle of [elo0, elo1], as every estimate after a
 * sequential stop is (fishtest corrects for it; this does not). μ and σ²
 * are those of the regularized counts, as for the LLR (fishtest's
 * `stats` do the same): on a few results the 10⁻³ stand-ins are all the
 * spread there is, so the interval is far narrower than the data allow and
 * looks certain where it is not. Ten wins in ten games give +1530
 * [+859, ∞); a single pair that scored ½ gives −190 [−250, −138]; ten
 * draws give 0 ± 3. The interval, a normal approximation, means something
 * only after many results of several kinds; it is left as fishtest
 * computes it, since committed figures report it.
 *
 * @module
 */

import { Random } from "../random.ts";
import { checkInteger, checkOptions, describe } from "../validate.ts";
import { expectedScore } from "./elo.ts";

/** A game's result for the candidate (the first player of the test): 1 win, 0.5 draw, 0 loss. */
export type GameScore = 0 | 0.5 | 1;

/** Largest |elo0|, |elo1| and simulated Elo difference accepted. */
export const MAX_SPRT_ELO = 1000;

/** Most games {@linkcode runSprt} may be given as its budget. */
export const MAX_SPRT_GAMES = 1_000_000_000;

/** What a zero count becomes (fishtest's regularization). */
const EPSILON = 1e-3;

/** The two-sided 95% normal quantile. */
const Z95 = 1.959963984540054;

/** Options of {@linkcode Sprt}. */
export interface SprtOptions {
  /** Logistic Elo of H0 (the technique gains at most this). */
  elo0: number;
  /** Logistic Elo of H1 (it gains at least this); more than `elo0`. */
  elo1: number;
  /** Probability of accepting H1 when the truth is `elo0` (in (0, 0.5), default 0.05). */
  alpha?: number;
  /** Probability of accepting H0 when the truth is `elo1` (in (0, 0.5), default 0.05). */
  beta?: number;
  /**
   * `"pentanomial"` (default): results are pairs of games on one opening
   * with the colours swapped; `"trinomial"`: results are single games.
   */
  model?: "pentanomial" | "trinomial";
}

/**
 * An Elo estimate with its 95% interval (logistic Elo, the candidate's),
 * from regularized counts: on a few results the interval is far too
 * narrow (see {@linkcode eloEstimate}).
 */
export interface EloEstimate {
  /** The logistic Elo of the mean score (0 before any result). */
  estimate: number;
  /** Lower end of the 95% interval (−Infinity when it reaches a score of 0). */
  lower95: number;
  /** Upper end of the 95% interval (Infinity when it reaches a score of 1). */
  upper95: number;
}

/**
 * Fewest pairs before {@linkcode withinPrecision} may end a test: a few
 * pairs that all score the same have an interval of width 0, which says
 * nothing yet.
 */
export const PRECISION_MIN_PAIRS = 100;

/**
 * Whether a test may stop for precision: undecided, at least
 * {@linkcode PRECISION_MIN_PAIRS} pairs counted, and the 95% interval
 * reaching no further than `precision` Elo from the estimate on either
 * side (an unbounded end never does). A test that stops this way has no
 * decision; what it has is an Elo known to ±`precision`.
 *
 * @param status where the test stands (its decision, Elo interval and pairs)
 * @param precision the widest half-interval accepted, in Elo (> 0)
 * @throws {Error} when `precision` is not a number above 0 and at most
 *   {@linkcode MAX_SPRT_ELO}
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { withinPrecision } from "./sprt.ts";
 * const elo = { estimate: 12, lower95: -10, upper95: 35 };
 * assert.ok(withinPrecision({ decision: null, elo, pairs: 150 }, 25));
 * assert.ok(!withinPrecision({ decision: null, elo, pairs: 150 }, 20));
 * assert.ok(!withinPrecision({ decision: null, elo, pairs: 40 }, 25)); // too few pairs
 * assert.ok(!withinPrecision({ decision: "H0", elo, pairs: 150 }, 25)); // decided
 * assert.throws(() => withinPrecision({ decision: null, elo, pairs: 150 }, 0), /precision must be a number in \(0, 1000\], got 0/);
 * ```
 */
export function withinPrecision(
  status: {
    readonly decision: "H0" | "H1" | null;
    readonly elo: EloEstimate;
    readonly pairs: number;
  },
  precision: number,
): boolean {
  checkPrecision("withinPrecision", precision);
  const { estimate, lower95, upper95 } = status.elo;
  return status.decision === null && status.pairs >= PRECISION_MIN_PAIRS &&
    estimate - lower95 <= precision && upper95 - estimate <= precision;
}

/**
 * Checks a precision option (Elo, in (0, {@linkcode MAX_SPRT_ELO}]).
 *
 * @returns the precision
 * @throws {Error} naming `where`, the value and the rule
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkPrecision } from "./sprt.ts";
 * assert.equal(checkPrecision("f", 25), 25);
 * assert.throws(() => checkPrecision("f", "25"), /f: precision must be a number in \(0, 1000\], got "25"/);
 * ```
 */
export function checkPrecision(where: string, precision: unknown): number {
  if (
    typeof precision !== "number" || !(precision > 0) ||
    precision > MAX_SPRT_ELO
  ) {
    throw new Error(
      `${where}: precision must be a number in (0, ${MAX_SPRT_ELO}], got ${
        describe(precision)
      }`,
    );
  }
  return precision;
}

/** Where a test stands. */
export interface SprtStatus {
  /** The log-likelihood ratio of H1 against H0 (0 before any result). */
  llr: number;
  /** Bound A = ln(β / (1 − α)): the test accepts H0 at or below it. */
  lower: number;
  /** Bound B = ln((1 − β) / α): the test accepts H1 at or above it. */
  upper: number;
  /** The hypothesis accepted, or null while undecided. */
  decision: "H0" | "H1" | null;
  /** Games counted (pentanomial: 2 per pair, plus a first game still waiting for its partner). */
  games: number;
  /** Pairs counted (trinomial: games counted, halved and rounded down). */
  pairs: number;
  /** The candidate's Elo over the counted results. */
  elo: EloEstimate;
  /** The counts: trinomial [losses, draws, wins]; pentanomial pairs scoring [0, ½, 1, 1½, 2]. */
  counts: number[];
  /** The model of the counts. */
  model: "pentanomial" | "trinomial";
  /** elo0, elo1, alpha and beta, as used. */
  elo0: number;
  /** See `elo0`. */
  elo1: number;
  /** See `elo0`. */
  alpha: number;
  /** See `elo0`. */
  beta: number;
}

function checkCounts(where: string, counts: unknown): readonly number[] {
  if (
    !Array.isArray(counts) || (counts.length !== 3 && counts.length !== 5) ||
    !counts.every((c) => typeof c === "number" && Number.isFinite(c) && c >= 0)
  ) {
    throw new Error(
      `${where}: counts must be 3 (trinomial) or 5 (pentanomial) finite numbers ≥ 0, got ${
        Array.isArray(counts)
          ? `[${counts.map(describe).join(", ")}]`
          : describe(counts)
      }`,
    );
  }
  return counts;
}

function checkElo(where: string, name: string, value: unknown): number {
  if (
    typeof value !== "number" || !Number.isFinite(value) ||
    Math.abs(value) > MAX_SPRT_ELO
  ) {
    throw new Error(
      `${where}: ${name} must be a finite number in −${MAX_SPRT_ELO}…${MAX_SPRT_ELO} (logistic Elo), got ${
        describe(value)
      }`,
    );
  }
  return value;
}

/** Mean and variance of the regularized counts, results scaled to 0…1, and their total. */
function moments(counts: readonly number[]): [number, number, number] {
  const last = counts.length - 1;
  let n = 0, sum = 0, squares = 0;
  for (let i = 0; i <= last; i++) {
    const c = Math.max(counts[i]!, EPSILON);
    const x = i / last;
    n += c;
    sum += c * x;
    squares += c * x * x;
  }
  const mean = sum / n;
  // Never exactly 0 thanks to the regularization; max() guards rounding.
  const variance = Math.max(squares / n - mean * mean, 1e-300);
  return [n, mean, variance];
}

function total(counts: readonly number[]): number {
  let n = 0;
  for (const c of counts) n += c;
  return n;
}

/**
 * Fishtest's generalized log-likelihood ratio of H1 (Elo `elo1`) against
 * H0 (Elo `elo0`) for result counts (see the module's documentation).
 *
 * @param counts trinomial [losses, draws, wins] or pentanomial pair counts
 *   [0, ½, 1, 1½, 2 points], of the candidate
 * @param elo0 logistic Elo of H0
 * @param elo1 logistic Elo of H1 (more than `elo0`)
 * @returns the LLR: finite, 0 when there are no results
 * @throws {Error} on bad counts or bounds
 *
 * @example More wins, more evidence for H1
 * ```ts
 * import assert from "node:assert/strict";
 * import { sprtLlr } from "../../mod.ts";
 * assert.ok(sprtLlr([40, 20, 60], 0, 10) > sprtLlr([40, 20, 50], 0, 10));
 * assert.equal(sprtLlr([0, 0, 0], 0, 10), 0);
 * ```
 */
export function sprtLlr(
  counts: readonly number[],
  elo0: number,
  elo1: number,
): number {
  const where = "sprtLlr";
  checkCounts(where, counts);
  checkElo(where, "elo0", elo0);
  checkElo(where, "elo1", elo1);
  if (!(elo0 < elo1)) {
    throw new Error(
      `${where}: elo0 must be less than elo1, got elo0 ${elo0} and elo1 ${elo1}`,
    );
  }
  return llr(counts, expectedScore(elo0), expectedScore(elo1));
}

function llr(counts: readonly number[], s0: number, s1: number): number {
  if (total(counts) === 0) return 0;
  let n = 0;
  for (const c of counts) n += Math.max(c, EPSILON);
  return n *
    (maxLogLikelihood(counts, n, s1) - maxLogLikelihood(counts, n, s0));
}

/**
 * The largest mean log-likelihood, relative to the empirical distribution
 * f, of a distribution on the same results whose expectation is `s`.
 * Lagrange's condition gives p_i = f_i / (1 + x (a_i − s)) with x the root
 * of g(x) = Σ f_i (a_i − s) / (1 + x (a_i − s)), which decreases on
 * (−1 / (1 − s), 1 / s) from +∞ to −∞; the value is −Σ f_i ln(1 + x (a_i − s)).
 * Newton's method, kept inside a shrinking bracket, finds x in a few steps.
 */
function maxLogLikelihood(
  counts: readonly number[],
  n: number,
  s: number,
): number {
  const last = counts.length - 1;
  let low = -1 / (1 - s), high = 1 / s;
  let x = 0, step = high - low, previous = step;
  for (let iteration = 0; iteration < 300; iteration++) {
    let g = 0, slope = 0;
    for (let i = 0; i <= last; i++) {
      const f = Math.max(counts[i]!, EPSILON) / n;
      const b = i / last - s;
      const q = b / (1 + x * b);
      g += f * q;
      slope -= f * q * q;
    }
    // g is the slope of the objective, so a small g means a value
    // accurate to about g²; a tiny step alone means nothing near a pole.
    if (Math.abs(g) <= 1e-13) break;
    if (g > 0) low = x;
    else high = x;
    if (high - low <= 1e-15 * (1 + Math.abs(x))) break;
    const newton = x - g / slope;
    // Newton inside the bracket and halving the step at least; else bisect.
    if (
      newton > low && newton < high &&
      Math.abs(2 * g) <= Math.abs(previous * slope)
    ) {
      previous = step;
      step = Math.abs(newton - x);
      x = newton;
    } else {
      previous = step;
      step = (high - low) / 2;
      x = low + step;
    }
  }
  let value = 0;
  for (let i = 0; i <= last; i++) {
    const f = Math.max(counts[i]!, EPSILON) / n;
    value -= f * Math.log1p(x * (i / last - s));
  }
  return value;
}

/** The logistic Elo of a mean score, ±Infinity at the ends. */
function scoreToElo(score: number): number {
  if (score <= 0) return -Infinity;
  if (score >= 1) return Infinity;
  return -400 * Math.log10(1 / score - 1);
}

/**
 * The candidate's logistic Elo and its 95% interval from result counts
 * (pentanomial counts give the Elo per game, with the variance of pairs).
 * Useful on its own for a fixed number of games.
 *
 * The counts are regularized first, a zero counting 10⁻³ as in the LLR
 * (fishtest does the same), so on a few results the interval is the
 * stand-ins' spread, not the data's: far too narrow, certain-looking
 * where nothing is known. Ten wins give +1530 [+859, ∞) and one pair
 * that scored ½ gives −190 [−250, −138] (see the second example). Read
 * the interval only after many results of several kinds.
 *
 * @param counts trinomial [losses, draws, wins] or pentanomial pair counts [0, ½, 1, 1½, 2 points]
 * @returns the estimate and interval: never NaN; before any result 0 in (−∞, ∞)
 * @throws {Error} on bad counts
 *
 * @example 64% of the points is about +100
 * ```ts
 * import assert from "node:assert/strict";
 * import { eloEstimate } from "../../mod.ts";
 * const { estimate, lower95, upper95 } = eloEstimate([360, 0, 640]);
 * assert.ok(Math.abs(estimate - 100) < 1);
 * assert.ok(lower95 < estimate && estimate < upper95);
 * ```
 *
 * @example Tiny samples look certain: the zeros' 10⁻³ is all the spread
 * ```ts
 * import assert from "node:assert/strict";
 * import { eloEstimate } from "../../mod.ts";
 * const tenWins = eloEstimate([0, 0, 10]);
 * assert.deepEqual([Math.round(tenWins.estimate), Math.round(tenWins.lower95)], [1530, 859]);
 * assert.equal(tenWins.upper95, Infinity);
 * const onePair = eloEstimate([0, 1, 0, 0, 0]);
 * assert.deepEqual(
 *   [onePair.estimate, onePair.lower95, onePair.upper95].map(Math.round),
 *   [-190, -250, -138],
 * );
 * ```
 */
export function eloEstimate(counts: readonly number[]): EloEstimate {
  checkCounts("eloEstimate", counts);
  return estimate(counts);
}

function estimate(counts: readonly number[]): EloEstimate {
  if (total(counts) === 0) {
    return { estimate: 0, lower95: -Infinity, upper95: Infinity };
  }
  const [n, mean, variance] = moments(counts);
  const half = Z95 * Math.sqrt(variance / n);
  return {
    estimate: scoreToElo(mean),
    lower95: scoreToElo(mean - half),
    upper95: scoreToElo(mean + half),
  };
}

function checkScore(where: string, name: string, value: unknown): GameScore {
  if (value !== 0 && value !== 0.5 && value !== 1) {
    throw new Error(
      `${where}: ${name} must be the candidate's score 0, 0.5 or 1, got ${
        describe(value)
      }`,
    );
  }
  return value;
}

function checkProbability(where: string, name: string, value: unknown) {
  if (typeof value !== "number" || !(value > 0 && value < 0.5)) {
    throw new Error(
      `${where}: ${name} must be a number in (0, 0.5), got ${describe(value)}`,
    );
  }
  return value;
}

/**
 * A sequential probability ratio test, fed one result at a time. Once the
 * LLR reaches a bound the decision is final: the test takes no more
 * results (a sequential test decides at its first crossing).
 *
 * @example A candidate that wins 60% of its pairs' points is found better than +0
 * ```ts
 * import assert from "node:assert/strict";
 * import { Sprt } from "../../mod.ts";
 * const test = new Sprt({ elo0: 0, elo1: 50 });
 * const pairs: [0 | 0.5 | 1, 0 | 0.5 | 1][] = [[1, 0.5], [1, 0], [0.5, 0.5], [1, 1], [0, 1]];
 * while (test.status().decision === null) {
 *   const [a, b] = pairs[test.status().pairs % pairs.length]!;
 *   test.addPair(a, b);
 * }
 * assert.equal(test.status().decision, "H1");
 * assert.ok(test.status().llr >= test.status().upper);
 * ```
 */
export class Sprt {
  readonly #elo0: number;
  readonly #elo1: number;
  readonly #alpha: number;
  readonly #beta: number;
  readonly #s0: number;
  readonly #s1: number;
  readonly #lower: number;
  readonly #upper: number;
  readonly #model: "pentanomial" | "trinomial";
  readonly #counts: number[];
  /** A pentanomial pair's first game, waiting for its partner, or -1. */
  #pending = -1;
  #decision: "H0" | "H1" | null = null;

  /**
   * A test of H0 (Elo ≤ `elo0`) against H1 (Elo ≥ `elo1`).
   *
   * @param options `elo0`, `elo1`, `alpha`, `beta`, `model`
   * @throws {Error} on an unknown option, `elo0 >= elo1`, an Elo that is
   *   not finite or beyond ±{@linkcode MAX_SPRT_ELO}, α or β outside (0, 0.5)
   */
  constructor(options: SprtOptions) {
    const where = "new Sprt";
    checkOptions(where, options, ["elo0", "elo1", "alpha", "beta", "model"]);
    if (options === undefined) {
      throw new Error(`${where}: options must be an object, got undefined`);
    }
    this.#elo0 = checkElo(where, "elo0", options.elo0);
    this.#elo1 = checkElo(where, "elo1", options.elo1);
    if (!(this.#elo0 < this.#elo1)) {
      throw new Error(
        `${where}: elo0 must be less than elo1, got elo0 ${this.#elo0} and elo1 ${this.#elo1}`,
      );
    }
    this.#alpha = checkProbability(where, "alpha", options.alpha ?? 0.05);
    this.#beta = checkProbability(where, "beta", options.beta ?? 0.05);
    const model = options.model ?? "pentanomial";
    if (model !== "pentanomial" && model !== "trinomial") {
      throw new Error(
        `${where}: model must be "pentanomial" or "trinomial", got ${
          describe(model)
        }`,
      );
    }
    this.#model = model;
    this.#counts = new Array(model === "pentanomial" ? 5 : 3).fill(0);
    this.#s0 = expectedScore(this.#elo0);
    this.#s1 = expectedScore(this.#elo1);
    this.#lower = Math.log(this.#beta / (1 - this.#alpha));
    this.#upper = Math.log((1 - this.#beta) / this.#alpha);
  }

  #checkOpen(where: string): void {
    if (this.#decision !== null) {
      throw new Error(
        `${where}: the test already accepted ${this.#decision} after ${this.#games()} games; a decided test takes no more results`,
      );
    }
  }

  #games(): number {
    const counted = total(this.#counts);
    return this.#model === "pentanomial"
      ? 2 * counted + (this.#pending >= 0 ? 1 : 0)
      : counted;
  }

  #decide(): void {
    const value = llr(this.#counts, this.#s0, this.#s1);
    if (value >= this.#upper) this.#decision = "H1";
    else if (value <= this.#lower) this.#decision = "H0";
  }

  /**
   * Adds one game. In the pentanomial model games are taken two by two,
   * as pairs in the order given (the first waits for the second); give
   * the two games of an opening one after the other, or use
   * {@linkcode Sprt.addPair}.
   *
   * @param score the candidate's score: 1, 0.5 or 0
   * @returns this test
   * @throws {Error} on another score, or when the test has decided
   */
  add(score: GameScore): this {
    const where = "Sprt.add";
    checkScore(where, "score", score);
    this.#checkOpen(where);
    if (this.#model === "trinomial") {
      this.#counts[score * 2]! += 1;
    } else if (this.#pending < 0) {
      this.#pending = score;
      return this;
    } else {
      this.#counts[(this.#pending + score) * 2]! += 1;
      this.#pending = -1;
    }
    this.#decide();
    return this;
  }

  /**
   * Adds a pair of games on one opening, the candidate first in one and
   * second in the other (trinomial model: two games).
   *
   * @param first the candidate's score in one game (1, 0.5, 0)
   * @param second its score in the other
   * @returns this test
   * @throws {Error} on another score, when the test has decided, or
   *   (pentanomial) when a single game is waiting for its partner
   */
  addPair(first: GameScore, second: GameScore): this {
    const where = "Sprt.addPair";
    checkScore(where, "first", first);
    checkScore(where, "second", second);
    this.#checkOpen(where);
    if (this.#model === "trinomial") {
      this.#counts[first * 2]! += 1;
      this.#counts[second * 2]! += 1;
    } else {
      if (this.#pending >= 0) {
        throw new Error(
          `${where}: a single game added by Sprt.add waits for its partner; add it with Sprt.add first`,
        );
      }
      this.#counts[(first + second) * 2]! += 1;
    }
    this.#decide();
    return this;
  }

  /** The hypothesis accepted, or null while undecided. */
  get decision(): "H0" | "H1" | null {
    return this.#decision;
  }

  /**
   * Where the test stands.
   *
   * @returns the LLR, bounds, decision, counts and Elo estimate
   */
  status(): SprtStatus {
    const games = this.#games();
    return {
      llr: llr(this.#counts, this.#s0, this.#s1),
      lower: this.#lower,
      upper: this.#upper,
      decision: this.#decision,
      games,
      pairs: this.#model === "pentanomial"
        ? total(this.#counts)
        : Math.floor(games / 2),
      elo: estimate(this.#counts),
      counts: [...this.#counts],
      model: this.#model,
      elo0: this.#elo0,
      elo1: this.#elo1,
      alpha: this.#alpha,
      beta: this.#beta,
    };
  }
}

/** Options of {@linkcode runSprt}: the test's, and a budget. */
export interface RunSprtOptions extends SprtOptions {
  /** Most games to take from the source (1…{@linkcode MAX_SPRT_GAMES}); a pair counts 2. */
  maxGames: number;
}

/** What {@linkcode runSprt} ends with. */
export interface SprtRun extends SprtStatus {
  /** Why it stopped: a decision, the budget spent undecided, or the source ran out undecided. */
  stopped: "decision" | "budget" | "source";
}

/**
 * Runs a test over a source of results until it decides, the budget of
 * games is spent ("stopped undecided after N games"), or the source ends.
 *
 * @param source games (the candidate's score) or pairs of games, in order;
 *   it may be endless
 * @param options the test's (`elo0`, `elo1`, `alpha`, `beta`, `model`) and `maxGames`
 * @returns the final status and why it stopped; never more than `maxGames` games
 * @throws {Error} on a bad option or a bad result in the source
 *
 * @example Simulated pairs of a player 30 Elo stronger: H1 against [0, 30]
 * ```ts
 * import assert from "node:assert/strict";
 * import { MatchSimulator, runSprt } from "../../mod.ts";
 * const simulator = new MatchSimulator({ elo: 30, drawRate: 0.4, seed: 1 });
 * const run = runSprt(simulator.pairs(), { elo0: 0, elo1: 30, maxGames: 100_000 });
 * assert.equal(run.stopped, "decision");
 * assert.equal(run.decision, "H1");
 * const small = runSprt(simulator.pairs(), { elo0: 0, elo1: 30, maxGames: 10 });
 * assert.deepEqual([small.stopped, small.decision, small.games], ["budget", null, 10]);
 * ```
 */
export function runSprt(
  source: Iterable<GameScore | readonly [GameScore, GameScore]>,
  options: RunSprtOptions,
): SprtRun {
  const where = "runSprt";
  checkOptions(where, options, [
    "elo0",
    "elo1",
    "alpha",
    "beta",
    "model",
    "maxGames",
  ]);
  if (options === undefined) {
    throw new Error(`${where}: options must be an object, got undefined`);
  }
  const maxGames = checkInteger(
    where,
    "maxGames",
    options.maxGames,
    1,
    MAX_SPRT_GAMES,
  );
  if (
    source === null || typeof source !== "object" ||
    typeof (source as Iterable<unknown>)[Symbol.iterator] !== "function"
  ) {
    throw new Error(
      `${where}: source must be an iterable of scores or pairs of scores, got ${
        describe(source)
      }`,
    );
  }
  const { maxGames: _, ...testOptions } = options;
  const test = new Sprt(testOptions);
  let games = 0;
  const iterator = source[Symbol.iterator]();
  try {
    for (;;) {
      if (games >= maxGames) return { ...test.status(), stopped: "budget" };
      const next = iterator.next();
      if (next.done) return { ...test.status(), stopped: "source" };
      const item = next.value;
      if (Array.isArray(item)) {
        if (item.length !== 2) {
          throw new Error(
            `${where}: a pair in the source must have 2 scores, got ${
              describe(item)
            }`,
          );
        }
        if (games + 2 > maxGames) {
          return { ...test.status(), stopped: "budget" };
        }
        test.addPair(item[0], item[1]);
        games += 2;
      } else {
        test.add(item as GameScore);
        games += 1;
      }
      if (test.decision !== null) {
        return { ...test.status(), stopped: "decision" };
      }
    }
  } finally {
    iterator.return?.();
  }
}

/** Options of {@linkcode MatchSimulator}. */
export interface MatchSimulatorOptions {
  /** The candidate's true logistic Elo over its opponent (its mean score over both colours is `1 / (1 + 10^(−elo/400))`). */
  elo: number;
  /**
   * Share of the games drawn where draws are likeliest (0…1, default 0):
   * P(draw) = drawRate · 2 · min(p, 1 − p), as in `simulateGames`.
   */
  drawRate?: number;
  /** Elo points the first mover gains (0…1000, default 0): the colour bias that pairs cancel. */
  colourAdvantage?: number;
  /** Seed (integer 0…2^32 − 1). */
  seed: number;
}

/**
 * Seeded games between a candidate and an opponent of known Elo
 * difference, draw rate and first-mover advantage: the synthetic source
 * that checks {@linkcode Sprt}'s error rates.
 *
 * @example The mean score matches the Elo
 * ```ts
 * import assert from "node:assert/strict";
 * import { expectedScore, MatchSimulator } from "../../mod.ts";
 * const simulator = new MatchSimulator({ elo: 100, drawRate: 0.3, colourAdvantage: 50, seed: 2 });
 * let points = 0;
 * for (let i = 0; i < 20_000; i++) points += simulator.game(i % 2 === 0);
 * assert.ok(Math.abs(points / 20_000 - expectedScore(100)) < 0.01);
 * ```
 */
export class MatchSimulator {
  readonly #random: Random;
  /** Win and draw probabilities with the candidate first, then second. */
  readonly #win: [number, number];
  readonly #draw: [number, number];

  /**
   * A simulator of `elo`, `drawRate`, `colourAdvantage`, `seed`.
   *
   * @param options `elo`, `drawRate`, `colourAdvantage`, `seed`
   * @throws {Error} on an unknown option or a value out of its range
   */
  constructor(options: MatchSimulatorOptions) {
    const where = "new MatchSimulator";
    checkOptions(where, options, [
      "elo",
      "drawRate",
      "colourAdvantage",
      "seed",
    ]);
    if (options === undefined) {
      throw new Error(`${where}: options must be an object, got undefined`);
    }
    const elo = checkElo(where, "elo", options.elo);
    const drawRate = options.drawRate ?? 0;
    if (typeof drawRate !== "number" || !(drawRate >= 0 && drawRate <= 1)) {
      throw new Error(
        `${where}: drawRate must be a number in 0…1, got ${describe(drawRate)}`,
      );
    }
    const advantage = options.colourAdvantage ?? 0;
    if (
      typeof advantage !== "number" || !(advantage >= 0 && advantage <= 1000)
    ) {
      throw new Error(
        `${where}: colourAdvantage must be a number in 0…1000, got ${
          describe(advantage)
        }`,
      );
    }
    this.#random = new Random(
      checkInteger(where, "seed", options.seed, 0, 0xffffffff),
    );
    // The strength without colour whose mean over both colours scores
    // expectedScore(elo): the mean is increasing in it, so bisect.
    const target = expectedScore(elo);
    let low = -4000, high = 4000;
    for (let i = 0; i < 100; i++) {
      const mid = (low + high) / 2;
      const mean =
        (expectedScore(mid + advantage) + expectedScore(mid - advantage)) / 2;
      if (mean < target) low = mid;
      else high = mid;
    }
    const base = (low + high) / 2;
    const probabilities = [base + advantage, base - advantage].map((d) => {
      const p = expectedScore(d);
      const draw = drawRate * 2 * Math.min(p, 1 - p);
      return [p - draw / 2, draw] as const;
    });
    this.#win = [probabilities[0]![0], probabilities[1]![0]];
    this.#draw = [probabilities[0]![1], probabilities[1]![1]];
  }

  /**
   * One game.
   *
   * @param candidateFirst whether the candidate moves first
   * @returns the candidate's score
   */
  game(candidateFirst: boolean): GameScore {
    const side = candidateFirst ? 0 : 1;
    const u = this.#random.next();
    const win = this.#win[side]!;
    return u < win ? 1 : u < win + this.#draw[side]! ? 0.5 : 0;
  }

  /**
   * A pair: the candidate first, then second.
   *
   * @returns its two scores
   */
  pair(): [GameScore, GameScore] {
    return [this.game(true), this.game(false)];
  }

  /**
   * Endless games, the candidate first in every other one.
   *
   * @returns a generator of the candidate's scores
   */
  *games(): Generator<GameScore, never, undefined> {
    for (let i = 0;; i++) yield this.game(i % 2 === 0);
  }

  /**
   * Endless pairs.
   *
   * @returns a generator of pairs of the candidate's scores
   */
  *pairs(): Generator<[GameScore, GameScore], never, undefined> {
    for (;;) yield this.pair();
  }
}
