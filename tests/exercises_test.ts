// The exercises of src/exercises/: each reference solution under
// tests/exercises/right/ passes every check, and each typical wrong answer
// under tests/exercises/wrong/ is caught, on its smallest counterexample,
// with exactly the message the student sees (docs/exercises.md lists them).
import assert from "node:assert/strict";
import fc from "fast-check";
import { ExplicitTree, type Position, TicTacToe } from "../mod.ts";
import * as textbook from "../src/textbook/mod.ts";
import {
  checkExercise,
  EXERCISES,
  reportHtml,
  reportText,
  type StudentFunction,
} from "../src/exercises/mod.ts";
import { caseTrees, treePosition } from "../src/exercises/cases.ts";
import { ordinal, quiesceWindows } from "../src/exercises/explain_walks.ts";
import {
  partingPoint,
  WalkError,
  WalkingPosition,
} from "../src/exercises/walk.ts";

const RIGHT = new URL("./exercises/right/", import.meta.url);
const WRONG = new URL("./exercises/wrong/", import.meta.url);

/** The function a fixture exports: its name is the exercise. */
async function fixture(url: URL): Promise<[string, StudentFunction]> {
  const module = await import(url.href) as Record<string, unknown>;
  const functions = Object.entries(module).filter(([, value]) =>
    typeof value === "function"
  );
  const found = functions.find(([name]) =>
    EXERCISES.some((exercise) => exercise.id === name)
  );
  assert.ok(found, `${url.pathname} exports no exercise function`);
  return found as [string, StudentFunction];
}

function names(url: URL): string[] {
  return [...Deno.readDirSync(url)]
    .map((entry) => entry.name)
    .filter((name) => name.endsWith(".ts") && !name.startsWith("_"))
    .sort();
}

