/**
 * Issue 24, search options: each public searcher reads the caller's options
 * once, at its entry, into one frozen settings object; a bad option is
 * refused (same messages as before) before the position is touched, and
 * every option is read exactly once.
 */
import assert from "node:assert/strict";
import {
  type BudgetReport,
  Chess,
  CHESS_MOVE_LIMIT,
  mcts,
  mtdf,
  type Position,
  pvs,
  SearchPlayer,
  type SearchResult,
  sssStar,
  TicTacToe,
  TraceRecorder,
  TranspositionTable,
  VALUE_INFINITE,
} from "../mod.ts";
import { SEARCHERS } from "./_searchers.ts";
import { resolveSearchSettings } from "../src/search/search_settings.ts";

/** One bad value per option, and the rule its error states after `name: `. */
const BAD: Record<string, [unknown, string]> = {
  depth: [-1, "depth must be an integer in 0…1073741823, got -1"],
  maxNodes: [0, "maxNodes must be a positive integer (or Infinity), got 0"],
  timeMs: [-5, "timeMs must be a positive number (or Infinity), got -5"],
  alpha: [0.5, "alpha must be an integer in -1000000…1000000, got 0.5"],
  beta: ["0", 'beta must be an integer in -1000000…1000000, got "0"'],
  trace: [
    {},
    "trace must be an object with a node() method (a TraceRecorder), got an object",
  ],
  tt: [{}, "tt must be a TranspositionTable, got an object"],
  order: [
    "best",
    'order must be one of natural, tt, pv, killer, history, captures, quiet-killer, quiet-history, counter-move, a scoring function or a list of them, got "best"',
  ],
  failHard: [1, "failHard must be a boolean, got 1"],
  maxMove: [0, "maxMove must be an integer in 1…16777216, got 0"],
  exactDepth: ["true", 'exactDepth must be a boolean, got "true"'],
  interrupt: [
    [1],
    "interrupt must be an Int32Array of at least one element (a flag another thread sets), got an array of 1",
  ],
  nullMove: [
    { depth: 3 },
    'nullMove has an unknown key "depth"; known keys: reduction, minDepth, depthDivisor, evalDivisor',
  ],
  lateMoveReductions: [
    { minDepth: 1 },
    "lateMoveReductions.minDepth must be an integer in 2…64, got 1",
  ],
  futility: [
    { margins: [] },
    "futility.margins must be an array of 1 to 16 integers, got an array of 0",
  ],
  razoring: [
    { margins: [100, -1] },
    "razoring.margins[1] must be an integer in 0…1000000, got -1",
  ],
  reverseFutility: [
    { margin: 0 },
    "reverseFutility.margin must be an integer in 1…1000000, got 0",
  ],
  lateMovePruning: [
    { baseMoves: 300 },
    "lateMovePruning.baseMoves must be an integer in 0…256, got 300",
  ],
  exchangePruning: [
    { captureMargin: "100" },
    'exchangePruning.captureMargin must be an integer in 0…1000000, got "100"',
  ],
  singularExtensions: [
    { minDepth: 2 },
    "singularExtensions.minDepth must be an integer in 4…64, got 2",
  ],
  improving: [2, "improving must be a boolean, got 2"],
  quiescenceTable: ["on", 'quiescenceTable must be a boolean, got "on"'],
  pvs: ["yes", 'pvs must be a boolean, got "yes"'],
  checkExtensions: [1, "checkExtensions must be a boolean, got 1"],
  skipLosingCaptures: [0, "skipLosingCaptures must be a boolean, got 0"],
  quiescenceEvasions: ["no", 'quiescenceEvasions must be a boolean, got "no"'],
  tableCutoffs: [1, "tableCutoffs must be a boolean, got 1"],
  enhancedCutoffs: [{}, "enhancedCutoffs must be a boolean, got an object"],
  previous: ["all", 'previous must be "none", "move" or "pv", got "all"'],
  aspirationDelta: [
    0,
    "aspirationDelta must be an integer in 1…999999, got 0",
  ],
  quiescence: [1, "quiescence must be a boolean, got 1"],
  keepCutMove: ["yes", 'keepCutMove must be a boolean, got "yes"'],
  onIteration: [
    3,
    "onIteration must be a function called with each finished iteration's row, got 3",
  ],
  delta: [0, "delta must be an integer in 1…999999, got 0"],
  guess: [0.5, "guess must be an integer in -999999…999999, got 0.5"],
};

