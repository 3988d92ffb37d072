// stats.steps is defined as the lines of lesson 000's Python code the search executes:
// check the definition against that very code, traced by Python itself.
import assert from "node:assert/strict";
import { alphaBeta, minimax, TREE_ORDERS, UniformTree } from "../mod.ts";
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
