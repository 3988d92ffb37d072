// Lessons 000 and 001 recomputed: every exact row by computation, the
// diagrams marking exactly the leaves the search skipped, the figures job.
import assert from "node:assert/strict";
import {
  chessArithmetic,
  COURSE_TREES,
  deepeningOverhead,
  depthGrowth,
  fitBranching,
  lesson000,
  lesson001,
  lesson001Tables,
  minimalLeaves,
  NAMES_001,
  orderingSample,
  skippedLeaves,
  TIE_BREAKS,
  TREE_000,
  TREE_000_EXERCISE,
  TREE_001,
  treeDiagramSvg,
  walkthrough,
  worstFirstTieBreaks,
  worstFirstTree,
} from "../src/course/mod.ts";
import {
  alphaBeta,
  ExplicitTree,
  minimax,
  Random,
  UniformTree,
} from "../mod.ts";

/** The leaves a diagram draws as pruned: [path, leaf value]. */
function prunedInSvg(svg: string): [string, number][] {
  return [...svg.matchAll(
    /<g data-path="([\d.]*)" data-state="pruned" data-leaf="(-?\d+)"/g,
  )].map((m) => [m[1]!, Number(m[2])]);
}

Deno.test("the T000.1 diagram greys exactly leaves 9 and 8, the ones alphaBeta() never evaluated", () => {
  const svg = treeDiagramSvg(walkthrough(TREE_000));
  assert.deepEqual(prunedInSvg(svg), [["1.1", 9], ["2.1", 8]]);
  assert.equal(
    svg.match(/data-state="pruned"/g)?.length,
    2,
    "no inner node is greyed",
  );
  assert.equal(svg.match(/data-state="visited"/g)?.length, 8);
});

Deno.test("the T001.1 diagram greys exactly leaves 4 and 6 of node C, and marks D's late cut (T001.2)", () => {
  const walk = walkthrough(TREE_001, NAMES_001);
  const svg = treeDiagramSvg(walk);
  assert.deepEqual(prunedInSvg(svg), [["1.1", 4], ["1.2", 6]]);
  assert.deepEqual(
    [...svg.matchAll(/data-path="([\d.]*)"[^>]*data-late-cut="true"/g)].map((
      m,
    ) => m[1]),
    ["2"],
    "only D is marked",
  );
  assert.equal(walk.root.children[2]!.name, "D");
});

Deno.test("greyed leaves are the complement of ExplicitTree.visitedLeaves on every walkthrough tree", () => {
  for (const nested of [TREE_000, TREE_000_EXERCISE, TREE_001]) {
    const walk = walkthrough(nested);
    // An independent run of the searcher, read through the tree's own record.
    const tree = ExplicitTree.from(nested);
    alphaBeta(tree);
    const seen = tree.visitedLeaves;
    assert.deepEqual(seen, walk.visitedLeaves);
    const skipped = skippedLeaves(walk.root).map((n) => n.leaf);
    assert.equal(seen.length + skipped.length, walk.allLeaves.length);
    assert.deepEqual(
      prunedInSvg(treeDiagramSvg(walk)).map(([, v]) => v),
      skipped,
    );
  }
});

Deno.test("the T000.8 exercise: the min node is cut after finding 2 under alpha 5 and returns the bound ≤ 2", () => {
  const walk = walkthrough(TREE_000_EXERCISE);
  const node = walk.root.children[1]!;
  assert.equal(node.traced?.alpha, 5);
  assert.equal(node.traced?.value, 2);
  assert.equal(node.traced?.bound, "upper");
  assert.ok(node.traced?.cut);
  assert.equal(node.minimax, 1, "the true value is below the bound");
  assert.equal(walk.value, 5);
  assert.match(treeDiagramSvg(walk), />≤ 2</);
});

Deno.test("every exact row of lesson 000 agrees with the course (T000.1–T000.9)", () => {
  const data = lesson000(40);
  const exact = data.rows.filter((row) => row.kind === "exact");
  assert.deepEqual(
    exact.map((row) => row.id),
    [
      "T000.1",
      "T000.2a",
      "T000.2c",
      "T000.3a",
      "T000.3c",
      "T000.4a",
      "T000.4c",
      "T000.6",
      "T000.7",
      "T000.8",
      "T000.9",
    ],
  );
  for (const row of exact) {
    assert.ok(row.agrees, `${row.id} ${row.what}: ${row.ours}`);
  }
});

