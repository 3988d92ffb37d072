import assert from "node:assert/strict";
import {
  alphaBeta,
  aspiration,
  Chess,
  CHESS_MOVE_LIMIT,
  ExplicitTree,
  type ExtendedStats,
  iterativeDeepening,
  minimax,
  mtdf,
  pvs,
  quiescence,
  sssStar,
  TicTacToe,
  TranspositionTable,
  UniformTree,
} from "../mod.ts";

const GOLDEN: [string, number][] = [
  [".........", 18297],
  ["X...O....", 844],
  ["XO.......", 749],
  ["X.O.O...X", 83],
];

Deno.test("alphaBeta() keeps the course's golden node counts; order natural through the shared node counts the same nodes and steps", () => {
  for (const [cells, nodes] of GOLDEN) {
    const plain = alphaBeta(TicTacToe.parse(cells));
    const shared = alphaBeta(TicTacToe.parse(cells), { order: "natural" });
    assert.equal(plain.stats.nodes, nodes);
    assert.deepEqual(
      [
        shared.value,
        shared.stats.nodes,
        shared.stats.leaves,
        shared.stats.steps,
        shared.pv,
      ],
      [
        plain.value,
        plain.stats.nodes,
        plain.stats.leaves,
        plain.stats.steps,
        plain.pv,
      ],
    );
  }
  for (
    const [branching, depth, nodes, leaves] of [[3, 6, 125, 53], [
      2,
      10,
      208,
      63,
    ], [4, 6, 268, 127]]
  ) {
    const tree = new UniformTree({
      branching: branching!,
      depth: depth!,
      seed: 1,
      order: "best-first",
    });
    for (const options of [{}, { order: "natural" as const }]) {
      const result = alphaBeta(tree, options);
      assert.deepEqual([result.stats.nodes, result.stats.leaves], [
        nodes,
        leaves,
      ]);
    }
  }
});

Deno.test("alphaBeta() fail-hard and fail-soft give the same root value and the same nodes (T002.1)", () => {
  for (let seed = 0; seed < 30; seed++) {
    const tree = new UniformTree({ branching: 3, depth: 5, seed });
    const soft = alphaBeta(tree, { order: "natural" });
    const hard = alphaBeta(tree, { failHard: true });
    assert.equal(hard.value, soft.value);
    assert.equal(hard.stats.nodes, soft.stats.nodes);
    // Outside the window fail-hard returns the window's end itself.
    const low = alphaBeta(tree, { failHard: true, alpha: 200, beta: 300 });
    assert.equal(low.value, 200);
  }
});

Deno.test("a transposition table cuts tic-tac-toe well below 18,297 nodes and keeps the value and PV", () => {
  const tt = new TranspositionTable({ entries: 1 << 16 });
  const result = alphaBeta(TicTacToe.empty(), { tt });
  assert.equal(result.value, 0);
  assert.ok(result.stats.nodes < 18297 / 2);
  assert.equal(result.pv.length, 9);
  assert.ok(
    tt.cutoffsExact + tt.cutoffsLower + tt.cutoffsUpper ===
      (result.stats as ExtendedStats).ttCutoffs,
  );
});

Deno.test("the principal variation replays to the returned value (T002.4)", () => {
  for (const search of [alphaBeta, pvs, mtdf, sssStar]) {
    const position = TicTacToe.parse("XO.......");
    const result = search(position, {
      tt: new TranspositionTable({ entries: 1 << 14 }),
    });
    for (const move of result.pv) position.play(move);
    assert.ok(position.isTerminal(), search.name);
    const sign = result.pv.length % 2 === 0 ? 1 : -1;
    assert.equal(sign * position.evaluate(), result.value, search.name);
  }
});

Deno.test("iterativeDeepening() reports one row per depth and each row agrees with minimax at that depth", () => {
  const tree = new UniformTree({ branching: 3, depth: 6, seed: 4 });
  const result = iterativeDeepening(tree, { depth: 5 });
  assert.deepEqual(result.rows.map((row) => row.depth), [1, 2, 3, 4, 5]);
  let total = 0;
  for (const row of result.rows) {
    total += row.nodes;
    assert.equal(row.cumulativeNodes, total);
    assert.equal(row.value, minimax(tree, { depth: row.depth }).value);
  }
  assert.equal(result.stats.nodes, total);
  assert.equal(result.solved, false);
  const toTheEnd = iterativeDeepening(tree);
  assert.equal(toTheEnd.depth, 6);
  assert.ok(toTheEnd.solved);
});

Deno.test("iterativeDeepening() stops on a node budget with the last finished depth (anytime)", () => {
  const tree = new UniformTree({ branching: 4, depth: 8, seed: 2 });
  const result = iterativeDeepening(tree, { maxNodes: 2000 });
  assert.ok(result.stoppedByBudget);
  assert.ok(result.depth >= 1 && result.depth < 8);
  assert.equal(result.value, minimax(tree, { depth: result.depth }).value);
  assert.equal(result.rows.length, result.depth);
  const timed = iterativeDeepening(tree, { timeMs: 1e9, depth: 3 });
  assert.equal(timed.depth, 3);
});

