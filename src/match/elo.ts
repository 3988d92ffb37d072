/**
 * Elo ratings by maximum likelihood, with 95% intervals: a small
 * implementation of the Bradley–Terry model on the Elo scale.
 *
 * Model: player i scores against player j with expectation
 * `1 / (1 + 10^((R_j − R_i) / 400))`; a draw counts as half a win for each
 * side (the likelihood of a game with score s is p^s (1 − p)^(1 − s)).
 * The ratings maximise the log-likelihood; they are found by Newton's
 * method on the natural scale θ = R · ln 10 / 400, whose log-likelihood is
 * concave, with step halving as a safeguard. Ratings are fixed only up to a
 * common shift: by default they average 0 (`anchor: "mean"`), or one player
 * is pinned (`anchor: k`) and the others are measured from it.
 *
 * Intervals: the observed Fisher information H (the negated Hessian of the
 * log-likelihood, a weighted graph Laplacian) is singular along the common
 * shift; its pseudo-inverse `(H + 11ᵀ/n)⁻¹ − 11ᵀ/n` is the covariance of the
 * mean-zero estimates, and a player's 95% interval is its estimate ± 1.96
 * standard errors (for a pinned anchor, the standard error of the
 * difference from it). Draws make a game's score less variable than the
 * binomial model assumes, so with many draws the intervals are
 * conservative.
 *
 * The maximum likelihood exists only when no group of players scored
 * nothing against everyone else (then its ratings run off to −∞): the
 * function checks this and says so; `priorDraws` adds that many virtual
 * draws to every pair that met, the usual remedy (BayesElo's prior).
 *
 * @module
 */

import { Random } from "../random.ts";
import { checkInteger, checkOptions, describe } from "../validate.ts";

/** One game for {@linkcode eloRatings}: players `a` and `b` (indices) and `a`'s score: 1, ½ or 0. */
export interface EloGame {
  /** First player's index. */
  a: number;
  /** Second player's index. */
  b: number;
  /** `a`'s score: 1 win, 0.5 draw, 0 loss. */
  score: number;
}

/** Options of {@linkcode eloRatings}. */
export interface EloOptions {
  /** Number of players (default: the largest index + 1). */
  players?: number;
  /** `"mean"` (default): ratings average `anchorElo`; a player index: that player is pinned at `anchorElo`. */
  anchor?: number | "mean";
  /** The anchor's rating (default 0). */
  anchorElo?: number;
  /** Virtual draws added to every pair of players that met (default 0). */
  priorDraws?: number;
}

/** One player's rating. */
export interface EloRating {
  /** The player's index. */
  player: number;
  /** Estimated rating. */
  elo: number;
  /** Lower end of the 95% interval. */
  low: number;
  /** Upper end of the 95% interval. */
  high: number;
  /** Standard error (Elo points; 0 for a pinned anchor). */
  standardError: number;
  /** Real games played. */
  games: number;
  /** Real points scored. */
  score: number;
}

/** What {@linkcode eloRatings} returns. */
export interface EloResult {
  /** One row per player, by index. */
  ratings: EloRating[];
  /** Newton iterations run. */
  iterations: number;
  /** Log-likelihood at the estimate (natural log, prior draws included). */
  logLikelihood: number;
}

/** Elo points per natural-log unit of odds: 400 / ln 10. */
const ELO_PER_NAT = 400 / Math.LN10;

/** The two-sided 95% normal quantile. */
const Z95 = 1.959963984540054;

/**
 * The expected score of a player rated `difference` points above its opponent.
 *
 * @param difference the rating difference (Elo points)
 * @returns a number in (0, 1)
 *
 * @example Equal ratings score one half; 400 points, ten to one
 * ```ts
 * import assert from "node:assert/strict";
 * import { expectedScore } from "../../mod.ts";
 * assert.equal(expectedScore(0), 0.5);
 * assert.ok(Math.abs(expectedScore(400) - 10 / 11) < 1e-12);
 * ```
 */
export function expectedScore(difference: number): number {
  if (typeof difference !== "number" || Number.isNaN(difference)) {
    throw new Error(
      `expectedScore: difference must be a number of Elo points, got ${
        describe(difference)
      }`,
    );
  }
  return 1 / (1 + Math.pow(10, -difference / 400));
}

