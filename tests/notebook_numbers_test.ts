// A figure in a notebook's text is one its cells print: every number the
// Markdown cells write with a decimal point or a thousands separator (the
// way measured figures are written) must appear in the notebook's committed
// outputs or in its code cells (a budget, a table size), and so must every
// whole number written with a unit of measurement: a percentage (67%), a
// factor (3×), an Elo difference (+20 Elo), a size (512 MiB), with its unit
// (its sign, for Elo, whose tables print no unit). The outputs are checked
// against a fresh execution by tests/notebooks_test.ts, so a figure typed
// into the text cannot outlive the run that printed it.
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

/**
 * Whole numbers with a unit: 67%, 3 %, 2×, +20 Elo, −5 Elo, 512 MiB (a
 * product, 9 × 8, is arithmetic, not a factor). A number with a decimal
 * point or a thousands separator is FIGURE's.
 */
const UNIT_FIGURE =
  /(?<![\w.,+−-])([+−-]?)(\d+)[ \u00a0\u202f]?(%|×(?![ \u00a0\u202f]*\d)|Elo\b|[KMG]iB\b)/g;

/** `text` with no space between a number and its unit, and one minus sign. */
const tight = (text: string) =>
  text.replace(/(\d)[ \u00a0\u202f]+(?=%|×|[KMG]iB\b)/g, "$1")
    .replaceAll("\u2212", "-");

/** Whether `printed` holds the whole number `digits` with `unit` (its sign, for Elo). */
function printsWithUnit(
  printed: string,
  sign: string,
  digits: string,
  unit: string,
): boolean {
  const signed = sign === "" ? "[+-]?" : sign === "+" ? "\\+" : "-";
  const after = unit === "Elo" ? "" : unit;
  return new RegExp(
    `(?<![\\d.,+-])${signed}${digits}${after}(?![\\d]|[.,]\\d)`,
  ).test(printed);
}

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
  const printedTight = tight(printed);
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
    for (const [written, sign, digits, unit] of text.matchAll(UNIT_FIGURE)) {
      const plainSign = sign === "\u2212" ? "-" : sign!;
      if (!printsWithUnit(printedTight, plainSign, digits!, unit!)) {
        missing.push(`cell ${index + 1}: ${written}`);
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
  // A whole number with a unit is a figure too: "3 %" is printed nowhere.
  assert.deepEqual(untracedFigures(cells), ["cell 2: 19.6", "cell 2: 3 %"]);
});

Deno.test("untracedFigures: a whole number with a unit must be printed with that unit (Elo with its sign)", () => {
  const cells: Cell[] = [
    {
      cell_type: "code",
      source: "const cap = 512; // MiB",
      outputs: [{
        data: {
          "text/markdown":
            "| null move | 67% | 3× | +20 [−5, +45] | −28 [−53, −4] | 8 MiB |\nshares of 5–95 %",
        },
      }],
    },
    {
      cell_type: "markdown",
      source:
        "Null move 67 %, LMR 29%, 3× and 4×, 9 × 8 × 7 nodes; +20 Elo, −28 Elo, +28 Elo and 45 Elo; 8 MiB, 64 MiB; 95% of them, `x 10%`, [a](b/50%), 12.5% and 2026.",
    },
  ];
  assert.deepEqual(untracedFigures(cells), [
    "cell 2: 12.5",
    "cell 2: 29%",
    "cell 2: 4×",
    "cell 2: +28 Elo",
    "cell 2: 64 MiB",
  ]);
});

/** "A vs B" comparisons of numbers, as the text and the rows write them. */
const VERSUS = /(\d[\d,.]*) vs (\d[\d,.]*)/g;

/**
 * The comparisons of `cells`' Markdown that a row's course figure writes
 * the other way round: "544 vs 552" where the row says "552 vs 544" puts
 * each number in the other's place.
 */
export function reversedComparisons(
  cells: readonly Cell[],
  courseFigures: readonly string[],
): string[] {
  const pairs = courseFigures.flatMap((text) =>
    [...text.matchAll(VERSUS)].map(([, a, b]) => `${a} vs ${b}`)
  );
  const reversed: string[] = [];
  cells.forEach((cell, index) => {
    if (cell.cell_type !== "markdown") return;
    for (const [written, a, b] of joined(cell.source).matchAll(VERSUS)) {
      if (!pairs.includes(written!) && pairs.includes(`${b} vs ${a}`)) {
        reversed.push(`cell ${index + 1}: ${written}`);
      }
    }
  });
  return reversed;
}

Deno.test("a notebook's text writes each of the course's comparisons in the row's order", () => {
  const figures = JSON.parse(
    Deno.readTextFileSync(new URL("../figures/rows.json", import.meta.url)),
  ) as { lessons: { rows: { course: string }[] }[] };
  const course = figures.lessons.flatMap((lesson) =>
    lesson.rows.map((row) => row.course)
  );
  assert.ok(course.some((text) => text.includes("552 vs 544")));
  const files = [...Deno.readDirSync(NOTEBOOKS)]
    .map((entry) => entry.name)
    .filter((name) => name.endsWith(".ipynb"))
    .sort();
  const problems = files.flatMap((name) => {
    const notebook = JSON.parse(
      Deno.readTextFileSync(new URL(name, NOTEBOOKS)),
    ) as { cells: Cell[] };
    return reversedComparisons(notebook.cells, course).map((m) =>
      `${name} ${m}`
    );
  });
  assert.deepEqual(problems, []);
  assert.deepEqual(
    reversedComparisons(
      [{ cell_type: "markdown", source: "no gain (544 vs 552), 81 vs 36" }],
      ["552 vs 544 (no gain)", "81, 81, 81 vs 36"],
    ),
    ["cell 1: 544 vs 552"],
  );
});