Deno.test("pvs() and aspiration() count their re-searches", () => {
  const worst = new UniformTree({
    branching: 3,
    depth: 5,
    seed: 9,
    order: "worst-first",
  });
  assert.ok(pvs(worst).stats.researches > 0);
  const best = new UniformTree({
    branching: 3,
    depth: 5,
    seed: 9,
    order: "best-first",
  });
  assert.equal(pvs(best).stats.researches, 0);
  const value = minimax(best).value;
  assert.equal(aspiration(best, { guess: value }).stats.researches, 0);
  assert.equal(aspiration(best, { guess: value + 10 }).stats.researches, 1);
  assert.equal(aspiration(best, { guess: value - 10 }).stats.researches, 1);
});

Deno.test("the counters count what their docs say: passes are root searches (iterations plus aspiration re-searches), researches are aspiration, PVS and late-move-reduction re-searches, per row too", () => {
  const tree = new UniformTree({ branching: 4, depth: 6, seed: 3 });
  // Full windows: one pass per iteration, no re-search.
  const plain = iterativeDeepening(tree);
  assert.equal(plain.stats.passes, plain.rows.length);
  assert.equal(plain.stats.researches, 0);
  // Aspiration: a pass per window, so the re-searches add passes (the
  // reviewed case: 6 rows, 11 passes).
  const windows = iterativeDeepening(tree, { aspirationDelta: 1 });
  assert.deepEqual(
    [windows.rows.length, windows.stats.passes, windows.stats.researches],
    [6, 11, 5],
  );
  // PVS: re-searches without passes, counted in the rows as well.
  for (const options of [{ pvs: true }, { pvs: true, aspirationDelta: 1 }]) {
    const deepened = iterativeDeepening(tree, options);
    const aspirationResearches = deepened.stats.passes - deepened.rows.length;
    assert.ok(deepened.stats.researches > aspirationResearches);
    assert.equal(
      deepened.rows.reduce((sum, row) => sum + row.researches, 0),
      deepened.stats.researches,
    );
  }
  // Late-move reductions without PVS or aspiration: their full-depth
  // re-searches alone.
  const reduced = alphaBeta(tree, {
    depth: 6,
    lateMoveReductions: { fullMoves: 1, minDepth: 2 },
  }).stats as ExtendedStats;
  assert.equal(reduced.passes, 1);
  assert.ok(reduced.researches > 0);
});

Deno.test("mtdf() needs fewer passes from a good guess", () => {
  const tree = new UniformTree({ branching: 3, depth: 5, seed: 5 });
  const value = minimax(tree).value;
  const good = mtdf(tree, { guess: value });
  const far = mtdf(tree, { guess: value - 40 });
  assert.equal(good.value, value);
  assert.equal(far.value, value);
  assert.ok(good.stats.passes <= 2 && far.stats.passes > good.stats.passes);
});

Deno.test("quiescence() searches past the horizon only through noisy moves", () => {
  const quiet = new UniformTree({ branching: 3, depth: 6, seed: 1 });
  const plain = quiescence(quiet, { depth: 3 });
  assert.equal(plain.value, minimax(quiet, { depth: 3 }).value);
  assert.equal(plain.stats.quiescenceNodes, 0);
  const noisy = new UniformTree({
    branching: 3,
    depth: 6,
    seed: 1,
    noisyPercent: 100,
  });
  // Every move noisy: quiescence plays on to the leaves, the stand-pat option aside.
  const extended = quiescence(noisy, { depth: 3 });
  assert.ok(extended.stats.quiescenceNodes > 0);
  assert.equal(quiescence(noisy).value, minimax(noisy).value);
});

Deno.test("bad options are clear errors", () => {
  const tree = new UniformTree({ branching: 2, depth: 3 });
  const cases: [() => unknown, RegExp][] = [
    [() => alphaBeta(tree, { order: "best" as never }), /order must be one of/],
    [() => alphaBeta(tree, { order: "tt" }), /needs a transposition table/],
    [
      () => alphaBeta(tree, { tt: {} as never }),
      /must be a TranspositionTable/,
    ],
    [
      () => alphaBeta(tree, { failHard: 1 as never }),
      /failHard must be a boolean/,
    ],
    [
      () => alphaBeta(tree, { order: [() => 0, () => 1] }),
      /at most one scoring function/,
    ],
    [() => alphaBeta(tree, { maxMove: 0 }), /maxMove/],
    [
      () => alphaBeta(tree, { order: ["captures", "killer"] }),
      /^Error: alphaBeta: order takes the course's "killer" and "history" or the engines' "captures", "quiet-killer", "quiet-history" and "counter-move", not both: got an array of 2$/,
    ],
    [
      () => pvs(tree, { order: ["history", "quiet-history"] }),
      /^Error: pvs: order takes the course's .* not both/,
    ],
    [() => pvs(tree, { depth: -1 }), /pvs: depth must be an integer in 0…/],
    [
      () => iterativeDeepening(tree, { maxNodes: 0 }),
      /maxNodes must be a positive integer/,
    ],
    [
      () => iterativeDeepening(tree, { timeMs: -5 }),
      /timeMs must be a positive number/,
    ],
    [
      () => iterativeDeepening(tree, { previous: "all" as never }),
      /previous must be/,
    ],
    [
      () => aspiration(tree, { delta: 0 }),
      /aspiration: delta must be an integer in 1…999999, got 0/,
    ],
    [() => aspiration(tree, { guess: 0.5 }), /guess must be an integer/],
    [() => mtdf(tree, { guess: Infinity }), /guess must be an integer/],
    [() => mtdf(tree, { failHard: true }), /fail-soft/],
    [() => sssStar(tree, { failHard: true }), /fail-soft/],
    [() => quiescence(tree, { alpha: 3, beta: 3 }), /alpha < beta/],
    [
      () => new UniformTree({ branching: 2, depth: 2, noisyPercent: 101 }),
      /noisyPercent/,
    ],
  ];
  for (const [run, message] of cases) assert.throws(run, message);
  // failHard is refused only when true: false is their own fail-soft passes.
  const value = minimax(tree).value;
  assert.equal(mtdf(tree, { failHard: false }).value, value);
  assert.equal(sssStar(tree, { failHard: false }).value, value);
});