/** Solves `matrix · x = rhs` in place by Gaussian elimination with partial pivoting. */
function solve(matrix: Float64Array[], rhs: Float64Array): Float64Array {
  const n = rhs.length;
  const a = matrix.map((row) => Float64Array.from(row));
  const x = Float64Array.from(rhs);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++) {
      if (Math.abs(a[row]![col]!) > Math.abs(a[pivot]![col]!)) pivot = row;
    }
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    [x[col], x[pivot]] = [x[pivot]!, x[col]!];
    const d = a[col]![col]!;
    for (let row = col + 1; row < n; row++) {
      const f = a[row]![col]! / d;
      if (f === 0) continue;
      for (let k = col; k < n; k++) a[row]![k] = a[row]![k]! - f * a[col]![k]!;
      x[row] = x[row]! - f * x[col]!;
    }
  }
  for (let row = n - 1; row >= 0; row--) {
    let sum = x[row]!;
    for (let k = row + 1; k < n; k++) sum -= a[row]![k]! * x[k]!;
    x[row] = sum / a[row]![row]!;
  }
  return x;
}

/**
 * The inverse of `matrix` by Gauss-Jordan elimination with partial
 * pivoting: O(n³) once, where solving for each unit column was O(n⁴).
 */
function invert(matrix: Float64Array[]): Float64Array[] {
  const n = matrix.length;
  const a = matrix.map((row) => Float64Array.from(row));
  const inverse = Array.from({ length: n }, (_, i) => {
    const row = new Float64Array(n);
    row[i] = 1;
    return row;
  });
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++) {
      if (Math.abs(a[row]![col]!) > Math.abs(a[pivot]![col]!)) pivot = row;
    }
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    [inverse[col], inverse[pivot]] = [inverse[pivot]!, inverse[col]!];
    const pivotRow = a[col]!, pivotInverse = inverse[col]!;
    const scale = 1 / pivotRow[col]!;
    for (let k = col; k < n; k++) pivotRow[k] = pivotRow[k]! * scale;
    for (let k = 0; k < n; k++) pivotInverse[k] = pivotInverse[k]! * scale;
    for (let row = 0; row < n; row++) {
      if (row === col) continue;
      const f = a[row]![col]!;
      if (f === 0) continue;
      const target = a[row]!, targetInverse = inverse[row]!;
      for (let k = col; k < n; k++) target[k] = target[k]! - f * pivotRow[k]!;
      for (let k = 0; k < n; k++) {
        targetInverse[k] = targetInverse[k]! - f * pivotInverse[k]!;
      }
    }
  }
  return inverse;
}

/**
 * Most players {@linkcode eloRatings} accepts: its cost grows as n³ (each
 * Newton step solves an n × n system, the intervals invert one), about
 * seconds at 1,000 players; more is an error rather than minutes of work.
 */
export const MAX_ELO_PLAYERS = 1000;

/** Smallest positive `priorDraws`: fewer virtual draws let the ratings run to ±10^4 Elo and past. */
export const MIN_PRIOR_DRAWS = 1e-3;

/** Largest `priorDraws`: more would drown any tournament's games. */
export const MAX_PRIOR_DRAWS = 1e6;

