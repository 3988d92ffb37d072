// `deno task grade DIR` (src/exercises/grade.ts, cli/grade.ts): a folder of
// right, wrong, crashing, hanging and hostile submissions, modules and
// notebooks, graded into one table, each submission in a subprocess with no
// permission, a time limit and a memory limit, none stopping the others.
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import {
  gradeFolder,
  type GradeRow,
  gradeTable,
} from "../src/exercises/grade.ts";
import {
  findSubmissions,
  importBreaksRule,
  notebookModule,
  resolvedImports,
} from "../src/exercises/submissions.ts";
import { runCli } from "./_cli.ts";

const ROOT = new URL("../", import.meta.url);
const FIXTURES = fileURLToPath(new URL("fixtures/grade", import.meta.url));
// As deno.json's task: -A, since Deno lets only that read /proc, where the
// grader watches a submission's resident memory.
const PERMISSIONS = ["-A"];

/**
 * The folders the grader running as process `pid` writes its subprocesses'
 * modules into. Only its own: the doc examples grade at the same time.
 */
function gradingFolders(pid: number): string[] {
  return [...Deno.readDirSync(ROOT)]
    .filter((entry) =>
      entry.name.startsWith(`.grading-${pid}-`) ||
      entry.name.startsWith(`.grading-checks-${pid}-`)
    )
    .map((entry) => entry.name);
}

/** The rows of the table `deno task grade` prints: columns apart by two spaces or more. */
function tableRows(stdout: string): GradeRow[] {
  const [header, ...lines] = stdout.trimEnd().split("\n");
  assert.match(header!, /^submission\s+exercise\s+verdict\s+detail$/);
  return lines.map((line) => {
    const [submission, exercise, verdict, ...detail] = line.split(/ {2,}/);
    return {
      submission: submission!,
      exercise: exercise!,
      verdict: verdict as GradeRow["verdict"],
      detail: detail.join("  "),
    };
  });
}

