/**
 * The SPRT of src/match/sprt.ts (issue 17, the technique atlas): its error
 * rates and Elo intervals checked on simulated games of known Elo, its
 * LLR's properties (fast-check), and its errors on bad input.
 *
 * Tolerances come from the binomial distribution of a frequency over R
 * seeded runs, not from fudge: a test whose true error rate is exactly α
 * accepts H0 in R runs with frequency ≥ 1 − α − z·√(α(1 − α)/R) with
 * probability 99.9% for z = 3.09 (one-sided). The runs are seeded, so
 * the outcome is the same on every machine; the tolerance says how far a
 * correct test could land from its nominal rate.
 */

import assert from "node:assert/strict";
import fc from "fast-check";
import {
  eloEstimate,
  expectedScore,
  type GameScore,
  MatchSimulator,
  MAX_SPRT_ELO,
  runSprt,
  Sprt,
  sprtLlr,
} from "../mod.ts";

/** One-sided 99.9% normal quantile. */
const Z999 = 3.090232306167813;

/** How far below its nominal rate p a correct frequency over `runs` may fall (99.9%). */
function tolerance(p: number, runs: number): number {
  return Z999 * Math.sqrt(p * (1 - p) / runs);
}

interface Simulation {
  h0: number;
  h1: number;
  undecided: number;
  meanGames: number;
  maxGames: number;
  covered: number;
}

function simulate(
  truth: number,
  test: {
    elo0: number;
    elo1: number;
    alpha?: number;
    beta?: number;
    model: "pentanomial" | "trinomial";
  },
  runs: number,
  firstSeed: number,
): Simulation {
  let h0 = 0, h1 = 0, undecided = 0, games = 0, most = 0, covered = 0;
  for (let k = 0; k < runs; k++) {
    const simulator = new MatchSimulator({
      elo: truth,
      drawRate: 0.4,
      colourAdvantage: 60,
      seed: firstSeed + k,
    });
    const run = runSprt(
      test.model === "pentanomial" ? simulator.pairs() : simulator.games(),
      { ...test, maxGames: 1_000_000 },
    );
    if (run.decision === "H0") h0++;
    else if (run.decision === "H1") h1++;
    else undecided++;
    games += run.games;
    most = Math.max(most, run.games);
    if (run.elo.lower95 <= truth && truth <= run.elo.upper95) covered++;
  }
  return {
    h0: h0 / runs,
    h1: h1 / runs,
    undecided,
    meanGames: games / runs,
    maxGames: most,
    covered: covered / runs,
  };
}

function report(label: string, truth: number, s: Simulation): void {
  console.log(
    `${label}, true Elo ${truth}: H0 ${s.h0.toFixed(3)}, H1 ${
      s.h1.toFixed(3)
    }, mean games ${
      s.meanGames.toFixed(0)
    } (most ${s.maxGames}), 95% interval covered the truth in ${
      (100 * s.covered).toFixed(1)
    }% of runs`,
  );
}

