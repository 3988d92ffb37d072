/**
 * Issue 8, searcher side: bad options are clear errors, a failed search
 * leaves the position as it was, bad leaf values are rejected, lines deeper
 * than MAX_PLY stop with a clear error, budgets say when they cut a search
 * short, and alpha-beta's trace works with every option.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  alphaBeta,
  aspiration,
  Chess,
  type ExtendedStats,
  iterativeDeepening,
  MAX_MOVE_RANGE,
  MAX_PLY,
  mcts,
  minimax,
  type Move,
  MOVE_ORDERS,
  mtdf,
  type Position,
  pvs,
  quiescence,
  type SearchResult,
  sssStar,
  TicTacToe,
  TraceRecorder,
  TranspositionTable,
  UniformTree,
  type Value,
} from "../mod.ts";
import { type Searcher, SEARCHERS } from "./_searchers.ts";
import { playChoices } from "./_arbitraries.ts";

/** Searchers that take an `order` option (a scorer among them). */
const ORDERED = SEARCHERS.filter(([, , keys]) => keys.includes("order"));

/** Tic-tac-toe positions with three or more stones: every search is small. */
const smallPositions: fc.Arbitrary<number[]> = fc.array(fc.nat(), {
  minLength: 3,
  maxLength: 9,
});

/** What a fresh search must reproduce. */
function summary(result: SearchResult): unknown {
  return [result.value, result.move, result.pv, { ...result.stats }];
}

/** The error a {@linkcode Faulty} position or a scorer throws on purpose. */
class Planted extends Error {}

type Method =
  | "generateMoves"
  | "play"
  | "isTerminal"
  | "evaluate"
  | "turn"
  | "key";

const METHODS: Method[] = [
  "generateMoves",
  "play",
  "isTerminal",
  "evaluate",
  "turn",
  "key",
];

/**
 * Forwards to a tic-tac-toe position and, when armed, throws at the n-th call
 * of one method (before changing anything), or makes the n-th `evaluate()`
 * return a chosen value.
 */
class Faulty implements Position {
  readonly maxMoves: number;
  readonly inner: TicTacToe;
  method: Method | null = null;
  failAt = 0;
  calls = 0;
  badValue: unknown = undefined;
  thrown: Planted | null = null;