Deno.test("deno task grade tests/fixtures/grade (README's command): right, wrong, crashing, hanging and hostile submissions each get their row, and none stops the others", async () => {
  // As README.md shows it.
  const run = await runCli(
    "grade.ts",
    ["tests/fixtures/grade", "--timeout", "3", "--memory", "128"],
    { permissions: PERMISSIONS },
  );
  console.log(run.stdout);
  console.log(`graded in ${(run.ms / 1000).toFixed(1)} s`);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stderr, "");
  const rows = tableRows(run.stdout);
  const verdicts = rows.map((r) => [r.submission, r.exercise, r.verdict]);
  assert.deepEqual(verdicts, [
    ["crashing.ts", "minimax", "crashed"],
    ["crashing.ts", "mex", "passed"],
    ["empty.ts", "(module)", "refused"],
    ["hanging.ts", "negamax", "timed out"],
    ["hanging.ts", "mex", "passed"],
    ["hostile_answer_key.ipynb", "(module)", "refused"],
    ["hostile_arbitrary.ipynb", "mex", "wrong"],
    ["hostile_buffers.ts", "mex", "out of memory"],
    ["hostile_fake_row.ts", "(module)", "crashed"],
    ["hostile_globals.ts", "(module)", "refused"],
    ["hostile_import.ipynb", "(module)", "refused"],
    ["hostile_judge.ipynb", "mex", "wrong"],
    ["hostile_library_mex.ipynb", "negamax", "passed"],
    ["hostile_library_mex.ipynb", "mex", "refused"],
    ["hostile_memory.ts", "minimax", "out of memory"],
    ["hostile_network.ts", "(module)", "refused"],
    ["hostile_plugin.ts", "minimax", "wrong"],
    ["hostile_plugin.ts", "alphaBeta", "wrong"],
    ["hostile_plugin.ts", "mex", "wrong"],
    ["hostile_print.ts", "(module)", "refused"],
    ["hostile_prototype.ipynb", "minimax", "wrong"],
    ["hostile_read.ts", "(module)", "refused"],
    ["hostile_settings.ts", "mex", "wrong"],
    ["hostile_spawn.ts", "mex", "refused"],
    ["hostile_spoof.ts", "mex", "wrong"],
    ["hostile_tojson.ts", "(module)", "refused"],
    ["hostile_token.ts", "mex", "wrong"],
    ["library_right.ts", "negamax", "passed"],
    ["library_right.ts", "mex", "passed"],
    ["library_wrong.ts", "mex", "wrong"],
    ["not_a_notebook.ipynb", "(module)", "refused"],
    ["notebook_library_right.ipynb", "negamax", "passed"],
    ["notebook_library_right.ipynb", "mex", "passed"],
    ["notebook_library_wrong.ipynb", "negamax", "wrong"],
    ["notebook_library_wrong.ipynb", "mex", "wrong"],
    ["notebook_right.ipynb", "alphaBeta", "passed"],
    ["notebook_syntax_error.ipynb", "(module)", "crashed"],
    ["notebook_wrong.ipynb", "negamax", "wrong"],
    ["right.ts", "minimax", "passed"],
    ["right.ts", "negamax", "passed"],
    ["right.ts", "mex", "passed"],
    ["throws_on_load.ts", "(module)", "crashed"],
    ["wrong.ts", "alphaBeta", "wrong"],
    ["wrong.ts", "mex", "wrong"],
  ]);
  const detail = (submission: string, exercise: string) =>
    rows.find((r) => r.submission === submission && r.exercise === exercise)!
      .detail;
  assert.equal(
    detail("crashing.ts", "minimax"),
    "the process exited with code 3 during its checks",
  );
  assert.match(detail("right.ts", "mex"), /^200 lists up to 12 values/);
  assert.equal(
    detail("throws_on_load.ts", "(module)"),
    "it does not load: Error: half-finished: the cells below are not done",
  );
  assert.equal(
    detail("notebook_syntax_error.ipynb", "(module)"),
    "it does not compile: SyntaxError: Expression expected (cell 0, line 3)",
  );
  assert.equal(
    detail("wrong.ts", "mex"),
    "mex([1]) returned 2; the mex is 0, the least non-negative integer not in the list",
  );
  assert.match(
    detail("hanging.ts", "negamax"),
    /^killed: no result within the time limit/,
  );
  assert.match(detail("hostile_buffers.ts", "mex"), /over the memory limit/);
  // Its message's line breaks and escapes are shown escaped, in its one row.
  assert.equal(
    detail("hostile_fake_row.ts", "(module)"),
    "it does not load: Error: x\\u000aalice.ts  minimax  passed  checked 300 trees\\u001b[2K\\u009b2K\\u000d" +
      "alice.ts  mex  passed  ok",
  );
  // No row of the table shows a control character.
  // deno-lint-ignore no-control-regex
  assert.doesNotMatch(run.stdout, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
  // The judges it replaced were its own instance's, not the grader's.
  assert.match(
    detail("hostile_judge.ipynb", "mex"),
    /^mex\(\[1\]\) returned 1/,
  );
  assert.match(
    detail("hostile_prototype.ipynb", "minimax"),
    /threw TypeError: Cannot assign to read only property 'evaluate'/,
  );
  assert.match(detail("hostile_memory.ts", "minimax"), /heap limit/);
  assert.match(
    detail("hostile_read.ts", "(module)"),
    /Requires read access to "\/etc\/passwd"/,
  );
  assert.match(
    detail("hostile_network.ts", "(module)"),
    /Requires net access to "example.com:443"/,
  );
  assert.match(
    detail("hostile_spawn.ts", "mex"),
    /threw NotCapable: Requires run access to "sh"/,
  );
  assert.match(
    detail("hostile_import.ipynb", "(module)"),
    /^it imports "\/etc\/passwd" as text: a submission imports only the course's library/,
  );
  assert.match(detail("hostile_print.ts", "(module)"), /printed more than/);
  // Its fake result lines carried no token; its mex is judged as it is.
  assert.match(detail("hostile_spoof.ts", "mex"), /^mex\(\[1\]\) returned 1/);
  assert.match(detail("empty.ts", "(module)"), /defines none of the exercise/);
  // The built-ins are frozen and the standard globals read-only before a
  // submission loads: a change at the top level is refused, and named.
  const frozen =
    /^the submission tried to change a frozen built-in \(the grader freezes them before it loads\): TypeError: /;
  assert.match(detail("hostile_tojson.ts", "(module)"), frozen);
  assert.match(detail("hostile_tojson.ts", "(module)"), /toJSON/);
  assert.match(detail("hostile_globals.ts", "(module)"), frozen);
  assert.match(detail("hostile_globals.ts", "(module)"), /'Set'/);
  // Changes hidden in a try did not take: fast-check's settings, the array
  // methods and iterators, Object.is, and the token is nowhere to be read;
  // each wrong mex is judged as it is.
  for (const name of ["hostile_settings.ts", "hostile_token.ts"]) {
    assert.match(detail(name, "mex"), /^mex\(\[1\]\) returned 1; the mex is 0/);
  }
  // fast-check's classes it patched are the npm instance's, not the one
  // bundled with the checks.
  assert.match(
    detail("hostile_arbitrary.ipynb", "mex"),
    /^mex\(\[1\]\) returned 1; the mex is 0/,
  );
  // It read the grader's entry module and a stack trace for the checks'
  // modules and found none to import: the checks are one bundle that
  // exports nothing, with a fast-check of its own.
  assert.match(
    detail("hostile_plugin.ts", "mex"),
    /^mex\(\[1\]\) returned 1; the mex is 0/,
  );
  assert.match(
    detail("hostile_plugin.ts", "minimax"),
    /^minimax\(tree, 1\) returned 42/,
  );
  // The course's reference solutions: the textbook may not be imported, and
  // the library's own function is refused however it came.
  assert.match(
    detail("hostile_answer_key.ipynb", "(module)"),
    /^it imports "\.\.\/src\/textbook\/mod\.ts" .*which holds the course's reference solutions of the exercises: a submission writes its own/,
  );
  assert.equal(
    detail("hostile_library_mex.ipynb", "mex"),
    "mex is the library's own function mex (src/games/grundy.ts), a reference solution of the course: a submission writes its own",
  );
  assert.deepEqual(gradingFolders(run.pid), [], "the grader cleans up");
});

