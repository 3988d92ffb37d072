/**
 * The programs the site's "Edit and run" makes of a notebook cell
 * (src/site/cell_program.ts), run here in Deno with a stand-in library:
 * imports become lookups (named, renamed, default, namespace; type-only
 * ones vanish), the last expression is returned, what the cell uses from
 * earlier cells is put before it (the latest declaration of a name, and
 * what that uses), earlier cells' work is not run, a name declared again
 * shadows the earlier one, and errors have the cell's line and column.
 */

import assert from "node:assert/strict";
import { cellProgram, CellSyntaxError } from "../src/site/cell_program.ts";

/** Runs a program with `modules` as the library; the cell's value. */
async function run(
  code: string,
  modules: Record<string, Record<string, unknown>> = {},
): Promise<unknown> {
  const asked: string[] = [];
  // The test runs the program as the worker does, minus the worker.
  const cell = (0, eval)(code) as (gts: unknown) => Promise<unknown>;
  const value = await cell({
    import(specifier: string) {
      asked.push(specifier);
      const found = modules[specifier];
      if (found === undefined) throw new Error(`no module ${specifier}`);
      return found;
    },
  });
  return value;
}

const LIBRARY = {
  "../mod.ts": { double: (x: number) => 2 * x, default: "the default" },
  "../src/plot/mod.ts": { label: (x: unknown) => `<${x}>` },
};

Deno.test("cellProgram: imports of every form become lookups in the library", async () => {
  const program = cellProgram(
    [
      'import { double as twice } from "../mod.ts";',
      'import type { Position } from "../mod.ts";',
      'import theDefault, * as lib from "../mod.ts";',
      'import { label } from "../src/plot/mod.ts";',
      "const p: Position | null = null;",
      "label(twice(lib.double(3))) + theDefault + String(p)",
    ].join("\n"),
  );
  assert.deepEqual(program.imports, ["../mod.ts", "../src/plot/mod.ts"]);
  assert.doesNotMatch(program.code, /\bimport\s/);
  assert.equal(await run(program.code, LIBRARY), "<12>the defaultnull");
});

Deno.test("cellProgram: the last expression is the value; a declaration last gives none", async () => {
  assert.equal(await run(cellProgram("const a = 2;\na * 21").code), 42);
  assert.equal(
    await run(cellProgram("const a = 2;\nconst b = a;").code),
    undefined,
  );
  assert.equal(
    await run(cellProgram("const a = await Promise.resolve(5);\na").code),
    5,
  );
});

Deno.test("cellProgram: earlier cells give their imports and declarations, not their work", async () => {
  const earlier = [
    'import { double, label } from "../mod.ts";\nthrow new Error("the first cell\'s work must not run");',
    'const myTree = "old";\nconst myBudget = 10;\nconst scaled = double(myBudget);\nthis_is_work();',
    'const myTree = "new";\nconst unused = explode();',
  ];
  const program = cellProgram("`${myTree} ${scaled}`", earlier);
  assert.doesNotMatch(
    program.code,
    /the first cell|this_is_work|explode|"old"/,
  );
  assert.equal(
    await run(program.code, { "../mod.ts": LIBRARY["../mod.ts"] }),
    "new 20",
  );
});

Deno.test("cellProgram: a cell declares a name again, as a later cell may in the kernel", async () => {
  const earlier = [
    'import { double } from "../mod.ts";\nconst a = 1, b = 2;',
    "const a = 10;",
  ];
  // `b` comes from a declaration that also declares `a`, which the later
  // cell declares again, and the cell itself declares `double`.
  const program = cellProgram(
    "const double = (x: number) => x + 1000;\ndouble(a + b)",
    earlier,
  );
  assert.equal(await run(program.code, LIBRARY), 1012);
});

Deno.test("cellProgram: syntax errors name the cell's line and column", () => {
  try {
    cellProgram("const a: number = 1;\nconst b = (a +;\n");
    assert.fail("a cell that does not parse makes a program");
  } catch (error) {
    assert.ok(error instanceof CellSyntaxError);
    assert.equal(error.line, 2);
    assert.equal(error.column, 16);
    assert.equal(error.message, "Unexpected token (line 2, column 16)");
  }
  // An error acorn finds after sucrase (a name declared twice) is mapped back through the types sucrase removed.
  try {
    cellProgram(
      'import { x } from "../mod.ts";\nlet y: number = 1; let y: string = "";',
    );
    assert.fail("a redeclared let parses");
  } catch (error) {
    assert.ok(error instanceof CellSyntaxError, String(error));
    assert.equal(error.line, 2);
    assert.equal(error.column, 24);
  }
  assert.throws(
    () => cellProgram("const a = 1;\nexport { a };"),
    /export is not allowed in a cell .*\(line 2, column 1\)/,
  );
  // An earlier cell that does not parse gives nothing and does not stop the cell.
  assert.equal(cellProgram("1", ["const = broken"]).imports.length, 0);
});

Deno.test("cellProgram: a place in the program maps back to the cell's line and column", async () => {
  const source = [
    "const label: string = 'x';",
    "const broken: { deep?: { value: number } } = {};",
    "broken.deep!.value",
  ].join("\n");
  const program = cellProgram(source, [
    'const unrelated = 1;\nconst label = "shadowed";',
  ]);
  let stack = "";
  try {
    await run(program.code);
  } catch (error) {
    stack = (error as Error).stack ?? "";
  }
  // eval's frames: "at eval (eval at run (file:…), <anonymous>:LINE:COL)".
  const frame = stack.match(/<anonymous>:(\d+):(\d+)/);
  assert.ok(frame, stack);
  const place = program.place(Number(frame[1]), Number(frame[2]));
  // V8 places the failing read at the property's name: `value` of line 3,
  // column 14 of the cell, after "broken.deep!." (the `!` that sucrase
  // removed and the `return (` the program added both accounted for).
  assert.deepEqual(place, { line: 3, column: 14 });
  assert.equal(program.place(1, 1), null, "the wrapper is not the cell");
});

Deno.test("cellProgram: what is not a cell's text is refused, naming the argument", () => {
  assert.throws(
    () => cellProgram(42 as unknown as string),
    /cellProgram: source must be the cell's text \(a string\), got number/,
  );
  assert.throws(
    () => cellProgram("1", ["2", null as unknown as string]),
    /cellProgram: earlier\[1\] must be a cell's text \(a string\), got object/,
  );
  // One cell's text where the list of them goes: "earlier.findIndex is not a function".
  assert.throws(
    () => cellProgram("1", "const a = 2;" as unknown as string[]),
    /^TypeError: cellProgram: earlier must be an array of the cells' texts above it, got "const a = 2;"$/,
  );
});
