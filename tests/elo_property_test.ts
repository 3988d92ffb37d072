/**
 * `eloRatings` on random small tournaments, degenerate ones included (issue
 * 19): always finite or a clear error, symmetric under relabelling, the
 * intervals around the estimate; and the documented limits.
 */

import assert from "node:assert/strict";
import fc from "fast-check";
import {
  type EloGame,
  eloRatings,
  MAX_ELO_PLAYERS,
  MAX_PRIOR_DRAWS,
  MIN_PRIOR_DRAWS,
} from "../mod.ts";

const game = (players: number) =>
  fc.record({
    a: fc.integer({ min: 0, max: players - 1 }),
    b: fc.integer({ min: 0, max: players - 1 }),
    score: fc.constantFrom(0, 0.5, 1),
  }).filter(({ a, b }) => a !== b);

const tournament = fc.integer({ min: 2, max: 6 }).chain((players) =>
  fc.record({
    players: fc.constant(players),
    games: fc.oneof<fc.Arbitrary<EloGame[]>[]>(
      fc.array(game(players), { minLength: 1, maxLength: 40 }),
      // Degenerate: one player wins everything, or draws only.
      fc.array(game(players), { minLength: 1, maxLength: 20 }).map((
        gs: EloGame[],
      ) =>
        gs.map((g) => ({
          ...g,
          score: g.a === 0 ? 1 : g.b === 0 ? 0 : g.score,
        }))
      ),
      fc.array(game(players), { minLength: 1, maxLength: 20 }).map((
        gs: EloGame[],
      ) => gs.map((g) => ({ ...g, score: 0.5 }))),
    ),
    priorDraws: fc.constantFrom(
      undefined,
      0,
      1e-20,
      MIN_PRIOR_DRAWS,
      0.5,
      1,
      MAX_PRIOR_DRAWS,
      1e20,
      1e300,
      NaN,
      -1,
    ),
    permutationSeed: fc.integer({ min: 0, max: 1000 }),
  })
);

/** A permutation of 0…n−1 from a seed (Fisher-Yates with an LCG). */
function permutation(n: number, seed: number): number[] {
  const p = Array.from({ length: n }, (_, i) => i);
  let s = seed + 1;
  for (let i = n - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const j = s % (i + 1);
    [p[i], p[j]] = [p[j]!, p[i]!];
  }
  return p;
}

Deno.test("eloRatings on random tournaments (degenerate included): finite, symmetric, intervals around the estimate, or a clear error", () => {
  let rated = 0, refused = 0;
  fc.assert(
    fc.property(
      tournament,
      ({ players, games, priorDraws, permutationSeed }) => {
        const options = priorDraws === undefined
          ? { players }
          : { players, priorDraws };
        let result: ReturnType<typeof eloRatings>;
        try {
          result = eloRatings(games, options);
        } catch (error) {
          assert.ok(error instanceof Error);
          assert.match(
            error.message,
            /^eloRatings: (player \d+ has no games|the maximum-likelihood ratings do not exist|priorDraws must be 0 or a number in 0\.001…1000000)/,
          );
          refused++;
          return;
        }
        rated++;
        for (const r of result.ratings) {
          for (const v of [r.elo, r.low, r.high, r.standardError]) {
            assert.ok(Number.isFinite(v), `player ${r.player}: ${v}`);
          }
          assert.ok(r.low <= r.elo && r.elo <= r.high);
        }
        assert.ok(Number.isFinite(result.logLikelihood));
        // Relabelling the players permutes the ratings.
        const p = permutation(players, permutationSeed);
        const relabelled: EloGame[] = games.map((g) => ({
          a: p[g.a]!,
          b: p[g.b]!,
          score: g.score,
        }));
        const other = eloRatings(relabelled, options);
        for (let i = 0; i < players; i++) {
          const mine = result.ratings[i]!, theirs = other.ratings[p[i]!]!;
          assert.ok(
            Math.abs(mine.elo - theirs.elo) < 1e-6,
            `${mine.elo} ${theirs.elo}`,
          );
          assert.ok(Math.abs(mine.standardError - theirs.standardError) < 1e-6);
          assert.equal(mine.games, theirs.games);
          assert.equal(mine.score, theirs.score);
        }
      },
    ),
    { seed: 19, numRuns: 400 },
  );
  // Both branches were exercised.
  assert.ok(rated > 50 && refused > 50, `${rated} rated, ${refused} refused`);
});

Deno.test("eloRatings: a player who wins every game is finite with priorDraws, a clear error without; draws only give equal ratings", () => {
  const games: EloGame[] = [
    { a: 0, b: 1, score: 1 },
    { a: 2, b: 0, score: 0 },
    { a: 1, b: 2, score: 0.5 },
  ];
  assert.throws(
    () => eloRatings(games),
    /^Error: eloRatings: the maximum-likelihood ratings do not exist/,
  );
  const { ratings } = eloRatings(games, { priorDraws: 1 });
  assert.ok(ratings.every((r) => Number.isFinite(r.elo)));
  assert.ok(ratings[0]!.elo > ratings[1]!.elo);
  const draws = eloRatings([{ a: 0, b: 1, score: 0.5 }, {
    a: 1,
    b: 2,
    score: 0.5,
  }]);
  for (const r of draws.ratings) assert.ok(Math.abs(r.elo) < 1e-9);
  assert.throws(
    () => eloRatings([{ a: 0, b: 1, score: 0.5 }], { players: 3 }),
    /^Error: eloRatings: player 2 has no games$/,
  );
  for (const bad of [1e-20, 1e20, 1e300, NaN, -1, Infinity]) {
    assert.throws(
      () => eloRatings(games, { priorDraws: bad }),
      /^Error: eloRatings: priorDraws must be 0 or a number in 0\.001…1000000 \(virtual draws per pair\), got /,
      String(bad),
    );
  }
});

Deno.test("eloRatings refuses more than MAX_ELO_PLAYERS players with a clear error", () => {
  assert.equal(MAX_ELO_PLAYERS, 1000);
  assert.throws(
    () =>
      eloRatings([{ a: 0, b: 1, score: 1 }], { players: MAX_ELO_PLAYERS + 1 }),
    /^Error: eloRatings: players must be an integer in 2…1000, got 1001$/,
  );
  assert.throws(
    () => eloRatings([{ a: 0, b: MAX_ELO_PLAYERS, score: 1 }]),
    /^Error: eloRatings: games\[0\]\.b must be an integer in 0…999, got 1000$/,
  );
});