Deno.test("grade: a module and a notebook that import the library's root module (../mod.ts) as the notebooks do load, use it, and are judged: Deno's Node compatibility initialises before the built-ins are frozen", async () => {
  // mod.ts's graph loads node:path, node:url and npm:chess.js; Deno
  // initialises its Node compatibility on the first of them, and that writes
  // to built-ins: after the freeze, every such submission crashed.
  const rows: GradeRow[] = [];
  for (
    const name of [
      "library_right.ts",
      "library_wrong.ts",
      "notebook_library_right.ipynb",
      "notebook_library_wrong.ipynb",
    ]
  ) {
    rows.push(
      ...await gradeFolder(`${FIXTURES}/${name}`, { timeoutSeconds: 20 }),
    );
  }
  assert.deepEqual(
    rows.map((r) => [r.submission, r.exercise, r.verdict, r.detail]),
    [
      ["library_right.ts", "negamax", "passed", rows[0]!.detail],
      ["library_right.ts", "mex", "passed", rows[1]!.detail],
      [
        "library_wrong.ts",
        "mex",
        "wrong",
        "mex([1]) returned 2; the mex is 0, the least non-negative integer not in the list",
      ],
      ["notebook_library_right.ipynb", "negamax", "passed", rows[3]!.detail],
      ["notebook_library_right.ipynb", "mex", "passed", rows[4]!.detail],
      [
        "notebook_library_wrong.ipynb",
        "negamax",
        "wrong",
        rows[5]!.detail,
      ],
      [
        "notebook_library_wrong.ipynb",
        "mex",
        "wrong",
        "mex([1]) returned 2; the mex is 0, the least non-negative integer not in the list",
      ],
    ],
  );
  assert.match(rows[0]!.detail, /^300 trees up to b = 4/);
  assert.match(rows[5]!.detail, /^negamax\(tree, 1\) returned 1/);
});

