import assert from "node:assert/strict";
import * as lib from "../mod.ts";
import { memberLines } from "../src/notebook/_member_lines.ts";
import { showSource } from "../src/notebook/mod.ts";

Deno.test("showSource finds every function and class that mod.ts exports", () => {
  let found = 0;
  for (const [name, value] of Object.entries(lib)) {
    if (typeof value !== "function" || value.name !== name) continue;
    const view = showSource(value as () => unknown);
    assert.equal(view.name, name);
    assert.match(view.file, /^src\/.*\.ts$/);
    // The text is exactly the file's lines from `line` on.
    const lines = Deno.readTextFileSync(
      new URL(`../${view.file}`, import.meta.url),
    )
      .split("\n");
    assert.equal(
      view.text,
      lines.slice(view.line - 1, view.line - 1 + view.text.split("\n").length)
        .join("\n"),
    );
    assert.match(
      view.text,
      new RegExp(`export (async )?(function|class|const) ${name}\\b`),
      name,
    );
    // A whole declaration: braces balance outside strings and comments is
    // too much to check here; the last line closes it.
    assert.match(view.text.split("\n").at(-1)!, /[;}]$/, name);
    found++;
  }
  assert.ok(found >= 20, `only ${found} functions and classes exported`);
});

Deno.test("showSource shows a JSDoc then the declaration, fenced longer than any inner fence", () => {
  const view = showSource(lib.alphaBeta);
  assert.ok(view.text.startsWith("/**"));
  assert.ok(view.text.includes("```ts")); // its examples
  assert.ok(view.markdown.includes("\n````ts\n"));
  assert.ok(view.markdown.endsWith("\n````\n"));
  const bare = showSource("alphaBeta", { doc: false });
  assert.ok(bare.text.startsWith("export function alphaBeta("));
  assert.equal(
    bare.line,
    view.line + view.text.split("\n").length - bare.text.split("\n").length,
  );
  const bundle = bare[Symbol.for("Jupyter.display")]!();
  assert.deepEqual(Object.keys(bundle).sort(), ["text/markdown", "text/plain"]);
  assert.equal(bundle["text/plain"], bare.text);
});

