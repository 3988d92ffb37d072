// The threaded solver: the same scores as one thread on the committed
// position sets, proven bounds under any budget, and maxNodes a true limit
// on the nodes of all threads together.
//
// CI cost: the fast sets (End-Easy, Middle-Easy, the Begin-Easy and
// Middle-Medium samples: 2,200 positions, about 1 s a thread count) are
// solved in full; the Begin-Medium sample (about 30 s in full, 36 of its
// 100 positions past HELPER_START_NODES, 524,288, where the helpers join)
// by a seeded sample of 6 positions and 3 chosen ones.
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  ConnectFour,
  ConnectFourSolver,
  HELPER_START_NODES,
  NODE_CLAIM,
  SOLVER_ALL,
} from "../mod.ts";

interface Scored {
  moves: string;
  score: number;
}

const read = (name: string): Scored[] =>
  Deno.readTextFileSync(new URL(`../data/connect4/${name}`, import.meta.url))
    .trim().split("\n").map((line) => {
      const [moves, score] = line.split(" ");
      return { moves: moves!, score: Number(score) };
    });

const FAST_SETS = [
  "end_easy.txt",
  "middle_easy.txt",
  "sample_begin_easy.txt",
  "sample_middle_medium.txt",
];
const BEGIN_MEDIUM = read("sample_begin_medium.txt");

/** `count` distinct items of `items`, chosen by a seeded generator. */
function seededSample<T>(items: readonly T[], count: number, seed: number) {
  return fc.sample(
    fc.shuffledSubarray([...items], { minLength: count, maxLength: count }),
    { seed, numRuns: 1 },
  )[0]!;
}

const ENTRIES = 1 << 22;

/** Runs `body` with a one-thread and a two-thread solver, closing both. */
function withSolvers(
  body: (one: ConnectFourSolver, two: ConnectFourSolver) => void,
): void {
  const one = new ConnectFourSolver({ entries: ENTRIES, threads: 1 });
  const two = new ConnectFourSolver({ entries: ENTRIES, threads: 2 });
  try {
    body(one, two);
  } finally {
    two.close();
  }
}

Deno.test("threads: two threads score every position of the fast sets and a seeded Begin-Medium sample as one thread does (and as the files do)", () => {
  withSolvers((one, two) => {
    // Three Begin-Medium positions of 168 k, 265 k and 1.85 M nodes: the
    // first two below the helpers' start (where they joined before, at
    // 131,072 nodes, and made them slower), the third past it.
    const chosen = ["3712522217335", "3447142633566", "1225534"];
    const positions = [
      ...FAST_SETS.flatMap(read),
      ...seededSample(BEGIN_MEDIUM, 6, 19),
      ...BEGIN_MEDIUM.filter(({ moves }) => chosen.includes(moves)),
    ];
    assert.equal(positions.length, 2209);
    let helped = 0;
    for (const { moves, score } of positions) {
      const position = ConnectFour.parse(moves);
      const alone = one.solve(position);
      const threaded = two.solve(position);
      assert.equal(alone.score, score, `${moves}: one thread`);
      assert.equal(threaded.score, alone.score, `${moves}: two threads`);
      assert.ok(threaded.exact && threaded.lower === threaded.upper);
      if (alone.nodes >= HELPER_START_NODES) helped++;
      // Below the helpers' start the solve is the one thread's, node for node.
      else assert.equal(threaded.nodes, alone.nodes, `${moves}: helped`);
    }
    assert.ok(helped >= 2, `${helped} positions long enough for the helpers`);
    // The main thread's own table is not the shared one: it searches that
    // only while its helpers work (see SolverTable.adopt).
    assert.ok(!(two.table.words.buffer instanceof SharedArrayBuffer));
  });
});

Deno.test("threads: maxNodes bounds the nodes of all threads together (at most maxNodes; a stop at least maxNodes − 1,024 × (threads − 1))", () => {
  assert.equal(NODE_CLAIM, 1024);
  for (const threads of [2, 3]) {
    const solver = new ConnectFourSolver({ entries: ENTRIES, threads });
    try {
      for (const moves of ["", "4", "44", "4453", "3", "444333"]) {
        // Past HELPER_START_NODES the helpers search too.
        for (const maxNodes of [0, 1, 5000, 131_500, 1_000_000]) {
          for (const weak of [false, true]) {
            const result = solver.solve(ConnectFour.parse(moves), {
              maxNodes,
              weak,
            });
            const what = `${moves} threads ${threads} maxNodes ${maxNodes}`;
            assert.ok(result.nodes <= maxNodes, `${what}: ${result.nodes}`);
            if (result.stoppedByBudget) {
              assert.equal(result.stopReason, "maxNodes", what);
              assert.ok(
                result.nodes >= maxNodes - NODE_CLAIM * (threads - 1),
                `${what}: ${result.nodes}`,
              );
            }
          }
        }
      }
      // A budget that lets the solve finish: exact, within the budget.
      for (const { moves, score } of read("sample_middle_medium.txt")) {
        const done = solver.solve(ConnectFour.parse(moves), {
          maxNodes: 10_000_000,
        });
        assert.ok(done.exact && done.score === score, moves);
        assert.ok(done.nodes <= 10_000_000, moves);
      }
    } finally {
      solver.close();
    }
  }
});