/** Every typical wrong answer, the rule it breaks and the message the student sees. */
const WRONG_ANSWERS: Record<string, { check: string; message: string }> = {
  "alpha_beta_fail_hard": {
    check: "window",
    message:
      "alphaBeta(tree, 1, 0, 1) returned 0, the window's bound alpha; fail-soft returns the best value it found, −1 here (the course's ab): keep the best value apart from alpha and beta, and return it",
  },
  "alpha_beta_no_pruning": {
    check: "nodes",
    message:
      "alphaBeta(tree, 3, -1, 0) entered node 1, which the course's ab never enters: at the root (MAX), after node 0 (worth 0), α = 0 ≥ β = 0, so the other children of the root cannot change the result, and the course's ab cuts them (alphaBeta(tree, 3, -1, 0) entered 5 nodes, the course's ab 4)",
  },
  "alpha_beta_no_undo_on_cut": {
    check: "position",
    message:
      "alphaBeta(tree, 1, -1, 0) left the position changed (move 0 is still played: it stands on node 0): every move played must be undone before the search returns, a cut's early return included",
  },
  "alpha_beta_strict_cut": {
    check: "nodes",
    message:
      "alphaBeta(tree, 2, 5, 6) entered node 0.1, which the course's ab never enters: at node 0 (MIN), after node 0.0 (worth 5), α = 5 ≥ β = 5, so the other children of node 0 cannot change the result, and the course's ab cuts them (alphaBeta(tree, 2, 5, 6) entered 4 nodes, the course's ab 3)",
  },
  "alpha_beta_swapped": {
    check: "nodes",
    message:
      "alphaBeta(tree, 3, -Infinity, Infinity) did not enter node 0.1, the 4th node the course's ab enters: at node 0 the window is (−∞, 0) when node 0.1 comes, α < β, so there is no cut (alphaBeta(tree, 3, -Infinity, Infinity) entered 4 nodes, the course's ab 6)",
  },
  "alpha_beta_window_not_narrowed": {
    check: "nodes",
    message:
      "alphaBeta(tree, 3, -Infinity, Infinity) entered node 1.1, which the course's ab never enters: at node 1 (MIN), after node 1.0 (worth 0), α = 0 ≥ β = 0, so the other children of node 1 cannot change the result, and the course's ab cuts them (alphaBeta(tree, 3, -Infinity, Infinity) entered 9 nodes, the course's ab 7)",
  },
  "deepening_last_depth_only": {
    check: "order",
    message:
      "iterativeDeepening(tree, 3) began with a search 3 plies deep: iterative deepening searches depth 1 first, then 2, … up to maxDepth = 3",
  },
  "deepening_natural_order": {
    check: "order",
    message:
      "in the iteration of depth 3, iterativeDeepening(tree, 3) searched move 0 first; the best move of the iteration of depth 2 is move 1 (value 1): try the previous iteration's best move first, then the others",
  },
  "deepening_stale_move": {
    check: "order",
    message:
      "in the iteration of depth 3, iterativeDeepening(tree, 3) searched move 0 first; the best move of the iteration of depth 2 is move 1 (value 1): try the previous iteration's best move first, then the others",
  },
  "fail_hard_alpha_always": {
    check: "nodes",
    message:
      "alphaBetaFailHard(tree, 3, -1, 0) entered node 1, which the course's fail-hard alpha-beta never enters: at the root (MAX), after node 0 (worth 0), α = 0 ≥ β = 0, so the other children of the root cannot change the result, and the course's fail-hard alpha-beta cuts them (alphaBetaFailHard(tree, 3, -1, 0) entered 5 nodes, the course's fail-hard alpha-beta 4)",
  },
  "fail_hard_returns_soft": {
    check: "window",
    message:
      "alphaBetaFailHard(tree, 1, 0, 1) returned −1, outside the window [0, 1]: fail-hard returns alpha when the value is at most alpha and beta when it is at least beta, never a value outside its window",
  },
  "grundy_max_plus_one": {
    check: "value",
    message:
      "grundy(2, successors) returned 2 in the octal game .70; the Grundy number is 0: a move that leaves two heaps leaves their sum, worth the XOR (^) of their Grundy numbers; a heap's number is the mex of its successors' numbers",
  },
  "grundy_no_memo": {
    check: "calls",
    message:
      "grundy(3, successors) asked successors(1) 2 times: remember each heap's number (a Map from heap size to number) so that each heap is worked out once",
  },
  "grundy_sum_not_xor": {
    check: "value",
    message:
      "grundy(5, successors) returned 0 in the octal game .104; the Grundy number is 1: a move that leaves two heaps leaves their sum, worth the XOR (^) of their Grundy numbers; a heap's number is the mex of its successors' numbers",
  },
  "mex_counts_distinct": {
    check: "value",
    message:
      "mex([1]) returned 1; the mex is 0, the least non-negative integer not in the list",
  },
  "mex_max_plus_one": {
    check: "value",
    message:
      "mex([1]) returned 2; the mex is 0, the least non-negative integer not in the list",
  },
  "mex_sorts_in_place": {
    check: "position",
    message:
      "mex([1, 0]) changed the list it was given to [0, 1]: leave the argument as found (sort a copy)",
  },
  "minimax_depth_ignored": {
    check: "nodes",
    message:
      "minimax(tree, 2) entered node 0.0.0, which the course's minimax never enters: it lies below the depth limit: with depth 2 the search evaluates the nodes 2 plies down and goes no deeper (minimax(tree, 2) entered 5 nodes, the course's minimax 4)",
  },
  "minimax_leaf_view": {
    check: "value",
    message:
      "minimax(tree, 1) returned 1; the minimax value (MAX's view) is −1: that is the value for the other side; values are from MAX's view (the first player's) at every node",
  },
  "minimax_max_everywhere": {
    check: "value",
    message: "minimax(tree, 3) returned 1; the minimax value (MAX's view) is 0",
  },
  "negamax_leaf_max_view": {
    check: "value",
    message:
      "negamax(tree, 1) returned 1; the negamax value (for the side to move) is −1: that is the value for the other side; negamax returns the value for the side to move, so negate each child's value",
  },
  "negamax_not_negated": {
    check: "value",
    message:
      "negamax(tree, 1) returned 1; the negamax value (for the side to move) is −1: that is the value for the other side; negamax returns the value for the side to move, so negate each child's value",
  },
  "order_moves_child_view": {
    check: "nodes",
    message:
      "alpha-beta with your orderMoves entered 6 nodes, with the course's orderMoves 5: at node 0.1 (MAX) your order is [1, 0], but the estimates of moves 0, 1 are 0, −1 (MAX's view), so best-first for MAX is [0, 1]: order by the estimate of the position each move leads to, as the side to move sees it (0 − evaluate() after the move), the best first",
  },
  "order_moves_max_view": {
    check: "nodes",
    message:
      "alpha-beta with your orderMoves entered 6 nodes, with the course's orderMoves 5: at node 0 (MIN) your order is [1, 0], but the estimates of moves 0, 1 are 0, 1 (MAX's view), so best-first for MIN is [0, 1]: order by the estimate of the position each move leads to, as the side to move sees it (0 − evaluate() after the move), the best first",
  },
  "order_moves_worst_first": {
    check: "nodes",
    message:
      "alpha-beta with your orderMoves entered 6 nodes, with the course's orderMoves 5: at node 0.1 (MAX) your order is [1, 0], but the estimates of moves 0, 1 are 0, −1 (MAX's view), so best-first for MAX is [0, 1]: order by the estimate of the position each move leads to, as the side to move sees it (0 − evaluate() after the move), the best first",
  },
  "quiesce_every_move": {
    check: "nodes",
    message:
      "quiesce(tree, -Infinity, Infinity) entered node 0, which the course's quiesce never enters: the move into node 0 is quiet, and quiescence plays only the noisy moves (generateNoisyMoves) (quiesce(tree, -Infinity, Infinity) entered 2 nodes, the course's quiesce 1)",
  },
  "quiesce_no_stand_pat_cut": {
    check: "nodes",
    message:
      "quiesce(tree, -Infinity, Infinity) entered node 0.0, which the course's quiesce never enters: at node 0 the stand-pat value 0 is at least β = 0: the side to move there need not capture, so the search returns before any noisy move (quiesce(tree, -Infinity, Infinity) entered 3 nodes, the course's quiesce 2)",
  },
  "quiesce_no_stand_pat": {
    check: "nodes",
    message:
      "quiesce(tree, -Infinity, Infinity) entered node 0.0, which the course's quiesce never enters: at node 0 the stand-pat value 0 is at least β = 0: the side to move there need not capture, so the search returns before any noisy move (quiesce(tree, -Infinity, Infinity) entered 3 nodes, the course's quiesce 2)",
  },
  "table_bound_as_exact": {
    check: "table",
    message:
      "the 3rd call with one table, alphaBetaWithTable(board, 1, -Infinity, Infinity, table) after alphaBetaWithTable(board, 1, -1, 0, table), then alphaBetaWithTable(board, 1, -1, 0, table), returned 0, which says the value is exactly 0, but it is 1: an entry answers a search only as deep as its own, and a value stored as a bound (lower when the search failed high, upper when it failed low) only as that bound",
  },
  "table_depth_ignored": {
    check: "table",
    message:
      "the 3rd call with one table, alphaBetaWithTable(board, 9, -Infinity, Infinity, table) after alphaBetaWithTable(board, 1, -Infinity, Infinity, table), then alphaBetaWithTable(board, 1, -Infinity, Infinity, table), returned 0, which says the value is exactly 0, but it is −1: an entry answers a search only as deep as its own, and a value stored as a bound (lower when the search failed high, upper when it failed low) only as that bound",
  },
  "table_never_probed": {
    check: "table",
    message:
      "alphaBetaWithTable(board, 9, -Infinity, Infinity, table), made again right after the same call on a fresh table, entered 4 nodes below the root; the table should answer it at the root: store every result with its depth and bound (exact, or lower when it failed high, upper when it failed low), and probe the table before searching",
  },
  "table_root_only": {
    check: "table",
    message:
      "alphaBetaWithTable(board, 9, -Infinity, Infinity, table) on a fresh table entered 32 nodes, as many as alpha-beta without a table (32); the course's alphaBetaWithTable enters 29: a position that the search reaches again by another order of moves (a transposition) should be answered from the table, so probe it and store in it at every node, not only at the root",
  },
  "uct_exploration_sign": {
    check: "nodes",
    message:
      "in iteration 4, uctIteration(root, tree, Math.SQRT2, random) went to node 0 where the course's UCT goes to node 1: every child of the root has been tried, so UCB1 picks the child of highest mean plus exploration bonus (move 0: 1/2 + Math.SQRT2·√(ln 3/2) = 1.548; move 1: 0.5/1 + Math.SQRT2·√(ln 3/1) = 1.982)",
  },
  "uct_no_exploration_bonus": {
    check: "nodes",
    message:
      "in iteration 4, uctIteration(root, tree, Math.SQRT2, random) went to node 0 where the course's UCT goes to node 1: every child of the root has been tried, so UCB1 picks the child of highest mean plus exploration bonus (move 0: 1/2 + Math.SQRT2·√(ln 3/2) = 1.548; move 1: 0.5/1 + Math.SQRT2·√(ln 3/1) = 1.982)",
  },
  "uct_playout_parity_ignored": {
    check: "value",
    message:
      "after iteration 3, node 0 has wins 1 after 2 visits; the course's UCT gives it 2: a node's wins count for the player who made the move into it (win 1, draw ½, loss 0), so the result read at the end of the game flips at every ply on the way back to it, the playout's included",
  },
  "uct_result_not_flipped": {
    check: "value",
    message:
      "after iteration 3, node 0 has wins 1 after 2 visits; the course's UCT gives it 2: a node's wins count for the player who made the move into it (win 1, draw ½, loss 0), so the result read at the end of the game flips at every ply on the way back to it, the playout's included",
  },
  "uct_visits_new_node_only": {
    check: "value",
    message:
      "after iteration 1, the root has 0 visits; the course's UCT gives it 1: every node on the iteration's path, the root and the new child included, counts one more visit",
  },
};