for (
  const [label, test, runs] of [
    [
      "pentanomial [0, 20], α = β = 0.05",
      { elo0: 0, elo1: 20, model: "pentanomial" },
      400,
    ],
    [
      "trinomial [0, 20], α = β = 0.05",
      { elo0: 0, elo1: 20, model: "trinomial" },
      200,
    ],
    [
      "pentanomial [-10, 25], α = 0.1, β = 0.02",
      { elo0: -10, elo1: 25, alpha: 0.1, beta: 0.02, model: "pentanomial" },
      300,
    ],
  ] as const
) {
  Deno.test(`SPRT ${label}: error rates within α and β on ${runs} simulated runs at each hypothesis`, () => {
    const alpha = "alpha" in test ? test.alpha : 0.05;
    const beta = "beta" in test ? test.beta : 0.05;
    const atElo0 = simulate(test.elo0, test, runs, 1);
    const atElo1 = simulate(test.elo1, test, runs, 100_001);
    report(label, test.elo0, atElo0);
    report(label, test.elo1, atElo1);
    // Every run decided long before its budget: the mean is finite.
    assert.equal(atElo0.undecided + atElo1.undecided, 0);
    assert.ok(Number.isFinite(atElo0.meanGames) && atElo0.meanGames > 0);
    assert.ok(
      atElo0.h0 >= 1 - alpha - tolerance(alpha, runs),
      `H0 accepted in ${atElo0.h0} of runs at elo0; needs ≥ ${
        1 - alpha - tolerance(alpha, runs)
      }`,
    );
    assert.ok(
      atElo1.h1 >= 1 - beta - tolerance(beta, runs),
      `H1 accepted in ${atElo1.h1} of runs at elo1; needs ≥ ${
        1 - beta - tolerance(beta, runs)
      }`,
    );
    // The test is not trivially safe: it does err now and then.
    assert.ok(atElo0.h1 > 0 || atElo1.h0 > 0);
    // The estimate after a sequential stop undercovers a little (it is
    // biased away from the middle of [elo0, elo1]); measured 90–93%.
    assert.ok(atElo0.covered >= 0.85 && atElo1.covered >= 0.85);
  });
}

Deno.test("SPRT: a far stronger candidate is accepted quickly, a far weaker one rejected quickly", () => {
  const strong = simulate(
    100,
    { elo0: 0, elo1: 20, model: "pentanomial" },
    50,
    7,
  );
  const weak = simulate(
    -100,
    { elo0: 0, elo1: 20, model: "pentanomial" },
    50,
    7,
  );
  assert.equal(strong.h1, 1);
  assert.equal(weak.h0, 1);
  const near = simulate(10, { elo0: 0, elo1: 20, model: "pentanomial" }, 50, 7);
  // Between the hypotheses, tests take longest.
  assert.ok(
    strong.meanGames < near.meanGames && weak.meanGames < near.meanGames,
  );
});

Deno.test("eloEstimate: the 95% interval of a fixed number of pairs covers the true Elo in about 95% of 400 runs", () => {
  const runs = 400, pairs = 400;
  for (const truth of [0, 50]) {
    let covered = 0;
    for (let k = 0; k < runs; k++) {
      const simulator = new MatchSimulator({
        elo: truth,
        drawRate: 0.4,
        colourAdvantage: 60,
        seed: 5000 + k,
      });
      const counts = [0, 0, 0, 0, 0];
      for (let i = 0; i < pairs; i++) {
        const [a, b] = simulator.pair();
        counts[(a + b) * 2]! += 1;
      }
      const { lower95, upper95 } = eloEstimate(counts);
      if (lower95 <= truth && truth <= upper95) covered++;
    }
    const rate = covered / runs;
    console.log(
      `fixed ${pairs} pairs, true Elo ${truth}: covered in ${
        (100 * rate).toFixed(1)
      }% of ${runs} runs`,
    );
    // Two-sided 99.9% band around 95%.
    const band = 3.29 * Math.sqrt(0.95 * 0.05 / runs);
    assert.ok(
      Math.abs(rate - 0.95) <= band,
      `coverage ${rate} outside 0.95 ± ${band}`,
    );
  }
});

Deno.test("MatchSimulator: mean score and draw share as stated, colours biased as stated, seeded", () => {
  const simulator = new MatchSimulator({
    elo: -40,
    drawRate: 0.5,
    colourAdvantage: 100,
    seed: 3,
  });
  let points = 0, draws = 0, first = 0;
  const n = 40_000;
  for (let i = 0; i < n; i++) {
    const [a, b] = simulator.pair();
    points += a + b;
    first += a;
    if (a === 0.5) draws++;
    if (b === 0.5) draws++;
  }
  assert.ok(Math.abs(points / (2 * n) - expectedScore(-40)) < 0.005);
  assert.ok(first / n > points / (2 * n) + 0.05, "moving first helps");
  assert.ok(draws / (2 * n) > 0.3 && draws / (2 * n) < 0.5);
  const again = new MatchSimulator({ elo: 7, seed: 9 });
  const other = new MatchSimulator({ elo: 7, seed: 9 });
  for (let i = 0; i < 100; i++) {
    assert.equal(again.game(true), other.game(true));
  }
});

