/**
 * Issue 17, the atlas's two table rows it could not measure: the table used
 * for move ordering only (`tableCutoffs: false`) and enhanced transposition
 * cutoffs (`enhancedCutoffs: true`). Both are sound: the value is
 * alpha-beta's at the same depth; what changes is the node count, printed
 * here as measured.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  alphaBeta,
  type AlphaBetaOptions,
  aspiration,
  type DeepSearchOptions,
  type ExtendedStats,
  iterativeDeepening,
  minimax,
  mtdf,
  Nim,
  type Position,
  pvs,
  type SearchResult,
  sssStar,
  TicTacToe,
  type TracedNode,
  TraceRecorder,
  TranspositionTable,
} from "../mod.ts";
import { ticTacToePositions, uniformTrees } from "./_arbitraries.ts";

/** A fresh table: roomy (4096) unless told. */
function table(entries = 4096): TranspositionTable {
  return new TranspositionTable({ entries });
}

/** Nim positions: one to three heaps of up to four (many transpositions). */
const nimPositions: fc.Arbitrary<Nim> = fc
  .array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 3 })
  .map((heaps) => new Nim(heaps));

type Result = SearchResult<ExtendedStats>;
type Search = (position: Position, options: DeepSearchOptions) => Result;

/** alphaBeta with a deep option, whose stats are the extended ones. */
function ab(position: Position, options: AlphaBetaOptions = {}): Result {
  return alphaBeta(position, options) as unknown as Result;
}

/** The table-using searchers, each as the atlas would call it. */
const SEARCHERS: Record<string, Search> = {
  alphaBeta: (p, o) => ab(p, o),
  alphaBetaFailHard: (p, o) => ab(p, { ...o, failHard: true }),
  pvs: (p, o) => pvs(p, o),
  aspiration: (p, o) => aspiration(p, { ...o, delta: 1 }),
  iterativeDeepening: (p, o) => iterativeDeepening(p, o),
  mtdf: (p, o) => mtdf(p, { ...o, guess: 1 }),
  sssStar: (p, o) => sssStar(p, o),
};

// ---------------------------------------------------------------------------
// tableCutoffs: false — the table for move ordering only.

Deno.test("tableCutoffs false: alpha-beta's value on seeded trees, never fewer nodes than with cutoffs", () => {
  fc.assert(
    fc.property(uniformTrees, (tree) => {
      const plain = alphaBeta(tree);
      const cut = ab(tree, { tt: table() });
      const moveOnly = ab(tree, { tt: table(), tableCutoffs: false });
      assert.equal(moveOnly.value, plain.value);
      assert.equal(cut.value, plain.value);
      assert.ok(moveOnly.stats.nodes >= cut.stats.nodes);
      assert.equal(moveOnly.stats.ttCutoffs, 0);
    }),
    { seed: 17, numRuns: 200 },
  );
});

Deno.test("tableCutoffs false: tic-tac-toe values are alpha-beta's and minimax's, never fewer nodes than with cutoffs", () => {
  let withCuts = 0;
  let without = 0;
  fc.assert(
    fc.property(
      ticTacToePositions,
      fc.constantFrom(undefined, 1, 2, 3, 5),
      (position, depth) => {
        const o = depth === undefined ? {} : { depth };
        const expected = minimax(position, o).value;
        assert.equal(alphaBeta(position, o).value, expected);
        const cut = ab(position, { ...o, tt: table() });
        const moveOnly = ab(position, {
          ...o,
          tt: table(),
          tableCutoffs: false,
        });
        assert.equal(moveOnly.value, expected);
        assert.ok(
          moveOnly.stats.nodes >= cut.stats.nodes,
          `${position} depth ${depth}: ${moveOnly.stats.nodes} < ${cut.stats.nodes}`,
        );
        assert.equal(moveOnly.stats.ttCutoffs, 0);
        withCuts += cut.stats.nodes;
        without += moveOnly.stats.nodes;
      },
    ),
    { seed: 17, numRuns: 300 },
  );
  console.log(
    `tic-tac-toe, 300 positions: nodes with cutoffs ${withCuts}, move only ${without} (×${
      (without / withCuts).toFixed(2)
    })`,
  );
});

