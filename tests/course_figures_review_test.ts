// Rows whose "course" cell once held our own computed value: the course
// cell now holds the course's printed figure (or "—" / its statement), and
// the comparison is made against it, so the row fails when ours is wrong.
import assert from "node:assert/strict";
import {
  chess35Reference,
  claimRow,
  COURSE_TIC_TAC_TOE,
  COURSE_TREES,
  type CourseRow,
  exactRow,
  formatCount,
  lesson000,
  lesson002,
  lesson003,
  lesson003Grundy,
  minimalLeaves,
  traps,
} from "../src/course/mod.ts";
import {
  mistakeForgottenUndo,
  mistakeTerminalAfterLoop,
} from "../src/course/_traps.ts";
import { ExplicitTree, negamax, TicTacToe } from "../mod.ts";
import { lateCutNote, lesson001 } from "../src/course/pruning/measure.ts";
import { walkthrough } from "../src/course/alpha_beta/walkthrough.ts";

function row(rows: readonly CourseRow[], id: string): CourseRow {
  const found = rows.find((r) => r.id === id);
  assert.ok(found, `no row ${id}`);
  return found;
}

Deno.test("T002.4: the course's figures are lesson 000's printed value of X on 0 + O on 1, not ours", () => {
  const printed = COURSE_TIC_TAC_TOE.find((c) => c.cells === "XO.......");
  assert.ok(printed);
  assert.equal(printed.value, 1);
  const t0024 = row(lesson002().rows, "T002.4");
  assert.equal(t0024.course, `${printed.value} / ${printed.value}`);
  assert.equal(t0024.ours, "1 / 1");
  assert.ok(t0024.agrees);
  // The same row with a wrong score of ours disagrees.
  assert.equal(
    exactRow("T002.4", "x", [printed.value, printed.value], [0, 1]).agrees,
    false,
  );
});

Deno.test("T003.7: each trap is judged on what the course says it causes, and an error is no wrong answer", () => {
  const trapRows = traps();
  const byName = new Map(trapRows.map((t) => [t.trap, t]));
  const right = negamax(TicTacToe.empty());
  // The forgotten undo: a value, not an error message, and not the right one.
  const forgot = mistakeForgottenUndo(TicTacToe.empty());
  assert.notEqual(forgot.value, right.value);
  assert.deepEqual(byName.get("forgot the undo")!.checks, [{
    what: "forgot the undo: |wrong − right|",
    value: Math.abs(forgot.value - right.value),
    op: ">",
    bound: 0,
  }]);
  // The terminal test after the loop: a wrong value and more nodes.
  const late = mistakeTerminalAfterLoop(TicTacToe.empty());
  assert.notEqual(late.value, right.value);
  assert.ok(late.nodes > right.stats.nodes);
  assert.equal(
    byName.get("terminal test after the move loop")!.checks.length,
    2,
  );
  // Every check holds, and the row's checks are the traps'.
  const t0037 = row(lesson003(5).rows, "T003.7");
  assert.ok(t0037.agrees);
  assert.deepEqual(t0037.checks, trapRows.flatMap((t) => t.checks));
  // A trap that throws (here: play's test on a tree, which has no unguarded
  // moves) makes no row at all: it is not counted as "a different answer".
  const tree = ExplicitTree.parse("[[3, 5], [2, 9], [1, 8]]");
  assert.throws(() => mistakeForgottenUndo(tree));
  // A trap whose value were the right one would fail its check.
  assert.equal(
    claimRow({
      id: "T003.7",
      what: "x",
      course: "x",
      ours: "x",
      test: "x",
      checks: [{ what: "|wrong − right|", value: 0, op: ">", bound: 0 }],
    }).agrees,
    false,
  );
});

Deno.test("T000.6 tests the formula it names: minimalLeaves(b, d) against the course's 53, 63, 127", () => {
  const t0006 = row(lesson000(10).rows, "T000.6");
  assert.ok(t0006.agrees);
  const formulas = (t0006.checks ?? []).filter((c) =>
    c.what.endsWith(": formula")
  );
  assert.deepEqual(
    formulas.map((c) => [c.value, c.bound]),
    COURSE_TREES.map((t) => [
      minimalLeaves(t.branching, t.depth),
      t.costs["best-first"].leaves,
    ]),
  );
  assert.deepEqual(formulas.map((c) => c.bound), [53, 63, 127]);
  assert.equal(t0006.course, "53, 63, 127; 27 + 27 − 1");
});

Deno.test("the b = 35 reference counts are computed from the tree, not typed in (T001.3b)", () => {
  assert.equal(
    chess35Reference({ branching: 35, depth: 4 }, "best-first"),
    `35^2 + 35^2 − 1 = ${formatCount(minimalLeaves(35, 4))}`,
  );
  // Another tree gives other numbers.
  assert.equal(
    chess35Reference({ branching: 3, depth: 4 }, "minimax"),
    "3^4 = 81",
  );
  assert.equal(
    chess35Reference({ branching: 3, depth: 4 }, "best-first"),
    "3^2 + 3^2 − 1 = 17",
  );
});

Deno.test("rows whose course prints no count show the course's statement or —, and their checks still compare ours (T002.1, T003.4, T003.5a, T003.6b/e/f/g)", () => {
  const rows = [
    ...lesson002().rows,
    ...lesson003(5).rows,
    ...lesson003Grundy().rows,
  ];
  const expected: Record<string, string> = {
    "T002.1": "—",
    "T003.4":
      "a bound stored as exact gives a wrong answer; value + depth + type gives the right one",
    // Lesson 003 prints no horizon tree and no moves (found by review).
    "T003.5a": "—",
    "T003.6b": "the sum's Grundy number is the XOR of the parts'",
    "T003.6e": "0 is a loss for the side to move",
    "T003.6f": "—",
    "T003.6g": "—",
  };
  for (const [id, course] of Object.entries(expected)) {
    const r = row(rows, id);
    assert.equal(r.course, course, id);
    assert.equal(r.kind, "exact", id);
    assert.ok(r.agrees, id);
    assert.ok(
      (r.checks ?? []).length >= 2,
      `${id} has its comparisons as checks`,
    );
    // The course cell holds no number of ours.
    assert.doesNotMatch(r.course, /\d{3}/, id);
  }
  // An "all agree" check fails when one case disagrees.
  const t0021 = row(rows, "T002.1");
  const broken = t0021.checks!.map((c) =>
    c.what === "trees agreeing" ? { ...c, value: c.value - 1 } : c
  );
  assert.equal(
    claimRow({ ...t0021, checks: broken, note: undefined }).agrees,
    false,
  );
});

Deno.test("T001.2's note reads the window, the value and the cutting leaf from the trace, not typed in", () => {
  const note = row(lesson001({ maxLeaves: 4096, seeds: 3 }).rows, "T001.2")
    .note;
  assert.equal(
    note,
    "D was entered with (α, β) = (3, +∞) and reached 2 ≤ α only at its third leaf",
  );
  // Another tree: D is entered with α = 5 and reaches 5 at its second leaf.
  const other = walkthrough([[5, 12, 8], [2, 4, 6], [14, 5, 2]]);
  assert.equal(
    lateCutNote("D", other.root.children[2]!),
    "D was entered with (α, β) = (5, +∞) and reached 5 ≤ α only at its second leaf",
  );
});
