// A figure in a notebook's text is one its cells print: every number the
// Markdown cells write with a decimal point or a thousands separator (the
// way measured figures are written) must appear in the notebook's committed
// outputs or in its code cells (a budget, a table size). The outputs are
// checked against a fresh execution by tests/notebooks_test.ts, so a figure
// typed into the text cannot outlive the run that printed it.
import assert from "node:assert/strict";

const NOTEBOOKS = new URL("../notebooks/", import.meta.url);

interface Cell {
  cell_type: string;
  source: string | string[];
  outputs?: {
    text?: string | string[];
    data?: Record<string, string | string[]>;
  }[];
}

const joined = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value.join("") : value ?? "";

/** Numbers written as measured figures are: 29.9, 41,906, 6.35. */
const FIGURE = /(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+\.\d+)(?![\w]|,\d)/g;

/** The figures of `cells`' Markdown that none of their outputs or code holds. */
export function untracedFigures(cells: readonly Cell[]): string[] {
  const printed = cells.flatMap((cell) => [
    ...(cell.cell_type === "code" ? [joined(cell.source)] : []),
    ...(cell.outputs ?? []).flatMap((output) => [
      joined(output.text),
      ...Object.values(output.data ?? {}).map(joined),
    ]),
  ]).join("\n").replaceAll("\u202f", "")
    // 100_000 in code is 100,000 in the text.
    .replace(/(\d)_(?=\d)/g, "$1");
  const missing: string[] = [];
  cells.forEach((cell, index) => {
    if (cell.cell_type !== "markdown") return;
    // Code spans and link targets are names, not figures.
    const text = joined(cell.source).replace(/`[^`]*`/g, "")
      .replace(/\]\([^)]*\)/g, "]");
    for (const [, figure] of text.matchAll(FIGURE)) {
      if (
        !printed.includes(figure!) &&
        !printed.includes(figure!.replaceAll(",", ""))
      ) {
        missing.push(`cell ${index + 1}: ${figure}`);
      }
    }
  });
  return missing;
}

Deno.test("every figure a notebook's text quotes is one its cells print or set", () => {
  const files = [...Deno.readDirSync(NOTEBOOKS)]
    .map((entry) => entry.name)
    .filter((name) => name.endsWith(".ipynb"))
    .sort();
  assert.ok(files.length >= 10, `notebooks: ${files.join(", ")}`);
  const problems = files.flatMap((name) => {
    const notebook = JSON.parse(
      Deno.readTextFileSync(new URL(name, NOTEBOOKS)),
    ) as { cells: Cell[] };
    return untracedFigures(notebook.cells).map((m) => `${name} ${m}`);
  });
  assert.deepEqual(problems, []);
});

Deno.test("untracedFigures: a typed figure is found, a printed or set one is not", () => {
  const cells: Cell[] = [
    {
      cell_type: "code",
      source: "const budget = 100_000; search({ entries: 65536 })",
      outputs: [{
        data: { "text/markdown": "| mean | 29.9 |\n| n | 41,906 |" },
      }],
    },
    {
      cell_type: "markdown",
      source:
        "The mean is 29.9 over 41,906 positions with 65,536 entries and 100,000 nodes, `x 1.25`, [a](b/1.5), and 19.6 in endgames; 3 % and 2026.",
    },
  ];
  assert.deepEqual(untracedFigures(cells), ["cell 2: 19.6"]);
});