Deno.test("tableCutoffs false: fixed-depth minimax's value even when the table holds a deeper search's entries (Nim)", () => {
  fc.assert(
    fc.property(
      nimPositions,
      fc.integer({ min: 0, max: 6 }),
      fc.constantFrom(1, 3, 17, 4096),
      // MTD(f) and SSS* refuse tableCutoffs: false (tested below).
      fc.constantFrom(
        ...Object.keys(SEARCHERS).filter((n) =>
          n !== "mtdf" && n !== "sssStar"
        ),
      ),
      (position, depth, entries, name) => {
        const tt = table(entries);
        ab(position, { tt });
        const result = SEARCHERS[name]!(position, {
          depth,
          tt,
          tableCutoffs: false,
        });
        assert.equal(
          result.value,
          minimax(position, { depth }).value,
          `${name} ${position} depth ${depth}`,
        );
        assert.equal(result.stats.ttCutoffs, 0);
      },
    ),
    { seed: 17, numRuns: 300 },
  );
});

Deno.test("tableCutoffs false still orders by the table's move: a deeper iteration of iterative deepening costs less than alpha-beta without a table", () => {
  const position = TicTacToe.empty();
  const moveOnly = iterativeDeepening(position, {
    tt: table(),
    tableCutoffs: false,
    order: "tt",
  });
  const noTable = iterativeDeepening(position, { order: "natural" });
  assert.equal(moveOnly.value, 0);
  assert.equal(moveOnly.stats.ttCutoffs, 0);
  assert.ok(moveOnly.stats.nodes < noTable.stats.nodes);
});

// ---------------------------------------------------------------------------
// enhancedCutoffs: true — ETC.

Deno.test("enhancedCutoffs: alpha-beta's value on seeded trees", () => {
  fc.assert(
    fc.property(uniformTrees, (tree) => {
      const plain = alphaBeta(tree);
      const etc = ab(tree, { tt: table(), enhancedCutoffs: true });
      assert.equal(etc.value, plain.value);
    }),
    { seed: 17, numRuns: 200 },
  );
});

/** Sums of nodes over a property run, to print the measured ratio. */
class Tally {
  without = 0;
  with = 0;
  probes = 0;
  cuts = 0;
  more = 0;
  add(base: Result, etc: Result): void {
    this.without += base.stats.nodes;
    this.with += etc.stats.nodes;
    this.probes += etc.stats.etcProbes;
    this.cuts += etc.stats.etcCutoffs;
    if (etc.stats.nodes > base.stats.nodes) this.more++;
  }
  print(what: string): void {
    console.log(
      `${what}: nodes without ETC ${this.without}, with ${this.with} (×${
        (this.with / this.without).toFixed(3)
      }), ETC probes ${this.probes}, ETC cuts ${this.cuts}, cases with more nodes ${this.more}`,
    );
  }
}

Deno.test("enhancedCutoffs: tic-tac-toe values are alpha-beta's; with exactDepth, minimax's at the depth; never more nodes", () => {
  const tally = new Tally();
  fc.assert(
    fc.property(
      ticTacToePositions,
      fc.constantFrom(undefined, 2, 3, 4, 6),
      fc.boolean(),
      (position, depth, exactDepth) => {
        const o = depth === undefined ? {} : { depth };
        const expected = minimax(position, o).value;
        const base = ab(position, { ...o, tt: table(), exactDepth });
        const etc = ab(position, {
          ...o,
          tt: table(),
          exactDepth,
          enhancedCutoffs: true,
        });
        assert.equal(base.value, expected);
        assert.equal(etc.value, expected, `${position} depth ${depth}`);
        if (etc.pv.length > 0) assert.equal(etc.pv[0], etc.move);
        assert.ok(etc.stats.nodes <= base.stats.nodes);
        tally.add(base, etc);
      },
    ),
    { seed: 17, numRuns: 300 },
  );
  assert.ok(tally.cuts > 0, "ETC never cut: the step is inert");
  tally.print("tic-tac-toe, 300 positions");
  const empty = TicTacToe.empty();
  const base = ab(empty, { tt: table(1 << 14) });
  const etc = ab(empty, { tt: table(1 << 14), enhancedCutoffs: true });
  console.log(
    `tic-tac-toe from the empty board: ${base.stats.nodes} nodes without ETC, ${etc.stats.nodes} with (+${etc.stats.etcProbes} probes, ${etc.stats.etcCutoffs} cuts)`,
  );
});

