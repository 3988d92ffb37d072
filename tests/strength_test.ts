import assert from "node:assert/strict";
import fc from "fast-check";
import {
  deepeningVerdict,
  depthSteps,
  fitStrengthModels,
  type GridCell,
  leastSquares,
  productVerdict,
  runStrength,
  runStrengthSync,
  STRENGTH_SMALL,
  strengthReport,
  strengthRows,
} from "../src/course/mod.ts";
import { Random } from "../mod.ts";

const close = (a: number, b: number, eps: number) =>
  assert.ok(Math.abs(a - b) <= eps, `${a} is not within ${eps} of ${b}`);

Deno.test("leastSquares() recovers known coefficients from noisy data", () => {
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: -50, max: 50 }), {
        minLength: 3,
        maxLength: 3,
      }),
      fc.integer({ min: 0, max: 0xffff }),
      (beta, seed) => {
        const random = new Random(seed);
        const x: number[][] = [], y: number[] = [];
        for (let i = 0; i < 200; i++) {
          const row = [1, random.int(0, 20), random.int(-5, 5)];
          x.push(row);
          // Noise uniform in ±1: the estimates land well within 0.5.
          y.push(
            row.reduce((s, v, j) => s + v * beta[j]!, 0) +
              (random.int(0, 2000) - 1000) / 1000,
          );
        }
        const fit = leastSquares(x, y);
        fit.coefficients.forEach((c, j) => close(c, beta[j]!, 0.5));
        assert.ok(fit.rmse < 1);
      },
    ),
    { seed: 42, numRuns: 30 },
  );
});

Deno.test("leastSquares() rejects bad input and says where", () => {
  assert.throws(
    () => leastSquares([[1, 2]], [1, 2]),
    /leastSquares: x and y must be arrays of the same length/,
  );
  assert.throws(
    () => leastSquares([[1, 2]], [1]),
    /at least as many rows as columns, got 1 rows of 2/,
  );
  assert.throws(
    () => leastSquares([[1, 2], [1]], [1, 2]),
    /x\[1\] must be 2 finite numbers/,
  );
  assert.throws(
    () => leastSquares([[1], [NaN]], [1, 2]),
    /x\[1\] must be 1 finite numbers/,
  );
  assert.throws(
    () => leastSquares([[1], [2]], [1, Infinity]),
    /y\[1\] must be a finite number/,
  );
  assert.throws(
    () => leastSquares([[1, 2], [2, 4], [3, 6]], [1, 2, 3]),
    /column 1 is a linear combination of the others/,
  );
});

function grid(
  elo: (quality: string, q: number, depth: number) => number,
): GridCell[] {
  const cells: GridCell[] = [];
  for (
    const [quality, q] of [["poor", 1], ["medium", 2], ["good", 3]] as const
  ) {
    for (let depth = 1; depth <= 8; depth++) {
      cells.push({
        quality,
        depth,
        elo: elo(quality, q, depth),
        nodesPerMove: 3 ** depth,
      });
    }
  }
  return cells;
}

Deno.test("fitStrengthModels() recovers a product grid, and the verdict says product", () => {
  const cells = grid((_, q, depth) => -300 + 25 * q * depth);
  const [product, sum] = fitStrengthModels(cells);
  close(product.shared, -300, 1e-6);
  close(product.perQuality.poor!, 25, 1e-6);
  close(product.perQuality.good!, 75, 1e-6);
  assert.ok(product.rmse < 1e-6 && sum.rmse > 20);
  assert.match(
    product.formula,
    /q = 0\.33 \(poor\), 0\.67 \(medium\), 1 \(good\)/,
  );
  const verdict = productVerdict(product, sum);
  assert.equal(verdict.closer, "product");
  assert.ok(verdict.supported);
});

Deno.test("fitStrengthModels() recovers a sum grid, and the verdict says sum", () => {
  const cells = grid((_, q, depth) => 40 * depth + 150 * q);
  const [product, sum] = fitStrengthModels(cells);
  close(sum.shared, 40, 1e-6);
  close(sum.perQuality.poor!, 150, 1e-6);
  close(sum.perQuality.good!, 450, 1e-6);
  assert.ok(sum.rmse < 1e-6 && product.rmse > 20);
  const verdict = productVerdict(product, sum);
  assert.equal(verdict.closer, "sum");
  assert.ok(!verdict.supported);
});

Deno.test("productVerdict() says neither when no model explains the grid", () => {
  const random = new Random(7);
  const cells = grid(() => random.int(-500, 500));
  const [product, sum] = fitStrengthModels(cells);
  const verdict = productVerdict(product, sum);
  assert.equal(verdict.closer, "neither");
  assert.ok(!verdict.supported);
  assert.match(verdict.text, /^neither model explains 80% of the Elo variance/);
});

