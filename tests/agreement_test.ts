import assert from "node:assert/strict";
import fc from "fast-check";
import {
  alphaBeta,
  aspiration,
  iterativeDeepening,
  minimax,
  type MoveScorer,
  mtdf,
  NO_MOVE,
  type OrderOption,
  type Position,
  pvs,
  quiescence,
  type SearchResult,
  sssStar,
  TranspositionTable,
  TREE_ORDERS,
  UniformTree,
} from "../mod.ts";
import { TracingPosition } from "./_tracing_position.ts";
import { ticTacToePositions } from "./_arbitraries.ts";

/** A caller's scorer: prefers odd moves, then higher ones (any fixed preference will do). */
const oddFirst: MoveScorer = (_position, move) => (move & 1) * 16 + move;

const ORDERS_WITHOUT_TT: OrderOption[] = [
  "natural",
  "killer",
  "history",
  ["killer", "history"],
  oddFirst,
  // The engines' order: on these games every move is quiet.
  ["captures", oddFirst, "quiet-killer", "quiet-history"],
  "quiet-history",
];
const ORDERS_WITH_TT: OrderOption[] = [
  ...ORDERS_WITHOUT_TT,
  "tt",
  ["tt", "killer", "history"],
  ["tt", oddFirst],
  ["tt", "captures", "quiet-killer", "quiet-history"],
];
/** Table sizes: none, tiny (every node collides), small, roomy. */
const TABLE_SIZES = [0, 1, 3, 17, 4096];

interface Variant {
  tableSize: number;
  order: number;
  failHard: boolean;
}

const variantArbitrary = fc.record({
  tableSize: fc.constantFrom(...TABLE_SIZES),
  order: fc.nat(ORDERS_WITH_TT.length - 1),
  failHard: fc.boolean(),
});

/** Every searcher with one option variant; each gets its own fresh table. */
function allResults(
  position: Position,
  depth: number | undefined,
  variant: Variant,
): Record<string, SearchResult> {
  const table = () =>
    variant.tableSize === 0
      ? undefined
      : new TranspositionTable({ entries: variant.tableSize });
  const orders = variant.tableSize === 0 ? ORDERS_WITHOUT_TT : ORDERS_WITH_TT;
  const order = orders[variant.order % orders.length]!;
  const base = () => ({
    ...(depth === undefined ? {} : { depth }),
    tt: table(),
    order,
    failHard: variant.failHard,
  });
  const withTable = () => {
    const options = base();
    return {
      ...options,
      failHard: false,
      tt: options.tt ?? new TranspositionTable({ entries: 64 }),
    };
  };
  return {
    alphaBeta: alphaBeta(position, base()),
    pvs: pvs(position, base()),
    aspiration: aspiration(position, { ...base(), delta: 2 }),
    aspirationGuess: aspiration(position, { ...base(), guess: 40 }),
    iterativeDeepening: iterativeDeepening(position, base()),
    iterativeDeepeningPv: iterativeDeepening(position, {
      ...base(),
      previous: "pv",
    }),
    mtdf: mtdf(position, { ...withTable(), guess: 50 }),
    sssStar: sssStar(position, withTable()),
    quiescence: quiescence(position, base()),
  };
}

/**
 * The contract on these positions (no position is reached at two depths,
 * every table starts empty): minimax's value, `move` is `pv[0]`, and every
 * PV but quiescence's (whose line runs on through noisy moves) is legal and
 * ends at a finished game or at the depth limit, where the evaluation,
 * negated once per ply, is the value.
 */
function assertAgree(
  position: Position,
  depth: number | undefined,
  variant: Variant,
): void {
  const expected = minimax(position, depth === undefined ? {} : { depth })
    .value;
  const results = allResults(position, depth, variant);
  for (const [name, result] of Object.entries(results)) {
    const label = `${name} ${JSON.stringify(variant)} depth ${depth}`;
    assert.equal(result.value, expected, label);
    if (result.pv.length > 0) assert.equal(result.move, result.pv[0], label);
    else assert.equal(result.move, NO_MOVE, label);
    if (name === "quiescence") continue;
    const copy = position.clone();
    const moves = new Int32Array(copy.maxMoves);
    for (const move of result.pv) {
      const count = copy.generateMoves(moves);
      assert.ok(moves.subarray(0, count).includes(move), `${label}: illegal`);
      copy.play(move);
    }
    if (!copy.isTerminal()) assert.equal(result.pv.length, depth, label);
    const end = copy.evaluate();
    assert.equal(result.pv.length % 2 === 0 ? end : 0 - end, expected, label);
  }
}

Deno.test("every searcher returns minimax's value, its move as pv[0] and a best line on 1,000 seeded uniform trees, with and without depth", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 4 }),
      fc.integer({ min: 0, max: 5 }),
      fc.integer({ min: 0, max: 1_000_000 }),
      fc.constantFrom(...TREE_ORDERS),
      variantArbitrary,
      fc.integer({ min: 0, max: 5 }),
      (branching, treeDepth, seed, order, variant, depth) => {
        if (branching ** treeDepth > 300) treeDepth = 3;
        const tree = new UniformTree({
          branching,
          depth: treeDepth,
          seed,
          order,
        });
        assertAgree(tree, undefined, variant);
        assertAgree(tree, Math.min(depth, treeDepth), variant);
      },
    ),
    { numRuns: 1000, seed: 20240601 },
  );
});

Deno.test("every searcher returns minimax's value, its move as pv[0] and a best line on random reachable tic-tac-toe positions", () => {
  fc.assert(
    fc.property(
      ticTacToePositions.filter((position) => position.ply >= 3),
      variantArbitrary,
      fc.integer({ min: 1, max: 4 }),
      (position, variant, depth) => {
        assertAgree(position, undefined, variant);
        assertAgree(position, depth, variant);
      },
    ),
    { numRuns: 150, seed: 7 },
  );
});

Deno.test("sssStar() never evaluates a leaf that alphaBeta() with the same order skips", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 2, max: 4 }),
      fc.integer({ min: 1, max: 5 }),
      fc.integer({ min: 0, max: 1_000_000 }),
      fc.constantFrom(...TREE_ORDERS),
      fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
      (branching, treeDepth, seed, order, depth) => {
        if (branching ** treeDepth > 300) treeDepth = 3;
        const options = depth === undefined ? {} : { depth };
        const tree = new UniformTree({
          branching,
          depth: treeDepth,
          seed,
          order,
        });
        const ab = new TracingPosition(tree);
        const sss = new TracingPosition(tree.clone());
        const abValue = alphaBeta(ab, options).value;
        const sssValue = sssStar(sss, {
          ...options,
          tt: new TranspositionTable({ entries: 4096 }),
        }).value;
        assert.equal(sssValue, abValue);
        for (const key of sss.evaluated) {
          assert.ok(ab.evaluated.has(key), `SSS* evaluated node ${key}`);
        }
      },
    ),
    { numRuns: 500, seed: 11 },
  );
});