Deno.test("enhancedCutoffs on Nim (transpositions): with exactDepth every searcher gives minimax at the depth (alphaBeta: never more nodes); to the end, minimax's value", () => {
  const tally = new Tally();
  fc.assert(
    fc.property(
      nimPositions,
      fc.integer({ min: 0, max: 7 }),
      fc.constantFrom(1, 3, 17, 4096),
      fc.constantFrom(...Object.keys(SEARCHERS)),
      (position, depth, entries, name) => {
        const search = SEARCHERS[name]!;
        const label = `${name} ${position} depth ${depth} entries ${entries}`;
        const options = { depth, exactDepth: true };
        const base = search(position, { ...options, tt: table(entries) });
        const etc = search(position, {
          ...options,
          tt: table(entries),
          enhancedCutoffs: true,
        });
        const expected = minimax(position, { depth }).value;
        assert.equal(base.value, expected, label);
        assert.equal(etc.value, expected, label);
        if (name === "alphaBeta") {
          assert.ok(etc.stats.nodes <= base.stats.nodes, label);
          tally.add(base, etc);
        }
        const end = search(position, {
          tt: table(entries),
          enhancedCutoffs: true,
        });
        assert.equal(end.value, minimax(position).value, `${label} to the end`);
      },
    ),
    { seed: 17, numRuns: 400 },
  );
  tally.print("Nim, alphaBeta exactDepth");
  for (const heaps of [[1, 2, 3], [2, 2, 3, 4], [3, 4, 5]]) {
    const position = new Nim(heaps);
    const base = ab(position, { tt: table(1 << 14) });
    const etc = ab(position, {
      tt: table(1 << 14),
      enhancedCutoffs: true,
    });
    assert.equal(etc.value, base.value);
    assert.ok(etc.stats.etcCutoffs > 0);
    console.log(
      `Nim [${heaps}] to the end: ${base.stats.nodes} nodes without ETC, ${etc.stats.nodes} with (+${etc.stats.etcProbes} probes, ${etc.stats.etcCutoffs} cuts)`,
    );
  }
});

Deno.test("enhancedCutoffs: probes are counted in etcProbes, not in nodes; the trace marks an ETC cut as a table cut", () => {
  const position = new Nim([2, 2, 3]);
  const recorder = new TraceRecorder(position.turn());
  const etc = ab(position, {
    tt: table(),
    enhancedCutoffs: true,
    trace: recorder,
  });
  assert.ok(etc.stats.etcProbes > 0 && etc.stats.etcCutoffs > 0);
  assert.ok(etc.stats.ttCutoffs >= etc.stats.etcCutoffs);
  // Every node the trace saw is a node counted, no probe among them; a node
  // an ETC cut settled has no children and a lower bound from its side.
  let traced = 0;
  let settled = 0;
  const walk = (node: TracedNode): void => {
    traced++;
    if (node.children.length === 0 && node.bound !== "exact") settled++;
    node.children.forEach(walk);
  };
  walk(recorder.root());
  assert.equal(traced, etc.stats.nodes);
  assert.ok(settled >= etc.stats.etcCutoffs);
  const plain = ab(position, { tt: table() });
  assert.equal(plain.stats.etcProbes, 0);
  assert.equal(plain.stats.etcCutoffs, 0);
});

