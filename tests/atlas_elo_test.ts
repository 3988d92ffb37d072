import assert from "node:assert/strict";
import {
  ATLAS_SMALL,
  ELO_SMALL,
  ELO_TESTS,
  type EloGameSettings,
  type EloItem,
  type EloSettings,
  type EloTest,
  formatElo,
  playBatchHere,
  runAtlas,
  runElo,
  runEloTest,
  runEloTestOnWorkers,
  signedElo,
  strengthTable,
} from "../src/course/mod.ts";
import {
  ConnectFour,
  createPlayer,
  SearchPlayer,
  type SprtBatch,
  TicTacToe,
} from "../mod.ts";

/** ELO_SMALL with other Connect Four budgets and other settings. */
function withGames(
  connectFour: Partial<EloGameSettings>,
  other: Partial<EloSettings> = {},
): EloSettings {
  return {
    ...ELO_SMALL,
    ...other,
    games: {
      ...ELO_SMALL.games,
      "connect-four": { ...ELO_SMALL.games["connect-four"], ...connectFour },
    },
  };
}

let small: EloItem[] | undefined;
function smallElo(): EloItem[] {
  return small ??= runElo(ELO_SMALL);
}

Deno.test("the small default's Elo items: one per test and mode, with the stated SPRT and shape", () => {
  const items = smallElo();
  assert.equal(items.length, ELO_TESTS.length * ELO_SMALL.modes.length);
  for (const test of ELO_TESTS) {
    for (const mode of ELO_SMALL.modes) {
      const where = `${test.technique} on ${test.game} (${mode})`;
      const item = items.find((i) =>
        i.technique === test.technique && i.game === test.game &&
        i.mode === mode
      );
      assert.ok(item !== undefined, where);
      assert.deepEqual(
        [item.elo0, item.elo1, item.alpha, item.beta],
        [0, 100, 0.05, 0.05],
        where,
      );
      const budgets = ELO_SMALL.games[test.game];
      const max = mode === "nodes" ? budgets.maxGames : budgets.timeGames;
      assert.ok(item.games > 0 && item.games <= max, where);
      assert.equal(item.games % 2, 0, where);
      assert.ok(2 * item.pairs <= item.games, where);
      assert.equal(
        item.counts.reduce((a, b) => a + b, 0),
        item.pairs,
        where,
      );
      const [a, b] = item.bounds;
      assert.ok(a < 0 && b > 0, where);
      if (item.decision === null) {
        assert.ok(item.llr > a && item.llr < b, where);
        assert.equal(item.games, max, `${where}: undecided only at the budget`);
      } else {
        assert.ok(item.decision === "H1" ? item.llr >= b : item.llr <= a);
      }
      const { estimate, low, high } = item.elo;
      if (estimate !== null && low !== null && high !== null) {
        assert.ok(low <= estimate && estimate <= high, where);
      }
      // The games shown are the ones the SPRT counted; any played past
      // its decision are named apart.
      assert.match(
        formatElo(item),
        /^(n\/a|[+−]?\d+(\.\d)?) \[(−∞|[+−]?\d+(\.\d)?), (\+∞|[+−]?\d+(\.\d)?)\], \d+ games( \(\d+ played\))?(, every pair 1–1)?, (H0|H1|undecided)$/,
      );
      assert.ok(
        formatElo(item).includes(
          `, ${2 * item.pairs} games${
            item.games > 2 * item.pairs ? ` (${item.games} played)` : ""
          }`,
        ),
        where,
      );
    }
  }
});

Deno.test("a technique that clearly helps is decided H1 in the small run: MCTS-Solver over plain UCT at equal nodes", () => {
  const item = smallElo().find((i) =>
    i.technique === "mcts" && i.mode === "nodes"
  )!;
  assert.equal(item.decision, "H1");
  assert.ok(item.elo.low !== null && item.elo.low > 0);
});

Deno.test("the sanity pair: alpha-beta depth 6 against depth 2 is H1 within a few pairs", () => {
  const sanity: EloTest = {
    technique: "sanity",
    game: "connect-four",
    engine: "alpha-beta depth 2",
    candidate: () => ({ kind: "alpha-beta", depth: 6 }),
    baseline: () => ({ kind: "alpha-beta", depth: 2 }),
  };
  const item = runEloTest(sanity, ELO_SMALL, "nodes");
  assert.equal(item.decision, "H1");
  assert.ok(item.games <= ELO_SMALL.games["connect-four"].maxGames);
  assert.ok(item.elo.estimate === null || item.elo.estimate > 100);
});