/**
 * Elo ratings by maximum likelihood with 95% intervals (see the module
 * documentation for the model, the method and the intervals).
 *
 * @param games the games: player indices and the first one's score
 * @param options `players`, `anchor`, `anchorElo`, `priorDraws`
 * @returns one {@linkcode EloRating} per player, the iterations and the log-likelihood
 * Degenerate tournaments get a clear error, never NaN or ±Infinity: a
 * player without games (`players` above the indices included); a player
 * who won, or lost, every game against a group (the maximum likelihood
 * does not exist: pass `priorDraws`, virtual draws that make every rating
 * finite); more than {@linkcode MAX_ELO_PLAYERS} players; `priorDraws`
 * other than 0 or a number in {@linkcode MIN_PRIOR_DRAWS}…
 * {@linkcode MAX_PRIOR_DRAWS}. Draws only give every player the same
 * rating. Cost: O(n³) per Newton step (at most 200, typically under 10)
 * and once for the intervals, with n ≤ {@linkcode MAX_ELO_PLAYERS}.
 *
 * @throws {Error} on a bad game or option, a player without games, more
 *   than {@linkcode MAX_ELO_PLAYERS} players, or results for which the
 *   maximum likelihood does not exist (naming a player who scored nothing,
 *   or everything, against the rest)
 *
 * @example Three players, the strongest ahead
 * ```ts
 * import assert from "node:assert/strict";
 * import { eloRatings } from "../../mod.ts";
 * const games = [];
 * for (let k = 0; k < 10; k++) {
 *   games.push({ a: 0, b: 1, score: k < 7 ? 1 : 0 });  // 0 beats 1 seven times in ten
 *   games.push({ a: 1, b: 2, score: k < 7 ? 1 : 0 });  // 1 beats 2 seven times in ten
 *   games.push({ a: 0, b: 2, score: k < 8 ? 1 : 0.5 }); // 0 beats 2 eight times, two draws
 * }
 * const { ratings } = eloRatings(games, { anchor: 2 });
 * assert.ok(ratings[0]!.elo > ratings[1]!.elo && ratings[1]!.elo > 0);
 * assert.equal(ratings[2]!.elo, 0);
 * assert.ok(ratings[0]!.low < ratings[0]!.elo && ratings[0]!.elo < ratings[0]!.high);
 * ```
 */