// --- The LLR's properties -------------------------------------------------

const hypotheses = fc.record({
  elo0: fc.double({ min: -600, max: 600, noNaN: true }),
  width: fc.double({ min: 0.5, max: 300, noNaN: true }),
}).map(({ elo0, width }) => ({ elo0, elo1: elo0 + width }));

const counts = fc.oneof(
  fc.array(fc.integer({ min: 0, max: 2000 }), { minLength: 3, maxLength: 3 }),
  fc.array(fc.integer({ min: 0, max: 2000 }), { minLength: 5, maxLength: 5 }),
  // Degenerate: one kind of result only.
  fc.tuple(
    fc.constantFrom(3, 5),
    fc.nat({ max: 4 }),
    fc.integer({ min: 1, max: 1e9 }),
  ).map(([k, i, n]) => {
    const c = new Array<number>(k).fill(0);
    c[i % k] = n;
    return c;
  }),
);

Deno.test("sprtLlr: adding a win raises the LLR, adding a loss lowers it", () => {
  fc.assert(
    fc.property(counts, hypotheses, (c, { elo0, elo1 }) => {
      const base = sprtLlr(c, elo0, elo1);
      const win = [...c];
      win[c.length - 1]! += 1;
      const loss = [...c];
      loss[0]! += 1;
      const slack = 1e-9 * (1 + Math.abs(base));
      assert.ok(sprtLlr(win, elo0, elo1) >= base - slack);
      assert.ok(sprtLlr(loss, elo0, elo1) <= base + slack);
    }),
    { seed: 1, numRuns: 400 },
  );
});

Deno.test("sprtLlr: a count below 10⁻³ counts as 10⁻³, as fishtest's max(count, 10⁻³); the documented dip where a count leaves 0", () => {
  for (const [elo0, elo1] of [[0, 10], [-500, -400], [-10, 5]]) {
    for (const tiny of [1e-4, 1e-9, 5e-4]) {
      assert.equal(
        sprtLlr([tiny, 20, 3], elo0!, elo1!),
        sprtLlr([0, 20, 3], elo0!, elo1!),
      );
      assert.equal(
        sprtLlr([1, 2, tiny, 4, 5], elo0!, elo1!),
        sprtLlr([1, 2, 0, 4, 5], elo0!, elo1!),
      );
    }
  }
  // What the module's documentation says: [0, 19, 1] below [0, 20, 0] at
  // [−500, −400], the stand-in's weight, and a second win raises it again.
  const [none, one, two] = [[0, 20, 0], [0, 19, 1], [0, 18, 2]].map((c) =>
    sprtLlr(c, -500, -400)
  );
  assert.ok(one! < none!, `${one} < ${none}`);
  assert.ok(two! > one!, `${two} > ${one}`);
});

Deno.test("sprtLlr: swapping the players negates it (with the hypotheses mirrored)", () => {
  fc.assert(
    fc.property(counts, hypotheses, (c, { elo0, elo1 }) => {
      const llr = sprtLlr(c, elo0, elo1);
      const swapped = sprtLlr([...c].reverse(), -elo1, -elo0);
      assert.ok(Math.abs(llr + swapped) <= 1e-9 * (1 + Math.abs(llr)));
    }),
    { seed: 2, numRuns: 400 },
  );
  // Symmetric hypotheses: the same test, negated.
  assert.ok(
    Math.abs(sprtLlr([10, 5, 30], -5, 5) + sprtLlr([30, 5, 10], -5, 5)) <
      1e-9,
  );
});

