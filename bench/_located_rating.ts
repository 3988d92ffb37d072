/**
 * Where our chess engine stands on a public rating scale: the ratings of
 * the opponents `deno task bench:strength` plays, each with its source,
 * and the one rating that explains our results against several of them
 * (maximum likelihood, the opponents' ratings held fixed).
 *
 * @module
 */

import { expectedScore } from "../src/match/elo.ts";

/**
 * The CCRL Blitz rating of each Stockfish `Skill Level` 0…19 (index =
 * level), as measured by Stockfish's developers: the table of Stockfish
 * commit a08b8d4e9711c2 ("Update UCI_Elo parameterization", 2023-01-15,
 * just after Stockfish 15.1, whose skill levels it rates), games between
 * its skill levels and versions of the Stash engine rated on CCRL, at 120 s
 * + 1 s a game; its fit is the cubic of `Skill` in Stockfish 16's
 * search.cpp. The commit puts the anchoring within ±100 of CCRL Blitz and
 * each row within ±25…33 (its ERROR column). Skill 20 is full strength,
 * outside the table.
 */
export const STOCKFISH_SKILL_ELO: readonly number[] = [
  1320.1,
  1467.6,
  1608.4,
  1742.3,
  1922.9,
  2203.7,
  2363.2,
  2499.5,
  2596.2,
  2702.8,
  2788.3,
  2855.5,
  2923.1,
  2972.9,
  3024.8,
  3069.5,
  3111.2,
  3141.3,
  3170.3,
  3191.1,
];

/** The calibration's own uncertainty of its anchoring to CCRL Blitz (Elo), in the commit's words. */
export const STOCKFISH_SKILL_ANCHOR_ELO = 100;

/**
 * Glaurung 2.2's rating: "Glaurung 2.2 64-bit" on the CCRL 40/40 list
 * (computerchess.org.uk/ccrl/4040, one CPU), as docs/chess_strength.md
 * cites it. A longer time control than the skill levels' CCRL Blitz: the
 * two are reported side by side, never combined.
 */
export const GLAURUNG_CCRL_4040 = 2793;

/** One opponent's results. */
export interface RatedResult {
  /** The opponent's rating. */
  rating: number;
  /** Our wins. */
  wins: number;
  /** Draws. */
  draws: number;
  /** Our losses. */
  losses: number;
}

/** A located rating with its 95% interval. */
export interface LocatedRating {
  /** The estimate. */
  elo: number;
  /** Lower end of the 95% interval. */
  low: number;
  /** Upper end of the 95% interval. */
  high: number;
  /** Games. */
  games: number;
  /** Whether one virtual draw a opponent was added (every game won, or every game lost). */
  prior: boolean;
}

const Z95 = 1.959963984540054;
const NAT_PER_ELO = Math.LN10 / 400;

/**
 * The rating R that makes our results most likely, each game scored with
 * `expectedScore(R − rating)` (a draw half a win, as
 * {@linkcode eloRatings} models it), the opponents' ratings held fixed;
 * the interval is R ± 1.96 standard errors from the Fisher information.
 * When every game was won, or every game lost, the maximum does not exist:
 * one virtual draw is added against each opponent, as `prior` says. The
 * opponents' own uncertainty is not in the interval.
 *
 * @param results one entry per opponent
 * @returns the estimate and its interval
 * @throws {Error} on no games, a negative or fractional count, or a
 *   rating that is not finite
 *
 * @example One opponent at 1700, an even score: 1700
 * ```ts
 * import assert from "node:assert/strict";
 * import { locateRating } from "./_located_rating.ts";
 * const one = locateRating([{ rating: 1700, wins: 10, draws: 0, losses: 10 }]);
 * assert.ok(Math.abs(one.elo - 1700) < 1e-6 && one.low < 1700 && one.high > 1700);
 * const two = locateRating([
 *   { rating: 1600, wins: 15, draws: 0, losses: 5 },
 *   { rating: 1800, wins: 5, draws: 0, losses: 15 },
 * ]);
 * assert.ok(Math.abs(two.elo - 1700) < 1e-6);
 * assert.throws(() => locateRating([]), /no games/);
 * ```
 */
export function locateRating(results: readonly RatedResult[]): LocatedRating {
  let games = 0, wins = 0, losses = 0;
  for (const [i, r] of results.entries()) {
    if (!Number.isFinite(r.rating)) {
      throw new Error(
        `locateRating: results[${i}].rating must be a finite number, got ${r.rating}`,
      );
    }
    for (const key of ["wins", "draws", "losses"] as const) {
      if (!Number.isSafeInteger(r[key]) || r[key] < 0) {
        throw new Error(
          `locateRating: results[${i}].${key} must be an integer ≥ 0, got ${
            r[key]
          }`,
        );
      }
    }
    games += r.wins + r.draws + r.losses;
    wins += r.wins;
    losses += r.losses;
  }
  if (games === 0) throw new Error("locateRating: no games");
  const prior = wins === games || losses === games;
  const rows = results.map((r) => ({
    rating: r.rating,
    n: r.wins + r.draws + r.losses + (prior ? 1 : 0),
    score: r.wins + r.draws / 2 + (prior ? 0.5 : 0),
  })).filter((row) => row.n > 0);
  // The score's excess over its expectation falls as R rises: bisection.
  const excess = (elo: number) =>
    rows.reduce(
      (sum, row) => sum + row.score - row.n * expectedScore(elo - row.rating),
      0,
    );
  const ratings = rows.map((row) => row.rating);
  let low = Math.min(...ratings) - 4000, high = Math.max(...ratings) + 4000;
  for (let step = 0; step < 200 && high - low > 1e-9; step++) {
    const middle = (low + high) / 2;
    if (excess(middle) > 0) low = middle;
    else high = middle;
  }
  const elo = (low + high) / 2;
  const information = rows.reduce((sum, row) => {
    const p = expectedScore(elo - row.rating);
    return sum + row.n * p * (1 - p);
  }, 0) * NAT_PER_ELO * NAT_PER_ELO;
  const margin = Z95 / Math.sqrt(information);
  return { elo, low: elo - margin, high: elo + margin, games, prior };
}

/**
 * How far below an opponent a player must be, at 95% (one-sided), when it
 * lost all of `games` games: the exact binomial bound on its expected
 * score, p ≤ 1 − 0.05^(1/games) (about 3/games), turned into an Elo
 * difference. Tighter than the interval with a virtual draw.
 *
 * @param games the games, all lost
 * @returns the (negative) Elo difference ours is below at 95%
 * @throws {Error} when `games` is not an integer ≥ 1
 *
 * @example 100 games lost: at least 607 below
 * ```ts
 * import assert from "node:assert/strict";
 * import { allLostBound } from "./_located_rating.ts";
 * assert.equal(Math.round(allLostBound(100)), -607);
 * ```
 */
export function allLostBound(games: number): number {
  if (!Number.isSafeInteger(games) || games < 1) {
    throw new Error(
      `allLostBound: games must be an integer ≥ 1, got ${games}`,
    );
  }
  const p = 1 - Math.pow(0.05, 1 / games);
  return -400 * Math.log10((1 - p) / p);
}
