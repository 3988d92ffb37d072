// The rule of src/'s tree: each folder has a rank, and a module imports only
// modules of its own folder or of a folder of lower rank. So games and search
// never import players, matches, UCI, jobs, the course or the tooling, and
// the job system hands work to matches, never the reverse. Imports are read
// from the code (static and dynamic imports, and `new URL(..., import.meta.url)`,
// which is how a module names the file of a Deno worker); examples in doc
// comments are left out, since they import the public `mod.ts` as a user does.
import assert from "node:assert/strict";
import { dirname, join, normalize, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const SRC = join(ROOT, "src");
const CLI = join(ROOT, "cli");
const NOTEBOOKS = join(ROOT, "notebooks");

/** The folders of src/ by rank; "." is the modules directly in src/. */
const RANKS: Readonly<Record<string, number>> = {
  ".": 0,
  trees: 1,
  games: 1,
  search: 1,
  textbook: 1,
  plot: 1,
  players: 2,
  notebook: 2,
  match: 3,
  exercises: 3,
  uci: 4,
  jobs: 5,
  play: 5,
  course: 6,
  // The site renders every notebook and bundles the course's library for
  // the cells a reader edits and runs in the page: it stands above all.
  site: 7,
};

/** One import of a module of src/ from another folder's module. */
interface FolderImport {
  from: string;
  to: string;
  /** `file -> file`, both relative to src/. */
  where: string;
}

function folderOf(path: string): string {
  const parts = relative(SRC, path).split("/");
  return parts.length === 1 ? "." : parts[0]!;
}

function modules(dir: string): string[] {
  const out: string[] = [];
  for (const entry of Deno.readDirSync(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) out.push(...modules(path));
    else if (/\.(ts|js)$/.test(entry.name)) out.push(path);
  }
  return out.sort();
}

/**
 * The specifiers a module's code imports (doc comments and line comments
 * left out); with `urls`, also the files it names with `new URL`, which is
 * how a module names a Deno worker's file (and a command, a program it runs).
 */
function importedSpecifiers(code: string, urls = true): string[] {
  const text = code
    .replace(/\/\*\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
  const found: string[] = [];
  const pattern = urls
    ? /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|new URL\(\s*)(["'`])(\.{1,2}\/[^"'`$]*)/g
    : /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(["'`])(\.{1,2}\/[^"'`$]*)/g;
  for (const match of text.matchAll(pattern)) found.push(match[2]!);
  return found;
}

function folderImports(): FolderImport[] {
  const out: FolderImport[] = [];
  for (const file of modules(SRC)) {
    for (const spec of importedSpecifiers(Deno.readTextFileSync(file))) {
      const target = normalize(join(dirname(file), spec));
      if (!target.startsWith(SRC + "/")) continue;
      const from = folderOf(file), to = folderOf(target);
      if (from === to) continue;
      out.push({
        from,
        to,
        where: `${relative(SRC, file)} -> ${relative(SRC, target)}`,
      });
    }
  }
  return out;
}

/** The imports that go from a folder to one of the same or a higher rank. */
function upwardImports(
  imports: readonly FolderImport[],
  ranks: Readonly<Record<string, number>>,
): string[] {
  return imports
    .filter(({ from, to }) => !(ranks[to]! < ranks[from]!))
    .map(({ from, to, where }) =>
      `${where}: ${from} (rank ${ranks[from]}) imports ${to} (rank ${
        ranks[to]
      })`
    );
}

Deno.test("layout: every folder of src/ has a rank", () => {
  const folders = [...Deno.readDirSync(SRC)]
    .filter((entry) => entry.isDirectory)
    .map((entry) => entry.name)
    .sort();
  assert.deepEqual(
    folders.filter((name) => !(name in RANKS)),
    [],
    "a new folder needs its rank in tests/layout_test.ts",
  );
  assert.deepEqual(
    Object.keys(RANKS).filter((name) =>
      name !== "." && !folders.includes(name)
    ),
    [],
    "a rank for a folder that is gone",
  );
});

Deno.test("layout: no module imports a folder of the same or a higher rank", () => {
  const imports = folderImports();
  assert.ok(imports.length > 50, `only ${imports.length} imports read`);
  assert.deepEqual(upwardImports(imports, RANKS), []);
});

Deno.test("layout: the rule sees what it forbids", () => {
  const forbidden: FolderImport[] = [
    { from: "games", to: "players", where: "games/x.ts -> players/y.ts" },
    { from: "search", to: "plot", where: "search/x.ts -> plot/y.ts" },
    { from: "match", to: "jobs", where: "match/x.ts -> jobs/y.ts" },
    { from: "players", to: "notebook", where: "players/x.ts -> notebook/y.ts" },
  ];
  assert.equal(upwardImports(forbidden, RANKS).length, forbidden.length);
  assert.deepEqual(
    upwardImports([{ from: "jobs", to: "match", where: "" }], RANKS),
    [],
  );
  assert.deepEqual(
    importedSpecifiers(
      [
        '/** ```ts\nimport { x } from "../../mod.ts";\n``` */',
        'import { a } from "../games/a.ts";',
        'import type { B } from "./b.ts";',
        'const w = new Worker(new URL("../match/_w.ts", import.meta.url));',
        'const m = await import("../jobs/m.ts");',
        '// import { c } from "../course/c.ts";',
      ].join("\n"),
    ),
    ["../games/a.ts", "./b.ts", "../match/_w.ts", "../jobs/m.ts"],
  );
});

// cli/ holds the thin commands: a command's code that other code needs is
// library code, and belongs in src/. So nothing in src/ or in a notebook
// imports cli/, and a file of cli/ imports from cli/ only the shared helpers
// (`_flags.ts`, `_output.ts`, `_nats.ts`, ...: a leading underscore), never
// a command (before the move, `cli/_opening_book.ts` imported the plan's
// type from the command `cli/openings.ts`).

/** The code cells of a notebook, one text. */
function notebookCode(path: string): string {
  const notebook = JSON.parse(Deno.readTextFileSync(path)) as {
    cells: { cell_type: string; source: string | string[] }[];
  };
  return notebook.cells
    .filter((cell) => cell.cell_type === "code")
    .map((cell) =>
      Array.isArray(cell.source) ? cell.source.join("") : cell.source
    )
    .join("\n");
}

/**
 * Every import of a file of cli/ by `files`, as `file -> target` relative
 * to the root. A command run as a program (`new URL("./worker.ts", ...)`
 * given to `deno run`) is not an import: only import statements and
 * `import()` count.
 */
function importsOfCli(files: readonly [string, string][]): string[] {
  const out: string[] = [];
  for (const [file, code] of files) {
    for (const spec of importedSpecifiers(code, false)) {
      const target = normalize(join(dirname(file), spec));
      if (target.startsWith(CLI + "/")) {
        out.push(`${relative(ROOT, file)} -> ${relative(ROOT, target)}`);
      }
    }
  }
  return out;
}

/** The imports among `imports` (from files of cli/) that reach a command, not a `_` helper. */
function commandImports(imports: readonly string[]): string[] {
  return imports.filter((line) => {
    const target = line.split(" -> ")[1]!;
    return !/^cli\/_[a-z0-9_]+\.ts$/.test(target);
  });
}

function read(paths: readonly string[]): [string, string][] {
  return paths.map((path) => [path, Deno.readTextFileSync(path)]);
}

Deno.test("layout: nothing in src/ or in a notebook imports cli/", () => {
  const notebooks = [...Deno.readDirSync(NOTEBOOKS)]
    .filter((entry) => entry.name.endsWith(".ipynb"))
    .map((entry) => join(NOTEBOOKS, entry.name));
  assert.ok(notebooks.length >= 5, `only ${notebooks.length} notebooks read`);
  assert.deepEqual(
    importsOfCli([
      ...read(modules(SRC)),
      ...notebooks.map((path): [string, string] => [path, notebookCode(path)]),
    ]),
    [],
  );
});

Deno.test("layout: a file of cli/ imports from cli/ only the shared _ helpers, never a command", () => {
  const imports = importsOfCli(read(modules(CLI)));
  assert.ok(
    imports.some((line) => line.endsWith("cli/_output.ts")),
    `the imports of cli/ were not read: ${imports.length}`,
  );
  assert.deepEqual(commandImports(imports), []);
});

Deno.test("layout: the cli/ rules see what they forbid", () => {
  assert.deepEqual(
    importsOfCli([
      [join(SRC, "course/x.ts"), 'import { y } from "../../cli/openings.ts";'],
      [
        join(NOTEBOOKS, "n.ipynb"),
        'const m = await import("../cli/_nats.ts");',
      ],
      [join(CLI, "b.ts"), 'const w = new URL("./worker.ts", import.meta.url);'],
    ]),
    [
      "src/course/x.ts -> cli/openings.ts",
      "notebooks/n.ipynb -> cli/_nats.ts",
    ],
  );
  assert.deepEqual(
    commandImports([
      "cli/_opening_book.ts -> cli/openings.ts",
      "cli/openings.ts -> cli/_nats.ts",
      "cli/match.ts -> cli/_nats_match.ts",
    ]),
    ["cli/_opening_book.ts -> cli/openings.ts"],
  );
});
