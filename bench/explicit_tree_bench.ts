// The tree of bench/uniform_tree_bench.ts (branching 4, depth 8, seed 3)
// written out as nested arrays and built with ExplicitTree.from: the cost of
// building it, and the per-node cost of its play/undo (with their move checks)
// under minimax and alpha-beta. Node counts are signatures.
import { alphaBeta, ExplicitTree, minimax, UniformTree } from "../mod.ts";
import { RUNS } from "./_smoke.ts";

/** A uniform tree's leaf values as nested arrays. */
function written(tree: UniformTree): unknown {
  if (tree.isTerminal()) return tree.maxValue();
  const children: unknown[] = [];
  for (let k = 0; k < tree.branching; k++) {
    tree.play(k);
    children.push(written(tree));
    tree.undo(k);
  }
  return children;
}
const nested = written(new UniformTree({ branching: 4, depth: 8, seed: 3 }));
const tree = ExplicitTree.from(nested as never);

Deno.bench({
  name: "ExplicitTree.from, 4^8 (87,381 nodes)",
  group: "build",
  ...RUNS,
  fn() {
    if (ExplicitTree.from(nested as never).size !== 87_381) {
      throw new Error("wrong size");
    }
  },
});

Deno.bench({
  name: "minimax, ExplicitTree 4^8 (87,381 nodes)",
  group: "search",
  baseline: true,
  ...RUNS,
  fn() {
    const { stats } = minimax(tree);
    tree.resetTrace();
    if (stats.nodes !== 87_381) {
      throw new Error(`minimax visited ${stats.nodes} nodes`);
    }
  },
});

Deno.bench({
  name: "alpha-beta, ExplicitTree 4^8 (7,209 nodes)",
  group: "search",
  ...RUNS,
  fn() {
    const { stats } = alphaBeta(tree);
    tree.resetTrace();
    if (stats.nodes !== 7_209) {
      throw new Error(`alpha-beta visited ${stats.nodes} nodes`);
    }
  },
});