Deno.test("sprtLlr and eloEstimate: never NaN, on degenerate data too", () => {
  fc.assert(
    fc.property(counts, hypotheses, (c, { elo0, elo1 }) => {
      assert.ok(Number.isFinite(sprtLlr(c, elo0, elo1)));
      const e = eloEstimate(c);
      for (const v of [e.estimate, e.lower95, e.upper95]) {
        assert.ok(!Number.isNaN(v));
      }
      assert.ok(e.lower95 <= e.estimate && e.estimate <= e.upper95);
    }),
    { seed: 3, numRuns: 400 },
  );
  // All draws: exactly equal players; H0 against [0, 10], finite.
  const draws = new Sprt({ elo0: 0, elo1: 10, model: "trinomial" });
  for (let i = 0; i < 10_000 && draws.decision === null; i++) draws.add(0.5);
  assert.equal(draws.status().decision, "H0");
  assert.ok(Math.abs(draws.status().elo.estimate) < 1e-9);
  // All wins: H1 at once, estimate finite.
  const wins = new Sprt({ elo0: 0, elo1: 10 });
  for (let i = 0; i < 10_000 && wins.decision === null; i++) wins.addPair(1, 1);
  assert.equal(wins.status().decision, "H1");
  assert.ok(wins.status().pairs <= 200); // 104: the GLR of all wins grows by 0.028 a pair
  assert.ok(Number.isFinite(wins.status().elo.estimate));
  // No results: LLR 0, estimate 0 in (−∞, ∞).
  assert.deepEqual(eloEstimate([0, 0, 0, 0, 0]), {
    estimate: 0,
    lower95: -Infinity,
    upper95: Infinity,
  });
  assert.equal(new Sprt({ elo0: 0, elo1: 5 }).status().llr, 0);
});

/** The LLR by plain bisection on the Lagrange multiplier: a slow, independent solver. */
function bisectionLlr(c: readonly number[], elo0: number, elo1: number) {
  if (c.every((x) => x === 0)) return 0;
  const r = c.map((x) => (x > 0 ? x : 1e-3));
  const n = r.reduce((a, b) => a + b, 0);
  const a = r.map((_, i) => i / (r.length - 1));
  const best = (s: number) => {
    let low = -1 / (1 - s), high = 1 / s;
    for (let k = 0; k < 2000 && high - low > 0; k++) {
      const x = (low + high) / 2;
      if (x === low || x === high) break;
      let g = 0;
      for (let i = 0; i < r.length; i++) {
        g += (r[i]! / n) * (a[i]! - s) / (1 + x * (a[i]! - s));
      }
      if (g > 0) low = x;
      else high = x;
    }
    const x = (low + high) / 2;
    let value = 0;
    for (let i = 0; i < r.length; i++) {
      value -= (r[i]! / n) * Math.log1p(x * (a[i]! - s));
    }
    return value;
  };
  return n * (best(expectedScore(elo1)) - best(expectedScore(elo0)));
}

Deno.test("sprtLlr: equals the generalized LLR found by plain bisection", () => {
  fc.assert(
    fc.property(counts, hypotheses, (c, { elo0, elo1 }) => {
      const expected = bisectionLlr(c, elo0, elo1);
      const actual = sprtLlr(c, elo0, elo1);
      assert.ok(
        Math.abs(actual - expected) <= 1e-9 * (1 + Math.abs(expected)),
        `${actual} vs ${expected}`,
      );
    }),
    { seed: 4, numRuns: 300 },
  );
  // A case whose first Newton step lands next to a pole of the equation.
  assert.ok(Math.abs(sprtLlr([1, 1, 11, 11, 6], 0, 20) - 1.37922981948) < 1e-9);
});

Deno.test("sprtLlr: close to fishtest's variance approximation near the hypotheses", () => {
  const c = [300, 1000, 340];
  const [elo0, elo1] = [0, 10];
  const n = c[0]! + c[1]! + c[2]!;
  const mean = (c[1]! * 0.5 + c[2]!) / n;
  const variance = (c[1]! * 0.25 + c[2]!) / n - mean * mean;
  const [s0, s1] = [expectedScore(elo0), expectedScore(elo1)];
  const approximate = n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance);
  const exact = sprtLlr(c, elo0, elo1);
  assert.ok(Math.abs(exact - approximate) < 0.01 * Math.abs(approximate));
});