Deno.test("the job unit is idempotent: the same test on the workers gives the same item at equal nodes", async () => {
  const test = ELO_TESTS.find((t) => t.technique === "history")!;
  const settings = withGames({ maxGames: 8 }, { batchGames: 4 });
  const here = runEloTest(test, settings, "nodes");
  const there = await runEloTestOnWorkers(test, settings, "nodes", 2);
  assert.deepEqual(there, here);
});

Deno.test("a batch cached as the workers return it (not in round order) is read back in round order: the same pairs and item", async () => {
  const test = ELO_TESTS.find((t) => t.technique === "history")!;
  const settings = withGames({ maxGames: 4 }, { batchGames: 4 });
  const dir = Deno.makeTempDirSync();
  try {
    const file = `${dir}/history.json`;
    // The candidate (player 0) wins rounds 0 and 1 and loses 2 and 3: pairs
    // (0, 1) and (2, 3) score 2 and 0; pairs of neighbours in the order
    // returned below, (0, 2) and (1, 3), would score 1 and 1.
    const evensFirst = (task: SprtBatch) => {
      const records = playBatchHere(task).map((record) => {
        const candidateWins = record.round < 2;
        const candidateFirst = record.seats[0] === 0;
        return {
          ...record,
          result: candidateWins === candidateFirst
            ? "1-0" as const
            : "0-1" as const,
        };
      });
      return Promise.resolve([
        ...records.filter((record) => record.round % 2 === 0),
        ...records.filter((record) => record.round % 2 === 1),
      ]);
    };
    const there = await runEloTestOnWorkers(
      test,
      settings,
      "nodes",
      1,
      evensFirst,
      file,
    );
    assert.deepEqual(there.counts, [1, 0, 0, 0, 1]);
    assert.deepEqual(runEloTest(test, settings, "nodes", file), there);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("the Elo cache resumes: a finished test is read back, a cut file or one played against another engine is played again", () => {
  const dir = Deno.makeTempDirSync();
  try {
    const settings = withGames({ maxGames: 4 }, { modes: ["nodes"] });
    const computed: string[] = [];
    const options = {
      cacheDir: dir,
      techniques: ["killer", "history"],
      games: ["connect-four"] as const,
      onCompute: (t: string) => computed.push(t),
    };
    const first = runElo(settings, options);
    assert.deepEqual(computed, ["killer", "history"]);
    computed.length = 0;
    const second = runElo(settings, options);
    assert.deepEqual(computed, []);
    assert.deepEqual(second, first);
    // An interruption mid-write leaves a cut file: that test alone is replayed.
    const file = [...Deno.readDirSync(dir)].find((e) =>
      e.name.includes("history")
    )!;
    Deno.writeTextFileSync(`${dir}/${file.name}`, '{"technique":');
    const third = runElo(settings, options);
    assert.deepEqual(computed, ["history"]);
    assert.deepEqual(third, first);
    // A test played against another engine (the engine changed since) is
    // stale: played again, the others read back.
    computed.length = 0;
    const killer = [...Deno.readDirSync(dir)].find((e) =>
      e.name.includes("killer")
    )!;
    const path = `${dir}/${killer.name}`;
    const item = JSON.parse(Deno.readTextFileSync(path));
    Deno.writeTextFileSync(
      path,
      JSON.stringify({ ...item, engine: "an engine of yesterday" }),
    );
    const fourth = runElo(settings, options);
    assert.deepEqual(computed, ["killer"]);
    assert.deepEqual(fourth, first);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("the Strength table shows each row's tests, Connect Four and chess, and says what is not done", () => {
  const rows = runAtlas(ATLAS_SMALL, { games: ["connect-four", "chess"] }).rows;
  const table = strengthTable(smallElo(), rows);
  const items = smallElo();
  for (const item of items) assert.ok(table.includes(formatElo(item)));
  // Null move is tested on chess only.
  assert.match(table, /\| null-move pruning \(R = 2\) +\| chess +\|/);
  assert.doesNotMatch(
    table,
    /\| null-move pruning \(R = 2\) +\| Connect Four/,
  );
  // The small run plays no game against Stockfish: no such column. Where a
  // run did, it is chess's alone, and the chess rows it did not reach say so.
  assert.doesNotMatch(table, /Stockfish/);
  const lmr = items.find((i) => i.technique === "lmr" && i.game === "chess")!;
  const against: EloItem = {
    ...lmr,
    mode: "stockfish",
    stockfish: {
      skill: 5,
      depth: 5,
      candidate: [-81, -120, -40],
      baseline: [-131, -170, -90],
      seeds: { candidate: 1, baseline: 2 },
    },
  };
  const withStockfish = strengthTable([...items, against], rows);
  assert.match(withStockfish, /\| against Stockfish: gain \[95%\] +\|/);
  assert.match(withStockfish, /\| Connect Four +\|[^\n]*\| n\/a +\|/);
  assert.ok(withStockfish.includes(formatElo(against)));
  assert.match(withStockfish, /\| chess +\|[^\n]*\| not run +\|/);
  assert.match(table, /every Elo player deepens/);
  // Issue 25 item 7: the table, ETC have chess tests; PVS says why not.
  for (const id of ["tt", "etc", "aspiration"]) {
    assert.ok(
      ELO_TESTS.some((t) => t.game === "chess" && t.technique === id),
      id,
    );
  }
  const pvs = rows.find((r) => r.technique === "pvs")!.name;
  assert.match(
    table,
    new RegExp(
      `\\| ${
        pvs.replace(/[()]/g, ".")
      } +\\| chess +\\|[^\\n]*— \\(no test: PVS is a searcher of its own`,
    ),
  );
});

Deno.test("SearchPlayer: off-by-default options, budgets, and bad options rejected with the rule", () => {
  const player = new SearchPlayer({ maxNodes: 500 });
  assert.equal(player.chooseMove(TicTacToe.parse("XX.OO....")), 2);
  assert.ok(player.lastNodes <= 501);
  const bad: [unknown, RegExp][] = [
    [{}, /maxNodes or timeMs is required/],
    [{ maxNodes: 0 }, /maxNodes/],
    [
      { timeMs: 0 },
      /timeMs must be a number of milliseconds in 1…3600000, got 0/,
    ],
    [{ maxNodes: 9, searcher: "negamax" }, /searcher must be one of/],
    [
      { maxNodes: 9, options: { quiescence: true } },
      /options.quiescence is for the "deepening" searcher/,
    ],
    [
      { maxNodes: 9, searcher: "deepening", options: { quiescence: 1 } },
      /options.quiescence must be a boolean, got 1/,
    ],
    [
      { maxNodes: 9, options: { previous: "move" } },
      /options.previous is for the "deepening" searcher/,
    ],
    [{ maxNodes: 9, options: { lmr: {} } }, /unknown option "lmr"/],
    [
      { maxNodes: 9, options: { futility: 3 } },
      /options.futility must be an object of its options or false, got 3/,
    ],
    [
      { maxNodes: 9, searcher: "deepening", options: { aspirationDelta: 0 } },
      /aspirationDelta/,
    ],
  ];
  for (const [options, message] of bad) {
    assert.throws(
      () =>
        new SearchPlayer(
          options as ConstructorParameters<typeof SearchPlayer>[0],
        ),
      message,
    );
  }
  assert.throws(
    () =>
      createPlayer("tic-tac-toe", {
        kind: "search",
        maxNodes: 9,
        columns: "left-to-right",
      }),
    /createPlayer: columns is for connect-four only/,
  );
  assert.throws(
    () =>
      createPlayer("connect-four", {
        kind: "search",
        maxNodes: 9,
        columns: "right" as "left-to-right",
      }),
    /columns must be "centre-first" or "left-to-right", got "right"/,
  );
  // Left to right without an order plays column 0 first; "static" puts the centre first.
  const board = ConnectFour.parse("");
  const natural = createPlayer("connect-four", {
    kind: "search",
    maxNodes: 9,
    maxDepth: 1,
    columns: "left-to-right",
    quality: "poor",
  });
  const centred = createPlayer("connect-four", {
    kind: "search",
    maxNodes: 9,
    maxDepth: 1,
    columns: "left-to-right",
    quality: "poor",
    options: { order: "static" },
  });
  assert.equal(centred.chooseMove(board), 3);
  assert.ok(natural.chooseMove(board) >= 0);
});

Deno.test("formatElo and signedElo round half-way values alike, away from zero", () => {
  // Notebook 10 printed one test as +20 [−5, +45] in its Strength column
  // and +20 [−4, +45] in the decision tree's sentence.
  const halves = [-45.5, -20.5, -4.5, -2.5, -1.5, 1.5, 2.5, 4.5, 20.5, 45.5];
  for (const estimate of halves) {
    for (const low of halves) {
      for (const high of halves) {
        const item = {
          elo: { estimate, low, high },
          pairs: 10,
          games: 20,
          counts: [2, 2, 2, 2, 2],
          decision: null,
        } as unknown as EloItem;
        const [est, lo, hi] = [estimate, low, high].map(signedElo);
        const said = `${est} [${lo}, ${hi}], `;
        assert.ok(
          formatElo(item).startsWith(said),
          `${formatElo(item)}: ${said}`,
        );
      }
    }
  }
  assert.deepEqual(
    [-4.5, -2.5, 2.5, 4.5].map(signedElo),
    ["−5", "−3", "+3", "+5"],
  );
});