/** A tic-tac-toe position that counts every property read or method call on it. */
function watched(): { position: Position; touches: string[] } {
  const touches: string[] = [];
  const position = new Proxy(TicTacToe.parse("XO.X.O..."), {
    get(target, key) {
      touches.push(String(key));
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { position, touches };
}

Deno.test("every searcher refuses a bad option with its message before touching the position", () => {
  for (const [name, search, keys] of SEARCHERS) {
    for (const key of keys) {
      const [value, rule] = BAD[key]!;
      const { position, touches } = watched();
      assert.throws(
        () => search(position, { [key]: value }),
        (error: Error) => error.message === `${name}: ${rule}`,
        `${name} ${key}`,
      );
      assert.deepEqual(touches, [], `${name} ${key}: position read`);
    }
    const { position, touches } = watched();
    assert.throws(
      () => search(position, { dept: 1 }),
      (error: Error) =>
        error.message ===
          `${name}: unknown option "dept"; known options: ${keys.join(", ")}`,
    );
    assert.deepEqual(touches, []);
  }
  // A combination refused by a searcher's own rule, before the position too.
  for (
    const [name, search, rule] of [
      ["mtdf", mtdf, "MTD(f) needs fail-soft passes"],
      ["sssStar", sssStar, "SSS* needs fail-soft passes"],
    ] as const
  ) {
    const { position, touches } = watched();
    assert.throws(
      () => search(position, { failHard: true }),
      (error: Error) => error.message.startsWith(`${name}: ${rule}`),
    );
    assert.deepEqual(touches, []);
  }
  const { position, touches } = watched();
  assert.throws(
    () => pvs(position, { enhancedCutoffs: true }),
    /^Error: pvs: enhancedCutoffs needs a transposition table/,
  );
  assert.throws(
    () => mcts(position, { playouts: 0 }),
    /^Error: mcts: playouts must be an integer in 1…1000000000, got 0$/,
  );
  assert.deepEqual(touches, []);
});

/**
 * Wraps `object` in a proxy that tallies each property read, by key.
 * Nested plain objects are wrapped too, their keys prefixed by the parent's.
 */
function counted(
  object: Record<string, unknown>,
  reads: Map<string, number>,
  prefix = "",
): Record<string, unknown> {
  const inner: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) {
    inner[key] = value !== null && typeof value === "object" &&
        Object.getPrototypeOf(value) === Object.prototype
      ? counted(value as Record<string, unknown>, reads, `${prefix}${key}.`)
      : value;
  }
  return new Proxy(inner, {
    get(target, key) {
      if (typeof key === "string") {
        const name = prefix + key;
        reads.set(name, (reads.get(name) ?? 0) + 1);
      }
      return Reflect.get(target, key);
    },
  });
}

/** A valid value for every option (chess has every method the techniques need). */
function everyOption(): Record<string, unknown> {
  return {
    depth: 2,
    maxNodes: 1_000_000,
    timeMs: 600_000,
    tt: new TranspositionTable({ entries: 1 << 12 }),
    order: ["tt", "killer"],
    failHard: false,
    maxMove: CHESS_MOVE_LIMIT,
    exactDepth: false,
    interrupt: new Int32Array(1),
    nullMove: { reduction: 2, minDepth: 3, depthDivisor: 3, evalDivisor: 200 },
    lateMoveReductions: {
      fullMoves: 3,
      minDepth: 3,
      reduction: 1,
      formula: "fixed",
    },
    futility: { margins: [100] },
    razoring: { margins: [300] },
    reverseFutility: { margin: 100, maxDepth: 6 },
    lateMovePruning: { maxDepth: 3, baseMoves: 3 },
    exchangePruning: { quietMargin: 60, captureMargin: 100, maxDepth: 6 },
    singularExtensions: { minDepth: 8, margin: 2 },
    improving: true,
    quiescenceTable: false,
    pvs: true,
    checkExtensions: true,
    skipLosingCaptures: true,
    quiescenceEvasions: true,
    tableCutoffs: true,
    enhancedCutoffs: false,
    alpha: -VALUE_INFINITE,
    beta: VALUE_INFINITE,
    trace: new TraceRecorder(),
    previous: "pv",
    aspirationDelta: 50,
    quiescence: true,
    keepCutMove: true,
    delta: 50,
    guess: 0,
  };
}

Deno.test("every searcher reads each option it knows exactly once, nested keys too", () => {
  const position = Chess.start();
  const fen = position.toFen();
  for (const [name, search, keys] of SEARCHERS) {
    const all = everyOption();
    const given = Object.fromEntries(keys.map((key) => [key, all[key]]));
    const reads = new Map<string, number>();
    search(position, counted(given, reads));
    const expected = new Map(keys.map((key) => [key, 1]));
    const nested: Record<string, string[]> = {
      nullMove: ["reduction", "minDepth", "depthDivisor", "evalDivisor"],
      lateMoveReductions: [
        "fullMoves",
        "minDepth",
        "reduction",
        "formula",
        "historyDivisor",
      ],
      futility: ["margins"],
      razoring: ["margins"],
      reverseFutility: ["margin", "maxDepth"],
      lateMovePruning: ["maxDepth", "baseMoves"],
      exchangePruning: ["quietMargin", "captureMargin", "maxDepth"],
      singularExtensions: ["minDepth", "margin"],
    };
    for (const [parent, children] of Object.entries(nested)) {
      if (!keys.includes(parent)) continue;
      for (const child of children) expected.set(`${parent}.${child}`, 1);
    }
    assert.deepEqual(
      new Map([...reads].sort()),
      new Map([...expected].sort()),
      name,
    );
    assert.equal(position.toFen(), fen);
  }
  // mcts has options of its own, read the same way.
  const reads = new Map<string, number>();
  const mctsOptions = {
    playouts: 50,
    maxNodes: 10_000,
    timeMs: 60_000,
    exploration: 1,
    seed: 1,
    solver: true,
  };
  mcts(TicTacToe.empty(), counted(mctsOptions, reads));
  assert.deepEqual(
    new Map([...reads].sort()),
    new Map(Object.keys(mctsOptions).sort().map((key) => [key, 1])),
  );
});

Deno.test("options inherited from a prototype are read too, each known key once", () => {
  const position = TicTacToe.parse("X...O....");
  const reads = new Map<string, number>();
  // Defaults on a prototype, as `Object.create(defaults)` makes them.
  const options = Object.create(counted({ depth: 3, order: "killer" }, reads));
  const inherited = pvs(position, options);
  const own = pvs(position, { depth: 3, order: "killer" });
  assert.deepEqual(
    [inherited.value, inherited.pv, inherited.stats],
    [own.value, own.pv, own.stats],
  );
  const keys = SEARCHERS.find(([name]) => name === "pvs")![2];
  assert.deepEqual(
    new Map([...reads].sort()),
    new Map([...keys].sort().map((key) => [key, 1])),
  );
});

Deno.test("an options object changed during the search changes nothing: only the settings are read", () => {
  const position = TicTacToe.parse("X...O....");
  for (const [name, search] of SEARCHERS.slice(2)) {
    const options: Record<string, unknown> = { depth: 4, order: "natural" };
    const before = JSON.stringify(search(position, { ...options }));
    let calls = 0;
    options.order = () => {
      // Mid-search, the caller's object turns bad and asks for more.
      if (calls++ === 10) Object.assign(options, { depth: "x", failHard: 2 });
      return 0;
    };
    const after = search(position, options) as { stats: object };
    assert.ok(calls > 10, name);
    // The scorer is a different ordering from "natural" only in name: all
    // scores are 0, so the search, value and counters are the same.
    assert.equal(JSON.stringify(after), before, name);
  }
});

Deno.test("the settings object is frozen, nested parts too, and holds every default", () => {
  const settings = resolveSearchSettings("pvs", {
    depth: 3,
    nullMove: {},
    futility: { margins: [100, 200] },
  });
  assert.ok(Object.isFrozen(settings));
  assert.ok(Object.isFrozen(settings.nullMove));
  assert.ok(Object.isFrozen(settings.futilityMargins));
  assert.deepEqual(settings.nullMove, {
    reduction: 2,
    minDepth: 3,
    depthDivisor: 0,
    evalDivisor: 0,
  });
  assert.equal(settings.lateMoveReductions, null);
  assert.throws(() => {
    (settings as { depth: number }).depth = 5;
  }, TypeError);
  const defaults = resolveSearchSettings("alphaBeta", undefined);
  assert.deepEqual(
    [
      defaults.depth,
      defaults.alpha,
      defaults.beta,
      defaults.maxNodes,
      defaults.byDefault,
      defaults.plain,
      defaults.tt,
    ],
    [2 ** 30, -VALUE_INFINITE, VALUE_INFINITE, 2 ** 25, true, true, null],
  );
  // MTD(f) and SSS* make their own table; SSS* orders naturally.
  const own = resolveSearchSettings("sssStar", { depth: 2 });
  assert.ok(own.tt instanceof TranspositionTable && own.orderFlags === 0);
  assert.ok(resolveSearchSettings("mtdf", {}).orderFlags !== 0);
  assert.equal(resolveSearchSettings("aspiration", {}).aspirationDelta, 1);
});

Deno.test("the default node budget applies without depth, maxNodes or a finite timeMs: timeMs Infinity (no time limit) keeps it, maxNodes Infinity lifts it", () => {
  const searchers = [
    "minimax",
    "negamax",
    "alphaBeta",
    "pvs",
    "quiescence",
    "iterativeDeepening",
    "aspiration",
    "mtdf",
    "sssStar",
  ] as const;
  const cases: [Record<string, number>, number, boolean][] = [
    [{}, 2 ** 25, true],
    [{ timeMs: Infinity }, 2 ** 25, true],
    [{ timeMs: 50 }, Infinity, false],
    [{ maxNodes: Infinity }, Infinity, false],
    [{ maxNodes: Infinity, timeMs: Infinity }, Infinity, false],
    [{ maxNodes: 500, timeMs: Infinity }, 500, false],
    [{ depth: 3, timeMs: Infinity }, Infinity, false],
  ];
  for (const name of searchers) {
    for (const [options, maxNodes, byDefault] of cases) {
      const settings = resolveSearchSettings(name, options);
      assert.deepEqual(
        [settings.maxNodes, settings.byDefault],
        [maxNodes, byDefault],
        `${name} ${
          JSON.stringify(options, (_, v) => v === Infinity ? "Infinity" : v)
        }`,
      );
    }
  }
});

Deno.test("depth 2^30 is refused by every searcher, naming the rule; depth 2^30 − 1 is a depth, not 'no depth'", () => {
  // Found by review: 2^30 was inside the documented range 0…2^30 but is
  // the sentinel of a search without depth, so `depth: 2 ** 30` ran under
  // the default node budget, threw "the search without depth passed the
  // default budget" and reported completedDepth Infinity.
  for (const [name, search] of SEARCHERS) {
    assert.throws(
      () => search(TicTacToe.empty(), { depth: 2 ** 30 }),
      new Error(
        `${name}: depth must be an integer in 0…1073741823, got 1073741824`,
      ),
    );
    const settings = resolveSearchSettings(
      name as Parameters<typeof resolveSearchSettings>[0],
      { depth: 2 ** 30 - 1 },
    );
    assert.equal(settings.depth, 2 ** 30 - 1);
    assert.equal(settings.byDefault, false, `${name}: the default budget`);
    assert.equal(settings.maxNodes, Infinity, `${name}: a node budget`);
    const result = search(TicTacToe.parse("XO.XO...."), {
      depth: 2 ** 30 - 1,
    }) as SearchResult & BudgetReport;
    assert.equal(result.value, 1, name);
    // The one-shot searchers finished the depth asked for; iterative
    // deepening (and aspiration without a guess) the iteration that solved it.
    assert.ok(result.exact, name);
    assert.equal(
      result.completedDepth,
      name === "iterativeDeepening" || name === "aspiration" ? 5 : 2 ** 30 - 1,
      name,
    );
  }
});

Deno.test('order "pv" is refused where no previous line is ever set: every searcher but iterative deepening (and aspiration without a guess, which deepens)', () => {
  // Found by review: alphaBeta, pvs, quiescence, mtdf and sssStar accepted
  // "pv", but only iterative deepening sets the line it follows, so it
  // ordered nothing (alphaBeta: 844 nodes with "pv" and with "natural").
  const position = () => TicTacToe.parse("X...O....");
  const refusals: [string, Record<string, unknown>][] = [
    ["alphaBeta", {}],
    ["pvs", {}],
    ["quiescence", {}],
    ["mtdf", {}],
    ["sssStar", {}],
    ["aspiration", { guess: 0 }],
  ];
  for (const [name, extra] of refusals) {
    const search = SEARCHERS.find(([known]) => known === name)![1];
    for (
      const order of ["pv", ["tt", "pv"], ["pv", "killer"], [() => 0, "pv"]]
    ) {
      assert.throws(
        () =>
          search(position(), {
            ...extra,
            tt: new TranspositionTable({ entries: 64 }),
            order,
          }),
        new Error(
          `${name}: order "pv" follows the previous iteration's principal variation, which only iterativeDeepening (and aspiration without guess) sets: here it would order nothing`,
        ),
        `${name} ${order}`,
      );
    }
  }
  // Where a line is set, "pv" stays accepted (and changes nothing beyond
  // what previous already asks for).
  for (
    const [name, options] of [
      ["iterativeDeepening", { order: ["tt", "pv"] }],
      ["aspiration", { order: ["tt", "pv"] }],
    ] as const
  ) {
    const search = SEARCHERS.find(([known]) => known === name)![1];
    const tt = () => new TranspositionTable({ entries: 64 });
    assert.deepEqual(
      search(position(), { ...options, tt: tt() }),
      search(position(), { order: "tt", tt: tt() }),
      name,
    );
  }
  assert.throws(
    () =>
      new SearchPlayer({
        searcher: "pvs",
        maxNodes: 100,
        options: { order: ["pv", "killer"] },
      }),
    /^Error: new SearchPlayer: options: order "pv" follows the previous iteration's principal variation/,
  );
});

Deno.test('iterativeDeepening refuses order "pv" with previous "none", which passes no line on; a SearchPlayer of "deepening" (previous "none" by default) refuses it when made', () => {
  // Found by review: accepted, it ordered nothing (the same nodes as
  // without "pv").
  const search =
    SEARCHERS.find(([known]) => known === "iterativeDeepening")![1];
  const position = TicTacToe.parse("X...O....");
  for (const order of ["pv", ["tt", "pv"], ["pv", "killer"]]) {
    assert.throws(
      () =>
        search(position, {
          previous: "none",
          tt: new TranspositionTable({ entries: 64 }),
          order,
        }),
      new Error(
        `iterativeDeepening: order "pv" follows the previous iteration's principal variation, which previous "none" never passes on: here it would order nothing (pass previous "move" or "pv", or leave "pv" out of order)`,
      ),
    );
    assert.equal(position.toString(), "X...O....");
  }
  // A bad previous is named first, as before.
  assert.throws(
    () => search(position, { previous: "all", order: "pv" }),
    /^Error: iterativeDeepening: previous must be "none", "move" or "pv", got "all"$/,
  );
  assert.throws(
    () =>
      new SearchPlayer({
        searcher: "deepening",
        maxNodes: 100,
        options: { order: "pv" },
      }),
    /^Error: new SearchPlayer: options: order "pv" follows the previous iteration's principal variation, which previous "none" never passes on/,
  );
  // With a line passed on, "pv" stays accepted.
  for (const previous of ["move", "pv"] as const) {
    assert.ok(search(position, { previous, order: "pv" }).value === 0);
    new SearchPlayer({
      searcher: "deepening",
      maxNodes: 100,
      options: { previous, order: "pv" },
    });
  }
});