Deno.test("exercises: every exercise has a reference solution under tests/exercises/right/ that passes", async () => {
  const solved: string[] = [];
  for (const name of names(RIGHT)) {
    const [id, fn] = await fixture(new URL(name, RIGHT));
    const report = checkExercise(id, fn);
    assert.equal(report.failure, null, `${name}: ${reportText(report)}`);
    assert.ok(report.passed);
    assert.match(report.checked, /^\d+ \w/);
    solved.push(id);
  }
  assert.deepEqual(
    solved.sort(),
    EXERCISES.map((exercise) => exercise.id).sort(),
  );
});

Deno.test("exercises: the course's textbook code passes its own exercises", () => {
  const pairs: [string, StudentFunction][] = [
    ["minimax", textbook.minimax],
    ["negamax", textbook.negamax],
    ["alphaBeta", textbook.alphaBeta],
    ["orderMoves", textbook.orderMoves],
    ["alphaBetaFailHard", textbook.alphaBetaFailHard],
    ["mex", textbook.mex],
    ["grundy", textbook.grundy],
    ["iterativeDeepening", textbook.iterativeDeepening],
    ["alphaBetaWithTable", textbook.alphaBetaWithTable],
    ["quiesce", textbook.quiesce],
    ["uctIteration", textbook.uctIteration],
  ];
  for (const [id, fn] of pairs) {
    const report = checkExercise(id, fn);
    assert.ok(report.passed, reportText(report));
  }
});

