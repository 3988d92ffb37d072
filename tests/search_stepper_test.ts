import assert from "node:assert/strict";
import fc from "fast-check";
import { alphaBeta, ExplicitTree, minimax } from "../mod.ts";
import {
  TREE_000,
  TREE_000_EXERCISE,
  TREE_001,
} from "../src/course/alpha_beta/walkthrough.ts";
import {
  type ArrayTree,
  nodeViewsAt,
  searchStepper,
  type SearchSteps,
  searchSteps,
  STEPPER_WARN_NODES,
  stepperHtml,
  stepperTreeSvg,
} from "../src/notebook/mod.ts";

const NAMES = { "": "A", "0": "B", "1": "C", "2": "D" };

/** Random trees of depth 1…4, branching 1…3, leaves 0…20. */
const trees: fc.Arbitrary<ArrayTree> = fc.letrec<{ tree: ArrayTree }>((
  tie,
) => ({
  tree: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.integer({ min: 0, max: 20 }),
    fc.array(tie("tree"), { minLength: 1, maxLength: 3 }),
  ),
})).tree.filter((t) => typeof t !== "number");

/** What the stepper claims, checked against the searchers themselves. */
function checkAgainstSearch(tree: ArrayTree, recorded: SearchSteps) {
  const { nodes, steps } = recorded;
  const explicit = ExplicitTree.from(tree);
  const isAlphaBeta = recorded.algorithm === "alphaBeta";
  const result = isAlphaBeta ? alphaBeta(explicit) : minimax(explicit);
  assert.equal(recorded.value, result.value);
  // What the stepper says the search visited is what the searcher counts.
  assert.deepEqual(recorded.visited, {
    nodes: result.stats.nodes,
    leaves: result.stats.leaves,
  });
  // The leaves in the order the searcher evaluated them.
  assert.deepEqual(
    steps.filter((s) => s.kind === "leaf").map((s) => nodes[s.node]!.leaf),
    explicit.visitedLeaves,
  );
  assert.equal(steps[0]!.kind, "start");
  assert.equal(steps.at(-1)!.kind, "end");
  for (let k = 1; k < steps.length; k++) {
    const step = steps[k]!;
    const before = nodeViewsAt(recorded, k - 1);
    if (step.kind === "enter" || step.kind === "leaf") {
      // The window a child is entered with (from the searcher's own trace) is
      // the window its parent holds after the values returned so far.
      const parent = nodes[step.node]!.parent;
      assert.equal(step.window, before[parent]!.window, `step ${k}`);
      assert.equal(before[step.node]!.state, "unseen");
    }
    if (step.kind === "cut") {
      // A cut happens exactly where α ≥ β.
      const [lo, hi] = step.window.slice(1, -1).split(", ").map((e) =>
        e === "−∞"
          ? -Infinity
          : e === "+∞"
          ? Infinity
          : Number(e.replace("−", "-"))
      );
      assert.ok(lo! >= hi!, `step ${k}: ${step.window}`);
    }
  }
  const final = nodeViewsAt(recorded, steps.length - 1);
  // Every node ends returned or cut; minimax cuts nothing.
  assert.ok(final.every((v) => v.state === "done" || v.state === "cut"));
  if (!isAlphaBeta) assert.ok(final.every((v) => v.state === "done"));
  // Leaves cut are exactly the leaves the searcher never evaluated.
  const cutLeaves =
    nodes.filter((n, i) => n.leaf !== undefined && final[i]!.state === "cut")
      .length;
  const leafCount = nodes.filter((n) => n.leaf !== undefined).length;
  assert.equal(cutLeaves, leafCount - explicit.visitedLeaves.length);
  // Alpha-beta's windows only narrow on the way down and as values return.
  if (isAlphaBeta) {
    for (const step of steps) assert.ok(step.window.startsWith("("));
  } else {
    for (const step of steps) assert.equal(step.window, "");
  }
}

