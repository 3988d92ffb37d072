import assert from "node:assert/strict";
import type { Notebook, NotebookOutput } from "../src/notebook/jupyter.ts";
import { staleOutputs, VOLATILE_TAG } from "../src/notebook/stale_outputs.ts";

function notebook(outputs: NotebookOutput[][], tags: string[] = []): Notebook {
  return {
    cells: [
      { cell_type: "markdown", source: "# A title" },
      ...outputs.map((cellOutputs) => ({
        cell_type: "code",
        source: "f()",
        metadata: { tags },
        outputs: cellOutputs,
      })),
    ],
  } as Notebook;
}

const display = (data: Record<string, string | string[]>): NotebookOutput =>
  ({ output_type: "display_data", data }) as NotebookOutput;
const stream = (name: string, text: string): NotebookOutput =>
  ({ output_type: "stream", name, text }) as NotebookOutput;

Deno.test("staleOutputs: the same outputs are not stale", () => {
  const outputs = [[
    stream("stdout", "1\n2\n"),
    display({ "text/plain": "x", "text/markdown": ["| a |\n", "| 1 |"] }),
  ]];
  assert.deepEqual(staleOutputs(notebook(outputs), notebook(outputs)), []);
});

Deno.test("staleOutputs: a difference is placed by its MIME type and the line within it", () => {
  const committed = notebook([[display({
    "text/plain": "<IPython.core.display.Markdown object>",
    "text/markdown": ["| a |\n", "| --- |\n", "| 1 |\n"],
  })]]);
  const fresh = notebook([[display({
    "text/plain": "<IPython.core.display.Markdown object>",
    "text/markdown": ["| a |\n", "| --- |\n", "| 2 |\n"],
  })]]);
  assert.deepEqual(staleOutputs(committed, fresh), [{
    cell: 2,
    reason:
      'output 1 differs in its text/markdown at line 3: committed "| 1 |", fresh "| 2 |"',
  }]);
});

Deno.test("staleOutputs: a MIME type more, or another kind of output, is a difference of kind", () => {
  const committed = notebook([[display({ "text/plain": "x" })]]);
  const fresh = notebook([[
    display({ "text/plain": "x", "image/svg+xml": "<svg/>" }),
  ]]);
  assert.deepEqual(staleOutputs(committed, fresh), [{
    cell: 2,
    reason:
      "output 1 is a display of text/plain committed, a display of image/svg+xml, text/plain now",
  }]);
  assert.deepEqual(
    staleOutputs(
      notebook([[stream("stdout", "x")]]),
      notebook([[stream("stderr", "x")]]),
    )[0]!.reason,
    "output 1 is a stream stdout committed, a stream stderr now",
  );
});

Deno.test("staleOutputs: counts of cells and outputs", () => {
  const one = notebook([[stream("stdout", "x")]]);
  assert.deepEqual(staleOutputs(one, notebook([])), [{
    cell: 0,
    reason: "2 cells committed, 1 executed",
  }]);
  assert.deepEqual(staleOutputs(one, notebook([[]])), [{
    cell: 2,
    reason: "1 output(s) committed, 0 now",
  }]);
});

Deno.test("staleOutputs: a volatile cell masks numbers and compares a chart by presence", () => {
  const committed = notebook([[
    stream("stdout", "| n | time |\n| --- | --- |\n| 10 | 1.5 ms |\n"),
    display({ "image/svg+xml": "<svg><text>1.5</text></svg>" }),
  ]], [VOLATILE_TAG]);
  const fresh = notebook([[
    stream("stdout", "| n | time |\n| --- | --- |\n| 10 | 12.25 ms |\n"),
    display({ "image/svg+xml": "<svg><text>12</text><g/></svg>" }),
  ]], [VOLATILE_TAG]);
  assert.deepEqual(staleOutputs(committed, fresh), []);
  const words = notebook([[
    stream("stdout", "| n | time |\n| --- | --- |\n| 10 | 1.5 s |\n"),
    display({ "image/svg+xml": "<svg/>" }),
  ]], [VOLATILE_TAG]);
  assert.deepEqual(
    staleOutputs(committed, words)[0]!.reason,
    'output 1 differs in its stream stdout at line 3: committed "| # | # ms |", fresh "| # | # s |"',
  );
  // Without the tag the same times are a difference.
  assert.deepEqual(
    staleOutputs(
      notebook([[stream("stdout", "1.5 ms")]]),
      notebook([[stream("stdout", "2.5 ms")]]),
    )[0]!.reason,
    'output 1 differs in its stream stdout at line 1: committed "1.5 ms", fresh "2.5 ms"',
  );
});

/** A display whose JSON MIME holds the value itself, as nbformat stores it. */
const jsonDisplay = (value: unknown): NotebookOutput =>
  ({
    output_type: "display_data",
    data: { "application/json": value, "text/plain": "{ nodes: 7 }" },
  }) as NotebookOutput;

Deno.test("staleOutputs: application/json data is compared by its JSON, in plain and volatile cells", () => {
  // Two executions give equal objects, never the same one.
  const committed = () => notebook([[jsonDisplay({ nodes: 7, line: [1, 2] })]]);
  assert.deepEqual(staleOutputs(committed(), committed()), []);
  const volatile = () =>
    notebook([[jsonDisplay({ ms: 1.5, nodes: 7 })]], [VOLATILE_TAG]);
  assert.deepEqual(staleOutputs(volatile(), volatile()), []);
  // In a volatile cell its numbers are masked like any other text's.
  assert.deepEqual(
    staleOutputs(
      volatile(),
      notebook([[jsonDisplay({ ms: 2.25, nodes: 7 })]], [VOLATILE_TAG]),
    ),
    [],
  );
  const fresh = notebook([[jsonDisplay({ nodes: 8, line: [1, 2] })]]);
  assert.deepEqual(staleOutputs(committed(), fresh), [{
    cell: 2,
    reason:
      'output 1 differs in its application/json at line 1: committed "{\\"line\\":[1,2],\\"nodes\\":7}", fresh "{\\"line\\":[1,2],\\"nodes\\":8}"',
  }]);
  // A JSON array is a value, not lines of text to join.
  assert.equal(
    staleOutputs(
      notebook([[jsonDisplay(["a", "b"])]]),
      notebook([[jsonDisplay(["ab"])]]),
    ).length,
    1,
  );
});