export function eloRatings(
  games: readonly EloGame[],
  options?: EloOptions,
): EloResult {
  // Step 1. Input, checked once.
  const where = "eloRatings";
  checkOptions(where, options, [
    "players",
    "anchor",
    "anchorElo",
    "priorDraws",
  ]);
  if (!Array.isArray(games)) {
    throw new Error(`${where}: games must be an array, got ${describe(games)}`);
  }
  let players = 0;
  games.forEach((game, i) => {
    if (game === null || typeof game !== "object") {
      throw new Error(
        `${where}: games[${i}] must be { a, b, score }, got ${describe(game)}`,
      );
    }
    checkInteger(where, `games[${i}].a`, game.a, 0, MAX_ELO_PLAYERS - 1);
    checkInteger(where, `games[${i}].b`, game.b, 0, MAX_ELO_PLAYERS - 1);
    if (game.a === game.b) {
      throw new Error(
        `${where}: games[${i}] has player ${game.a} against itself`,
      );
    }
    if (game.score !== 0 && game.score !== 0.5 && game.score !== 1) {
      throw new Error(
        `${where}: games[${i}].score must be 0, 0.5 or 1, got ${
          describe(game.score)
        }`,
      );
    }
    players = Math.max(players, game.a + 1, game.b + 1);
  });
  if (options?.players !== undefined) {
    players = checkInteger(
      where,
      "players",
      options.players,
      Math.max(players, 2),
      MAX_ELO_PLAYERS,
    );
  }
  if (players < 2) {
    throw new Error(`${where}: needs games between at least 2 players`);
  }
  // Absent means "mean"; null is no anchor's name and is refused below.
  const anchor = options?.anchor === undefined ? "mean" : options.anchor;
  if (anchor !== "mean") {
    checkInteger(where, "anchor", anchor, 0, players - 1);
  }
  const anchorElo = options?.anchorElo ?? 0;
  if (typeof anchorElo !== "number" || !Number.isFinite(anchorElo)) {
    throw new Error(
      `${where}: anchorElo must be a finite number, got ${describe(anchorElo)}`,
    );
  }
  const priorDraws = options?.priorDraws ?? 0;
  if (
    typeof priorDraws !== "number" ||
    !(priorDraws === 0 ||
      (priorDraws >= MIN_PRIOR_DRAWS && priorDraws <= MAX_PRIOR_DRAWS))
  ) {
    throw new Error(
      `${where}: priorDraws must be 0 or a number in ${MIN_PRIOR_DRAWS}…${MAX_PRIOR_DRAWS} (virtual draws per pair), got ${
        describe(priorDraws)
      }`,
    );
  }

  // Step 2. Games and points per pair.
  const n = players;
  const count = Array.from({ length: n }, () => new Float64Array(n));
  const points = Array.from({ length: n }, () => new Float64Array(n));
  const realGames = new Float64Array(n);
  const realScore = new Float64Array(n);
  for (const { a, b, score } of games) {
    count[a]![b]!++;
    count[b]![a]!++;
    points[a]![b] = points[a]![b]! + score;
    points[b]![a] = points[b]![a]! + 1 - score;
    realGames[a]!++;
    realGames[b]!++;
    realScore[a] = realScore[a]! + score;
    realScore[b] = realScore[b]! + 1 - score;
  }
  for (let i = 0; i < n; i++) {
    if (realGames[i] === 0) {
      throw new Error(`${where}: player ${i} has no games`);
    }
    for (let j = 0; j < n; j++) {
      if (count[i]![j]! > 0) {
        count[i]![j] = count[i]![j]! + priorDraws;
        points[i]![j] = points[i]![j]! + priorDraws / 2;
      }
    }
  }
  checkExistence(points, n);

  // Step 3. Newton's method on θ, mean zero.
  const theta = new Float64Array(n);
  const logLikelihood = (t: Float64Array): number => {
    let sum = 0;
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        if (count[i]![j] === 0) continue;
        const d = t[i]! - t[j]!;
        // ln σ(d) and ln σ(−d), stable for large |d|.
        const lp = -Math.log1p(Math.exp(-d)), lq = -Math.log1p(Math.exp(d));
        sum += points[i]![j]! * lp + points[j]![i]! * lq;
      }
    }
    return sum;
  };
  const information = (t: Float64Array): Float64Array[] => {
    const h = Array.from({ length: n }, () => new Float64Array(n));
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        if (i === j || count[i]![j] === 0) continue;
        const p = 1 / (1 + Math.exp(t[j]! - t[i]!));
        const w = count[i]![j]! * p * (1 - p);
        h[i]![j] = h[i]![j]! - w;
        h[i]![i] = h[i]![i]! + w;
      }
    }
    // + 11ᵀ/n fixes the common shift (see the module doc).
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) h[i]![j] = h[i]![j]! + 1 / n;
    }
    return h;
  };
  let current = logLikelihood(theta);
  let iterations = 0;
  for (; iterations < 200; iterations++) {
    const gradient = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        if (i === j || count[i]![j] === 0) continue;
        const p = 1 / (1 + Math.exp(theta[j]! - theta[i]!));
        gradient[i] = gradient[i]! + points[i]![j]! - count[i]![j]! * p;
      }
    }
    const step = solve(information(theta), gradient);
    let size = 1;
    let next = theta;
    let value = current;
    for (let halvings = 0; halvings < 40; halvings++) {
      next = theta.map((t, i) => t + size * step[i]!);
      value = logLikelihood(next);
      if (value >= current - 1e-12) break;
      size /= 2;
    }
    let change = 0;
    for (let i = 0; i < n; i++) {
      change = Math.max(change, Math.abs(next[i]! - theta[i]!));
    }
    theta.set(next);
    current = value;
    if (change < 1e-10) {
      iterations++;
      break;
    }
  }
  const mean = theta.reduce((s, t) => s + t, 0) / n;
  for (let i = 0; i < n; i++) theta[i] = theta[i]! - mean;

  // Step 4. Covariance: the pseudo-inverse of the information.
  const covariance = invert(information(theta));
  for (const row of covariance) {
    for (let j = 0; j < n; j++) row[j] = row[j]! - 1 / n;
  }
  const ratings: EloRating[] = [];
  for (let i = 0; i < n; i++) {
    let elo: number, variance: number;
    if (anchor === "mean") {
      elo = theta[i]! * ELO_PER_NAT + anchorElo;
      variance = covariance[i]![i]!;
    } else {
      elo = (theta[i]! - theta[anchor]!) * ELO_PER_NAT + anchorElo;
      variance = covariance[i]![i]! + covariance[anchor]![anchor]! -
        2 * covariance[i]![anchor]!;
    }
    const standardError = Math.sqrt(Math.max(0, variance)) * ELO_PER_NAT;
    ratings.push({
      player: i,
      elo,
      low: elo - Z95 * standardError,
      high: elo + Z95 * standardError,
      standardError,
      games: realGames[i]!,
      score: realScore[i]!,
    });
  }
  const bad = ratings.find((r) =>
    ![r.elo, r.low, r.high, r.standardError].every(Number.isFinite)
  );
  if (bad !== undefined || !Number.isFinite(current)) {
    throw new Error(
      `${where}: the ratings did not converge to finite numbers (player ${
        bad?.player ?? 0
      }); pass { priorDraws: 1 } or play more games`,
    );
  }
  return { ratings, iterations, logLikelihood: current };
}