  constructor(inner: TicTacToe) {
    this.inner = inner;
    this.maxMoves = inner.maxMoves;
  }
  arm(method: Method, failAt: number, badValue?: unknown): void {
    this.method = method;
    this.failAt = failAt;
    this.calls = 0;
    this.badValue = badValue;
    this.thrown = null;
  }
  disarm(): void {
    this.method = null;
  }
  #tick(method: Method): boolean {
    if (this.method !== method) return false;
    this.calls++;
    if (this.calls !== this.failAt) return false;
    if (this.badValue !== undefined) return true;
    this.thrown = new Planted(`planted in ${method}, call ${this.calls}`);
    throw this.thrown;
  }
  generateMoves(out: Int32Array): number {
    if (this.#tick("generateMoves")) return this.badValue as number;
    return this.inner.generateMoves(out);
  }
  play(move: Move): void {
    this.#tick("play");
    this.inner.play(move);
  }
  undo(move: Move): void {
    this.inner.undo(move);
  }
  isTerminal(): boolean {
    this.#tick("isTerminal");
    return this.inner.isTerminal();
  }
  evaluate(): Value {
    if (this.#tick("evaluate")) return this.badValue as Value;
    return this.inner.evaluate();
  }
  turn(): 1 | -1 {
    this.#tick("turn");
    return this.inner.turn();
  }
  key(): number {
    this.#tick("key");
    return this.inner.key();
  }
  clone(): this {
    return new Faulty(this.inner.clone()) as this;
  }
}

/** A line of `length` single moves, optionally noisy (quiescence follows it). */
class Chain implements Position {
  readonly maxMoves = 1;
  ply = 0;
  constructor(readonly length: number, readonly noisy = false) {}
  generateMoves(out: Int32Array): number {
    out[0] = 0;
    return 1;
  }
  generateNoisyMoves(out: Int32Array): number {
    out[0] = 0;
    return this.noisy && this.ply < this.length ? 1 : 0;
  }
  play(): void {
    this.ply++;
  }
  undo(): void {
    this.ply--;
  }
  isTerminal(): boolean {
    return this.ply >= this.length;
  }
  evaluate(): number {
    // Noisy: every side stands pat on −1, below the window, so quiescence goes on.
    return this.noisy ? -1 : this.ply % 7;
  }
  turn(): 1 | -1 {
    return this.ply % 2 === 0 ? 1 : -1;
  }
  key(): number {
    return this.ply;
  }
  clone(): this {
    return Object.assign(new Chain(this.length, this.noisy), this) as this;
  }
}

Deno.test("every searcher rejects an unknown option key, naming the known ones", () => {
  const position = TicTacToe.parse("XO.X.O...");
  const before = position.key();
  fc.assert(
    fc.property(
      fc.constantFrom(...SEARCHERS),
      fc.string({ minLength: 1, maxLength: 12 }),
      ([name, search, known], key) => {
        fc.pre(!known.includes(key));
        const options = { [key]: 1 };
        assert.throws(
          () => search(position, options),
          (error: Error) =>
            error.message ===
              `${name}: unknown option ${JSON.stringify(key)}; known options: ${
                known.join(", ")
              }`,
        );
        assert.equal(position.key(), before);
      },
    ),
    { seed: 42, numRuns: 300 },
  );
  // The misspelling of the issue, and every known key accepted.
  assert.throws(() => minimax(position, { dept: 1 } as never), /"dept"/);
  for (const [, search] of SEARCHERS) {
    assert.throws(
      () => search(position, 3 as never),
      /options must be an object, got 3/,
    );
    assert.throws(
      () => search(position, null as never),
      /options must be an object, got null/,
    );
  }
});

Deno.test("every searcher, mcts and the other option readers refuse options that are not a plain object (a Map, Set, Date, typed array, class instance), naming it; inherited options still work", () => {
  // Found by review: minimax(position, new Map([["depth", 1]])) searched to
  // the end, the Map's entries not being keys, so the depth was ignored.
  class Limits {
    depth = 1;
  }
  const refused: [unknown, string][] = [
    [new Map([["depth", 1]]), "a Map"],
    [new Set(["depth"]), "a Set"],
    [new Date(0), "a Date"],
    [new Int32Array(1), "a Int32Array"],
    [new Limits(), "a Limits"],
    [new (class {})(), "an instance of an anonymous class"],
    [Object.create(new Map()), "a Map"],
  ];
  const rule =
    "options must be a plain object ({ key: value }, or made by Object.create from one), got";
  const position = TicTacToe.parse("X...O....");
  const before = position.key();
  const searchers: [string, Searcher][] = [
    ...SEARCHERS.map(([name, search]): [string, Searcher] => [name, search]),
    ["mcts", mcts as unknown as Searcher],
  ];
  for (const [name, search] of searchers) {
    for (const [options, given] of refused) {
      assert.throws(
        () => search(position, options as never),
        new Error(`${name}: ${rule} ${given}`),
      );
    }
    assert.throws(
      () => search(position, (() => 1) as never),
      new Error(`${name}: options must be an object, got a function`),
    );
    assert.equal(position.key(), before);
  }
  for (const [options, given] of refused) {
    assert.throws(
      () => new TranspositionTable(options as never),
      new Error(`new TranspositionTable: ${rule} ${given}`),
    );
    assert.throws(
      () => new UniformTree(options as never),
      new Error(`new UniformTree: ${rule} ${given}`),
    );
  }
  // Plain objects: literals, frozen, without a prototype, or inheriting
  // their options from plain objects.
  const depthOne = minimax(position, { depth: 1 });
  const bare = Object.assign(Object.create(null), { depth: 1 });
  for (
    const options of [
      Object.freeze({ depth: 1 }),
      bare,
      Object.create({ depth: 1 }),
      Object.create(Object.create(bare)),
    ]
  ) {
    assert.deepEqual(minimax(position, options), depthOne);
  }
});

Deno.test("every searcher rejects a root that is not a Position", () => {
  for (const [name, search] of SEARCHERS) {
    for (const bad of [undefined, null, 3, {}, { ...TicTacToe.empty() }]) {
      assert.throws(
        () => search(bad as never),
        (error: Error) =>
          error.message.startsWith(`${name}: position must be a Position`),
        name,
      );
    }
  }
  const noUndo = Object.assign(Object.create(null), {
    maxMoves: 1,
    generateMoves: () => 0,
    play() {},
    isTerminal: () => true,
    evaluate: () => 0,
    turn: () => 1,
    key: () => 0,
  });
  assert.throws(() => minimax(noUndo), /which has no undo\(\) method/);
  assert.throws(
    () => new TraceRecorder(0 as never),
    /^Error: new TraceRecorder: rootTurn must be 1 or -1, got 0$/,
  );
});

/** Values every option must refuse. */
const BAD_VALUES: Record<string, fc.Arbitrary<unknown>> = {
  depth: fc.oneof(
    fc.integer({ max: -1 }),
    fc.double({ noInteger: true }),
    fc.constantFrom(2 ** 30 + 1, "3", null, true),
  ),
  alpha: fc.oneof(
    fc.integer({ min: 1_000_001 }),
    fc.integer({ max: -1_000_001 }),
    fc.double({ noInteger: true }),
    fc.constantFrom("0", null),
  ),
  beta: fc.oneof(
    fc.integer({ min: 1_000_001 }),
    fc.integer({ max: -1_000_001 }),
    fc.double({ noInteger: true }),
    fc.constantFrom("0", null),
  ),
  maxNodes: fc.oneof(
    fc.integer({ max: 0 }),
    fc.double({ min: 0.001, max: 1e6, noInteger: true, noNaN: true }),
    fc.constantFrom(Number.NaN, -Infinity, "10", null),
  ),
  timeMs: fc.oneof(
    fc.integer({ max: 0 }),
    fc.constantFrom(Number.NaN, -Infinity, -0.5, "10", null),
  ),
  delta: fc.oneof(
    fc.integer({ max: 0 }),
    fc.integer({ min: 1_000_000 }),
    fc.constantFrom(1.5, Number.NaN, "2", null),
  ),
  aspirationDelta: fc.oneof(
    fc.integer({ max: 0 }),
    fc.integer({ min: 1_000_000 }),
    fc.constantFrom(1.5, Number.NaN, "2", null),
  ),
  guess: fc.oneof(
    fc.integer({ min: 1_000_000 }),
    fc.integer({ max: -1_000_000 }),
    fc.constantFrom(0.5, Number.NaN, Infinity, "1", null),
  ),
  maxMove: fc.oneof(
    fc.integer({ max: 0 }),
    fc.integer({ min: 2 ** 24 + 1 }),
    fc.constantFrom(1.5, Number.NaN, "9", null),
  ),
  failHard: fc.constantFrom(1, 0, "true", null),
  exactDepth: fc.constantFrom(1, 0, "true", null),
  interrupt: fc.constantFrom(
    1,
    null,
    [1],
    new Int32Array(0),
    new Uint8Array(4),
  ),
  quiescence: fc.constantFrom(1, 0, "true", null),
  onIteration: fc.constantFrom(1, null, "f", {}, [], true),
  nullMove: fc.constantFrom(
    1,
    true,
    null,
    "on",
    [],
    { reduction: 0 },
    { reduction: 1.5 },
    { minDepth: 0 },
    { depth: 3 },
    { depthDivisor: 0 },
    { depthDivisor: 65 },
    { evalDivisor: 200 },
    { depthDivisor: 3, evalDivisor: 0 },
  ),
  lateMoveReductions: fc.constantFrom(
    1,
    true,
    null,
    [],
    { reduction: 0 },
    { minDepth: 1 },
    { fullMoves: 0 },
    { fullMoves: "3" },
    { margin: 1 },
    { formula: "sqrt" },
    { formula: "log", reduction: 2 },
    { historyDivisor: 0 },
    { historyDivisor: "6144" },
  ),
  futility: fc.constantFrom(
    1,
    true,
    null,
    {},
    { margins: [] },
    { margins: [-1] },
    { margins: [1.5] },
    { margins: new Array(17).fill(100) },
    { margins: "100" },
  ),
  razoring: fc.constantFrom(
    1,
    true,
    {},
    { margins: [] },
    { margins: [100, Number.NaN] },
    { margins: [2_000_000] },
    { margin: [100] },
  ),
  reverseFutility: fc.constantFrom(
    1,
    true,
    null,
    {},
    { margin: 0 },
    { margin: 1.5 },
    { margin: 100, maxDepth: 0 },
    { margins: [100] },
  ),
  lateMovePruning: fc.constantFrom(
    1,
    true,
    "on",
    { maxDepth: 0 },
    { maxDepth: 65 },
    { baseMoves: -1 },
    { baseMoves: 257 },
    { quota: 3 },
  ),
  exchangePruning: fc.constantFrom(
    1,
    true,
    "on",
    { maxDepth: 0 },
    { maxDepth: 65 },
    { quietMargin: -1 },
    { captureMargin: 1.5 },
    { margin: 60 },
  ),
  singularExtensions: fc.constantFrom(
    1,
    true,
    "on",
    { minDepth: 3 },
    { minDepth: 65 },
    { margin: -1 },
    { margin: 1.5 },
    { depth: 8 },
  ),
  improving: fc.constantFrom(1, 0, "true", null, {}),
  quiescenceTable: fc.constantFrom(1, 0, "true", null, {}),
  pvs: fc.constantFrom(1, 0, "true", null, {}),
  keepCutMove: fc.constantFrom(1, 0, "true", null, {}, []),
  checkExtensions: fc.constantFrom(1, 0, "true", null, {}),
  skipLosingCaptures: fc.constantFrom(1, 0, "true", null, {}),
  quiescenceEvasions: fc.constantFrom(1, 0, "true", null, {}),
  tableCutoffs: fc.constantFrom(1, 0, "false", null, {}),
  enhancedCutoffs: fc.constantFrom(1, 0, "true", null, {}),
  tt: fc.constantFrom({}, 1, "tt", null, []),
  order: fc.oneof(
    fc.string().filter((s) => !(MOVE_ORDERS as string[]).includes(s)),
    fc.constantFrom(1, null, {}, [1], ["natural", "best"]),
  ),
  previous: fc.oneof(
    fc.string().filter((s) => !["none", "move", "pv"].includes(s)),
    fc.constantFrom(1, null),
  ),
  trace: fc.constantFrom({}, 1, "trace", null, { node: 1 }),
};

Deno.test("every searcher rejects a bad option value, naming itself, the option and the value", () => {
  const position = TicTacToe.parse("XO.X.O...");
  const before = position.key();
  const cases = SEARCHERS.flatMap(([name, search, known]) =>
    known.map((key) => [name, search, key] as const)
  );
  fc.assert(
    fc.property(
      fc.constantFrom(...cases).chain(([name, search, key]) =>
        fc.tuple(
          fc.constant(name),
          fc.constant(search),
          fc.constant(key),
          BAD_VALUES[key]!,
        )
      ),
      ([name, search, key, value]) => {
        // aspiration reads its delta; iterative deepening is told aspirationDelta.
        const shown = key === "aspirationDelta" ? "aspirationDelta" : key;
        assert.throws(
          () => search(position, { [key]: value }),
          (error: Error) =>
            error.message.startsWith(`${name}: `) &&
            error.message.includes(shown),
        );
        assert.equal(position.key(), before);
      },
    ),
    { seed: 42, numRuns: 500 },
  );
  assert.throws(
    () => aspiration(position, { maxNodes: 1.5 }),
    /^Error: aspiration: maxNodes must be a positive integer \(or Infinity\), got 1.5$/,
  );
  assert.throws(
    () => iterativeDeepening(position, { previous: "all" as never }),
    /^Error: iterativeDeepening: previous must be "none", "move" or "pv", got "all"$/,
  );
});

Deno.test("a search that throws restores the position, and the error propagates", () => {
  fc.assert(
    fc.property(
      smallPositions,
      fc.constantFrom(...SEARCHERS),
      fc.constantFrom(...METHODS),
      fc.integer({ min: 1, max: 3000 }),
      (choices, [name, search], method, failAt) => {
        const position = new Faulty(playChoices(choices));
        const before = position.key();
        const reference = summary(search(position));
        position.arm(method, failAt);
        let caught: unknown = null;
        try {
          search(position);
        } catch (error) {
          caught = error;
        }
        position.disarm();
        // Not swallowed: what the position threw is what the caller gets.
        assert.equal(caught, position.thrown, name);
        assert.equal(position.key(), before, name);
        assert.deepEqual(summary(search(position)), reference, name);
      },
    ),
    { seed: 42, numRuns: 600 },
  );
});

Deno.test("with a table, where the principal variation is probed after each iteration, a search that throws restores the position", () => {
  // The probes of DeepContext.principalVariation play moves of their own;
  // a throw inside one must not leave a move on the board.
  const withTable: [string, Searcher][] = [
    ["alphaBeta", alphaBeta],
    ["pvs", pvs],
    ["iterativeDeepening", iterativeDeepening],
    ["mtdf", mtdf],
    ["sssStar", sssStar],
  ];
  fc.assert(
    fc.property(
      smallPositions,
      fc.constantFrom(...withTable),
      fc.constantFrom(...METHODS),
      fc.integer({ min: 1, max: 3000 }),
      (choices, [name, search], method, failAt) => {
        const position = new Faulty(playChoices(choices));
        const before = position.key();
        const run = () =>
          search(position, {
            tt: new TranspositionTable({ entries: 1 << 10 }),
          });
        const reference = summary(run());
        position.arm(method, failAt);
        let caught: unknown = null;
        try {
          run();
        } catch (error) {
          caught = error;
        }
        position.disarm();
        assert.equal(caught, position.thrown, name);
        assert.equal(position.key(), before, name);
        assert.deepEqual(summary(run()), reference, name);
      },
    ),
    { seed: 17, numRuns: 600 },
  );
});

Deno.test("a principal-variation probe of a long chess endgame stays within MAX_PLY and leaves the game as it was", () => {
  // Found by the atlas's chess Elo test: after a finished iteration the PV
  // probe searched "to the end" along checks and passed MAX_PLY; the error
  // then left the probe's move on the board.
  const position = Chess.fromFen(
    "rnbq1rk1/pp2bpp1/2p2n1p/3p4/3P3B/2NBP3/PP3PPP/R2QK1NR w KQ - 0 9",
  );
  for (
    const uci of (
      "d1f3 c8g4 f3g3 g7g5 h4g5 h6g5 g3e5 f6d7 e5g3 g4e6 g1f3 b8a6 a2a3 a6c7 " +
      "e1g1 c6c5 d4c5 d7c5 d3e2 e7f6 f3g5 f6g5 e2f3 c5d3 f1d1 d3b2 d1b1 b2c4 " +
      "b1b7 c7a6 a1d1 a6c5 b7b5 a8c8 e3e4 c4a3 b5b4 a3c2 b4c4 d5d4 c4c5 c8c5 " +
      "c3e2 d4d3 e2f4 d3d2 h2h4 c2d4 f4e6 d4f3 g2f3 f7e6 g3g4 c5c1 g4e6 f8f7 " +
      "e6g6 g8f8 h4g5 c1d1 g1g2 d1e1 g6h6 f8e7 g5g6 d2d1q g6f7 e1g1 g2h2 g1h1 " +
      "h2g3 d1g1 g3f4 d8d2 f4e5 h1h6"
    ).split(" ")
  ) {
    position.play(position.moveFromUci(uci));
    position.markRoot();
  }
  const fen = position.toFen();
  const result = iterativeDeepening(position, {
    depth: 64,
    tt: new TranspositionTable({ entries: 1 << 16 }),
    order: ["tt", (p, m) => (p as Chess).mvvLva(m), "killer", "history"],
    maxNodes: 10_000,
  });
  assert.equal(position.toFen(), fen);
  assert.ok(result.completedDepth >= 1);
  assert.ok(position.generateMoves(new Int32Array(position.maxMoves)) > 0);
});

Deno.test("a throwing order scorer leaves the position as it was", () => {
  fc.assert(
    fc.property(
      smallPositions,
      fc.constantFrom(...ORDERED),
      fc.integer({ min: 1, max: 2000 }),
      fc.boolean(),
      (choices, [name, search], failAt, withTable) => {
        const position = playChoices(choices);
        const before = position.key();
        let calls = 0;
        let thrown: Planted | null = null;
        let armed = true;
        const scorer = (_: Position, move: Move) => {
          if (armed && ++calls === failAt) {
            thrown = new Planted(`scorer, call ${calls}`);
            throw thrown;
          }
          return move % 3;
        };
        const options = () =>
          withTable
            ? {
              order: scorer,
              tt: new TranspositionTable({ entries: 1 << 10 }),
            }
            : { order: scorer };
        armed = false;
        const reference = summary(search(position, options()));
        armed = true;
        let caught: unknown = null;
        try {
          search(position, options());
        } catch (error) {
          caught = error;
        }
        armed = false;
        assert.equal(caught, thrown, name);
        assert.equal(position.key(), before, name);
        assert.deepEqual(summary(search(position, options())), reference, name);
      },
    ),
    { seed: 42, numRuns: 300 },
  );
});

Deno.test("a throwing trace and a stack overflow in evaluate() leave the position as it was", () => {
  const position = TicTacToe.parse("XO.X.O...");
  const before = position.key();
  for (
    const options of [{}, { order: "natural" as const }, { failHard: true }]
  ) {
    let calls = 0;
    const trace = {
      node() {
        if (++calls === 7) throw new Planted("trace");
      },
    };
    assert.throws(() => alphaBeta(position, { ...options, trace }), Planted);
    assert.equal(position.key(), before);
  }
  // A real RangeError from deep inside the position's own code.
  class Overflowing extends Faulty {
    override evaluate(): Value {
      const dive = (n: number): number => n + dive(n + 1);
      return this.inner.ply >= 7 ? dive(0) : this.inner.evaluate();
    }
  }
  for (const [name, search] of SEARCHERS) {
    const deep = new Overflowing(TicTacToe.parse("XO.X.O..."));
    const key = deep.key();
    assert.throws(() => search(deep), RangeError, name);
    assert.equal(deep.key(), key, name);
  }
});

Deno.test("leaf values outside ±VALUE_INFINITE, NaN or non-integers are clear errors", () => {
  fc.assert(
    fc.property(
      smallPositions,
      fc.constantFrom(...SEARCHERS),
      fc.constantFrom(
        Number.NaN,
        1_000_000,
        -1_000_000,
        2e9,
        -Infinity,
        0.5,
        "1",
        undefined as unknown,
      ).filter((v) => v !== undefined),
      fc.nat(),
      (choices, [name, search], badValue, pick) => {
        const position = new Faulty(playChoices(choices));
        const before = position.key();
        const leaves = search(position).stats.leaves;
        position.arm("evaluate", 1 + (pick % leaves), badValue);
        assert.throws(
          () => search(position),
          (error: Error) =>
            error.message.startsWith(
              `${name}: position.evaluate() must return an integer strictly between ±1000000 (VALUE_INFINITE), got `,
            ),
        );
        position.disarm();
        assert.equal(position.key(), before, name);
      },
    ),
    { seed: 42, numRuns: 300 },
  );
});

Deno.test("a move count outside 0…maxMoves, NaN or a non-integer is a clear error, the position restored", () => {
  fc.assert(
    fc.property(
      smallPositions,
      fc.constantFrom(...SEARCHERS),
      fc.constantFrom(-1, 10, Number.NaN, 1.5, "2" as unknown),
      fc.nat(),
      (choices, [name, search], badCount, pick) => {
        const position = new Faulty(playChoices(choices));
        fc.pre(!position.isTerminal());
        const before = position.key();
        position.arm("generateMoves", 1_000_000);
        search(position);
        const calls = position.calls;
        position.arm("generateMoves", 1 + (pick % calls), badCount);
        assert.throws(
          () => search(position),
          (error: Error) =>
            error.message.startsWith(
              `${name}: position.generateMoves() must return the number of moves it wrote, an integer in 0…9 (maxMoves), got `,
            ),
        );
        position.disarm();
        assert.equal(position.key(), before, name);
      },
    ),
    { seed: 43, numRuns: 300 },
  );
});

Deno.test("position.maxMoves past MAX_MOVE_RANGE (2^31, 1e12) is an error naming the searcher, not a failed allocation", () => {
  const all: [string, Searcher][] = [
    ...SEARCHERS.map(([name, search]) => [name, search] as [string, Searcher]),
    ["mcts", (p, o) => mcts(p, o) as unknown as SearchResult],
  ];
  for (const maxMoves of [MAX_MOVE_RANGE + 1, 2 ** 31, 1e12, 0, 2.5]) {
    for (const [name, search] of all) {
      const position = Object.assign(TicTacToe.parse("XO.XO...."), {
        maxMoves,
      });
      assert.throws(
        () => search(position, name === "mcts" ? { playouts: 5 } : {}),
        new RegExp(
          `^Error: ${name}: position\\.maxMoves must be an integer in 1…16777216, got ${maxMoves}$`,
        ),
      );
      assert.equal(position.toString(), "XO.XO....");
    }
  }
  // At the limit the search runs as ever.
  const widest = Object.assign(TicTacToe.parse("XO.XO...."), {
    maxMoves: MAX_MOVE_RANGE,
  });
  assert.equal(alphaBeta(widest).value, minimax(widest).value);
});

Deno.test("move buffers the machine cannot allocate (maxMoves 2^24, a line of 1,000 plies) are an error naming the searcher and maxMoves, never a bare RangeError", () => {
  /** One move a ply for `length` plies, with the widest move buffer allowed. */
  class WideChain implements Position {
    ply = 0;
    readonly maxMoves = MAX_MOVE_RANGE;
    constructor(readonly length: number) {}
    generateMoves(out: Int32Array): number {
      out[0] = 0;
      return 1;
    }
    play(): void {
      this.ply++;
    }
    undo(): void {
      this.ply--;
    }
    isTerminal(): boolean {
      return this.ply === this.length;
    }
    evaluate(): Value {
      return 0;
    }
    turn(): 1 | -1 {
      return this.ply % 2 === 0 ? 1 : -1;
    }
    key(): number {
      return this.ply;
    }
    clone(): this {
      return Object.assign(new WideChain(this.length), this) as this;
    }
  }
  // The buffers double as the line goes deeper: 64 MiB a ply, 32 GiB for
  // the last 512 plies, which a machine may or may not reserve.
  for (
    const [name, search] of [["minimax", minimax], ["pvs", pvs]] as const
  ) {
    const position = new WideChain(1000);
    try {
      assert.equal(search(position, { maxNodes: Infinity }).value, 0);
    } catch (error) {
      assert.ok(!(error instanceof RangeError), `${name}: ${error}`);
      assert.match(
        (error as Error).message,
        new RegExp(
          `^${name}: cannot allocate the move buffers for position\\.maxMoves = 16777216 \\(an upper bound on generateMoves' count; a buffer of that many moves per ply\\): `,
        ),
      );
      assert.ok((error as Error).cause instanceof RangeError);
    }
    assert.equal(position.ply, 0, `${name}: the position restored`);
  }
});

Deno.test("with a table, a key outside 0…2^53 − 1 is an error naming the searcher, not the table", () => {
  for (const bad of [Number.NaN, -1, 0.5, 2 ** 53, "7" as unknown as number]) {
    for (
      const [name, search] of [
        ["alphaBeta", alphaBeta],
        ["pvs", pvs],
        ["mtdf", mtdf],
        ["sssStar", sssStar],
        ["iterativeDeepening", iterativeDeepening],
      ] as const
    ) {
      const tree = new UniformTree({ branching: 2, depth: 4, seed: 1 });
      const before = tree.key();
      tree.key = () => bad;
      assert.throws(
        () =>
          (search as (p: Position, o: object) => unknown)(tree, {
            tt: new TranspositionTable({ entries: 64 }),
          }),
        new RegExp(
          `^Error: ${name}: position\\.key\\(\\) must return an integer in 0…2\\^53 − 1, got `,
        ),
      );
      delete (tree as { key?: unknown }).key;
      assert.equal(tree.key(), before, name);
    }
  }
});

Deno.test("an order scorer's value outside ±2^24, NaN or a non-integer is a clear error", () => {
  fc.assert(
    fc.property(
      smallPositions,
      fc.constantFrom(...ORDERED),
      fc.constantFrom(Number.NaN, 2 ** 24 + 1, -(2 ** 25), 0.5, Infinity, "1"),
      fc.integer({ min: 1, max: 50 }),
      (choices, [name, search], badScore, failAt) => {
        const position = playChoices(choices);
        fc.pre(!position.isTerminal());
        const before = position.key();
        let calls = 0;
        const scorer = () => (++calls >= failAt ? badScore : 1) as number;
        const run = () => search(position, { order: scorer });
        let threw = false;
        try {
          run();
        } catch (error) {
          threw = true;
          assert.match(
            (error as Error).message,
            new RegExp(
              `^${name}: the order scorer must return an integer within ±16777216 \\(2\\^24\\), got `,
            ),
          );
        }
        // It throws exactly when the bad score was returned.
        assert.equal(threw, calls >= failAt, name);
        assert.equal(position.key(), before, name);
      },
    ),
    { seed: 42, numRuns: 200 },
  );
  assert.throws(
    () => alphaBeta(TicTacToe.empty(), { order: () => Number.NaN }),
    /^Error: alphaBeta: the order scorer must return an integer within ±16777216 \(2\^24\), got NaN$/,
  );
});

Deno.test("a line deeper than MAX_PLY is a clear error, with the position restored", () => {
  const limit = new RegExp(`more than MAX_PLY = ${MAX_PLY} moves`);
  for (const [name, search] of SEARCHERS) {
    // Deepening repeats the line once per depth: one long case is enough.
    const deepening = name === "iterativeDeepening" || name === "aspiration";
    for (
      const length of deepening ? [MAX_PLY + 1] : [MAX_PLY + 1, 4 * MAX_PLY]
    ) {
      const chain = new Chain(length);
      assert.throws(() => search(chain), limit, name);
      assert.equal(chain.ply, 0, name);
    }
    if (deepening) continue;
    const exact = new Chain(MAX_PLY);
    assert.equal(search(exact).value, minimax(new Chain(MAX_PLY)).value, name);
    assert.equal(exact.ply, 0, name);
    assert.equal(
      search(new Chain(5 * MAX_PLY), { depth: MAX_PLY }).value,
      minimax(new Chain(5 * MAX_PLY), { depth: MAX_PLY }).value,
      name,
    );
  }
  // Quiescence plies count too: two frames per ply, still stopped in time.
  const noisy = new Chain(3 * MAX_PLY, true);
  assert.throws(() => quiescence(noisy, { depth: 1 }), limit);
  assert.equal(noisy.ply, 0);
});

Deno.test("alphaBeta's trace works with tt, order, failHard and maxMove", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 10_000 }),
      fc.integer({ min: 1, max: 99 }),
      (seed, width) => {
        const tree = new UniformTree({ branching: 3, depth: 5, seed });
        const [alpha, beta] = [50 - width, 50 + width];
        const plain = new TraceRecorder();
        const result = alphaBeta(tree, { alpha, beta, trace: plain });
        // The deep node with the natural order is the same search, node for node.
        for (
          const options of [{ order: "natural" as const }, { maxMove: 3 }, {
            failHard: false,
          }]
        ) {
          const deep = new TraceRecorder();
          alphaBeta(tree, { alpha, beta, trace: deep, ...options });
          assert.deepEqual(deep.root(), plain.root());
        }
        // With a table or fail-hard the root is still reported with the returned value.
        for (
          const options of [
            { tt: new TranspositionTable({ entries: 1 << 8 }) },
            { failHard: true },
            { order: ["killer", "history"] as const },
          ]
        ) {
          const deep = new TraceRecorder();
          const other = alphaBeta(tree, {
            alpha,
            beta,
            trace: deep,
            ...options,
          });
          assert.equal(deep.root().value, other.value);
          assert.ok(deep.root().children.length > 0);
        }
        assert.equal(plain.root().value, result.value);
      },
    ),
    { seed: 42, numRuns: 40 },
  );
});

