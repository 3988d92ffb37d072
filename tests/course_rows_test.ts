// Every row of the figures states what it tested, and its mark follows from
// the row: in the committed figures/README.md and rows.json, and in rows
// recomputed now (quick settings). Also: the figures job writes its files as
// one set and a second run on an unchanged tree rewrites nothing.
import assert from "node:assert/strict";
import { join } from "node:path";
import fc from "fast-check";
import {
  type Check,
  claimRow,
  type CourseRow,
  duplicateIds,
  exactRow,
  formatCheck,
  holds,
  lesson000,
  lesson001,
  lesson002,
  lesson003,
  lesson003Grundy,
  lesson004,
  PREVIOUS_MOVE_MAX_RATIO,
  rowsTable,
  summarise,
  verdictProblem,
} from "../src/course/mod.ts";
import { removeLeftovers, writeAll } from "../cli/_write_all.ts";

const FIGURES = new URL("../figures/", import.meta.url);

interface RowsJson {
  summary: ReturnType<typeof summarise>;
  lessons: { lesson: string; title: string; rows: CourseRow[] }[];
}

async function committedRows(): Promise<RowsJson> {
  return JSON.parse(
    await Deno.readTextFile(new URL("rows.json", FIGURES)),
  ) as RowsJson;
}

/** A claim's statement, checked the way a reader would: non-empty, with checks whose verdict is the mark. */
function assertRowFollows(row: CourseRow) {
  assert.ok(
    typeof row.test === "string" && row.test.trim().length > 0,
    `${row.id} (${row.what}) states no test`,
  );
  if (row.kind === "claim") {
    assert.ok(
      (row.checks ?? []).length > 0,
      `${row.id} (${row.what}) is a claim without numeric checks`,
    );
  }
  if (row.checks !== undefined && row.checks.length > 0) {
    // Recomputed here, independently of the code that built the row.
    const all = row.checks.every(({ value, op, bound }) =>
      op === "<"
        ? value < bound
        : op === "≤"
        ? value <= bound
        : op === "="
        ? value === bound
        : op === "≥"
        ? value >= bound
        : op === ">"
        ? value > bound
        : assert.fail(`${row.id}: unknown comparison ${op}`)
    );
    assert.equal(
      row.agrees,
      all,
      `${row.id} (${row.what}) is marked ${
        row.agrees ? "✓" : "✗"
      } but its checks say ${all ? "✓" : "✗"}: ${
        row.checks.map(formatCheck).join("; ")
      }`,
    );
  }
  assert.equal(verdictProblem(row), undefined);
}

Deno.test("figures/rows.json: every row states its test, and every mark follows from its checks", async () => {
  const committed = await committedRows();
  const rows = committed.lessons.flatMap((lesson) => lesson.rows);
  assert.ok(rows.length > 50, `only ${rows.length} rows`);
  for (const row of rows) assertRowFollows(row);
  assert.deepEqual(committed.summary, summarise(rows));
  // The two rows the issue found contradicting their marks now disagree.
  const steps = rows.filter((row) => row.id.startsWith("T000.5"));
  assert.deepEqual(steps.map((row) => row.id), [
    "T000.5a",
    "T000.5b",
    "T000.5c",
  ]);
  const size = steps.find((row) => row.what.includes("extra cost"))!;
  assert.equal(size.agrees, false, "the course's +9.0% is outside our range");
  const fewer = rows.filter((row) =>
    row.id.startsWith("T002.3") && row.what.includes("fewer nodes")
  );
  assert.deepEqual(
    fewer.map((row) => [row.what.includes("tic-tac-toe"), row.agrees]),
    [[true, true], [false, false]],
  );
});