Deno.test("best-first and minimax rows of T000.2–T000.4 are the course's on every seed", () => {
  for (const course of COURSE_TREES) {
    for (let seed = 0; seed < 25; seed++) {
      const sample = orderingSample(course.branching, course.depth, seed);
      for (const search of ["minimax", "best-first"] as const) {
        assert.equal(sample.costs[search].nodes, course.costs[search].nodes);
        assert.equal(sample.costs[search].leaves, course.costs[search].leaves);
      }
      assert.equal(
        sample.costs["best-first"].leaves,
        minimalLeaves(course.branching, course.depth),
        "T000.6",
      );
      assert.ok(sample.valuesAgree, "T000.9");
    }
  }
});

Deno.test("every exact row of lesson 001 agrees with the course (T001.1–T001.3)", () => {
  const data = lesson001({ maxLeaves: 4096, seeds: 3 });
  const exact = data.rows.filter((row) => row.kind === "exact");
  assert.deepEqual(exact.map((row) => row.id), ["T001.1", "T001.2", "T001.3a"]);
  for (const row of exact) {
    assert.ok(row.agrees, `${row.id} ${row.what}: ${row.ours}`);
  }
  assert.deepEqual(data.walk.visitedLeaves, [3, 12, 8, 2, 14, 5, 2]);
});

Deno.test("the chess arithmetic of T001.3: 35^8, 35^6, 35^4 and √35", () => {
  assert.deepEqual(chessArithmetic().map((line) => line.ours), [
    "2.25e12",
    "1.84e9",
    "1.50e6",
    "5.9",
  ]);
  assert.equal(35 ** 8, 2_251_875_390_625);
});

Deno.test("growth with depth: minimax grows by b, best-first follows the minimal tree at every depth", () => {
  const points = depthGrowth({ branchings: [2, 3], maxLeaves: 4096, seeds: 3 });
  for (const p of points) {
    if (p.search === "minimax") assert.equal(p.leaves, p.branching ** p.depth);
    if (p.search === "best-first") {
      assert.equal(p.leaves, minimalLeaves(p.branching, p.depth));
    }
    if (p.search !== "minimax") assert.ok(p.leaves <= p.branching ** p.depth);
  }
  const fits = fitBranching(points);
  for (const fit of fits.filter((f) => f.search === "minimax")) {
    assert.ok(Math.abs(fit.fitted - fit.branching) < 1e-9);
  }
});

Deno.test("summing minimax at depths 1…d−1 costs (b^d − b)/(b − 1) leaves' worth: about 1/(b−1) of the last search (T001.5)", () => {
  for (const [b, d] of [[2, 10], [3, 7], [35, 3]] as const) {
    const o = deepeningOverhead(b, d, "minimax");
    let shallow = 0;
    for (let k = 1; k < d; k++) shallow += (b ** (k + 1) - 1) / (b - 1);
    assert.equal(o.shallowNodes, shallow);
    assert.equal(o.lastNodes, (b ** (d + 1) - 1) / (b - 1));
  }
});

Deno.test("worst-first tie-breaks: ties kept in as-is order rebuild the library's worst-first trees", () => {
  for (let seed = 0; seed < 30; seed++) {
    const leaves = Array.from(
      new UniformTree({ branching: 3, depth: 5, seed }).leafValues(),
    );
    const built = ExplicitTree.from(
      worstFirstTree(leaves, 3, 5, "as-is", new Random(seed)),
    );
    const library = new UniformTree({
      branching: 3,
      depth: 5,
      seed,
      order: "worst-first",
    });
    assert.deepEqual(
      alphaBeta(built).stats,
      alphaBeta(library).stats,
      `seed ${seed}`,
    );
    for (const tieBreak of ["reversed", "random"] as const) {
      const other = ExplicitTree.from(
        worstFirstTree(leaves, 3, 5, tieBreak, new Random(seed)),
      );
      assert.equal(
        alphaBeta(other).value,
        minimax(library).value,
        `${tieBreak} seed ${seed}`,
      );
    }
  }
  const rows = worstFirstTieBreaks(3, 4, 50, 40);
  assert.deepEqual(rows.map((row) => row.tieBreak), [...TIE_BREAKS]);
  for (const row of rows) {
    assert.ok(
      row.nodes.low <= row.nodes.median && row.nodes.median <= row.nodes.high,
    );
  }
});

Deno.test("every table of lesson 001 has distinct column headers (no two columns headed b)", () => {
  const tables = lesson001Tables(lesson001({ maxLeaves: 512, seeds: 1 }));
  for (const { title, markdown } of tables) {
    const headers = markdown.split("\n")[0]!.split("|").map((h) => h.trim())
      .filter((h) => h !== "");
    assert.equal(new Set(headers).size, headers.length, `${title}: ${headers}`);
  }
});