Deno.test("showSource finds a module's internal helper: the recursion behind alphaBeta", () => {
  const view = showSource("alphaBetaNode");
  assert.equal(view.file, "src/search/alpha_beta.ts");
  assert.match(view.text, /^(\/\*\*[^]*\*\/\n)?function alphaBetaNode\(/);
  assert.match(view.text, /position\.play\(move\)/);
  assert.ok(view.line > showSource("alphaBeta").line);
  const one = showSource("end", {
    file: "src/course/alpha_beta/tree_diagram.ts",
    doc: false,
  });
  assert.match(one.text, /^function end\(value: number\): string \{/);
});

Deno.test("showSource: a name exported twice is the engine's unless options.file names the textbook's", () => {
  const engine = showSource("alphaBeta", { doc: false });
  assert.equal(engine.file, "src/search/alpha_beta.ts");
  const textbook = showSource("alphaBeta", {
    file: "src/textbook/alpha_beta.ts",
    doc: false,
  });
  assert.equal(textbook.file, "src/textbook/alpha_beta.ts");
  assert.match(textbook.text, /^export function alphaBeta\(/);
  assert.notEqual(textbook.text, engine.text);
});

Deno.test("showSource finds interfaces by name", () => {
  const view = showSource("Position", { doc: false });
  assert.equal(view.file, "src/position.ts");
  assert.match(view.text, /^export interface Position \{/);
});

Deno.test("showSource rejects what it cannot show", () => {
  assert.throws(
    () => showSource("noSuchName"),
    /showSource: no file under src\/ declares noSuchName/,
  );
  assert.throws(
    () => showSource((() => () => 1)()),
    /showSource: subject must be a named function or class, or its name, got a function without a name/,
  );
  assert.throws(
    () => showSource(42 as unknown as string),
    /showSource: subject must be a named function or class, or its name, got 42/,
  );
  assert.throws(
    () => showSource("1abc"),
    /showSource: subject must be a named function or class, or its name, got "1abc"/,
  );
  assert.throws(
    () => showSource(lib.minimax, { docs: false } as never),
    /showSource: unknown option "docs"; known options: doc, file/,
  );
  assert.throws(
    () => showSource("end"),
    /showSource: end is declared in src\/.*, src\/.*; pass options.file to choose/,
  );
  assert.throws(
    () => showSource("end", { file: "src/nowhere.ts" }),
    /showSource: options.file must be a .ts file under src\/, got "src\/nowhere.ts"/,
  );
});

Deno.test("showSource: a } at column 0 inside a template literal does not end the declaration", async () => {
  // stepperHtml builds an inline script in a template literal whose lines
  // start at column 0, `}` included.
  const notebook = await import("../src/notebook/mod.ts");
  const view = showSource(notebook.stepperHtml, { doc: false });
  const lines = Deno.readTextFileSync(
    new URL(`../${view.file}`, import.meta.url),
  ).split("\n");
  const end = lines.findIndex((line, i) =>
    i >= view.line - 1 && line === "}" &&
    lines[i + 1] === "" && lines[i + 2]!.startsWith("/**")
  );
  assert.equal(view.line - 1 + view.text.split("\n").length - 1, end);
  assert.match(view.text, /<script>\$\{script\}<\/script><\/div>`;\n}$/);
  // Every function in the notebook and session modules, whole.
  const session = await import("../src/play/mod.ts");
  for (const value of [...Object.values(notebook), ...Object.values(session)]) {
    if (typeof value !== "function") continue;
    const text = showSource(value as () => unknown, { doc: false }).text;
    assert.match(text, /\n}$/, value.name);
  }
});

// The notebooks' code cells, read as the kernel runs them.
const NOTEBOOKS = new URL("../notebooks/", import.meta.url);

interface Cell {
  cell_type: string;
  source: string[] | string;
}

function notebooks(): {
  name: string;
  cells: { type: string; text: string }[];
}[] {
  return [...Deno.readDirSync(NOTEBOOKS)]
    .filter((entry) => entry.name.endsWith(".ipynb"))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const json = JSON.parse(
        Deno.readTextFileSync(new URL(name, NOTEBOOKS)),
      ) as { cells: Cell[] };
      return {
        name,
        cells: json.cells.map((cell) => ({
          type: cell.cell_type,
          text: Array.isArray(cell.source) ? cell.source.join("") : cell.source,
        })),
      };
    });
}

/** The text between the parenthesis at `open` and its match. */
function argumentsAt(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0) return text.slice(open + 1, i);
  }
  throw new Error(`unbalanced call at ${open}: ${text.slice(open, open + 60)}`);
}

Deno.test("every showSource call in the notebooks names a declaration that exists, the textbook's first", () => {
  let calls = 0;
  for (const { name, cells } of notebooks()) {
    const views: string[] = [];
    for (const { type, text } of cells) {
      if (type !== "code") continue;
      for (const match of text.matchAll(/\bshowSource\(/g)) {
        const args = argumentsAt(text, match.index + match[0].length - 1);
        const subject = /^\s*(?:"([^"]+)"|([A-Za-z_$][\w$.]*))/.exec(args);
        assert.ok(subject, `${name}: showSource(${args}) has no subject`);
        const file = /\bfile:\s*"([^"]+)"/.exec(args)?.[1];
        const doc = /\bdoc:\s*false\b/.test(args) ? false : undefined;
        const wanted = subject[1] ?? subject[2]!.split(".").at(-1)!;
        const view = showSource(wanted, {
          ...(file === undefined ? {} : { file }),
          ...(doc === undefined ? {} : { doc }),
        });
        if (file !== undefined) assert.equal(view.file, file, name);
        assert.match(
          view.text,
          new RegExp(`\\b${wanted.split(".").at(-1)!.replace("#", "")}\\b`),
        );
        views.push(view.file);
        calls++;
      }
    }
    assert.ok(views.length >= 2, `${name} shows ${views.length} declarations`);
    // Textbook first, then the engine's code it measures.
    assert.match(
      views[0]!,
      /^src\/textbook\//,
      `${name} starts with ${views[0]}`,
    );
    assert.ok(
      views.some((file) => !file.startsWith("src/textbook/")),
      `${name} shows no engine code`,
    );
  }
  assert.ok(calls >= 20, `only ${calls} showSource calls`);
});

const SEARCHERS = [
  "minimax",
  "negamax",
  "alphaBeta",
  "aspiration",
  "pvs",
  "mtdf",
  "sssStar",
  "iterativeDeepening",
  "quiescence",
  "mcts",
  "solveConnectFour",
];

Deno.test("every try-it cell catches the reader's bad input, and every search in it has a budget", () => {
  let tryIts = 0;
  for (const { name, cells } of notebooks()) {
    const mine = cells.filter(({ type, text }) =>
      type === "code" && /^const my[A-Z]/m.test(text)
    );
    assert.ok(mine.length > 0, `${name} has no try-it cell`);
    for (const { text } of mine) {
      const first = text.split("\n")[0]!;
      assert.match(first, /^\/\/ Try it/, `${name}: ${first}`);
    }
    const cellsToCheck = cells.filter(({ type, text }) =>
      type === "code" && text.startsWith("// Try it")
    );
    for (const { text } of cellsToCheck) {
      const title = `${name}: ${text.split("\n")[0]}`;
      assert.match(text, /\btryIt\(/, `${title} does not wrap its input`);
      // Searchers the code uses (not words inside strings, as a title).
      const code = text.replace(/"[^"\n]*"/g, '""');
      const used = SEARCHERS.filter((s) => new RegExp(`\\b${s}\\b`).test(code));
      if (used.length > 0) {
        assert.match(text, /\b(maxNodes|timeMs)\b/, `${title} has no budget`);
      }
      for (const searcher of SEARCHERS) {
        for (const m of text.matchAll(new RegExp(`\\b${searcher}\\(`, "g"))) {
          const args = argumentsAt(text, m.index + m[0].length - 1);
          assert.match(
            args,
            /\b(maxNodes|timeMs)\b/,
            `${title}: ${searcher}(${args}) has no budget`,
          );
        }
      }
      tryIts++;
    }
    // Trees, heaps and counts are text the library reads, whose typos are
    // the parser's one line with line and column: the same typo in an array
    // literal is a syntax error, which JupyterLab shows with no message.
    for (const { text } of cellsToCheck) {
      for (const m of text.matchAll(/^const (my[A-Z]\w*) = \[/gm)) {
        assert.fail(
          `${name}: ${
            m[1]
          } is an array literal: make it text the library parses`,
        );
      }
    }
    // The section says what a syntax error really shows (nothing: the Deno
    // kernel's reply carries no message) and how to see it.
    if (cellsToCheck.length > 0) {
      const said = cells.filter(({ type }) => type === "markdown").map((
        { text },
      ) => text.replace(/\s+/g, " ")).join("\n");
      assert.match(said, /shows nothing at all in JupyterLab/, name);
      assert.match(said, /npx --yes deno@2\.9\.6 repl/, name);
      assert.doesNotMatch(
        said,
        /Execution failed/,
        `${name} promises "Execution failed"`,
      );
    }
  }
  assert.ok(tryIts >= 15, `only ${tryIts} try-it cells`);
  // Chess has one: a FEN, a depth and a node budget.
  const chess = notebooks().find(({ name }) => name === "08_chess.ipynb")!;
  const fen = chess.cells.find(({ text }) => text.startsWith("// Try it"))!;
  assert.match(fen.text, /const myFen = /);
  assert.match(fen.text, /depth: myDepth, maxNodes: myBudget/);
  assert.match(fen.text, /moveToSan/);
  assert.match(fen.text, /stoppedByBudget/);
});

Deno.test("the notebooks' words: English only, SSS\\* escaped, row ids that exist, Nim heaps from 1", () => {
  const rows = JSON.parse(
    Deno.readTextFileSync(new URL("../figures/rows.json", import.meta.url)),
  ) as { lessons: { rows: { id: string }[] }[] };
  const ids = new Set(rows.lessons.flatMap((l) => l.rows.map((r) => r.id)));
  for (const { name, cells } of notebooks()) {
    for (const { type, text } of cells) {
      assert.doesNotMatch(text, /[\u0400-\u04FF\u4E00-\u9FFF]/, name);
      if (type === "markdown") {
        assert.doesNotMatch(text, /SSS\*/, `${name}: SSS* unescaped`);
      }
      // A lettered id cited anywhere names a row that exists.
      for (const [id] of text.matchAll(/\bT00\d\.\d+[a-j]\b/g)) {
        assert.ok(ids.has(id), `${name} cites ${id}, which is no row`);
      }
    }
  }
  const nim = notebooks().find(({ name }) => name.startsWith("05_"))!;
  const code = nim.cells.filter(({ type }) => type === "code")
    .map(({ text }) => text).join("\n");
  assert.doesNotMatch(code, /\$\{heap\}: \$\{take\}/);
  assert.match(code, /from heap \$\{heap \+ 1\}/);
});

Deno.test("showSource: an overloaded function through its body, a one-line method alone, a file that does not declare the name named", () => {
  const overloaded = showSource("solveConnectFour");
  const text = overloaded.markdown;
  // Both signatures, then the implementation's body and its closing brace.
  assert.equal(text.match(/^export function solveConnectFour\(/gm)?.length, 3);
  assert.match(
    text,
    /return solver\.solve\(position, options\);\n\}\n`+\n$/,
  );
  const oneLine = showSource("AlphaBetaPlayer.newGame", { doc: false });
  assert.match(
    oneLine.markdown,
    /\n```ts\n {2}newGame\(_seed: number\): void \{\}\n```\n$/,
  );
  assert.throws(
    () => showSource("minimax", { file: "src/textbook/negamax.ts" }),
    /^Error: showSource: src\/textbook\/negamax\.ts declares no minimax \(looked for/,
  );
});

Deno.test("showSource: a member without a body ends at its own line (an interface's, an abstract one); a member it cannot end is an error naming it", () => {
  // An interface's method signature: it ended at no "  }" and showed nothing.
  const play = showSource("Position.play");
  assert.equal(play.file, "src/position.ts");
  assert.match(play.text, /^ {2}\/\*\*\n[^]*\n {2}play\(move: Move\): void;$/);
  assert.equal(play.text.split("\n").filter((l) => /;$/.test(l)).length, 1);
  const bare = showSource("Position.play", { doc: false });
  assert.equal(bare.text, "  play(move: Move): void;");
  assert.equal(bare.line, play.line + play.text.split("\n").length - 1);
  // An abstract method: "abstract" was not among the modifiers looked for.
  assert.equal(
    showSource("DelegatingPosition.clone", { doc: false }).text,
    "  abstract clone(): this;",
  );
});

Deno.test("memberLines: signatures over several lines, overloads, one-line bodies; a body never closed is reported", () => {
  const lines = [
    "export abstract class C {",
    "  /** Doc. */",
    "  abstract clone(): this;",
    "  run(",
    "    options: { depth: number; nodes: number },",
    "  ): void {",
    "    return;",
    "  }",
    "  size(a: string): number;",
    "  /** Overload. */",
    "  size(a: number): number;",
    "  size(a: unknown): number {",
    "    return 0;",
    "  }",
    "  reset(): void {}",
    "  broken(): void {",
    "}",
  ];
  assert.deepEqual(memberLines(lines, 0, 16, "clone"), { start: 2, end: 2 });
  assert.deepEqual(memberLines(lines, 0, 16, "run"), { start: 3, end: 7 });
  assert.deepEqual(memberLines(lines, 0, 16, "size"), { start: 8, end: 13 });
  assert.deepEqual(memberLines(lines, 0, 16, "reset"), { start: 14, end: 14 });
  assert.deepEqual(memberLines(lines, 0, 16, "broken"), { missing: "end" });
  assert.deepEqual(memberLines(lines, 0, 16, "nope"), { missing: "member" });
});
