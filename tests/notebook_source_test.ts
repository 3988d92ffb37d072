import assert from "node:assert/strict";
import * as lib from "../mod.ts";
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
  const session = await import("../src/session/mod.ts");
  for (const value of [...Object.values(notebook), ...Object.values(session)]) {
    if (typeof value !== "function") continue;
    const text = showSource(value as () => unknown, { doc: false }).text;
    assert.match(text, /\n}$/, value.name);
  }
});