Deno.test("T003.10a (chess) and T003.10b (atlas) judge the same claim by one rule", async () => {
  const committed = await committedRows();
  const rows = committed.lessons.flatMap((lesson) => lesson.rows);
  const pair = ["T003.10a", "T003.10b"].map((id) =>
    rows.find((row) => row.id === id)!
  );
  for (const row of pair) {
    assert.ok(row !== undefined && row.checks !== undefined);
    assert.ok(row.checks.length > 0, row.id);
    for (const check of row.checks) {
      assert.deepEqual(
        [check.op, check.bound],
        ["≤", PREVIOUS_MOVE_MAX_RATIO],
        `${row.id}: ${check.what}`,
      );
    }
  }
});

Deno.test("figures/README.md shows exactly the rows of rows.json, with their tests and marks", async () => {
  const readme = await Deno.readTextFile(new URL("README.md", FIGURES));
  const committed = await committedRows();
  for (const lesson of committed.lessons) {
    assert.ok(
      readme.includes(rowsTable(lesson.rows)),
      `the README's table of lesson ${lesson.lesson} differs from rows.json`,
    );
  }
  const { exact, claims, disagree } = committed.summary;
  assert.match(
    readme,
    new RegExp(
      `Summary: ${
        committed.lessons.flatMap((l) => l.rows).length
      } rows, each with its own id: ${exact} rows exact, ${claims} claims supported, ${disagree} rows disagree`,
    ),
  );
  // Nothing that depends on the machine is committed.
  assert.doesNotMatch(readme, /µs|seconds|nodes\/s/);
});

Deno.test("rows recomputed now (quick settings): every row states its test, and every mark follows", () => {
  const rows = [
    ...lesson004().rows,
    ...lesson000(20).rows,
    ...lesson001({ maxLeaves: 4096, seeds: 3 }).rows,
    ...lesson002().rows,
    ...lesson003(5).rows,
    ...lesson003Grundy().rows,
  ];
  for (const row of rows) assertRowFollows(row);
  assert.deepEqual(duplicateIds(rows), []);
});

Deno.test("every row id is unique: in rows.json, in the README's tables, and a catalogue id with a letter where one course table makes several rows", async () => {
  const committed = await committedRows();
  const ids = committed.lessons.flatMap((l) => l.rows.map((row) => row.id));
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  assert.deepEqual([...counts].filter(([, n]) => n > 1), []);
  assert.deepEqual(duplicateIds(committed.lessons.flatMap((l) => l.rows)), []);
  for (const id of ids) assert.match(id, /^(T00[0-4]\.\d+[a-j]?|C4\.\d+)$/, id);
  // The README's rows tables (eight columns) cite each id on exactly one line.
  const readme = await Deno.readTextFile(new URL("README.md", FIGURES));
  for (const id of ids) {
    const lines = readme.split("\n").filter((l) =>
      l.startsWith(`| ${id} `) && l.split(" | ").length === 8
    );
    assert.equal(lines.length, 1, `${id} on ${lines.length} table lines`);
  }
  // The tables that made several rows of one id: each row now has a letter.
  for (
    const [stem, n] of [
      ["T000.2", 5],
      ["T000.3", 5],
      ["T000.4", 5],
      ["T003.6", 10],
      ["T001.3", 4],
      ["T002.3", 3],
      ["T001.5", 3],
      ["T003.5", 2],
      ["T000.5", 3],
      ["T003.10", 2],
    ] as const
  ) {
    const lettered = ids.filter((id) =>
      id.startsWith(stem) && /[a-j]$/.test(id)
    );
    assert.equal(lettered.length, n, stem);
    assert.ok(!ids.includes(stem), `${stem} without a letter`);
  }
  // duplicateIds, the check the figures job runs before writing, finds a repeat.
  const row = exactRow("T000.2a", "x", [1], [1]);
  assert.deepEqual(duplicateIds([row, { ...row, what: "y" }]), ["T000.2a"]);
});

