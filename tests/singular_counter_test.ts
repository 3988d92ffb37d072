/**
 * Issue 25: two more engine techniques as options of the shared deep node,
 * off unless asked for: singular extensions (`singularExtensions`) and the
 * counter-move order element (`"counter-move"`). Each changes nothing when
 * off; each bad value or combination is an error naming the option, the
 * value and the rule; each, when on, changes the search; the counter move
 * only orders, so the value stays minimax's; and every search leaves the
 * position as it found it, errors included.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  alphaBeta,
  CHESS_MOVE_LIMIT,
  iterativeDeepening,
  minimax,
  type MoveOrder,
  type OrderOption,
  SearchPlayer,
  TranspositionTable,
  UniformTree,
} from "../mod.ts";
import { assertRefusedOnWac, engine, searched } from "./_engine_search.ts";
import {
  CHESS_ENGINE_ORDER,
  CHESS_ENGINE_POSITION,
} from "../src/players/_chess_search.ts";
import { searchesThatThrow } from "./_planted_chess.ts";
import { chessAfterChoices } from "./_arbitraries.ts";

const SINGULAR = { singularExtensions: { minDepth: 6, margin: 2 } };
const COUNTER: { order: OrderOption } = {
  order: [...CHESS_ENGINE_ORDER as MoveOrder[], "counter-move"],
};

Deno.test("singularExtensions false, or absent, searches exactly as the engine without it", () => {
  for (const index of [0, 10]) {
    assert.deepEqual(
      searched(index, 7, { singularExtensions: false }),
      searched(index, 7),
    );
  }
});

Deno.test("singularExtensions and counter-move on each change the engine's search at depth 9", () => {
  for (const [name, extra] of [["singular", SINGULAR], ["counter", COUNTER]]) {
    const changed = [0, 10].some((index) =>
      searched(index, 9, extra as object).nodes !== searched(index, 9).nodes
    );
    assert.ok(changed, `${name} changed no node count`);
  }
});

Deno.test("bad singularExtensions and counter-move options are errors naming the searcher, the option, the value and the rule", () => {
  const table = () => new TranspositionTable({ entries: 64 });
  const cases: [object, string][] = [
    [
      { singularExtensions: { minDepth: 3 }, tt: table() },
      "iterativeDeepening: singularExtensions.minDepth must be an integer in 4…64, got 3",
    ],
    [
      { singularExtensions: { margin: -1 }, tt: table() },
      "iterativeDeepening: singularExtensions.margin must be an integer in 0…1000000, got -1",
    ],
    [
      { singularExtensions: { depth: 8 }, tt: table() },
      'iterativeDeepening: singularExtensions has an unknown key "depth"; known keys: minDepth, margin',
    ],
    [
      { singularExtensions: true, tt: table() },
      "iterativeDeepening: singularExtensions must be false or an object with minDepth, margin, got true",
    ],
    [
      { singularExtensions: {} },
      "iterativeDeepening: singularExtensions needs a transposition table (the tt option), got none: it tests the table's move",
    ],
    [
      { order: ["killer", "counter-move"] },
      `iterativeDeepening: order takes the course's "killer" and "history" or the engines' "captures", "quiet-killer", "quiet-history" and "counter-move", not both: got an array of 2`,
    ],
  ];
  assertRefusedOnWac(cases);
  assert.throws(
    () =>
      new SearchPlayer({
        searcher: "deepening",
        maxNodes: 100,
        options: { singularExtensions: {} },
      }),
    {
      message:
        `new SearchPlayer: options.singularExtensions needs a transposition table (the table option) with searcher "deepening", got no table: it tests the table's move`,
    },
  );
  assert.throws(
    () =>
      new SearchPlayer({
        searcher: "deepening",
        maxNodes: 100,
        options: { singularExtensions: 8 as never },
      }),
    {
      message:
        "new SearchPlayer: options.singularExtensions must be an object of its options or false, got 8",
    },
  );
});

Deno.test("the counter move only orders: alpha-beta's value stays minimax's on seeded trees", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 2, max: 5 }),
      fc.integer({ min: 1, max: 5 }),
      fc.nat(),
      (branching, depth, seed) => {
        const tree = new UniformTree({ branching, depth, seed });
        const expected = minimax(tree, { depth }).value;
        const result = alphaBeta(tree, {
          depth,
          order: ["quiet-killer", "quiet-history", "counter-move"],
        });
        assert.equal(result.value, expected);
      },
    ),
    { numRuns: 200, seed: 25 },
  );
});

Deno.test("the counter move only orders: fixed-depth alpha-beta's value is unchanged on chess positions", () => {
  fc.assert(
    fc.property(
      fc.array(fc.nat(), { minLength: 4, maxLength: 30 }),
      (choices) => {
        const position = chessAfterChoices(choices, CHESS_ENGINE_POSITION);
        if (position.isTerminal()) return;
        // exactDepth: the table may not hand either search a deeper value.
        const options = () => ({
          depth: 4,
          maxMove: CHESS_MOVE_LIMIT,
          tt: new TranspositionTable({ entries: 1 << 14 }),
          exactDepth: true,
        });
        const plain = alphaBeta(position, {
          ...options(),
          order: CHESS_ENGINE_ORDER,
        });
        const countered = alphaBeta(position, { ...options(), ...COUNTER });
        assert.notEqual(countered.stats.nodes, 0);
        assert.equal(countered.value, plain.value);
      },
    ),
    { numRuns: 30, seed: 26 },
  );
});

Deno.test("with singular extensions and counter moves on, a search that throws inside leaves the position exactly as it was", () => {
  const thrown = searchesThatThrow(
    (position) =>
      iterativeDeepening(position, {
        depth: 8,
        ...engine({ ...SINGULAR, ...COUNTER }),
      }),
    { position: CHESS_ENGINE_POSITION, maxFailAt: 4000, numRuns: 30, seed: 8 },
  );
  assert.ok(thrown > 10, `only ${thrown} of 30 searches threw`);
});
