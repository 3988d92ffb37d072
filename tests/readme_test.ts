// README.md as a reader meets it: one form for every command, each run by CI
// exactly as written; a headline that agrees with figures/README.md, which
// `task figures` computes; and links that stay inside the repository.
import assert from "node:assert/strict";
import { dirname, join, normalize, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { readmeCommands, RUNS } from "../.ci/readme_commands.ts";
import { parseSolveArgs } from "../cli/_connect_four_cli.ts";
import { parseOpeningsArgs } from "../cli/openings.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const read = (path: string) => Deno.readTextFileSync(join(ROOT, path));
const README = read("README.md");

/** The one way the README writes a command: Deno 2.9.6 through npx. */
const NPX = "npx --yes deno@2.9.6 ";

Deno.test("README: every command of its sh blocks runs a task through npx --yes deno@2.9.6", () => {
  const commands = readmeCommands(README);
  assert.ok(commands.length >= 10, `${commands.length} commands`);
  for (const command of commands) {
    assert.ok(
      command.includes(`${NPX}task `),
      `README shows "${command}", not in the form ${NPX}task …`,
    );
  }
});

Deno.test("README: no bare deno command in its text either (a bare deno is not on PATH after its own setup)", () => {
  // `deno task …`, `deno run …` and the like, not preceded by npx's prefix.
  const bare = [
    ...README.matchAll(
      /\bdeno (task|run|test|repl|check|fmt|lint|jupyter|bench|doc)\b/g,
    ),
  ].filter((m) => !README.slice(0, m.index).endsWith(NPX.slice(0, -5)))
    .map((m) => README.slice(Math.max(0, m.index - 30), m.index + 30));
  assert.deepEqual(bare, []);
});

Deno.test("CI runs every README command exactly as written, and nothing the README no longer shows", () => {
  const commands = readmeCommands(README);
  assert.deepEqual(
    commands.filter((command) => RUNS[command] === undefined),
    [],
    "README commands that .ci/readme_commands.ts does not run",
  );
  assert.deepEqual(
    Object.keys(RUNS).filter((command) => !commands.includes(command)),
    [],
    ".ci/readme_commands.ts runs commands the README does not show",
  );
  const ciRun = read(".ci/run");
  for (const [command, run] of Object.entries(RUNS)) {
    if (run.runBy === undefined) continue;
    // Written on a line of its own (as a command, not in a comment).
    assert.match(
      ciRun,
      new RegExp(
        `^${command.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( |$)`,
        "m",
      ),
      `.ci/run does not run "${command}" as written`,
    );
  }
  // A check of its own, whose report .ci/run repeats at the end.
  assert.match(
    ciRun,
    /^ {2}"\$DENO" run -A \.ci\/readme_commands\.ts \| tee /m,
  );
  assert.match(
    ciRun,
    /^check "README's commands as written" readme_commands$/m,
  );
  // The README's test command on a machine with only Node.js, as written.
  assert.ok(commands.includes(`${NPX}task test`));
  assert.match(read(".ci/test-without-programs"), /task test/);
});

/** The rows figures/README.md lists as disagreeing, and its summary line. */
function figuresSummary(): { disagreeing: string[]; summary: string } {
  const figures = read("figures/README.md");
  const summary = /^Summary: (.*)$/m.exec(figures)?.[1];
  assert.ok(summary, "figures/README.md has no summary line");
  const disagreeing = [...figures.matchAll(/^- \*\*(T[\w.]+) disagrees\*\*/gm)]
    .map((m) => m[1]!);
  return { disagreeing, summary };
}

Deno.test("README's headline agrees with figures/README.md (task figures): the same disagreeing rows, no count that can go stale", () => {
  const { disagreeing, summary } = figuresSummary();
  const section = README.slice(
    README.indexOf("## What the recomputation finds"),
    README.indexOf("## Connect Four"),
  );
  const start = section.indexOf("The claims that do not reproduce");
  assert.ok(start > 0, "the README names the claims that do not reproduce");
  const named = [...section.slice(start).matchAll(/\bT\d{3}\.\d+[a-z]?\b/g)]
    .map((m) => m[0]);
  assert.deepEqual([...new Set(named)].sort(), [...disagreeing].sort());
  // "No exact row disagrees" must be what the summary says.
  const exactDisagree = /\((\d+) exact, \d+ claims\)/.exec(summary)?.[1];
  assert.ok(exactDisagree !== undefined, summary);
  if (section.includes("Every exact row reproduces the course")) {
    assert.equal(exactDisagree, "0", summary);
  }
  // Counts are figures/README.md's to say ("Eight claims" went stale).
  assert.doesNotMatch(
    section,
    /\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+(claims?|rows?)\b/i,
  );
});

/** The Markdown files a reader of the repository opens. */
function markdownFiles(): string[] {
  const files = ["README.md", "data/README.md", "figures/README.md"];
  for (const entry of Deno.readDirSync(join(ROOT, "docs"))) {
    if (entry.isFile && entry.name.endsWith(".md")) {
      files.push(`docs/${entry.name}`);
    }
  }
  return files;
}

/** The notebooks' Markdown cells, as `[notebook path, text]`. */
function notebookMarkdown(): [string, string][] {
  const out: [string, string][] = [];
  for (const entry of Deno.readDirSync(join(ROOT, "notebooks"))) {
    if (!entry.name.endsWith(".ipynb")) continue;
    const path = `notebooks/${entry.name}`;
    const cells = (JSON.parse(read(path)) as {
      cells: { cell_type: string; source: string | string[] }[];
    }).cells;
    for (const cell of cells) {
      if (cell.cell_type !== "markdown") continue;
      const text = Array.isArray(cell.source)
        ? cell.source.join("")
        : cell.source;
      out.push([path, text]);
    }
  }
  return out;
}

/**
 * Where a text points inside the repository: relative link targets, and
 * code spans that climb to a folder (`../x`).
 */
function pointers(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = m[1]!;
    if (/^([a-z][a-z0-9+.-]*:|#)/i.test(target)) continue;
    found.push(target.replace(/#.*$/, ""));
  }
  for (const m of text.matchAll(/`(\.\.\/[^`\s]*)`/g)) found.push(m[1]!);
  return found;
}

Deno.test("README, docs, data and figures pages and the notebooks point only inside the repository, at files that exist", () => {
  const problems: string[] = [];
  const sources: [string, string][] = [
    ...markdownFiles().map((file) => [file, read(file)] as [string, string]),
    ...notebookMarkdown(),
  ];
  for (const [file, text] of sources) {
    if (/\.\.\/shared\b/.test(text)) {
      problems.push(`${file} names ../shared, which a clone does not have`);
    }
    for (const target of pointers(text)) {
      const path = normalize(join(ROOT, dirname(file), target));
      const inside = relative(ROOT, path);
      if (inside.startsWith("..")) {
        problems.push(`${file}: ${target} points outside the repository`);
        continue;
      }
      try {
        Deno.statSync(path);
      } catch {
        // docs/api/ is built by task doc, site/ by task site: ignored by git.
        if (!/^(docs\/api|site)(\/|$)/.test(inside)) {
          problems.push(`${file}: ${target} does not exist`);
        }
      }
    }
  }
  assert.deepEqual(problems, []);
});

Deno.test("the notebooks' and docs' code spans that name a repository file name one that exists (found by review)", () => {
  // Notebooks 02 and 03 sent readers to `src/course/alpha_beta/`
  // (`lesson_000.ts`) and `src/course/pruning/` (`lesson_001.ts`): no such
  // files; the lessons live in each folder's measure.ts.
  const problems: string[] = [];
  // data/README.md names files of the upstream repositories it credits.
  const sources: [string, string][] = [
    ...markdownFiles().filter((file) => file !== "data/README.md")
      .map((file) => [file, read(file)] as [string, string]),
    ...notebookMarkdown(),
  ];
  const exists = (path: string) => {
    try {
      Deno.statSync(join(ROOT, path));
      return true;
    } catch {
      return false;
    }
  };
  const TOP = /^(src|tests|cli|bench|notebooks|data|docs)\/[\w./-]*$/;
  for (const [file, text] of sources) {
    for (const m of text.matchAll(/`([^`\s]+)`(?: \(`([\w.-]+\.\w+)`\))?/g)) {
      const [, span, inside] = m;
      if (!TOP.test(span!) || /^docs\/api(\/|$)/.test(span!)) continue;
      if (!exists(span!)) problems.push(`${file}: ${span} does not exist`);
      else if (inside !== undefined && span!.endsWith("/")) {
        if (!exists(span! + inside)) {
          problems.push(`${file}: ${span}${inside} does not exist`);
        }
      }
    }
  }
  assert.deepEqual(problems, []);
});

Deno.test("README: a code span with --book names its command, which takes its flags (solve --book reads the book, openings --book writes it)", () => {
  const parsers: Record<string, (args: readonly string[]) => unknown> = {
    solve: parseSolveArgs,
    openings: parseOpeningsArgs,
  };
  // The spans of the text, fenced blocks left out (their ``` pair
  // backticks off).
  const text = README.replace(/^```[\s\S]*?^```/gm, "");
  const spans = [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!)
    .filter((span) => /(^|\s)--book(\s|$)/.test(span));
  assert.ok(spans.length >= 4, spans.join(", "));
  for (const span of spans) {
    // "--book --plies N" after `task solve --book` read as solve's flags,
    // which refuses --plies.
    const [command, ...flags] = span.replace(/^task /, "").split(/\s+/);
    const parse = parsers[command!];
    assert.ok(parse, `README's \`${span}\` names neither solve nor openings`);
    assert.doesNotThrow(
      () => parse(flags.map((word) => word === "N" ? "10" : word)),
      `README's \`${span}\``,
    );
  }
});

Deno.test("data/README.md states the book's size and lines as data/connect4/book.txt has them", () => {
  const stated =
    /The opening book \(([\d,]+) bytes: (\d+) comment lines, then (\d+) lines of positions\)/
      .exec(read("data/README.md"));
  assert.ok(stated, "data/README.md states the book's bytes and lines");
  const book = read("data/connect4/book.txt");
  const lines = book.split("\n").slice(0, -1);
  const comments = lines.filter((line) => line.startsWith("#")).length;
  assert.deepEqual(
    {
      bytes: Number(stated[1]!.replaceAll(",", "")),
      comments: Number(stated[2]),
      positions: Number(stated[3]),
    },
    {
      bytes: new TextEncoder().encode(book).length,
      comments,
      positions: lines.length - comments,
    },
  );
});

Deno.test("README and docs give a worker only the flags deno task worker takes", async () => {
  const help = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", join(ROOT, "cli/worker.ts"), "--help"],
    stdout: "piped",
  }).output();
  const takes = new Set(
    new TextDecoder().decode(help.stdout).match(/--[a-z-]+/g),
  );
  assert.ok(takes.has("--nats") && takes.has("--max-jobs"), [...takes].join());
  const given: string[] = [];
  for (const file of markdownFiles()) {
    const text = read(file).replace(/\s+/g, " ");
    // "A worker with `--threads 2`" and `task worker --nats URL …`.
    for (const m of text.matchAll(/\b[Ww]orkers? with `(--[a-z-]+)/g)) {
      given.push(`${file}: ${m[1]}`);
    }
    for (const m of text.matchAll(/`(?:deno )?task worker ([^`]*)`/g)) {
      for (const flag of m[1]!.match(/--[a-z-]+/g) ?? []) {
        given.push(`${file}: ${flag}`);
      }
    }
  }
  assert.ok(given.length >= 3, given.join(", "));
  assert.deepEqual(
    given.filter((line) => !takes.has(line.slice(line.indexOf(" ") + 1))),
    [],
  );
});

Deno.test("README's example of a flag given twice is the one line play prints", async () => {
  const shown =
    /a flag given twice is refused with one line naming it and exit 2 \(`([^`]+)`/
      .exec(README.replace(/\s+/g, " "));
  assert.ok(shown, "README shows no example of a flag given twice");
  const run = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      join(ROOT, "cli/play.ts"),
      "tictactoe",
      "--first",
      "engine",
      "--first",
      "human",
    ],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(run.code, 2);
  assert.equal(new TextDecoder().decode(run.stderr), `${shown[1]}\n`);
});