// ---------------------------------------------------------------------------
// Defaults, errors.

Deno.test("tableCutoffs true and enhancedCutoffs false are the defaults: identical results and counters", () => {
  for (const position of [TicTacToe.parse("X...O...."), new Nim([1, 2, 3])]) {
    for (const [name, search] of Object.entries(SEARCHERS)) {
      const a = search(position, { depth: 5, tt: table() });
      const b = search(position, {
        depth: 5,
        tt: table(),
        tableCutoffs: true,
        enhancedCutoffs: false,
      });
      assert.deepEqual(b, a, name);
    }
  }
});

Deno.test("tableCutoffs and enhancedCutoffs: bad values are clear errors, and the position is unchanged", () => {
  const position = TicTacToe.parse("XO.X.O...");
  const before = position.key();
  for (const bad of [1, 0, "true", null, {}]) {
    assert.throws(
      () => ab(position, { tt: table(), tableCutoffs: bad as never }),
      new RegExp(`^Error: alphaBeta: tableCutoffs must be a boolean, got `),
    );
    assert.throws(
      () => pvs(position, { tt: table(), enhancedCutoffs: bad as never }),
      /^Error: pvs: enhancedCutoffs must be a boolean, got /,
    );
  }
  assert.throws(
    () => ab(position, { enhancedCutoffs: true }),
    /^Error: alphaBeta: enhancedCutoffs needs a transposition table \(the tt option\), got none/,
  );
  assert.throws(
    () => iterativeDeepening(position, { depth: 3, enhancedCutoffs: true }),
    /^Error: iterativeDeepening: enhancedCutoffs needs a transposition table/,
  );
  assert.throws(
    () =>
      ab(position, {
        tt: table(),
        enhancedCutoffs: true,
        tableCutoffs: false,
      }),
    /^Error: alphaBeta: enhancedCutoffs cannot be combined with tableCutoffs false/,
  );
  assert.equal(position.key(), before);
  // MTD(f) and SSS* make their own table when none is given.
  assert.equal(mtdf(position, { enhancedCutoffs: true }).value, 1);
  assert.equal(sssStar(position, { enhancedCutoffs: true }).value, 1);
});

/** Nim whose `key()` throws at its n-th call, when armed. */
class ThrowingKey extends Nim {
  failAt = 0;
  calls = 0;
  override key(): number {
    if (this.failAt > 0 && ++this.calls === this.failAt) {
      throw new Error("planted");
    }
    return super.key();
  }
}

Deno.test("enhancedCutoffs: a key() that throws during the probes leaves the position as it was", () => {
  let thrown = 0;
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 150 }), (failAt) => {
      const position = new ThrowingKey([2, 2, 3]);
      const before = position.key();
      position.failAt = failAt;
      position.calls = 0;
      let caught: unknown = null;
      try {
        ab(position, { tt: table(), enhancedCutoffs: true });
      } catch (error) {
        caught = error;
      }
      position.failAt = 0;
      assert.equal(position.key(), before);
      if (caught !== null) {
        assert.equal((caught as Error).message, "planted");
        thrown++;
      }
    }),
    { seed: 17, numRuns: 200 },
  );
  assert.ok(thrown > 50, `only ${thrown} searches threw`);
});

Deno.test("mtdf and sssStar refuse tableCutoffs: false, which would take away their passes' memory", () => {
  const position = TicTacToe.parse("XO.......");
  for (
    const [name, search] of [["mtdf", mtdf], ["sssStar", sssStar]] as const
  ) {
    assert.throws(
      () => search(position, { depth: 3, tableCutoffs: false }),
      new RegExp(
        `^Error: ${name}: .*with tableCutoffs false every pass searches afresh, so it is refused$`,
      ),
    );
    assert.equal(
      search(position, { depth: 3, tableCutoffs: true }).value,
      search(position, { depth: 3 }).value,
    );
  }
});