Deno.test("claimRow: supported exactly when every check holds (property)", () => {
  const op = fc.constantFrom<Check["op"]>("<", "≤", "=", "≥", ">");
  const check = fc.record({
    what: fc.constantFrom("nodes", "b=2"),
    value: fc.integer({ min: -5, max: 5 }),
    op,
    bound: fc.integer({ min: -5, max: 5 }),
  });
  fc.assert(
    fc.property(fc.array(check, { minLength: 1, maxLength: 6 }), (checks) => {
      const row = claimRow({
        id: "T0",
        what: "x",
        course: "c",
        ours: "o",
        test: "t",
        checks,
      });
      assert.equal(row.agrees, checks.every(holds));
      assert.equal(verdictProblem(row), undefined);
      // A hand-set mark that contradicts the checks is caught.
      assert.match(
        verdictProblem({ ...row, agrees: !row.agrees })!,
        /is marked .* but its checks/,
      );
      assert.equal(
        rowsTable([row]).includes("✗ DISAGREES"),
        !row.agrees,
      );
    }),
    { seed: 42, numRuns: 300 },
  );
});

Deno.test("claimRow rejects a claim without a statement or without checks", () => {
  const parts = {
    id: "T9",
    what: "x",
    course: "c",
    ours: "o",
    test: "t",
    checks: [{ what: "n", value: 1, op: "=" as const, bound: 1 }],
  };
  assert.throws(
    () => claimRow({ ...parts, test: " " }),
    /claimRow: test of T9 must state what was tested/,
  );
  assert.throws(
    () => claimRow({ ...parts, checks: [] }),
    /claimRow: checks of T9 must hold at least one check, got none/,
  );
  assert.match(
    verdictProblem({ ...exactRow("T1", "v", [1], [1]), kind: "claim" })!,
    /claim without numeric checks/,
  );
  assert.match(
    verdictProblem({ ...exactRow("T1", "v", [1], [1]), test: "" })!,
    /states no test/,
  );
});