for (const name of names(WRONG)) {
  const key = name.replace(/\.ts$/, "");
  Deno.test(`exercises: the wrong answer ${key} is caught with its message`, async () => {
    const expected = WRONG_ANSWERS[key];
    assert.ok(expected, `${name} has no expected message in WRONG_ANSWERS`);
    const [id, fn] = await fixture(new URL(name, WRONG));
    const report = checkExercise(id, fn);
    assert.equal(report.passed, false, `${name} passed: ${report.checked}`);
    assert.equal(report.failure!.message, expected.message);
    assert.equal(report.failure!.check, expected.check);
    // What the student is shown, in both forms, says it too.
    assert.ok(reportText(report).includes(expected.message));
    assert.match(reportHtml(report), /data-verdict="failed"/);
  });
}

Deno.test("exercises: every wrong answer listed is a file, and docs/exercises.md names each", async () => {
  assert.deepEqual(
    Object.keys(WRONG_ANSWERS).sort(),
    names(WRONG).map((name) => name.replace(/\.ts$/, "")),
  );
  const docs = await Deno.readTextFile(
    new URL("../docs/exercises.md", import.meta.url),
  );
  for (const key of Object.keys(WRONG_ANSWERS)) {
    assert.ok(docs.includes(`\`${key}\``), `docs/exercises.md misses ${key}`);
  }
  for (const exercise of EXERCISES) {
    assert.ok(
      docs.includes(`\`${exercise.id}\``),
      `docs/exercises.md misses ${exercise.id}`,
    );
  }
});