Deno.test("stepper on lesson 001's tree (T001.1): golden steps", () => {
  const recorded = searchSteps(TREE_001, {
    names: { "": "A", "0": "B", "1": "C", "2": "D" },
  });
  checkAgainstSearch(TREE_001, recorded);
  const { steps, nodes } = recorded;
  assert.equal(steps.length, 23);
  const cut = steps.findIndex((s) => s.kind === "cut");
  assert.equal(cut, 12);
  assert.equal(
    steps[cut]!.text,
    "α = 3 ≥ β = 2 at C (node 1): 2 more children are cut",
  );
  assert.deepEqual(
    steps[cut]!.changes.map((c) => nodes[c.node]!.path),
    ["1.1", "1.2"],
  );
  assert.equal(
    steps[13]!.text,
    "C (node 1) returns ≤ 2 to A (the root), now ≥ 3",
  );
  // D is cut at its last child: nothing is left to grey (T001.2).
  assert.match(steps[20]!.text, /but no child is left to cut$/);
  assert.equal(steps.at(-1)!.text, "A (the root) returns 3");
  const final = nodeViewsAt(recorded, 22);
  assert.deepEqual(final.map((v) => v.value), [
    "3",
    "3",
    "3",
    "12",
    "8",
    "≤ 2",
    "2",
    "",
    "",
    "2",
    "14",
    "5",
    "2",
  ]);
});

Deno.test("stepper on lesson 000's trees and minimax agrees with the searchers", () => {
  for (const tree of [TREE_000, TREE_000_EXERCISE, TREE_001]) {
    checkAgainstSearch(tree, searchSteps(tree));
    checkAgainstSearch(tree, searchSteps(tree, { algorithm: "minimax" }));
  }
  const full = searchSteps(TREE_000, { algorithm: "minimax" });
  // Root, 3 MIN nodes, 6 leaves: start, 3 enters, 6 leaves, 9 returns, end.
  assert.equal(full.steps.length, 1 + 3 + 6 + 9 + 1);
});

Deno.test("stepper agrees with alpha-beta and minimax on random trees", () => {
  fc.assert(
    fc.property(trees, (tree) => {
      checkAgainstSearch(tree, searchSteps(tree));
      checkAgainstSearch(tree, searchSteps(tree, { algorithm: "minimax" }));
    }),
    { seed: 42, numRuns: 300 },
  );
});

Deno.test("the stepper's line says what the search visited, as the searcher's stats count it", () => {
  const says = (html: string) => {
    const line =
      /the finished search: (minimax|alpha-beta) entered (\d+) of the tree's (\d+) nodes \(the root included\) and evaluated (\d+) of its (\d+) leaves; (\d+) frames to step through\./
        .exec(html);
    assert.ok(line, html);
    return {
      searcher: line[1],
      nodes: Number(line[2]),
      leaves: Number(line[4]),
      treeNodes: Number(line[3]),
      treeLeaves: Number(line[5]),
      frames: Number(line[6]),
    };
  };
  // Notebook 02's try-it tree: alpha-beta enters 12 of 13 nodes, 7 leaves.
  const trees: ArrayTree[] = [
    TREE_000,
    TREE_000_EXERCISE,
    TREE_001,
    [[4, 7, 1], [6, [2, 8]], [5, 3]],
    [[[1, 9], [4, 2]], [[8, 3], [0, 6]], [[5, 5], [7, 1]]],
    [7],
  ];
  const count = (tree: ArrayTree): [number, number] =>
    typeof tree === "number"
      ? [1, 1]
      : tree.map(count).reduce(([n, l], [m, k]) => [n + m, l + k], [1, 0]);
  for (const tree of trees) {
    for (const algorithm of ["alphaBeta", "minimax"] as const) {
      const explicit = ExplicitTree.from(tree);
      const result = algorithm === "alphaBeta"
        ? alphaBeta(explicit)
        : minimax(explicit);
      const stepper = searchStepper(tree, { algorithm });
      const [treeNodes, treeLeaves] = count(tree);
      assert.deepEqual(says(stepper.html), {
        searcher: algorithm === "alphaBeta" ? "alpha-beta" : "minimax",
        nodes: result.stats.nodes,
        leaves: result.stats.leaves,
        treeNodes,
        treeLeaves,
        frames: stepper.recorded.steps.length,
      }, `${JSON.stringify(tree)} ${algorithm}`);
    }
  }
  const tryIt = searchSteps([[4, 7, 1], [6, [2, 8]], [5, 3]]);
  assert.deepEqual(tryIt.visited, { nodes: 12, leaves: 7 });
  assert.equal(tryIt.nodes.length, 13);
  assert.deepEqual(searchSteps(TREE_000).visited, { nodes: 8, leaves: 4 });
});