Deno.test("writeAll writes a set: unchanged files untouched, stale ones removed, leftovers of an interrupted run cleaned", async () => {
  const root = await Deno.makeTempDir({ prefix: "write_all_" });
  try {
    await writeAll(root, [["a/one.svg", "1\n"], ["a/two.svg", "2\n"], [
      "README.md",
      "r1\n",
    ]]);
    const before = (await Deno.stat(join(root, "a/one.svg"))).mtime;
    // An interrupted run left a temporary file.
    await Deno.writeTextFile(join(root, "a/two.svg.tmp"), "half");
    assert.deepEqual(await removeLeftovers(root), ["a/two.svg.tmp"]);
    const report = await writeAll(
      root,
      [["a/one.svg", "1\n"], ["README.md", "r2\n"]],
      ["a/two.svg", "a/missing.svg"],
    );
    assert.deepEqual(report, {
      written: ["README.md"],
      unchanged: ["a/one.svg"],
      removed: ["a/two.svg"],
    });
    assert.deepEqual((await Deno.stat(join(root, "a/one.svg"))).mtime, before);
    assert.equal(await Deno.readTextFile(join(root, "README.md")), "r2\n");
    const names = (await Array.fromAsync(Deno.readDir(join(root, "a"))))
      .map((entry) => entry.name);
    assert.deepEqual(names, ["one.svg"]);
    await assert.rejects(
      () => writeAll(root, [["x", "1"], ["x", "2"]]),
      /writeAll: files must name each path once, got x twice/,
    );
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

/** Runs `cli/figures.ts` with `args` in a child Deno; its exit code and stderr. */
async function runFigures(
  args: readonly string[],
): Promise<{ code: number; stderr: string }> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-read",
      "--allow-write",
      new URL("../cli/figures.ts", import.meta.url).pathname,
      ...args,
    ],
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  return {
    code: output.code,
    stderr: new TextDecoder().decode(output.stderr),
  };
}

Deno.test("deno task figures: a second run on an unchanged tree rewrites nothing", async () => {
  const out = await Deno.makeTempDir({ prefix: "figures_job_" });
  const run = async (args: string[]) => {
    const { code, stderr } = await runFigures(args);
    assert.equal(code, 0, stderr);
    return stderr;
  };
  try {
    const first = await run(["--out", out, "004", "002"]);
    // three charts, rows.json, README.md
    assert.match(first, /: 5 file\(s\) changed/);
    const second = await run(["--out", out, "004", "002"]);
    assert.match(second, /: 0 file\(s\) changed, 5 unchanged/);
    const readme = await Deno.readTextFile(join(out, "README.md"));
    assert.match(readme, /\| tested +\|/);
    assert.ok(
      (await Deno.readTextFile(join(out, "timings.md"))).startsWith("# Times"),
    );
    assert.throws(
      () => Deno.statSync(join(out, "README.md.tmp")),
      Deno.errors.NotFound,
    );
  } finally {
    await Deno.remove(out, { recursive: true });
  }
});

Deno.test("deno task figures: bad arguments get one line, the reason and (see --help), exit code 2, and nothing is written", async () => {
  const out = await Deno.makeTempDir({ prefix: "figures_args_" });
  try {
    for (
      const [args, reason] of [
        [["--bogus"], /^figures: unknown argument "--bogus" \(see --help\)\n$/],
        [
          ["999"],
          /^figures: LESSON must be one of [\w, ]+, got "999" \(see --help\)\n$/,
        ],
        [["--out"], /^figures: --out needs a folder \(see --help\)\n$/],
      ] as const
    ) {
      const { code, stderr } = await runFigures([
        ...(args[0] === "--out" ? [] : ["--out", out]),
        ...args,
      ]);
      assert.equal(code, 2, stderr);
      assert.match(stderr, reason);
    }
    assert.deepEqual(await Array.fromAsync(Deno.readDir(out)), []);
  } finally {
    await Deno.remove(out, { recursive: true });
  }
});

Deno.test("one reading order: the course map's, in the README's notebook table and in figures/README.md", async () => {
  const text = (path: string) =>
    Deno.readTextFile(new URL(`../${path}`, import.meta.url));
  const notebooksIn = (markdown: string) =>
    [...markdown.matchAll(/\(\.{0,2}\/?notebooks\/(\d\d)_[a-z_]+\.ipynb\)/g)]
      .map((m) => m[1]!);
  const map = notebooksIn(await text("docs/course.md"));
  // Numbered in reading order: the file names, the site's list and
  // JupyterLab's browser (which sort by name) read as the course map does.
  const files = [...Deno.readDirSync(new URL("../notebooks/", import.meta.url))]
    .map((entry) => entry.name)
    .filter((name) => name.endsWith(".ipynb"))
    .map((name) => name.slice(0, 2))
    .sort();
  assert.deepEqual(map, files);
  assert.deepEqual(map, [
    "01",
    "02",
    "03",
    "04",
    "05",
    "06",
    "07",
    "08",
    "09",
    "10",
  ]);
  const readme = await text("README.md");
  const table = readme.slice(readme.indexOf("| notebook "));
  assert.deepEqual(notebooksIn(table.slice(0, table.indexOf("\n\n"))), map);
  // figures/README.md: the lessons of the notebooks, in the same order.
  const headings = [
    ...(await text("figures/README.md")).matchAll(/^## (.+)$/gm),
  ]
    .map((m) => m[1]!.replace(/ \(.*$/, "").replace(/:.*$/, ""));
  assert.deepEqual(headings, [
    "Minimax",
    "Alpha-beta",
    "Pruning",
    "Deepening, tables and quiescence",
    "Grundy numbers and Nim",
    "Enhancements",
    "Connect Four",
    "Chess",
    "Playing strength",
    "The technique atlas",
  ]);
  // The README's match example writes outside the repository.
  assert.doesNotMatch(readme, /--pgn (?!\/tmp\/)\S+\.pgn/);
  assert.match(await text(".gitignore"), /^\.ipynb_checkpoints\/$/m);
});