Deno.test("exercises: a walking position names a bad undo, an illegal move and a runaway search", () => {
  const tree = new WalkingPosition(
    ExplicitTree.from([[3, 5], [2, 9]]),
    "alphaBeta",
    4,
  );
  tree.play(1);
  tree.play(0);
  assert.throws(
    () => tree.undo(1),
    (error: Error) =>
      error instanceof WalkError &&
      error.message ===
        "alphaBeta undid move 1 at node 1.0, but the last move played and " +
          "not undone is 0: every move played must be undone before the " +
          "search leaves that node, a cut's early return included",
  );
  tree.undo(0);
  tree.play(1);
  assert.throws(
    () => tree.play(0),
    /^WalkError: alphaBeta entered more than 4 nodes, more than the whole search needs: does it stop at depth 0 and at the leaves\?$/,
  );
  tree.undo(1);
  tree.undo(1);
  assert.throws(() => tree.undo(0), /undid move 0 at the root/);
  assert.throws(
    () =>
      new WalkingPosition(ExplicitTree.from([[3, 5], [2, 9]]), "alphaBeta")
        .play(7),
    /alphaBeta played move 7 at the root, which is not a legal move there \(ExplicitTree.play: node 0 has 2 children.*\): play only the moves generateMoves gives$/,
  );
  // A won board still lists its empty cells: the hint names the missing test.
  assert.throws(
    () =>
      new WalkingPosition(TicTacToe.parse("XOXOX.XO."), "alphaBeta").play(5),
    /which is not a legal move there \(.*\): the game is over there: test isTerminal\(\) before playing on$/,
  );
  assert.deepEqual(tree.walk.entered, ["", "1", "1.0", "1.1"]);
  // A copy walks into the same log: copy-make searches are seen too.
  const copy = new WalkingPosition(ExplicitTree.from([1, 2]), "x").clone();
  copy.play(0);
  assert.deepEqual(copy.walk.entered, ["", "0"]);
  assert.equal(tree.movesPlayed().length, 0);
  assert.equal(
    "generateNoisyMoves" in new WalkingPosition(TicTacToe.empty(), "x"),
    false,
  );
  assert.equal(partingPoint(["", "0"], ["", "0", "1"])?.yours, null);
});

Deno.test("exercises: the quiescence windows behind the messages enter the nodes and give the values of the course's quiesce", () => {
  fc.assert(
    fc.property(
      caseTrees({ branching: 3, depth: 5 }, { noisy: true }),
      fc.integer({ min: -10, max: 9 }),
      fc.integer({ min: 1, max: 8 }),
      (tree, low, width) => {
        const windows: [number, number][] = [[-Infinity, Infinity], [
          low,
          low + width,
        ]];
        for (const [alpha, beta] of windows) {
          const walking = new WalkingPosition(treePosition(tree), "q");
          const value = textbook.quiesce(walking, alpha, beta);
          const nodes = quiesceWindows(treePosition(tree), alpha, beta);
          assert.deepEqual([...nodes.keys()], walking.walk.entered);
          const root = nodes.get("")!;
          const best = Math.max(
            root.standPat,
            ...root.children.map((child) => child.value),
          );
          assert.equal(best, value);
        }
      },
    ),
    { seed: 11, numRuns: 200 },
  );
});