Deno.test(
  "grade: a grader removes, when it starts, the grading folders of graders that no longer run (SIGKILLed), and only those",
  {
    ignore: Deno.build.os !== "linux",
  },
  async () => {
    // A process that has ended: its pid has no /proc entry.
    const ended = new Deno.Command("true").spawn();
    await ended.status;
    const dead = ended.pid;
    assert.throws(() => Deno.statSync(`/proc/${dead}`), Deno.errors.NotFound);
    // A process ended and not yet reaped (a zombie), as a grader SIGKILLed
    // from a shell that has not waited for it yet: the short `sleep` ends
    // after its shell became the long one, which never reaps it.
    const parent = new Deno.Command("/bin/sh", {
      args: ["-c", "sleep 0.2 & echo $!; exec sleep 30"],
      stdout: "piped",
    }).spawn();
    const reader = parent.stdout.getReader();
    const zombie = Number(
      new TextDecoder().decode((await reader.read()).value),
    );
    reader.releaseLock();
    const state = () => {
      const stat = Deno.readTextFileSync(`/proc/${zombie}/stat`);
      return stat.slice(stat.lastIndexOf(")") + 2).charAt(0);
    };
    while (state() !== "Z") await new Promise((r) => setTimeout(r, 10));
    const root = fileURLToPath(ROOT);
    const stale = [
      `.grading-${dead}-9f3a1c`,
      `.grading-checks-${dead}-9f3a1c`,
      `.grading-${zombie}-9f3a1c`,
    ];
    const kept = [
      `.grading-${Deno.pid}-9f3a1c`, // a grader that runs (this process)
      `.grading-${dead}`, // not the exact pattern: no suffix
      `.grading-${dead}-9f3a1c.keep`, // nor this
      `.gradingx-${dead}-9f3a1c`,
    ];
    for (const name of [...stale, ...kept]) {
      await Deno.mkdir(`${root}${name}`);
      await Deno.writeTextFile(`${root}${name}/submission.ts`, "");
    }
    const empty = await Deno.makeTempDir();
    try {
      assert.deepEqual(await gradeFolder(empty), []);
      const left = new Set([...Deno.readDirSync(root)].map((e) => e.name));
      for (const name of stale) assert.ok(!left.has(name), `${name} removed`);
      for (const name of kept) assert.ok(left.has(name), `${name} kept`);
    } finally {
      for (const name of [...stale, ...kept]) {
        await Deno.remove(`${root}${name}`, { recursive: true }).catch(
          () => {},
        );
      }
      await Deno.remove(empty, { recursive: true });
      parent.kill("SIGKILL");
      await parent.status;
      await parent.stdout.cancel();
    }
  },
);