Deno.test("searchers leave the position as they found it", () => {
  const tree = ExplicitTree.from([[3, 12, 8], [2, 4, 6], [14, 5, 2]]);
  // Iterative deepening would evaluate inner nodes, which explicit trees lack.
  const searches = {
    alphaBeta,
    pvs,
    mtdf,
    sssStar,
    quiescence,
    aspiration: (position: ExplicitTree) => aspiration(position, { guess: 5 }),
  };
  for (const [name, search] of Object.entries(searches)) {
    const result = search(tree);
    assert.equal(result.value, 3, name);
    assert.equal(tree.node, 0, name);
  }
  const position = TicTacToe.parse("XO.......");
  iterativeDeepening(position, { tt: new TranspositionTable({ entries: 99 }) });
  assert.equal(position.toString(), "XO.......");
});

Deno.test("history ordering sizes its table by position.moveLimit (chess moves are 16-bit)", () => {
  const position = Chess.fromFen(
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
  );
  const order = ["killer", "history"] as const;
  const byDefault = alphaBeta(position, { depth: 4, order: [...order] });
  const explicit = alphaBeta(position, {
    depth: 4,
    order: [...order],
    maxMove: CHESS_MOVE_LIMIT,
  });
  const tooSmall = alphaBeta(position, {
    depth: 4,
    order: [...order],
    maxMove: position.maxMoves,
  });
  assert.equal(byDefault.value, explicit.value);
  assert.equal(byDefault.stats.nodes, explicit.stats.nodes);
  // A table of maxMoves entries scores no chess move: the ordering is lost.
  assert.notEqual(byDefault.stats.nodes, tooSmall.stats.nodes);
});

Deno.test("a bad position.moveLimit is a clear Error when history ordering needs it, and is not read when it does not", () => {
  // Found by review: moveLimit went straight to new Int32Array, so -1 threw
  // a bare RangeError, 1.5 was taken as 1 and 2^40 failed to allocate.
  const withLimit = (moveLimit: unknown) => {
    const tree = new UniformTree({ branching: 3, depth: 3, seed: 1 });
    Object.defineProperty(tree, "moveLimit", { value: moveLimit });
    return tree;
  };
  const searches = [
    ["alphaBeta", alphaBeta],
    ["pvs", pvs],
    ["iterativeDeepening", iterativeDeepening],
    ["mtdf", mtdf],
  ] as const;
  for (const [name, search] of searches) {
    for (const order of ["history", "quiet-history", ["killer", "history"]]) {
      for (const bad of [-1, 0, 1.5, 2 ** 40, "9", NaN]) {
        assert.throws(
          () => search(withLimit(bad), { order: order as never, depth: 3 }),
          new Error(
            `${name}: position.moveLimit must be an integer in 1…16777216, got ${
              typeof bad === "string" ? `"${bad}"` : bad
            }`,
          ),
          `${name} ${order} ${bad}`,
        );
      }
      // A valid limit, or maxMove given (then moveLimit is not used).
      const plain = search(
        new UniformTree({ branching: 3, depth: 3, seed: 1 }),
        {
          order: order as never,
          depth: 3,
        },
      );
      const given = search(withLimit(-1), {
        order: order as never,
        depth: 3,
        maxMove: 3,
      });
      assert.deepEqual(given, plain, `${name} ${order}`);
    }
    // Orders without a history table never read moveLimit.
    for (const order of ["natural", "killer", "quiet-killer"]) {
      const plain = search(
        new UniformTree({ branching: 3, depth: 3, seed: 1 }),
        {
          order: order as never,
          depth: 3,
        },
      );
      assert.deepEqual(
        search(withLimit(-1), { order: order as never, depth: 3 }),
        plain,
        `${name} ${order}`,
      );
    }
  }
});
