import assert from "node:assert/strict";
import {
  type EloGame,
  eloRatings,
  expectedScore,
  simulateGames,
} from "../mod.ts";

const TRUTH = [-250, -50, 100, 200];

/** Share of 95% intervals holding the true rating over `reps` simulated tournaments. */
function coverage(gamesPerPair: number, drawRate: number, reps: number) {
  let inside = 0, total = 0;
  for (let seed = 0; seed < reps; seed++) {
    const games = simulateGames({
      ratings: TRUTH,
      gamesPerPair,
      seed,
      drawRate,
    });
    for (const rating of eloRatings(games).ratings) {
      const truth = TRUTH[rating.player]!;
      if (rating.low <= truth && truth <= rating.high) inside++;
      total++;
    }
  }
  return inside / total;
}

Deno.test("eloRatings() on synthetic tournaments: the 95% intervals cover the true ratings about 95% of the time", () => {
  // Measured over 400 tournaments (1,600 intervals): 0.9525 with 60 games a
  // pair, 0.9631 with 20; with draws (drawRate 0.5) 0.9862, conservative
  // as the module says.
  const plain = coverage(60, 0, 200);
  assert.ok(plain > 0.93 && plain < 0.97, `coverage ${plain}`);
  const drawn = coverage(60, 0.5, 200);
  assert.ok(drawn >= 0.95, `coverage with draws ${drawn}`);
});

Deno.test("eloRatings() recovers known ratings from a long tournament", () => {
  const games = simulateGames({
    ratings: TRUTH,
    gamesPerPair: 3000,
    seed: 7,
    drawRate: 0.3,
  });
  const { ratings, iterations } = eloRatings(games);
  assert.ok(iterations < 20);
  for (const rating of ratings) {
    const truth = TRUTH[rating.player]!;
    assert.ok(
      rating.low < truth && truth < rating.high,
      `player ${rating.player}`,
    );
    assert.ok(Math.abs(rating.elo - truth) < 15);
    assert.ok(rating.standardError > 0 && rating.standardError < 8);
    assert.equal(rating.games, 3 * 3000);
  }
  assert.ok(Math.abs(ratings.reduce((s, r) => s + r.elo, 0)) < 1e-6);
});

Deno.test("eloRatings(): at the estimate every player's expected score equals its real score", () => {
  const games = simulateGames({
    ratings: [0, 50, 300],
    gamesPerPair: 30,
    seed: 3,
    drawRate: 0.4,
  });
  const { ratings } = eloRatings(games);
  const expected = [0, 0, 0];
  for (const { a, b } of games) {
    const p = expectedScore(ratings[a]!.elo - ratings[b]!.elo);
    expected[a]! += p;
    expected[b]! += 1 - p;
  }
  for (const rating of ratings) {
    assert.ok(Math.abs(expected[rating.player]! - rating.score) < 1e-6);
  }
});

Deno.test("eloRatings() agrees with Hunter's MM algorithm, an independent way to the same maximum", () => {
  const games = simulateGames({
    ratings: [-120, 0, 40, 310, 90],
    gamesPerPair: 25,
    seed: 11,
    drawRate: 0.2,
  });
  const n = 5;
  const count = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const wins = new Array<number>(n).fill(0);
  for (const { a, b, score } of games) {
    count[a]![b]!++;
    count[b]![a]!++;
    wins[a]! += score;
    wins[b]! += 1 - score;
  }
  let gamma = new Array<number>(n).fill(1);
  for (let iteration = 0; iteration < 5000; iteration++) {
    gamma = gamma.map((g, i) => {
      let denominator = 0;
      for (let j = 0; j < n; j++) {
        if (j !== i) denominator += count[i]![j]! / (g + gamma[j]!);
      }
      return wins[i]! / denominator;
    });
  }
  const mm = gamma.map((g) => (400 / Math.LN10) * Math.log(g));
  const mmMean = mm.reduce((s, x) => s + x, 0) / n;
  const { ratings } = eloRatings(games);
  for (let i = 0; i < n; i++) {
    assert.ok(Math.abs(ratings[i]!.elo - (mm[i]! - mmMean)) < 1e-6);
  }
});