/**
 * Throws unless every player can reach every other along "scored a point
 * (or half) against" edges: otherwise some group scored nothing against the
 * rest and the likelihood keeps growing as that group's ratings fall.
 */
function checkExistence(points: Float64Array[], n: number): void {
  const reach = (forward: boolean): boolean[] => {
    const seen = new Array<boolean>(n).fill(false);
    const stack = [0];
    seen[0] = true;
    while (stack.length > 0) {
      const i = stack.pop()!;
      for (let j = 0; j < n; j++) {
        const scored = forward ? points[i]![j]! : points[j]![i]!;
        if (!seen[j] && scored > 0) {
          seen[j] = true;
          stack.push(j);
        }
      }
    }
    return seen;
  };
  const from = reach(true), to = reach(false);
  for (let i = 0; i < n; i++) {
    if (!from[i] || !to[i]) {
      throw new Error(
        `eloRatings: the maximum-likelihood ratings do not exist: player ${i} and player 0 are not linked both ways by points scored (someone scored nothing, or everything, against a group); pass { priorDraws: 1 } or play more games`,
      );
    }
  }
}

/** Options of {@linkcode simulateGames}. */
export interface SimulationOptions {
  /** True ratings, one per player. */
  ratings: readonly number[];
  /** Games between every pair (round robin). */
  gamesPerPair: number;
  /** Seed (integer 0…2^32 − 1). */
  seed: number;
  /**
   * Share of the games drawn where draws are likeliest (0…1, default 0):
   * P(draw) = drawRate · 2 · min(p, 1 − p), and the win probability is
   * lowered so that the expected score stays p.
   */
  drawRate?: number;
}

/**
 * A seeded round robin between players of known ratings under the model of
 * {@linkcode eloRatings}: the synthetic tournament that checks it.
 *
 * @param options `ratings`, `gamesPerPair`, `seed`, `drawRate`
 * @returns the games
 * @throws {Error} on a bad option
 *
 * @example The estimate falls in its interval
 * ```ts
 * import assert from "node:assert/strict";
 * import { eloRatings, simulateGames } from "../../mod.ts";
 * const games = simulateGames({ ratings: [-100, 0, 100], gamesPerPair: 400, seed: 1 });
 * const { ratings } = eloRatings(games);
 * for (const [i, truth] of [-100, 0, 100].entries()) {
 *   assert.ok(ratings[i]!.low < truth && truth < ratings[i]!.high);
 * }
 * ```
 */
export function simulateGames(options: SimulationOptions): EloGame[] {
  const where = "simulateGames";
  checkOptions(where, options, ["ratings", "gamesPerPair", "seed", "drawRate"]);
  const { ratings } = options;
  if (
    !Array.isArray(ratings) ||
    !ratings.every((r) => typeof r === "number" && Number.isFinite(r))
  ) {
    throw new Error(
      `${where}: ratings must be an array of finite numbers, got ${
        describe(ratings)
      }`,
    );
  }
  const perPair = checkInteger(
    where,
    "gamesPerPair",
    options.gamesPerPair,
    0,
    1_000_000,
  );
  const random = new Random(
    checkInteger(where, "seed", options.seed, 0, 0xffffffff),
  );
  const drawRate = options.drawRate ?? 0;
  if (typeof drawRate !== "number" || !(drawRate >= 0 && drawRate <= 1)) {
    throw new Error(
      `${where}: drawRate must be a number in 0…1, got ${describe(drawRate)}`,
    );
  }
  const games: EloGame[] = [];
  for (let a = 0; a < ratings.length; a++) {
    for (let b = a + 1; b < ratings.length; b++) {
      const p = expectedScore(ratings[a]! - ratings[b]!);
      const draw = drawRate * 2 * Math.min(p, 1 - p);
      const win = p - draw / 2;
      for (let k = 0; k < perPair; k++) {
        const u = random.next();
        // Alternate who is listed first, as colours alternate in a match.
        const score = u < win ? 1 : u < win + draw ? 0.5 : 0;
        games.push(
          k % 2 === 0 ? { a, b, score } : { a: b, b: a, score: 1 - score },
        );
      }
    }
  }
  return games;
}
