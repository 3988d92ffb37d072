// Each lesson notebook ends with its exercises: a Markdown cell saying what
// to write, and a code cell holding an attempt that is wrong on purpose and
// the one checkExercise call, whose committed output is the failed check's
// report (the counterexample drawn and the stepper), not an error.
import assert from "node:assert/strict";
import { pathToFileURL } from "node:url";
import {
  checkExercise,
  EXERCISES,
  reportText,
  type StudentFunction,
} from "../src/exercises/mod.ts";

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

/**
 * The mistake each attempt is announced with ("The attempt below …" in the
 * Markdown cell before it), and what the failed check must say for the
 * committed output to show that mistake and no other.
 */
const ANNOUNCED: Record<string, { said: RegExp; failure: RegExp }> = {
  minimax: {
    said: /forgets to count the depth down/,
    failure: /it lies below the depth limit/,
  },
  negamax: {
    said: /forgets to negate the child's value/,
    failure: /negate each child's value/,
  },
  alphaBeta: {
    said: /never narrows it/,
    failure: /α = \S+ ≥ β = \S+, so the other children .* cuts them/,
  },
  orderMoves: {
    said: /keeps the generator's order/,
    failure: /best-first for (MAX|MIN) is/,
  },
  iterativeDeepening: {
    said: /searches `maxDepth` at once/,
    failure: /began with a search \d+ plies deep: .* depth 1 first/,
  },
  alphaBetaWithTable: {
    said: /never uses its table/,
    failure: /the table should answer it at the root/,
  },
  quiesce: {
    said: /only stands pat/,
    failure: /did not enter node .*: the move into it is noisy/,
  },
  mex: {
    said: /one more than the largest value/,
    failure: /the least non-negative integer not in the list/,
  },
  grundy: {
    said: /adds the parts instead of XORing them/,
    failure: /the XOR \(\^\) of their Grundy numbers/,
  },
  alphaBetaFailHard: {
    said: /is fail-soft: it returns the best value even outside the window/,
    failure: /never a value outside its window/,
  },
  uctIteration: {
    said: /picks the best mean and forgets the exploration bonus/,
    failure: /UCB1 picks the child of highest mean plus exploration bonus/,
  },
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

/** The notebook's cells as they stand, and its Exercises section's code cells. */
function exerciseSection(name: string): { code: string[]; cells: Cell[] } {
  const notebook = JSON.parse(
    Deno.readTextFileSync(new URL(`${name}.ipynb`, NOTEBOOKS)),
  ) as { cells: Cell[] };
  const start = notebook.cells.findIndex((cell) =>
    cell.cell_type === "markdown" &&
    text(cell.source).startsWith("## Exercises")
  );
  const cells = notebook.cells.slice(start);
  return {
    cells,
    code: cells.filter((cell) => cell.cell_type === "code").map((cell) =>
      text(cell.source)
    ),
  };
}

/**
 * The attempts of a notebook's Exercises section, run outside Jupyter: its
 * code cells in one module (the imports made absolute), each
 * `checkExercise("id", fn)` turned into keeping `fn`.
 */
async function attempts(
  name: string,
): Promise<Record<string, StudentFunction>> {
  const root = new URL("../", import.meta.url).href;
  const body = exerciseSection(name).code.map((source) =>
    source.replaceAll('from "../', `from "${root}`).replace(
      /checkExercise\("(\w+)", (\w+)\);/g,
      'attempts["$1"] = $2;',
    )
  );
  const file = await Deno.makeTempFile({
    prefix: `${name}_exercises_`,
    suffix: ".ts",
  });
  try {
    await Deno.writeTextFile(
      file,
      "export const attempts: Record<string, unknown> = {};\n" +
        body.join("\n"),
    );
    const module = await import(pathToFileURL(file).href) as {
      attempts: Record<string, StudentFunction>;
    };
    return module.attempts;
  } finally {
    await Deno.remove(file);
  }
}

Deno.test("each attempt fails on the mistake it is announced with, and the committed output shows that failure", async () => {
  assert.deepEqual(
    Object.keys(ANNOUNCED).sort(),
    EXERCISES.map((exercise) => exercise.id).sort(),
  );
  for (const [name, ids] of Object.entries(EXERCISE_CELLS)) {
    const fns = await attempts(name);
    assert.deepEqual(Object.keys(fns).sort(), [...ids].sort(), name);
    const { cells } = exerciseSection(name);
    for (const id of ids) {
      const at = cells.findIndex((cell) =>
        cell.cell_type === "code" &&
        text(cell.source).includes(`checkExercise("${id}"`)
      );
      const said = text(cells[at - 1]!.source);
      assert.match(said, ANNOUNCED[id]!.said, `${name} ${id}: announced`);
      const report = checkExercise(id, fns[id]!);
      assert.equal(report.passed, false, `${name} ${id} passed`);
      assert.match(
        report.failure!.message,
        ANNOUNCED[id]!.failure,
        `${name} ${id}: the attempt fails on another mistake than the one announced`,
      );
      // The committed output is this very report.
      const committed = text(
        cells[at]!.outputs?.[0]?.data?.["text/plain"] ?? "",
      );
      assert.equal(committed, reportText(report), `${name} ${id}: stale`);
    }
  }
});
