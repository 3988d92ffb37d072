// Each lesson notebook ends with its exercises: a Markdown cell saying what
// to write, and a code cell holding an attempt that is wrong on purpose and
// the one checkExercise call, whose committed output is the failed check's
// report (the counterexample drawn and the stepper), not an error.
import assert from "node:assert/strict";
import { EXERCISES } from "../src/exercises/mod.ts";

const NOTEBOOKS = new URL("../notebooks/", import.meta.url);

/** The notebook of each lesson that has exercises, and the exercises it ends with. */
const EXERCISE_CELLS: Record<string, string[]> = {
  "01_minimax": ["minimax", "negamax"],
  "02_alpha_beta": ["alphaBeta", "orderMoves"],
  "04_deepening_and_tables": [
    "iterativeDeepening",
    "alphaBetaWithTable",
    "quiesce",
  ],
  "05_grundy_and_nim": ["mex", "grundy"],
  "06_enhancements": ["alphaBetaFailHard"],
  "09_strength": ["uctIteration"],
};

interface Cell {
  cell_type: string;
  source: string[] | string;
  outputs?: {
    output_type: string;
    data?: Record<string, string[] | string>;
  }[];
}

function text(source: string[] | string): string {
  return Array.isArray(source) ? source.join("") : source;
}

Deno.test("every exercise is in the Exercises section that ends its lesson's notebook", () => {
  assert.deepEqual(
    Object.values(EXERCISE_CELLS).flat().sort(),
    EXERCISES.map((exercise) => exercise.id).sort(),
  );
  for (const [name, ids] of Object.entries(EXERCISE_CELLS)) {
    const notebook = JSON.parse(
      Deno.readTextFileSync(new URL(`${name}.ipynb`, NOTEBOOKS)),
    ) as { cells: Cell[] };
    const start = notebook.cells.findIndex((cell) =>
      cell.cell_type === "markdown" &&
      text(cell.source).startsWith("## Exercises")
    );
    assert.ok(start >= 0, `${name} has no "## Exercises" section`);
    const section = notebook.cells.slice(start);
    assert.equal(
      section.filter((cell) => text(cell.source).startsWith("## ")).length,
      1,
      `${name}: the Exercises section is the notebook's last`,
    );
    const calls = section.filter((cell) =>
      cell.cell_type === "code" && /checkExercise\(/.test(text(cell.source))
    );
    assert.deepEqual(
      calls.map((cell) =>
        /checkExercise\("(\w+)"/.exec(text(cell.source))?.[1]
      ),
      ids,
      name,
    );
    for (const [k, cell] of calls.entries()) {
      const id = ids[k]!;
      const source = text(cell.source);
      assert.match(
        source,
        new RegExp(`^// Exercise: ${id}\\. Replace the body`),
      );
      assert.match(source, new RegExp(`function ${id}\\(`));
      // What to write is said just before the cell.
      const said = text(section[section.indexOf(cell) - 1]!.source);
      assert.match(said, new RegExp(`^### \`${id}\`\\n\\nWrite \`${id}\\(`));
      // The committed output is the report of the failed check, shown.
      const outputs = cell.outputs ?? [];
      assert.equal(
        outputs.length,
        1,
        `${name} ${id}: ${outputs.length} outputs`,
      );
      assert.equal(outputs[0]!.output_type, "execute_result");
      const html = text(outputs[0]!.data?.["text/html"] ?? "");
      assert.match(html, /data-verdict="failed"/, `${name} ${id}`);
      assert.match(text(outputs[0]!.data?.["text/plain"] ?? ""), /^✘ /);
      // The searches' reports draw the counterexample and step both walks.
      if (!["mex", "grundy", "alphaBetaWithTable"].includes(id)) {
        assert.match(html, /data-role="walks"/, `${name} ${id}: no stepper`);
        // Drawn as pictures, which a notebook not trusted yet still shows.
        assert.match(
          html,
          /<img src="data:image\/svg\+xml;base64,[^"]+"[^>]* alt="your search"/,
          `${name} ${id}: no tree drawn`,
        );
      }
    }
  }
});