Deno.test("with a table, the trace tells which nodes an entry settled", () => {
  class Counting extends TraceRecorder {
    fromTable = 0;
    override node(...report: Parameters<TraceRecorder["node"]>): void {
      if (report[5]) this.fromTable++;
      super.node(...report);
    }
  }
  fc.assert(
    fc.property(smallPositions, fc.boolean(), (choices, failHard) => {
      const position = playChoices(choices);
      const trace = new Counting(position.turn());
      const tt = new TranspositionTable({ entries: 1 << 10 });
      const result = alphaBeta(position, { tt, trace, failHard });
      const stats = result.stats as ExtendedStats;
      assert.equal(trace.fromTable, stats.ttCutoffs);
      assert.equal(trace.root().value, position.turn() * result.value);
    }),
    { seed: 42, numRuns: 100 },
  );
  // Tic-tac-toe transposes: a second search is settled at the root's children.
  const tt = new TranspositionTable({ entries: 1 << 16 });
  alphaBeta(TicTacToe.empty(), { tt });
  const trace = new Counting();
  alphaBeta(TicTacToe.empty(), { tt, trace, alpha: -1, beta: 1 });
  const settled = trace.root().children.filter((node) =>
    node.children.length === 0
  );
  assert.ok(trace.fromTable > 0 && settled.length > 0);
  for (const node of settled) {
    const expected = node.value <= node.alpha
      ? "upper"
      : node.value >= node.beta
      ? "lower"
      : "exact";
    assert.equal(node.bound, expected);
  }
});

