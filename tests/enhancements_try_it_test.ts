// Notebook 06's try-it cell runs the searchers of its comparison table, with
// their settings: on the same tree the two print the same nodes and leaves
// (the try-it once ran aspiration without a table and with the default
// window, and printed 973 nodes beside the table's 895).
import assert from "node:assert/strict";
import { UniformTree } from "../mod.ts";
import { comparison, SEARCHERS } from "../src/course/mod.ts";

interface Cell {
  cell_type: string;
  outputs?: { data?: Record<string, string | string[]> }[];
}

/** Every Markdown table row of `markdown`, as trimmed cells. */
function tableRows(markdown: string): string[][] {
  return markdown.split("\n").filter((line) => /^\| /.test(line))
    .map((line) => line.slice(1, -1).split("|").map((cell) => cell.trim()));
}

Deno.test("the compared searchers with a node budget count what the comparison counts", () => {
  const rows = comparison().filter((r) => r.where === "b=3 d=6 as-is");
  assert.equal(rows.length, SEARCHERS.length);
  for (const { name, run } of SEARCHERS) {
    const tree = new UniformTree({ branching: 3, depth: 6, seed: 1 });
    const result = run(tree, { maxNodes: 1_000_000 });
    const row = rows.find((r) => r.searcher === name)!;
    assert.deepEqual(
      [result.value, result.stats.nodes, result.stats.leaves],
      [row.value, row.nodes, row.leaves],
      name,
    );
  }
});

Deno.test("notebook 06: the try-it rows on the table's tree are the table's rows", () => {
  const notebook = JSON.parse(
    Deno.readTextFileSync(
      new URL("../notebooks/06_enhancements.ipynb", import.meta.url),
    ),
  ) as { cells: Cell[] };
  const rows = notebook.cells.flatMap((cell) =>
    (cell.outputs ?? []).flatMap((output) =>
      tableRows([output.data?.["text/markdown"] ?? ""].flat().join(""))
    )
  );
  // Table: where, searcher, value, nodes, leaves, …; try-it: where, searcher,
  // value, move, nodes, leaves, ….
  const table = rows.filter((r) => r[0] === "b=3 d=6 as-is");
  const tryIt = rows.filter((r) =>
    r[0] === "uniform tree b=3 d=6 seed 1 as-is"
  );
  assert.equal(table.length, SEARCHERS.length);
  assert.equal(tryIt.length, table.length);
  for (const row of table) {
    const mine = tryIt.find((r) => r[1] === row[1]);
    assert.ok(mine, `${row[1]} is not in the try-it`);
    assert.deepEqual(
      [mine[2], mine[4], mine[5]],
      [row[2], row[3], row[4]],
      row[1],
    );
  }
});