Deno.test("exercises: bad arguments to checkExercise are named", () => {
  assert.throws(
    () => checkExercise("alphabeta", textbook.alphaBeta),
    /^Error: checkExercise: no exercise "alphabeta"; the exercises are minimax, negamax, alphaBeta, orderMoves, alphaBetaFailHard, mex, grundy, iterativeDeepening, alphaBetaWithTable, quiesce, uctIteration$/,
  );
  assert.throws(
    () => checkExercise("minimax", undefined as never),
    /^Error: checkExercise: fn must be your function minimax, got undefined$/,
  );
  assert.throws(
    () => checkExercise("minimax", textbook.minimax, { seed: 1.5 }),
    /checkExercise: options.seed must be an integer in -2147483648…2147483647, got 1.5/,
  );
  assert.throws(
    () => checkExercise("minimax", textbook.minimax, { seeds: 1 } as never),
    /checkExercise: unknown option "seeds"; known options: seed/,
  );
});

Deno.test("exercises: what a function throws or returns instead of a value, and one that changes its answers", () => {
  const thrown = checkExercise("negamax", () => {
    throw new RangeError("Maximum call stack size exceeded");
  });
  assert.equal(
    thrown.failure!.message,
    "negamax(tree, 1) threw RangeError: Maximum call stack size exceeded",
  );
  const promised = checkExercise("minimax", () => Promise.resolve(0));
  assert.equal(
    promised.failure!.message,
    "minimax(tree, 1) returned a Promise, not a number: write a plain function, not an async one",
  );
  let calls = 0;
  const fickle = checkExercise("mex", (values: number[]) => {
    calls++;
    return calls === 5 ? 99 : textbook.mex(values);
  });
  assert.match(
    fickle.failure!.message,
    /^mex failed on a case and passed on the same case run again: does it keep state between calls/,
  );
  const looping = checkExercise("minimax", function loop(p: never): number {
    (p as { play(m: number): void }).play(0);
    return loop(p);
  });
  assert.equal(looping.failure!.check, "walk");
  assert.match(looping.failure!.message, /^minimax played move 0 at node 0/);
});

Deno.test("exercises: a seed gives the same cases, another seed others", () => {
  const wrong = (values: number[]) => values.length;
  const a = checkExercise("mex", wrong, { seed: 7 });
  const b = checkExercise("mex", wrong, { seed: 7 });
  assert.deepEqual(a.failure, b.failure);
  assert.equal(a.seed, 7);
  assert.equal(ordinal(1), "1st");
  assert.equal(ordinal(12), "12th");
  assert.equal(ordinal(23), "23rd");
});

Deno.test("exercises: a failure in text shows the call, both values, the tree and where the walks part", async () => {
  const [id, fn] = await fixture(
    new URL("alpha_beta_window_not_narrowed.ts", WRONG),
  );
  const text = reportText(checkExercise(id, fn));
  const expected = [
    "  setup  const tree = ExplicitTree.from([[[0]], [[0], [0]]]);",
    "  call   alphaBeta(tree, 3, -Infinity, Infinity)",
    "  yours  0",
    "  right  0",
    "the tree (values from MAX's view):",
    "  root (MAX)",
    "  ├─ 0 (MIN)",
    "  │  └─ 0.0 (MAX)",
    "  │     └─ 0.0.0 = 0",
    "  └─ 1 (MIN)",
    "     ├─ 1.0 (MAX)",
    "     │  └─ 1.0.0 = 0",
    "     └─ 1.1 (MAX)   ← yours enters here",
    "        └─ 1.1.0 = 0",
    "nodes entered, yours (9): root 0 0.0 0.0.0 1 1.0 1.0.0 1.1 … (1 more)",
    "nodes entered, the course's ab (7): root 0 0.0 0.0.0 1 1.0 1.0.0",
    "they part at node number 8: yours enters 1.1, the course's ab nothing (the search is over)",
  ].join("\n");
  assert.ok(text.includes(expected), text);
});