Deno.test("grade: checkExercise gives fast-check every setting of its run, so a global plugin or configuration of the process cannot make a wrong function pass", async () => {
  const dir = await Deno.makeTempDir({ prefix: "grade_fc_global_" });
  try {
    const check = new URL("../src/exercises/check.ts", import.meta.url);
    await Deno.writeTextFile(
      `${dir}/probe.ts`,
      `import fc from "fast-check";
import { checkExercise } from ${JSON.stringify(check.href)};
fc.installGlobalPlugin(() => ({ decorateRun: () => () => null }));
fc.configureGlobal({ numRuns: 1, examples: [[[0]]], endOnFailure: true });
const report = checkExercise("mex", (values: number[]) => values.length);
console.log(JSON.stringify([report.passed, report.failure?.message ?? null]));
`,
    );
    const run = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--quiet",
        `--config=${fileURLToPath(new URL("deno.json", ROOT))}`,
        `${dir}/probe.ts`,
      ],
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(run.code, 0, new TextDecoder().decode(run.stderr));
    assert.deepEqual(JSON.parse(new TextDecoder().decode(run.stdout)), [
      false,
      "mex([1]) returned 1; the mex is 0, the least non-negative integer not in the list",
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("grade: gradeFolder gives the same rows to a program, as it finds them", async () => {
  const seen: GradeRow[] = [];
  const rows = await gradeFolder(`${FIXTURES}/wrong.ts`, {
    onRow: (row) => seen.push(row),
  });
  assert.deepEqual(seen, rows);
  assert.deepEqual(rows.map((r) => [r.exercise, r.verdict]), [
    ["alphaBeta", "wrong"],
    ["mex", "wrong"],
  ]);
  assert.match(
    gradeTable(rows),
    /^submission {2}exercise {3}verdict {2}detail\n/,
  );
});

Deno.test("grade: the time limit counts CPU seconds, so waiting is no fault, and a wall clock five times longer stops a process that waits for ever", async () => {
  const dir = await Deno.makeTempDir({ prefix: "grade_clock_" });
  try {
    // Atomics.wait blocks the process without using the CPU, as a machine
    // too busy to run it would: 1.5 s of waiting against a limit of 1 CPU s.
    const wait = (ms: string) =>
      `const cell = new Int32Array(new SharedArrayBuffer(4));
let waited = false;
export function mex(values: number[]): number {
  if (!waited) { waited = true; Atomics.wait(cell, 0, 0, ${ms}); }
  let value = 0;
  while (values.includes(value)) value++;
  return value;
}
`;
    await Deno.writeTextFile(`${dir}/waits.ts`, wait("1500"));
    await Deno.writeTextFile(`${dir}/waits_for_ever.ts`, wait("Infinity"));
    const rows = await gradeFolder(dir, { timeoutSeconds: 1 });
    assert.deepEqual(rows.map((r) => [r.submission, r.verdict]), [
      ["waits.ts", "passed"],
      ["waits_for_ever.ts", "timed out"],
    ]);
    assert.match(rows[1]!.detail, /^killed: no result within the time limit/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("grade: a notebook becomes its code cells and an export of the exercise functions; the import rule", () => {
  assert.throws(
    () => notebookModule(JSON.stringify({ nbformat: 3, worksheets: [] })),
    /^RefusedSubmission: not a notebook of nbformat 4 with a list of cells \(nbformat 3\)$/,
  );
  assert.throws(
    () =>
      notebookModule(
        JSON.stringify({
          nbformat: 4,
          cells: [{ cell_type: "code", source: 3 }],
        }),
      ),
    /cell 0 has a source that is neither text nor a list of lines/,
  );
  const root = "file:///course/";
  const breaks = (specifier: string, resolved: string, attribute?: string) =>
    importBreaksRule(
      { specifier, resolved, ...(attribute ? { attribute } : {}) },
      root,
    );
  assert.equal(
    breaks("../src/textbook/moves.ts", `${root}src/textbook/moves.ts`),
    null,
  );
  assert.equal(breaks("../mod.ts", `${root}mod.ts`), null);
  for (const module of ["mod.ts", "minimax.ts", "grundy.ts", "uct.ts"]) {
    assert.match(
      breaks(`../src/textbook/${module}`, `${root}src/textbook/${module}`)!,
      /holds the course's reference solutions of the exercises/,
    );
  }
  assert.equal(
    importBreaksRule({
      specifier: "../src/textbook/uct.ts",
      resolved: `${root}src/textbook/uct.ts`,
      typeOnly: true,
    }, root),
    null,
  );
  assert.match(
    breaks("npm:left-pad", "npm:left-pad")!,
    /imports "npm:left-pad"/,
  );
  assert.match(
    breaks("https://example.com/x.ts", "https://example.com/x.ts")!,
    /a submission imports only the course's library/,
  );
  assert.match(breaks("../deno.json", `${root}deno.json`, "json")!, /as json/);
  assert.match(
    breaks("../src/data.json", `${root}src/data.json`)!,
    /data\.json/,
  );
  assert.match(
    breaks("../../etc/x.ts", "file:///etc/x.ts")!,
    /file:\/\/\/etc\/x\.ts/,
  );
});

Deno.test("grade: one file may stand for the folder; bad options are named", async () => {
  const one = await findSubmissions(`${FIXTURES}/right.ts`);
  assert.deepEqual(one.map((s) => [s.name, s.kind]), [["right.ts", "module"]]);
  await assert.rejects(
    () => findSubmissions(`${FIXTURES}/../grade_none`),
    /grade: cannot read the folder/,
  );
  await assert.rejects(
    () => gradeFolder(FIXTURES, { timeoutSeconds: 0 }),
    /gradeFolder: options.timeoutSeconds must be an integer in 1…3600, got 0/,
  );
  await assert.rejects(
    () => gradeFolder(FIXTURES, { onRow: "print" as never }),
    /gradeFolder: options.onRow must be a function, got "print"/,
  );
  await assert.rejects(
    () => gradeFolder(FIXTURES, { signal: "stop" as never }),
    /gradeFolder: options.signal must be an AbortSignal, got "stop"/,
  );
  await assert.rejects(
    () => gradeFolder(FIXTURES, { memory: 64 } as never),
    /gradeFolder: unknown option "memory"; known options: timeoutSeconds, memoryMb/,
  );
  await assert.rejects(
    () => findSubmissions(fileURLToPath(new URL("deno.json", ROOT))),
    /grade: ".*deno\.json" is neither a folder nor a \.ts module or \.ipynb notebook/,
  );
});

Deno.test("grade: the deno helper runs (deno info) stop on the abort signal; gradeFolder rejects with its reason", async () => {
  const config = fileURLToPath(new URL("deno.json", ROOT));
  const stopped = new Error("stopped by the test");
  await assert.rejects(
    resolvedImports(`${FIXTURES}/right.ts`, config, {
      signal: AbortSignal.abort(stopped),
    }),
    (error) => error === stopped,
  );
  await assert.rejects(
    gradeFolder(`${FIXTURES}/right.ts`, { signal: AbortSignal.abort(stopped) }),
    (error) => error === stopped,
  );
  // Within its time limit it answers as before.
  const imports = await resolvedImports(`${FIXTURES}/right.ts`, config, {
    timeoutMs: 120_000,
  });
  assert.ok(imports.every((i) => importBreaksRule(i, ROOT.href) === null));
});

Deno.test("deno task grade: the table, --json, and what it says to a bad command line or an empty folder", async () => {
  const table = await runCli("grade.ts", [`${FIXTURES}/right.ts`], {
    permissions: PERMISSIONS,
  });
  assert.equal(table.code, 0, table.stderr);
  const lines = table.stdout.trim().split("\n");
  assert.equal(lines.length, 4);
  assert.match(lines[0]!, /^submission\s+exercise\s+verdict\s+detail$/);
  assert.match(lines[1]!, /^right\.ts\s+minimax\s+passed\s+300 trees/);
  const json = await runCli(
    "grade.ts",
    [`${FIXTURES}/wrong.ts`, "--json", "--timeout=10"],
    { permissions: PERMISSIONS },
  );
  assert.equal(json.code, 0, json.stderr);
  const rows = json.stdout.trim().split("\n").map((line) => JSON.parse(line));
  assert.deepEqual(rows.map((r) => [r.exercise, r.verdict]), [
    ["alphaBeta", "wrong"],
    ["mex", "wrong"],
  ]);
  // A message with line breaks and terminal escapes: one line of JSON, no
  // control character, the message whole once parsed.
  const forged = await runCli(
    "grade.ts",
    [`${FIXTURES}/hostile_fake_row.ts`, "--json"],
    { permissions: PERMISSIONS },
  );
  assert.equal(forged.code, 0, forged.stderr);
  const forgedLines = forged.stdout.trimEnd().split("\n");
  assert.equal(forgedLines.length, 1);
  // deno-lint-ignore no-control-regex
  assert.doesNotMatch(forgedLines[0]!, /[\u0000-\u001f\u007f-\u009f]/);
  assert.equal(
    JSON.parse(forgedLines[0]!).detail,
    "it does not load: Error: x\nalice.ts  minimax  passed  checked 300 trees\u001b[2K\u009b2K\r" +
      "alice.ts  mex  passed  ok",
  );
  const none = await runCli("grade.ts", [], { permissions: PERMISSIONS });
  assert.equal(none.code, 2);
  assert.match(none.stderr, /^grade: which folder\? Give DIR/);
  const empty = await Deno.makeTempDir({ prefix: "grade-empty-" });
  try {
    const nothing = await runCli("grade.ts", [empty], {
      permissions: PERMISSIONS,
    });
    assert.equal(nothing.code, 1);
    assert.match(
      nothing.stderr,
      /^grade: no submission \(.ts module or .ipynb notebook\) in /,
    );
  } finally {
    await Deno.remove(empty, { recursive: true });
  }
});

/**
 * The processes whose command line names a folder of the grader running as
 * process `pid` and contains `what` (`entry.ts`: a submission's run).
 */
function gradingProcesses(pid: number, what = "/.grading-"): string[] {
  const found: string[] = [];
  for (const entry of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    try {
      const line = Deno.readTextFileSync(`/proc/${entry.name}/cmdline`);
      const ours = line.includes(`/.grading-${pid}-`) ||
        line.includes(`/.grading-checks-${pid}-`);
      if (ours && line.includes(what)) {
        found.push(entry.name);
      }
    } catch { /* gone */ }
  }
  return found;
}

for (const [signal, status] of [["SIGINT", 130], ["SIGHUP", 129]] as const) {
  Deno.test({
    name:
      `deno task grade: ${signal} kills the running submission with it and removes its folder, exit ${status}; the submission runs under a kernel CPU limit`,
    ignore: Deno.build.os !== "linux",
    async fn() {
      const child = new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "--quiet",
          ...PERMISSIONS,
          fileURLToPath(new URL("cli/grade.ts", ROOT)),
          `${FIXTURES}/hanging.ts`,
          "--timeout",
          "600",
        ],
        stdin: "null",
        stdout: "piped",
        stderr: "piped",
        env: { NO_COLOR: "1" },
      }).spawn();
      // Wait until the submission's process runs its endless negamax.
      const deadline = Date.now() + 60_000;
      while (
        gradingProcesses(child.pid, "entry.js").length === 0 &&
        Date.now() < deadline
      ) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const running = gradingProcesses(child.pid, "entry.js");
      assert.ok(running.length > 0, "the submission runs");
      await new Promise((resolve) => setTimeout(resolve, 1000));
      // The kernel would end it even if the grader died without killing it:
      // its CPU seconds are limited, a little above the run's own limits
      // (20 s to start and 600 s for each of the 11 exercises, + 10).
      const limits = Deno.readTextFileSync(`/proc/${running[0]}/limits`);
      assert.match(limits, /^Max cpu time\s+6630\s+6630\s+seconds/m);
      child.kill(signal);
      const output = await child.output();
      assert.equal(output.code, status);
      assert.match(
        new TextDecoder().decode(output.stderr),
        /^grade: interrupted; the running submission was killed/m,
      );
      assert.deepEqual(gradingProcesses(child.pid), []);
      assert.deepEqual(gradingFolders(child.pid), []);
    },
  });
}

Deno.test("grade: hardenIntrinsics freezes the built-ins and the standard globals' names, and code that overrides an inherited name or toString still runs", async () => {
  const dir = await Deno.makeTempDir({ prefix: "grade_harden_" });
  try {
    const harden = new URL("../src/exercises/_harden.ts", import.meta.url);
    await Deno.writeTextFile(
      `${dir}/probe.ts`,
      `import { hardenIntrinsics } from ${JSON.stringify(harden.href)};
hardenIntrinsics();
const refused = (change: () => unknown) => {
  try { change(); return "changed"; } catch (e) { return (e as Error).name; }
};
class WalkError extends Error {
  constructor() { super("lost"); this.name = "WalkError"; }
}
const plain: { toString?: () => string } = {};
plain.toString = () => "mine";
let denied = "";
try { Deno.readTextFileSync("/etc/hostname"); } catch (e) { denied = (e as Error).name; }
console.log(JSON.stringify([
  refused(() => Object.defineProperty(Object.prototype, "toJSON", { value: 1 })),
  refused(() => { (Object.prototype as { toString: unknown }).toString = 1; }),
  refused(() => { Object.getPrototypeOf(Uint8Array.prototype).subarray = 1; }),
  refused(() => { Object.getPrototypeOf([].values()).next = 1; }),
  refused(() => { Object.getPrototypeOf(function* () {}).prototype.next = 1; }),
  refused(() => { (globalThis as { Set: unknown }).Set = Map; }),
  refused(() => { (Error as { prepareStackTrace?: unknown }).prepareStackTrace = 1; }),
  new WalkError().name,
  String(plain),
  denied,
]));
`,
    );
    const run = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--no-config", `${dir}/probe.ts`],
      stdout: "piped",
      stderr: "piped",
    }).output();
    const stderr = new TextDecoder().decode(run.stderr);
    assert.equal(run.code, 0, stderr);
    assert.deepEqual(JSON.parse(new TextDecoder().decode(run.stdout)), [
      ...Array(7).fill("TypeError"),
      "WalkError",
      "mine",
      "NotCapable",
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
