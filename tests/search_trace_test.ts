// The trace alpha-beta records for the walkthrough diagrams (T000.1, T001.1, T001.2).
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  alphaBeta,
  ExplicitTree,
  TicTacToe,
  type TracedNode,
  TraceRecorder,
  UniformTree,
  VALUE_INFINITE,
} from "../mod.ts";

function count(node: TracedNode): number {
  return 1 + node.children.reduce((n, child) => n + count(child), 0);
}

Deno.test("a trace changes nothing: alphaBeta() returns the same value, move, pv and stats with and without it", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 4 }),
      fc.integer({ min: 0, max: 6 }),
      fc.integer({ min: 0, max: 1_000_000 }),
      fc.constantFrom("as-is", "best-first", "worst-first" as const),
      (branching, depth, seed, order) => {
        const plain = alphaBeta(
          new UniformTree({ branching, depth, seed, order }),
        );
        const trace = new TraceRecorder();
        const traced = alphaBeta(
          new UniformTree({ branching, depth, seed, order }),
          { trace },
        );
        assert.deepEqual(traced, plain);
        assert.equal(count(trace.root()), plain.stats.nodes);
        assert.equal(trace.root().value, plain.value);
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("the trace of lesson 001's tree gives the course's windows: C enters with (3, +∞), D's leaves with (3, +∞), (3, 14), (3, 5)", () => {
  const trace = new TraceRecorder();
  alphaBeta(ExplicitTree.from([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), { trace });
  const root = trace.root();
  const [b, c, d] = root.children;
  assert.deepEqual([root.alpha, root.beta], [-VALUE_INFINITE, VALUE_INFINITE]);
  assert.deepEqual(
    b!.children.map((leaf) => [leaf.alpha, leaf.beta]),
    [[-VALUE_INFINITE, VALUE_INFINITE], [-VALUE_INFINITE, 3], [
      -VALUE_INFINITE,
      3,
    ]],
  );
  assert.deepEqual([c!.alpha, c!.beta, c!.value, c!.bound, c!.cut], [
    3,
    VALUE_INFINITE,
    2,
    "upper",
    true,
  ]);
  assert.deepEqual(
    d!.children.map((leaf) => [leaf.alpha, leaf.beta, leaf.value]),
    [[3, VALUE_INFINITE, 14], [3, 14, 5], [3, 5, 2]],
  );
  assert.ok(d!.cut, "D's cut happens, at its last child (T001.2)");
  assert.equal(root.value, 3);
  assert.ok(root.isMax && !c!.isMax);
});

Deno.test("TraceRecorder shows values from MAX's view when O (MIN) moves at the root", () => {
  const position = TicTacToe.parse("X.O.O.X.X");
  const trace = new TraceRecorder(position.turn());
  const result = alphaBeta(position, { trace });
  assert.equal(result.value, -1, "O to move loses");
  assert.equal(trace.root().value, 1, "X wins, seen from X (MAX)");
  assert.equal(trace.root().isMax, false);
});

Deno.test("TraceRecorder.root() before any search is a clear Error", () => {
  assert.throws(() => new TraceRecorder().root(), /no finished search/);
});