/** Positions with their scores: some past the helpers' start, most not. */
const BUDGETED: Scored[] = [
  ...read("sample_middle_medium.txt"),
  ...seededSample(read("middle_easy.txt"), 40, 7),
  ...seededSample(read("end_easy.txt"), 20, 7),
  ...seededSample(BEGIN_MEDIUM, 10, 23),
];

Deno.test("threads: under any maxNodes or timeMs the bounds of one and two threads contain the true score", () => {
  withSolvers((one, two) => {
    fc.assert(
      fc.property(
        fc.nat({ max: BUDGETED.length - 1 }),
        fc.oneof(
          fc.record({ maxNodes: fc.integer({ min: 0, max: 400_000 }) }),
          fc.record({ timeMs: fc.constantFrom(0, 0.5, 1, 3, 10) }),
          fc.record({
            maxNodes: fc.integer({ min: 0, max: 400_000 }),
            timeMs: fc.constantFrom(1, 5),
          }),
        ),
        fc.boolean(),
        fc.boolean(),
        (index, budget, weak, threaded) => {
          const { moves, score } = BUDGETED[index]!;
          const position = ConnectFour.parse(moves);
          const before = position.toString() + position.key();
          const solver = threaded ? two : one;
          const result = solver.solve(position, { ...budget, weak });
          assert.equal(position.toString() + position.key(), before);
          const truth = weak ? Math.sign(score) : score;
          const what = `${moves} ${JSON.stringify(budget)} weak ${weak} ${
            threaded ? 2 : 1
          } threads: ${result.lower}..${result.upper}`;
          assert.ok(result.lower <= truth && truth <= result.upper, what);
          if ("maxNodes" in budget) {
            assert.ok(result.nodes <= budget.maxNodes!, what);
          }
          if (result.exact) assert.equal(result.score, truth, what);
          else {
            assert.ok(result.stoppedByBudget && result.score === null, what);
            assert.ok(result.lower < result.upper, what);
          }
        },
      ),
      { seed: 5, numRuns: 120 },
    );
  });
});

Deno.test("threads: every solver option and solve option rejects NaN, negative, huge and non-integer values by name", () => {
  const build: [object, RegExp][] = [
    ...[NaN, -1, 0, 1.5, 65, 1e9, Infinity, "2"].map((threads): [
      object,
      RegExp,
    ] => [{ threads }, /threads must be an integer in 1…64, got /]),
    ...[NaN, -1, 0, 4097, Infinity, 1e300, "1"].map((megabytes): [
      object,
      RegExp,
    ] => [{ megabytes }, /megabytes must be a number in \(0, 4096\], got /]),
    ...[NaN, -1, 0, 1.5, 2 ** 29 + 1, Infinity].map((entries): [
      object,
      RegExp,
    ] => [{ entries }, /entries must be an integer in 1…536870912, got /]),
    ...[2 ** 40, 2 ** 32, 2 ** 31, 16, -1, 3.5, NaN, Infinity, "15"].map((
      features,
    ): [object, RegExp] => [
      { features },
      /features must be an integer OR of the SOLVER_\* bits \(TABLE 1, NULL_WINDOW 2, NON_LOSING 4, THREAT_ORDER 8; known mask 15\), got /,
    ]),
  ];
  for (const [options, message] of build) {
    assert.throws(
      () => new ConnectFourSolver(options),
      (error: Error) =>
        error.message.startsWith("new ConnectFourSolver: ") &&
        message.test(error.message),
      JSON.stringify(options),
    );
  }
  // Every feature subset is accepted.
  for (let features = 0; features <= SOLVER_ALL; features++) {
    assert.equal(
      new ConnectFourSolver({ entries: 1 << 17, features }).features,
      features,
    );
  }
  const solver = new ConnectFourSolver({ entries: 1 << 17 });
  const position = ConnectFour.parse("4455");
  const solve: [object, RegExp][] = [
    ...[NaN, -1, 1.5, 2 ** 53, Infinity, "5"].map((maxNodes): [
      object,
      RegExp,
    ] => [
      { maxNodes },
      /maxNodes must be an integer in 0…9007199254740991, got /,
    ]),
    ...[NaN, -1, -Infinity, "5"].map((timeMs): [object, RegExp] => [
      { timeMs },
      /timeMs must be a number ≥ 0 \(milliseconds\), got /,
    ]),
  ];
  for (const [options, message] of solve) {
    assert.throws(
      () => solver.solve(position, options),
      (error: Error) =>
        error.message.startsWith("ConnectFourSolver.solve: ") &&
        message.test(error.message),
      JSON.stringify(options),
    );
  }
  // A huge timeMs or maxNodes is no limit; a fractional timeMs is fine.
  for (
    const options of [{ timeMs: Infinity }, { timeMs: 1e300 }, {
      timeMs: 60_000.5,
    }, { maxNodes: Number.MAX_SAFE_INTEGER }]
  ) {
    assert.equal(solver.solve(position, options).score, 18);
  }
});
