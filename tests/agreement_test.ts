import assert from "node:assert/strict";
import fc from "fast-check";
import {
  alphaBeta,
  aspiration,
  iterativeDeepening,
  minimax,
  type MoveScorer,
  mtdf,
  type OrderOption,
  type Position,
  pvs,
  quiescence,
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
];
const ORDERS_WITH_TT: OrderOption[] = [
  ...ORDERS_WITHOUT_TT,
  "tt",
  ["tt", "killer", "history"],
  ["tt", oddFirst],
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
function allValues(
  position: Position,
  depth: number | undefined,
  variant: Variant,
): Record<string, number> {
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
    alphaBeta: alphaBeta(position, base()).value,
    pvs: pvs(position, base()).value,
    aspiration: aspiration(position, { ...base(), delta: 2 }).value,
    aspirationGuess: aspiration(position, { ...base(), guess: 40 }).value,
    iterativeDeepening: iterativeDeepening(position, base()).value,
    iterativeDeepeningPv:
      iterativeDeepening(position, { ...base(), previous: "pv" }).value,
    mtdf: mtdf(position, { ...withTable(), guess: 50 }).value,
    sssStar: sssStar(position, withTable()).value,
    quiescence: quiescence(position, base()).value,
  };
}

function assertAgree(
  position: Position,
  depth: number | undefined,
  variant: Variant,
): void {
  const expected = minimax(position, depth === undefined ? {} : { depth })
    .value;
  const values = allValues(position, depth, variant);
  for (const [name, value] of Object.entries(values)) {
    assert.equal(
      value,
      expected,
      `${name} ${JSON.stringify(variant)} depth ${depth}`,
    );
  }
}

Deno.test("every searcher returns minimax's value on 1,000 seeded uniform trees, with and without depth", () => {
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

Deno.test("every searcher returns minimax's value on random reachable tic-tac-toe positions", () => {
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
