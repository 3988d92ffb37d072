// The course's abstract tree (lesson 000) of branching 4 and depth 8 (65,536
// leaves), walked by minimax and alpha-beta: the per-node cost of the tree's
// play/undo (with their move checks) and of the searchers. One Position class
// per file, so the searchers' call sites stay monomorphic. Node counts are
// signatures: they change only when the search is meant to.
import { alphaBeta, minimax, UniformTree } from "../mod.ts";
import { RUNS } from "./_smoke.ts";

const tree = new UniformTree({ branching: 4, depth: 8, seed: 3 });

Deno.bench({
  name: "minimax, UniformTree 4^8 (87,381 nodes)",
  group: "uniform tree",
  baseline: true,
  ...RUNS,
  fn() {
    const { stats } = minimax(tree);
    if (stats.nodes !== 87_381) {
      throw new Error(`minimax visited ${stats.nodes} nodes`);
    }
  },
});

Deno.bench({
  name: "alpha-beta, UniformTree 4^8 (7,209 nodes)",
  group: "uniform tree",
  ...RUNS,
  fn() {
    const { stats } = alphaBeta(tree);
    if (stats.nodes !== 7_209) {
      throw new Error(`alpha-beta visited ${stats.nodes} nodes`);
    }
  },
});