Deno.test("stepper with a narrow root window cuts more", () => {
  const wide = searchSteps(TREE_000);
  const narrow = searchSteps(TREE_000, { alpha: 2, beta: 4 });
  assert.equal(narrow.steps[0]!.window, "(2, 4)");
  assert.equal(narrow.value, 3);
  assert.ok(narrow.steps.length <= wide.steps.length);
});

Deno.test("stepper HTML: self-contained, one id per stepper", () => {
  const a = searchStepper(TREE_001), b = searchStepper(TREE_001);
  const idOf = (html: string) => html.match(/id="([^"]+)"/)![1];
  assert.notEqual(idOf(a.html), idOf(b.html));
  const html = a.html;
  assert.equal(html.match(/<script>/g)!.length, 1);
  assert.equal(html.match(/<\/script>/g)!.length, 1);
  // No network: the only URL is the SVG namespace (in the script's markup).
  assert.deepEqual([...new Set(html.match(/https?:\/\/[^"\\]*/g))], [
    "http://www.w3.org/2000/svg",
  ]);
  // A name that looks like markup cannot end the script or inject tags.
  const odd = stepperHtml(
    searchSteps(TREE_000, { names: { "0": "</script><b>" } }),
  );
  assert.equal(odd.match(/<\/script>/g)!.length, 1);
  // Outside the script, the one <b> is the note's.
  assert.equal(
    odd.replace(/<script>[^]*<\/script>/, "").match(/<b>/g)!.length,
    1,
  );
  // Nothing in the script can end it or open a comment; its data and
  // markup hold no "<" at all.
  const body = html.match(/<script>([^]*)<\/script>/)![1]!;
  assert.doesNotMatch(body, /<\/|<!--/);
  for (
    const line of body.split("\n").filter((l) =>
      /^var data=|innerHTML=/.test(l)
    )
  ) {
    assert.equal(line.includes("<"), false, line.slice(0, 80));
  }
  assert.match(a.html, /data-steps="22"/);
});

/** What a sanitiser that removes scripts and styles leaves of the stepper. */
function sanitised(html: string): string {
  return html.replace(/<script>[^]*?<\/script>/g, "").replace(
    /<style>[^]*?<\/style>/g,
    "",
  );
}

Deno.test("stepper HTML without its script: one line and a picture of the finished search, no controls", () => {
  const stepper = searchStepper(TREE_001, { names: NAMES, title: "T001" });
  const html = sanitised(stepper.html);
  assert.doesNotMatch(html, /<button|<svg|<select/);
  const text = html.replace(/<[^>]*>/g, "");
  assert.match(
    text,
    /^T001▶ Run the cell to step through the search \(scripts of a notebook that is not trusted yet do not run\); below, the finished search: alpha-beta entered 11 of the tree's 13 nodes \(the root included\) and evaluated 7 of its 9 leaves; 23 frames to step through\.$/,
  );
  const src =
    /<img class="gts-tree" src="data:image\/svg\+xml;base64,([^"]+)" width="(\d+)" height="(\d+)"/
      .exec(html);
  assert.ok(src, html);
  const svg = new TextDecoder().decode(
    Uint8Array.from(atob(src[1]!), (c) => c.charCodeAt(0)),
  );
  assert.equal(svg, stepperTreeSvg(stepper.recorded));
  assert.match(
    svg,
    new RegExp(`^<svg [^>]*width="${src[2]}" height="${src[3]}"`),
  );
  // The finished search: every node done or cut, and the root's value shown.
  const final = nodeViewsAt(
    stepper.recorded,
    stepper.recorded.steps.length - 1,
  );
  assert.equal(
    svg.match(/data-state="(done|cut)"/g)!.length,
    stepper.recorded.nodes.length,
  );
  assert.equal(
    svg.match(/data-state="cut"/g)!.length,
    final.filter((v) => v.state === "cut").length,
  );
  assert.match(svg, /<text class="gts-value" x="[\d.]+" y="[\d.]+">3<\/text>/);
  assert.match(svg, /<style>[^<]*\.gts-window\{font-size:10px/);
});

Deno.test("stepper warns above STEPPER_WARN_NODES nodes, not below", () => {
  const wide = (b: number, d: number): ArrayTree =>
    d === 0 ? 1 : Array.from({ length: b }, () => wide(b, d - 1));
  const count = (b: number, d: number) => (b ** (d + 1) - 1) / (b - 1);
  assert.ok(count(7, 2) <= STEPPER_WARN_NODES);
  assert.ok(count(5, 3) > STEPPER_WARN_NODES);
  assert.doesNotMatch(searchStepper(wide(7, 2)).html, /data-role="warning"/);
  const big = searchStepper(wide(5, 3));
  assert.match(
    sanitised(big.html),
    /<div class="gts-warning" data-role="warning">⚠ a tree of 156 nodes, \d+ frames: too many to follow one by one/,
  );
});

Deno.test("stepper rejects bad input with a clear message", () => {
  assert.throws(
    () => searchSteps(TREE_000, { algorithm: "pvs" as never }),
    /searchSteps: options.algorithm must be "alphaBeta" or "minimax", got "pvs"/,
  );
  assert.throws(
    () => searchSteps(TREE_000, { depth: 2 } as never),
    /searchSteps: unknown option "depth"; known options: algorithm, names, alpha, beta/,
  );
  assert.throws(
    () => searchSteps(TREE_000, { alpha: 5, beta: 5 }),
    /searchSteps: the root window must have alpha < beta, got \(5, 5\)/,
  );
  assert.throws(
    () => searchSteps(TREE_000, { alpha: 0.5 }),
    /searchSteps: options.alpha must be an integer in −?-1000000…1000000, got 0.5/,
  );
  assert.throws(
    () => searchSteps(TREE_000, { algorithm: "minimax", beta: 3 }),
    /searchSteps: minimax has no window; alpha and beta are for "alphaBeta"/,
  );
  const big: ArrayTree = Array.from(
    { length: 50 },
    () => Array.from({ length: 50 }, () => 1),
  );
  assert.throws(
    () => searchSteps(big),
    /searchSteps: tree must have at most 2000 nodes to be stepped, got 2551/,
  );
  assert.throws(
    () => nodeViewsAt(searchSteps(TREE_000), 99),
    /nodeViewsAt: step must be an integer in 0…17, got 99/,
  );
  assert.throws(
    () => searchStepper(TREE_000, { tittle: "x" } as never),
    /searchStepper: unknown option "tittle"/,
  );
  assert.throws(() => searchSteps("x" as never), /ExplicitTree|must/);
  // The options a notebook writes by hand: named, with the rule.
  assert.throws(
    () => searchStepper(TREE_000, { title: 5 } as never),
    /^Error: searchStepper: options\.title must be a string, got 5$/,
  );
  for (const names of ["AB", { "": 5 }, [1]]) {
    assert.throws(
      () => searchSteps(TREE_000, { names } as never),
      /^Error: searchSteps: options\.names must map node paths to names/,
    );
  }
  assert.throws(
    () => searchSteps(TREE_000, { names: { "1.O": "X", root: "A" } }),
    /^Error: searchSteps: options\.names has keys that are no node path: "1\.O", "root"/,
  );
  // A path the tree lacks is skipped: one set of names for a reshaped tree.
  const named = searchSteps([1, 2], { names: { "": "A", "7.3": "Z" } });
  assert.deepEqual(named.nodes.map((n) => n.name), ["A", undefined, undefined]);
  assert.throws(
    () => searchSteps([[1, "x"]] as never),
    /^Error: searchSteps: tree: ExplicitTree\.from: /,
  );
});

Deno.test("stepper says the window once: the step's text leaves it to the window badge", () => {
  const recorded = searchSteps(TREE_001, { names: NAMES });
  for (const step of recorded.steps) {
    // "(window (−∞, 5)) (−∞, 5)" was shown before: the text named it too.
    assert.doesNotMatch(step.text, /window/, step.text);
  }
  // The live markup the script puts on the page, first step shown.
  const { html } = searchStepper(TREE_001, { names: NAMES });
  const live = JSON.parse(
    /box\.innerHTML=("(?:[^"\\]|\\.)*");/.exec(html)![1]!,
  );
  const status = /<div class="gts-status">(.*?)<\/div>/.exec(live)![1]!;
  const text = status.replace(/<[^>]*>/g, "");
  assert.equal(text, "alpha-beta starts at the root window (−∞, +∞)");
});