// --- The incremental API --------------------------------------------------

Deno.test("Sprt: Wald's bounds, a final decision, pairs built from single games", () => {
  const test = new Sprt({ elo0: 0, elo1: 5, alpha: 0.1, beta: 0.02 });
  const status = test.status();
  assert.equal(status.lower, Math.log(0.02 / 0.9));
  assert.equal(status.upper, Math.log(0.98 / 0.1));
  assert.deepEqual(
    [status.decision, status.games, status.pairs, status.model],
    [null, 0, 0, "pentanomial"],
  );
  test.add(1);
  assert.deepEqual([test.status().games, test.status().pairs], [1, 0]);
  assert.deepEqual(test.status().counts, [0, 0, 0, 0, 0]);
  assert.throws(
    () => test.addPair(1, 1),
    /Sprt\.addPair: a single game added by Sprt\.add waits for its partner/,
  );
  test.add(0.5);
  assert.deepEqual(test.status().counts, [0, 0, 0, 1, 0]);
  while (test.decision === null) test.addPair(1, 0.5);
  assert.equal(test.decision, "H1");
  assert.ok(test.status().llr >= test.status().upper);
  assert.throws(
    () => test.add(0),
    /Sprt\.add: the test already accepted H1 after \d+ games; a decided test takes no more results/,
  );
  const trinomial = new Sprt({ elo0: 0, elo1: 5, model: "trinomial" });
  trinomial.addPair(1, 0).add(0.5);
  assert.deepEqual(trinomial.status().counts, [1, 1, 1]);
  assert.deepEqual([trinomial.status().games, trinomial.status().pairs], [
    3,
    1,
  ]);
});

Deno.test("runSprt: stops at the budget undecided, never past it; at the end of the source; on a decision", () => {
  const simulator = () => new MatchSimulator({ elo: 5, seed: 11 });
  const budget = runSprt(simulator().pairs(), {
    elo0: 0,
    elo1: 10,
    maxGames: 101,
  });
  assert.deepEqual([
    budget.stopped,
    budget.decision,
    budget.games,
    budget.pairs,
  ], ["budget", null, 100, 50]);
  const ended = runSprt([1, 0, 0.5, 0.5] as GameScore[], {
    elo0: 0,
    elo1: 10,
    maxGames: 100,
  });
  assert.deepEqual([ended.stopped, ended.games, ended.pairs], ["source", 4, 2]);
  const decided = runSprt(simulator().pairs(), {
    elo0: -100,
    elo1: -50,
    maxGames: 1_000_000,
  });
  assert.deepEqual([decided.stopped, decided.decision], ["decision", "H1"]);
  // Seeded: the same run twice.
  assert.deepEqual(
    runSprt(simulator().games(), {
      elo0: 0,
      elo1: 30,
      model: "trinomial",
      maxGames: 1e6,
    }),
    runSprt(simulator().games(), {
      elo0: 0,
      elo1: 30,
      model: "trinomial",
      maxGames: 1e6,
    }),
  );
});