Deno.test("exercises: the report's readers name what they were given instead", () => {
  assert.throws(
    () => reportText(undefined as never),
    /^Error: reportText: report must be what checkExercise returned, got undefined$/,
  );
  assert.throws(
    () => reportHtml({ exercise: "mex" } as never),
    /^Error: reportHtml: report must be what checkExercise returned, got an object$/,
  );
});

Deno.test("a wrong answer is reported, never a crash of the checks: an array that holds itself, an error whose message throws, moves as text", () => {
  const loop = (_values: number[]): unknown => {
    const list: unknown[] = [];
    list.push(list);
    return list;
  };
  const looped = checkExercise("mex", loop as never);
  assert.equal(looped.passed, false);
  assert.match(
    looped.failure!.message,
    /returned \[\[…itself\]\], not a number/,
  );
  const unreadable = (_values: number[]): number => {
    const error = new Error("x");
    Object.defineProperty(error, "message", {
      get() {
        throw new Error("boom");
      },
    });
    throw error;
  };
  const thrown = checkExercise("mex", unreadable);
  assert.equal(thrown.passed, false);
  assert.match(
    thrown.failure!.message,
    /an Error whose name or message throws/,
  );
  // "0" sorts and joins as 0 does: the moves must be numbers.
  const asText = (_position: unknown, moves: number[]) => moves.map(String);
  const ordered = checkExercise("orderMoves", asText as never);
  assert.equal(ordered.passed, false);
  assert.match(ordered.failure!.message, /returned \["0"/);
});

Deno.test("a best-first order that breaks ties the other way fails with the tie rule said, where it acts", () => {
  const reversedTies = (position: Position, moves: number[]): number[] => {
    const estimate = new Map<number, number>();
    for (const move of moves) {
      position.play(move);
      estimate.set(move, 0 - position.evaluate());
      position.undo(move);
    }
    return [...moves].reverse().sort((a, b) =>
      estimate.get(b)! - estimate.get(a)!
    );
  };
  const report = checkExercise("orderMoves", reversedTies);
  assert.equal(report.passed, false);
  assert.match(
    report.failure!.message,
    /is \[[\d, ]+\] \(equal estimates keep the order of moves, as a stable sort does\): order by/,
  );
});

Deno.test("a UCT that takes the last of equal UCB1 scores fails with the tie rule said", () => {
  const lastOfTies = (
    root: textbook.UctNode,
    position: Position,
    exploration: number,
    random: (n: number) => number,
  ): void => {
    const path = [root];
    let node = root;
    while (node.untried.length === 0 && node.children.length > 0) {
      let best = node.children[0]!, bestScore = -Infinity;
      for (const child of node.children) {
        const score = child.wins / child.visits +
          exploration * Math.sqrt(Math.log(node.visits) / child.visits);
        if (score >= bestScore) [best, bestScore] = [child, score];
      }
      node = best;
      position.play(node.move);
      path.push(node);
    }
    if (node.untried.length > 0) {
      const move = node.untried.splice(random(node.untried.length), 1)[0]!;
      position.play(move);
      const child = textbook.newUctNode(position, move);
      node.children.push(child);
      path.push(child);
    }
    const played: number[] = [];
    while (!position.isTerminal()) {
      const moves = textbook.legalMoves(position);
      const move = moves[random(moves.length)]!;
      position.play(move);
      played.push(move);
    }
    let result = (Math.sign(position.evaluate()) + 1) / 2;
    if (played.length % 2 === 1) result = 1 - result;
    for (const move of played.reverse()) position.undo(move);
    for (let at = path.length - 1; at >= 0; at--) {
      const visited = path[at]!;
      result = 1 - result;
      visited.visits++;
      visited.wins += result;
      if (at > 0) position.undo(visited.move);
    }
  };
  const report = checkExercise("uctIteration", lastOfTies as never);
  assert.equal(report.passed, false);
  assert.match(
    report.failure!.message,
    /, the first in move order of equal ones$/,
  );
});
