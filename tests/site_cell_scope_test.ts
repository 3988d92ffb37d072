/**
 * What "Edit and run" takes from earlier cells is what the cell reads from
 * outside itself: a name bound inside the cell (a parameter, a block's or
 * a loop's declaration, a catch parameter, a function's var) is the cell's
 * own, and an earlier cell's declaration of the same name stays out; a name
 * the cell reads and does not bind is still taken. Programs are run as the
 * worker runs them, the library a stand-in.
 */

import assert from "node:assert/strict";
import { cellProgram } from "../src/site/cell_program.ts";

/** An earlier cell whose declaration of `data` reads a file (its work). */
const EARLIER = [
  'const data = JSON.parse(Deno.readTextFileSync("../data/big.json"));\nconsole.log(data.length);',
];

/** Whether the program of `cell` takes the earlier `data`. */
function takesData(cell: string, earlier: readonly string[] = EARLIER) {
  return cellProgram(cell, earlier).code.includes("big.json");
}

async function run(code: string): Promise<unknown> {
  const cell = (0, eval)(code) as (gts: unknown) => Promise<unknown>;
  return await cell({ import: () => ({}) });
}

Deno.test("cellProgram: a parameter named as an earlier cell's declaration does not take that declaration", async () => {
  const cell =
    "// Try it\nconst show = (data: number[]) => data.length;\nshow([1, 2, 3])";
  const program = cellProgram(cell, EARLIER);
  assert.doesNotMatch(program.code, /big\.json|readTextFileSync/);
  assert.equal(await run(program.code), 3);
  // A name the cell reads from outside is still taken.
  assert.ok(
    takesData(
      "const show = (xs: number[]) => xs.length + data.length;\nshow([1])",
    ),
  );
});

Deno.test("cellProgram: names bound in the cell's own scopes are its own; names read from outside are taken", () => {
  const own = [
    "function f(data: number) { return data; }\nf(1)",
    "function f() { var data = 2; return data; }\nf()",
    "function f() { if (true) { var data = 2; } return data; }\nf()",
    "const f = function data() { return data; };\nf()",
    "const f = ({ data }: { data: number }) => data;\nf({ data: 1 })",
    "const f = ([data]: number[]) => data;\nf([1])",
    "const f = (...data: number[]) => data;\nf(1)",
    "{ const data = 1; console.log(data); }",
    "if (true) { let data = 1; data += 1; }",
    "try { throw 1; } catch (data) { console.log(data); }",
    "for (const data of [1, 2]) console.log(data);",
    "for (let data = 0; data < 2; data++) console.log(data);",
    "for (const data in { a: 1 }) console.log(data);",
    "switch (1) { case 1: { const data = 2; console.log(data); } }",
    "switch (1) { case 1: const data = 2; console.log(data); }",
    "class A { m(data: number) { return data; } }\nnew A().m(1)",
    "class data { static make() { return new data(); } }\ndata.make()",
    "const o = { data: 1 };\no.data",
    "const o = { m(data: number) { return data; } };\no.m(1)",
    "outer: for (;;) { break outer; }",
    "const data = 5;\ndata",
  ];
  for (const cell of own) assert.equal(takesData(cell), false, cell);
  const outside = [
    "data",
    "const f = (x = data) => x;\nf()",
    "const o = { data };\no",
    "const o = { [data]: 1 };\no",
    "function f() { return data; }\nf()",
    "function f(data: number) { return data; }\nf(data)",
    "{ const other = data; }",
    "try { data; } catch (e) { e; }",
    "for (const x of data) console.log(x);",
    "class A { m() { return data; } }\nnew A().m()",
    "class A { x = data; }\nnew A()",
    "const f = () => { { const data = 1; } return data; };\nf()",
  ];
  for (const cell of outside) assert.equal(takesData(cell), true, cell);
});

Deno.test("cellProgram: an earlier declaration's own parameters do not take other earlier declarations", () => {
  const earlier = [
    "const data = [1, 2, 3];",
    "const total = (data: number[]) => data.reduce((a, b) => a + b, 0);",
  ];
  const program = cellProgram("total([4, 5])", earlier);
  assert.match(program.code, /const total =/);
  assert.doesNotMatch(program.code, /const data =/);
  // What a declaration reads from outside is taken with it.
  const reads = cellProgram("twice()", [
    "const data = [1, 2, 3];",
    "const twice = () => data.length * 2;",
  ]);
  assert.match(reads.code, /const data = \[1, 2, 3\];/);
});