Deno.test("SPRT: every bad input is an error naming the argument", () => {
  const cases: [() => unknown, RegExp][] = [
    [
      () => new Sprt({ elo0: 5, elo1: 5 }),
      /new Sprt: elo0 must be less than elo1, got elo0 5 and elo1 5/,
    ],
    [
      () => new Sprt({ elo0: 10, elo1: 0 }),
      /new Sprt: elo0 must be less than elo1/,
    ],
    [
      () => new Sprt({ elo0: NaN, elo1: 5 }),
      /new Sprt: elo0 must be a finite number in −1000…1000 \(logistic Elo\), got NaN/,
    ],
    [
      () => new Sprt({ elo0: 0, elo1: Infinity }),
      /new Sprt: elo1 must be a finite number/,
    ],
    [
      () => new Sprt({ elo0: 0, elo1: MAX_SPRT_ELO + 1 }),
      /elo1 must be a finite number in −1000…1000/,
    ],
    [
      () => new Sprt({ elo0: 0, elo1: 5, alpha: 0.5 }),
      /new Sprt: alpha must be a number in \(0, 0\.5\), got 0\.5/,
    ],
    [
      () => new Sprt({ elo0: 0, elo1: 5, alpha: 0 }),
      /alpha must be a number in \(0, 0\.5\), got 0/,
    ],
    [
      () => new Sprt({ elo0: 0, elo1: 5, beta: NaN }),
      /new Sprt: beta must be a number in \(0, 0\.5\), got NaN/,
    ],
    [
      () => new Sprt({ elo0: 0, elo1: 5, model: "binomial" as "trinomial" }),
      /new Sprt: model must be "pentanomial" or "trinomial", got "binomial"/,
    ],
    [
      () => new Sprt({ elo0: 0, elo1: 5, alhpa: 0.1 } as never),
      /new Sprt: unknown option "alhpa"/,
    ],
    [
      () => new Sprt(undefined as never),
      /new Sprt: options must be an object, got undefined/,
    ],
    [
      () => new Sprt({ elo0: 0, elo1: 5 }).add(0.7 as GameScore),
      /Sprt\.add: score must be the candidate's score 0, 0\.5 or 1, got 0\.7/,
    ],
    [
      () => new Sprt({ elo0: 0, elo1: 5 }).addPair(1, NaN as GameScore),
      /Sprt\.addPair: second must be the candidate's score 0, 0\.5 or 1, got NaN/,
    ],
    [
      () => sprtLlr([1, 2], 0, 5),
      /sprtLlr: counts must be 3 \(trinomial\) or 5 \(pentanomial\) finite numbers ≥ 0, got \[1, 2\]/,
    ],
    [
      () => sprtLlr([1, -2, 3], 0, 5),
      /sprtLlr: counts must be .*got \[1, -2, 3\]/,
    ],
    [() => sprtLlr([1, 2, 3], 5, 0), /sprtLlr: elo0 must be less than elo1/],
    [() => eloEstimate([1, NaN, 3]), /eloEstimate: counts must be/],
    [
      () => runSprt([], { elo0: 0, elo1: 5, maxGames: 0 }),
      /runSprt: maxGames must be an integer in 1…1000000000, got 0/,
    ],
    [
      () => runSprt([], { elo0: 0, elo1: 5 } as never),
      /runSprt: maxGames must be an integer/,
    ],
    [
      () => runSprt(5 as never, { elo0: 0, elo1: 5, maxGames: 9 }),
      /runSprt: source must be an iterable of scores or pairs of scores, got 5/,
    ],
    [
      () => runSprt([[1, 0, 1]] as never, { elo0: 0, elo1: 5, maxGames: 9 }),
      /runSprt: a pair in the source must have 2 scores, got an array of 3/,
    ],
    [
      () => runSprt([2] as never, { elo0: 0, elo1: 5, maxGames: 9 }),
      /Sprt\.add: score must be the candidate's score/,
    ],
    [
      () => new MatchSimulator({ elo: 0, seed: -1 }),
      /new MatchSimulator: seed must be an integer in 0…4294967295, got -1/,
    ],
    [
      () => new MatchSimulator({ elo: 0, drawRate: 2, seed: 1 }),
      /new MatchSimulator: drawRate must be a number in 0…1, got 2/,
    ],
    [
      () => new MatchSimulator({ elo: 0, colourAdvantage: -1, seed: 1 }),
      /new MatchSimulator: colourAdvantage must be a number in 0…1000, got -1/,
    ],
    [
      () => new MatchSimulator({ elo: NaN, seed: 1 }),
      /new MatchSimulator: elo must be a finite number/,
    ],
  ];
  for (const [run, message] of cases) assert.throws(run, message);
});
