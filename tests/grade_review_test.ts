// `deno task grade` against the submissions of a security review: each
// crafted one is graded by the grader's library entry (gradeFolder), and its
// verdict is asserted. The submissions are in tests/fixtures/grade_review/,
// or written by the tests where their imports depend on where the project
// sits.
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { gradeFolder, type GradeRow } from "../src/exercises/grade.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const FIXTURES = fileURLToPath(
  new URL("fixtures/grade_review", import.meta.url),
);

/** The verdicts of the rows, as [exercise, verdict]. */
function verdicts(rows: readonly GradeRow[]): [string, string][] {
  return rows.map((r) => [r.exercise, r.verdict]);
}

/** Grades `source` as one module written in a folder of its own. */
async function gradeSource(
  name: string,
  source: string,
  options: { timeoutSeconds?: number } = {},
): Promise<GradeRow[]> {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/${name}`, source);
    return await gradeFolder(`${dir}/${name}`, {
      timeoutSeconds: options.timeoutSeconds ?? 20,
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/**
 * The relative path, from the submission's copy (one level below the
 * project), that climbs to the file system's root through `src/` with
 * encoded slashes: `../src/..%2F..%2F…`.
 */
function encodedClimb(): string {
  const depth = ROOT.split("/").filter((part) => part !== "").length;
  return `../src/${"..%2F".repeat(depth + 1)}`;
}

Deno.test("grade review: an import whose path holds %, ? or # is refused, since Deno decodes or drops them when it loads (the textbook by %74, tests/ by %2F, any .ts file, a file without extension by ?.ts)", async () => {
  const outside = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(
      `${outside}/key.ts`,
      `export const SECRET = "s3cret";\n`,
    );
    await Deno.writeTextFile(`${outside}/noext`, `export const X = 1;\n`);
    const climb = `${encodedClimb()}${outside.slice(1).split("/").join("%2F")}`;
    const rows = [
      // The textbook's own functions, "t" written %74.
      ...await gradeSource(
        "pct_textbook.ts",
        `export { alphaBeta, minimax, negamax, mex } from "../src/%74extbook/mod.ts";\n`,
      ),
      // The teacher's solutions under tests/, through an encoded slash.
      ...await gradeSource(
        "pct_tests.ts",
        `export { mex } from "../src/..%2Ftests/exercises/right/mex.ts";\n`,
      ),
      ...await gradeSource(
        "read_outside.ts",
        `import { SECRET } from "${climb}/key.ts";\n` +
          `export function mex(values: number[]): number { throw new Error("leaked: " + SECRET); }\n`,
      ),
      ...await gradeSource(
        "query_noext.ts",
        `import "${climb}/noext?.ts";\n` +
          `export function mex(values: number[]) { return 0; }\n`,
      ),
    ];
    assert.deepEqual(verdicts(rows), [
      ["(module)", "refused"],
      ["(module)", "refused"],
      ["(module)", "refused"],
      ["(module)", "refused"],
    ]);
    for (const row of rows) {
      assert.match(row.detail, /holds "%", "\?" or "#"/, row.detail);
    }
  } finally {
    await Deno.remove(outside, { recursive: true });
  }
});

Deno.test("grade review: a submission that replaces the global structuredClone, which the UCT checks call, is refused when it loads: the global is frozen, so it cannot reach the course's tree and sync it with its own", async () => {
  const rows = await gradeFolder(`${FIXTURES}/uct_sync.ts`);
  assert.deepEqual(verdicts(rows), [["(module)", "refused"]]);
  assert.match(rows[0]!.detail, /frozen built-in/);
});

Deno.test("grade review: a value whose constructor getter throws is described without calling it (minimax wrong), and the exercises after it are still checked (mex passed)", async () => {
  const rows = await gradeFolder(`${FIXTURES}/throwing_constructor.ts`);
  assert.deepEqual(verdicts(rows), [["minimax", "wrong"], ["mex", "passed"]]);
  assert.match(rows[0]!.detail, /^minimax\(tree, \d\) returned an object/);
});

Deno.test("grade review: a submission that reads every string of its isolate (a heap snapshot through node:v8) finds no token to forge its results with: the results are written by the subprocess's main isolate, where no submission code runs", async () => {
  const rows = await gradeFolder(`${FIXTURES}/forge_via_snapshot.ts`);
  assert.deepEqual(verdicts(rows), [["(module)", "crashed"]]);
  assert.equal(
    rows[0]!.detail,
    "the process exited with code 0 while it loaded",
  );
});

Deno.test("grade review: a module outside the submission's graph (the textbook, by a specifier built at run time) cannot be loaded: refused, not crashed", async () => {
  const rows = await gradeFolder(`${FIXTURES}/dynamic_textbook.ts`);
  assert.deepEqual(verdicts(rows), [["(module)", "refused"]]);
  assert.match(
    rows[0]!.detail,
    /^the submission tried what it may not: Requires read access to "[^"]*\/src\/textbook\/mod\.ts"(, run again with the --allow-read flag)?$/,
  );
});

Deno.test("grade review: what a submission stores in the Cache API (kept on disk by origin) is not there for a later submission: each subprocess has an origin of its own, removed after it", async () => {
  const rows = await gradeFolder(`${FIXTURES}/storage`);
  assert.deepEqual(
    rows.map((r) => [r.submission, r.exercise, r.verdict]),
    [["a_writer.ts", "mex", "passed"], ["b_reader.ts", "mex", "wrong"]],
  );
  assert.match(rows[1]!.detail, /returned -1/);
});

Deno.test("grade review: a notebook cell that leaves a block comment open does not swallow the grader's export (mex is checked), and a load error names the cell and line, not the grader's copy", async () => {
  const notebook = (...cells: string[]) =>
    JSON.stringify({
      nbformat: 4,
      cells: cells.map((source) => ({ cell_type: "code", source })),
    });
  const rows = [
    ...await gradeSource(
      "comment.ipynb",
      notebook("function mex(values: number[]) { return 0; }\n/*"),
    ),
    ...await gradeSource(
      "dup.ipynb",
      notebook(
        "function mex(values: number[]) { return 0; }",
        "export const __exercises = 1;",
      ),
    ),
  ];
  assert.deepEqual(verdicts(rows), [["mex", "wrong"], ["(module)", "crashed"]]);
  assert.match(
    rows[1]!.detail,
    /already been declared at the grader.s export after the cells \(a cell declares __exercises\)$/,
  );
  assert.doesNotMatch(rows[1]!.detail, /submission\.ts|\.grading-/);
});

Deno.test("grade review: a symbolic link given as the folder (or file) is named as one that the grader does not follow", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/right.ts`, "export const x = 1;\n");
    await Deno.symlink(`${dir}/right.ts`, `${dir}/link.ts`);
    await Deno.symlink(dir, `${dir}/folder_link`);
    for (const link of [`${dir}/link.ts`, `${dir}/folder_link`]) {
      await assert.rejects(
        () => gradeFolder(link),
        new Error(
          `grade: ${
            JSON.stringify(link)
          } is a symbolic link, which the grader does not follow (a link could name any file of the machine): give the folder or file it leads to`,
        ),
      );
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("grade review: an alphaBetaWithTable whose table only remembers the root call's answer is wrong: on a fresh table with transpositions it enters as many nodes as alpha-beta without a table", async () => {
  const rows = await gradeFolder(`${FIXTURES}/table_root_memo.ts`);
  assert.deepEqual(verdicts(rows), [["alphaBetaWithTable", "wrong"]]);
  assert.match(
    rows[0]!.detail,
    /on a fresh table entered \d+ nodes, as many as alpha-beta without a table \(\d+\); the course's alphaBetaWithTable enters \d+: .* not only at the root$/,
  );
});

Deno.test("grade review: an exercise function that hands its position to the library's search (the textbook's, reached through an allowed module, or the engine's of ../mod.ts) (or its list to the library's mex) is refused, naming the library's function", async () => {
  const rows = [
    ...await gradeFolder(`${FIXTURES}/wrap_textbook.ts`),
    ...await gradeFolder(`${FIXTURES}/engine_wrapper.ts`),
    ...await gradeFolder(`${FIXTURES}/mex_wrapper.ts`),
  ];
  assert.deepEqual(verdicts(rows), [
    ["minimax", "refused"],
    ["alphaBeta", "refused"],
    ["mex", "refused"],
    ["minimax", "refused"],
    ["negamax", "refused"],
    ["mex", "refused"],
  ]);
  assert.match(
    rows[5]!.detail,
    /^mex calls the library's mex \(src\/games\/grundy\.ts\), which read the list it was given: a submission writes its own$/,
  );
  assert.match(
    rows[0]!.detail,
    /^minimax calls the library's minimax \(src\/textbook\/minimax\.ts\), which played move \d+ at the root: a submission writes its own search$/,
  );
  assert.match(rows[3]!.detail, /calls the library's \S+ \(src\/search\//);
});