Deno.test("deepeningVerdict(): falling gains, least left with the poor evaluation", () => {
  // Elo = s_q · log(depth): gains fall with depth; poor's slope is smallest.
  const falling = depthSteps(
    grid((_, q, depth) => 100 * q * Math.log(depth)),
  );
  const yes = deepeningVerdict(falling);
  assert.ok(yes.falls && yes.fasterWhenPoor && yes.supported);
  for (const q of yes.perQuality) close(q.costRatio, 3, 1e-9);
  // Gains that grow with depth: not falling.
  const growing = deepeningVerdict(
    depthSteps(grid((_, q, depth) => 10 * q * depth * depth)),
  );
  assert.ok(!growing.falls && !growing.supported);
  // The poor evaluation keeps the most: falls, but not fastest when poor.
  const poorBest = deepeningVerdict(
    depthSteps(grid((_, q, depth) => 100 * (4 - q) * Math.log(depth))),
  );
  assert.ok(poorBest.falls && !poorBest.fasterWhenPoor && !poorBest.supported);
  assert.match(poorBest.text, /but not least with the poor one/);
});

Deno.test("the small strength run is deterministic and gives its golden numbers", () => {
  const a = runStrengthSync(STRENGTH_SMALL).results;
  const b = runStrengthSync(STRENGTH_SMALL).results;
  assert.deepEqual(a, b);
  assert.deepEqual(a.positions, {
    "Middle-Easy": 10,
    "End-Easy": 6,
    "self-play": 4,
  });
  // 3 players × 6 depths + 3 MCTS budgets; 12 grid players, 66 pairs × 2.
  assert.equal(a.accuracy.length, 21);
  assert.equal(a.grid.rows.length, 12);
  assert.equal(a.grid.games, 132);
  assert.equal(a.versus.length, 4);
  const poor1 = a.accuracy.find((r) => r.player === "poor d1")!;
  assert.deepEqual([poor1.positions, poor1.accuracy], [9, 3 / 9]);
  const rows = strengthRows(a, "small");
  assert.deepEqual(rows.map((r) => r.id), ["T003.8", "T003.9"]);
  assert.ok(rows.every((r) => r.kind === "claim"));
});

Deno.test("strengthReport() without a full run shows the small default: two claim rows, six tables, two charts", () => {
  const report = strengthReport(null);
  assert.equal(report.lesson, "strength");
  assert.deepEqual(report.rows.map((r) => r.id), ["T003.8", "T003.9"]);
  assert.equal(report.tables.length, 6);
  assert.ok(report.tables[0]!.title.includes("small default"));
  assert.deepEqual(report.charts.map((c) => c.name), ["accuracy", "elo_nodes"]);
  assert.ok(report.charts.every((c) => c.svg.startsWith("<svg")));
});

Deno.test("runStrength() over workers gives the same results as runStrengthSync()", async () => {
  const parallel = await runStrength(STRENGTH_SMALL, { workers: 2 });
  assert.deepEqual(parallel.results, runStrengthSync(STRENGTH_SMALL).results);
});

Deno.test("deno task strength rejects unknown arguments and bad --workers with exit code 2", async () => {
  const cli = new URL("../cli/strength.ts", import.meta.url).pathname;
  for (
    const [args, message] of [
      [["--bogus"], /^strength: unknown argument "--bogus" \(see --help\)$/m],
      [
        ["--workers", "0"],
        /strength: --workers must be an integer in 1…256, got "0"/,
      ],
      [["--full", "--render"], /--render plays no game, so it takes no --full/],
      [
        ["--render", "--batch", "5", "--workers", "2"],
        /--render plays no game, so it takes no --workers, --batch/,
      ],
    ] as const
  ) {
    const output = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--allow-read", "--allow-write", cli, ...args],
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(output.code, 2);
    assert.match(new TextDecoder().decode(output.stderr), message);
  }
});

Deno.test("leastSquares(): a constant y fitted without its mean has no R² of 1 (found by review)", () => {
  // No intercept column: the fit cannot be exact, and R² said 1.
  const inexact = leastSquares([[1], [2], [3]], [5, 5, 5]);
  assert.ok(inexact.rmse > 1);
  assert.ok(Number.isNaN(inexact.r2));
  // An exact fit of a constant y is still 1.
  assert.equal(leastSquares([[1], [1], [1]], [5, 5, 5]).r2, 1);
});

Deno.test("runStrengthSync and deepeningVerdict refuse sizes that would judge no data (found by review)", () => {
  const config = (change: (c: typeof STRENGTH_SMALL) => void) => {
    const c = structuredClone(STRENGTH_SMALL);
    change(c);
    return c;
  };
  const refused: [typeof STRENGTH_SMALL, RegExp][] = [
    [
      config((c) => c.grid.depths = [1, 2]),
      /runStrength: config\.grid\.depths must list at least 3 values/,
    ],
    [
      config((c) => c.grid.openings = -1),
      /runStrength: config\.grid\.openings must be an integer in 0…1000000, got -1/,
    ],
    [
      config((c) => c.accuracy.middle = 1.5),
      /runStrength: config\.accuracy\.middle must be an integer/,
    ],
    [
      config((c) => {
        c.accuracy.middle = 0;
        c.accuracy.end = 0;
        c.accuracy.selfPlay = 0;
      }),
      /runStrength: config\.accuracy must ask for at least one position/,
    ],
  ];
  for (const [bad, message] of refused) {
    assert.throws(() => runStrengthSync(bad), message);
  }
  assert.throws(
    () => deepeningVerdict([]),
    /deepeningVerdict: each evaluation needs at least 2 steps .*, got none/,
  );
});
