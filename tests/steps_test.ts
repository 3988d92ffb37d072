// stats.steps is defined as the lines of lesson 000's Python code the search executes:
// check the definition against that very code, traced by Python itself.
import assert from "node:assert/strict";
import {
  alphaBeta,
  minimax,
  negamax,
  TREE_ORDERS,
  UniformTree,
} from "../mod.ts";
import { lacks, pathOf } from "./_programs.ts";

/** Runs the course's code on `tree`'s leaves: [ab's value, ab's lines, minimax's value, minimax's lines]. */
async function courseLines(
  command: string,
  tree: UniformTree,
): Promise<number[]> {
  const script = new URL("./fixtures/course_ab.py", import.meta.url).pathname;
  const child = new Deno.Command(command, {
    args: [script, String(tree.branching), String(tree.depth)],
    stdin: "piped",
    stdout: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(
    new TextEncoder().encode(JSON.stringify(Array.from(tree.leafValues()))),
  );
  await writer.close();
  const { success, stdout } = await child.output();
  assert.ok(success, "the course's code ran");
  const [ab, mm] = new TextDecoder().decode(stdout).trim().split("\n").map((
    line,
  ) => line.split(" "));
  return [Number(ab![1]), Number(ab![2]), Number(mm![1]), Number(mm![2])];
}

Deno.test({
  name:
    "stats.steps equals the lines lesson 000's Python ab() and its minimax execute",
  ignore: lacks("python3"),
  async fn() {
    const python = pathOf("python3");
    for (
      const [branching, depth] of [[3, 6], [2, 10], [4, 5], [5, 3], [
        1,
        4,
      ]] as const
    ) {
      for (const order of TREE_ORDERS) {
        const tree = new UniformTree({
          branching,
          depth,
          seed: branching + depth,
          order,
        });
        const pruned = alphaBeta(tree);
        const full = minimax(tree);
        const expected = await courseLines(python, tree);
        assert.deepEqual(
          [pruned.value, pruned.stats.steps, full.value, full.stats.steps],
          expected,
          `b=${branching} d=${depth} ${order}`,
        );
      }
    }
  },
});

/**
 * Lesson 000's `mm` written line for line, run to a node budget: the lines
 * it runs before the node past the budget (each `nodes++` first, as the
 * searchers count a node on entering it). What a stopped minimax's and
 * negamax's `stats.steps` must be.
 */
function linesBeforeStop(
  branching: number,
  depth: number,
  values: readonly number[],
  maxNodes: number,
): number {
  let nodes = 0;
  let lines = 0;
  const stop = new Error("budget");
  const mm = (node: number, level: number, max: boolean): number => {
    if (++nodes > maxNodes) throw stop;
    lines++; // if gl == d
    if (level === depth) {
      lines++; // return znach[uzel]
      return values[node]!;
    }
    lines += 3; // if maks == 1, luchshee = …, k = 0
    let best = max ? -1000 : 1000;
    for (let k = 0;; k++) {
      lines++; // while k < b
      if (k >= branching) break;
      lines++; // v = mm(…)
      const v = mm(node * branching + k, level + 1, !max);
      lines++; // if v > luchshee
      if (max ? v > best : v < best) {
        lines++; // luchshee = v
        best = v;
      }
      lines++; // k = k + 1
    }
    lines++; // return luchshee
    return best;
  };
  try {
    mm(0, 0, true);
  } catch (error) {
    if (error !== stop) throw error;
  }
  return lines;
}

Deno.test("a budget-stopped minimax or negamax counts the steps lesson 000's mm runs before the node past the budget", () => {
  for (
    const [branching, depth] of [[3, 4], [2, 6], [4, 3], [1, 4]] as const
  ) {
    for (const order of TREE_ORDERS) {
      const tree = new UniformTree({ branching, depth, seed: 7, order });
      const values = Array.from(tree.leafValues());
      const all = minimax(tree).stats.nodes;
      for (let maxNodes = 1; maxNodes <= all; maxNodes++) {
        const expected = linesBeforeStop(branching, depth, values, maxNodes);
        const where = `b=${branching} d=${depth} ${order} maxNodes=${maxNodes}`;
        const full = minimax(tree, { maxNodes });
        const nega = negamax(tree, { maxNodes });
        assert.equal(full.stats.steps, expected, `minimax ${where}`);
        assert.equal(nega.stats.steps, expected, `negamax ${where}`);
        assert.equal(full.stoppedByBudget, maxNodes < all, where);
        assert.equal(
          full.stats.nodes,
          Math.min(maxNodes + 1, all),
          `nodes ${where}`,
        );
      }
    }
  }
});