Deno.test("budgeted searchers say when a budget cut them short", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 10_000 }),
      fc.integer({ min: 2, max: 3000 }),
      fc.constantFrom("iterativeDeepening", "aspiration"),
      (seed, maxNodes, which) => {
        const tree = new UniformTree({ branching: 3, depth: 6, seed });
        const search = which === "aspiration" ? aspiration : iterativeDeepening;
        const result = search(tree, { maxNodes });
        const full = search(tree);
        assert.ok(!full.stoppedByBudget && full.exact);
        assert.equal(full.completedDepth, 6);
        if (result.stoppedByBudget) {
          assert.equal(result.exact, false);
          assert.ok(result.completedDepth >= 1 && result.completedDepth < 6);
          // The value is the last finished depth's, not the requested one's.
          assert.equal(
            result.value,
            minimax(tree, { depth: result.completedDepth }).value,
          );
        } else {
          assert.ok(result.exact && result.completedDepth === 6);
          assert.equal(result.value, full.value);
        }
      },
    ),
    { seed: 42, numRuns: 100 },
  );
  // The case: aspiration stopped by maxNodes used to look finished.
  const cut = aspiration(TicTacToe.empty(), { maxNodes: 300 });
  assert.ok(cut.stoppedByBudget && !cut.exact && cut.completedDepth < 9);
  // With a guess there is one depth: a budget that runs out leaves depth 0.
  const tree = new UniformTree({ branching: 3, depth: 6, seed: 1 });
  const guessed = aspiration(tree, { guess: 50, maxNodes: 20 });
  assert.deepEqual(
    [
      guessed.stoppedByBudget,
      guessed.exact,
      guessed.completedDepth,
      guessed.move,
    ],
    [true, false, 0, -1],
  );
  assert.equal(guessed.value, tree.evaluate());
  const enough = aspiration(tree, { guess: 50, maxNodes: 1e6, depth: 4 });
  assert.deepEqual(
    [enough.stoppedByBudget, enough.exact, enough.completedDepth, enough.value],
    [false, true, 4, minimax(tree, { depth: 4 }).value],
  );
  const toTheEnd = aspiration(tree, { guess: 50 });
  assert.equal(toTheEnd.completedDepth, Infinity);
  // A time budget far below one clock read (every 1,024 nodes) always runs out.
  for (const search of [iterativeDeepening, aspiration]) {
    const timed = search(TicTacToe.empty(), { timeMs: 1e-6 });
    assert.ok(timed.stoppedByBudget && !timed.exact);
    assert.ok(timed.completedDepth >= 1 && timed.completedDepth < 9);
  }
  const timedGuess = aspiration(TicTacToe.empty(), { guess: 0, timeMs: 1e-6 });
  assert.deepEqual(
    [timedGuess.stoppedByBudget, timedGuess.completedDepth, timedGuess.exact],
    [true, 0, false],
  );
  const limited = iterativeDeepening(tree, { depth: 3 });
  assert.ok(
    limited.exact && !limited.stoppedByBudget && limited.completedDepth === 3,
  );
});