Deno.test("eloRatings() with an anchor pins one player and keeps the differences", () => {
  const games = simulateGames({ ratings: TRUTH, gamesPerPair: 50, seed: 5 });
  const mean = eloRatings(games).ratings;
  const pinned = eloRatings(games, { anchor: 1, anchorElo: 1500 }).ratings;
  assert.equal(pinned[1]!.elo, 1500);
  assert.equal(pinned[1]!.standardError, 0);
  for (let i = 0; i < 4; i++) {
    assert.ok(
      Math.abs(pinned[i]!.elo - 1500 - (mean[i]!.elo - mean[1]!.elo)) < 1e-9,
    );
  }
  // The difference from the anchor is less certain than a mean-zero rating.
  assert.ok(pinned[3]!.standardError > mean[3]!.standardError);
  const shifted = eloRatings(games, { anchorElo: 1000 }).ratings;
  assert.ok(Math.abs(shifted[0]!.elo - 1000 - mean[0]!.elo) < 1e-9);
});

Deno.test("eloRatings() says when the maximum likelihood does not exist; priorDraws fixes it", () => {
  const games: EloGame[] = [
    { a: 0, b: 1, score: 1 },
    { a: 1, b: 0, score: 0 },
    { a: 1, b: 2, score: 0.5 },
    { a: 2, b: 1, score: 1 },
  ];
  assert.throws(
    () => eloRatings(games),
    /eloRatings: the maximum-likelihood ratings do not exist: player 1 .* pass \{ priorDraws: 1 \}/,
  );
  const { ratings } = eloRatings(games, { priorDraws: 1 });
  assert.ok(ratings.every((r) => Number.isFinite(r.elo)));
  assert.ok(ratings[0]!.elo > ratings[1]!.elo);
  assert.equal(ratings[0]!.games, 2);
});

Deno.test("eloRatings() and simulateGames() reject bad input with clear errors", () => {
  const ok: EloGame[] = [{ a: 0, b: 1, score: 1 }, { a: 0, b: 1, score: 0 }];
  const cases: [() => unknown, RegExp][] = [
    [
      () => eloRatings(ok, { anchr: 1 } as never),
      /eloRatings: unknown option "anchr"/,
    ],
    [
      () => eloRatings("x" as never),
      /eloRatings: games must be an array, got "x"/,
    ],
    [
      () => eloRatings([null] as never),
      /eloRatings: games\[0\] must be \{ a, b, score \}, got null/,
    ],
    [
      () => eloRatings([{ a: 0, b: 1.5, score: 1 }]),
      /eloRatings: games\[0\].b must be an integer in 0…999, got 1.5/,
    ],
    [
      () => eloRatings([{ a: 2, b: 2, score: 1 }]),
      /eloRatings: games\[0\] has player 2 against itself/,
    ],
    [
      () => eloRatings([{ a: 0, b: 1, score: 0.3 }]),
      /eloRatings: games\[0\].score must be 0, 0.5 or 1, got 0.3/,
    ],
    [
      () => eloRatings([]),
      /eloRatings: needs games between at least 2 players/,
    ],
    [() => eloRatings(ok, { players: 3 }), /eloRatings: player 2 has no games/],
    [
      () => eloRatings(ok, { players: 1 }),
      /eloRatings: players must be an integer in 2…1000, got 1/,
    ],
    [
      () => eloRatings(ok, { anchor: 2 }),
      /eloRatings: anchor must be an integer in 0…1, got 2/,
    ],
    [
      () => eloRatings(ok, { anchorElo: NaN }),
      /eloRatings: anchorElo must be a finite number, got NaN/,
    ],
    [
      () => eloRatings(ok, { priorDraws: -1 }),
      /eloRatings: priorDraws must be 0 or a number in 0.001…1000000 \(virtual draws per pair\), got -1/,
    ],
    [
      () => simulateGames({ ratings: [0, NaN], gamesPerPair: 1, seed: 0 }),
      /simulateGames: ratings must be an array of finite numbers/,
    ],
    [
      () => simulateGames({ ratings: [0, 1], gamesPerPair: -1, seed: 0 }),
      /simulateGames: gamesPerPair must be an integer in 0…1000000, got -1/,
    ],
    [
      () =>
        simulateGames({
          ratings: [0, 1],
          gamesPerPair: 1,
          seed: 0,
          drawRate: 2,
        }),
      /simulateGames: drawRate must be a number in 0…1, got 2/,
    ],
    [
      () => simulateGames({ ratings: [0, 1], gamesPerPair: 1, seed: -3 }),
      /simulateGames: seed must be an integer in 0…4294967295, got -3/,
    ],
  ];
  for (const [run, message] of cases) assert.throws(run, message);
});
