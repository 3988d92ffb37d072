/**
 * `deno task grade DIR`: the exercises' checks over a folder of handed-in
 * modules and notebooks, each submission in a subprocess of its own with no
 * permission (no file, network, environment or program), a memory limit
 * (V8's heap, and the process's resident memory watched), a time limit per
 * exercise counted in the process's CPU seconds, so that a busy machine does
 * not change a verdict (the process is killed; a wall-clock limit several
 * times longer stops a process that waits without computing), and a limit
 * on what it prints.
 * A wrong, crashing, hanging or hostile submission becomes a row of the
 * table and the others go on: when a process is killed during an exercise,
 * a fresh one checks the exercises after it.
 *
 * @module
 */

import {
  checkInteger,
  checkOptions,
  checkSignal,
  describe,
  printable,
  unicodeEscape,
} from "../validate.ts";
import { moduleGraph } from "./_module_graph.ts";
import { fileURLToPath } from "node:url";
import { bundleChecker, TOOL_TIMEOUT_MS } from "./_checker_bundle.ts";
import { commandOutput } from "../command_output.ts";
import type { ChildMessage } from "./_grade_child.ts";
import { EXERCISES } from "./registry.ts";
import {
  findSubmissions,
  importBreaksRule,
  MAX_SUBMISSION_BYTES,
  notebookModule,
  RefusedSubmission,
  resolvedImports,
  type Submission,
  UncompiledSubmission,
  whereInSubmission,
} from "./submissions.ts";

/** What became of one exercise of one submission. */
export type Verdict =
  | "passed"
  | "wrong"
  | "crashed"
  | "timed out"
  | "out of memory"
  | "refused";

/** One row of the grading table. */
export interface GradeRow {
  /** The submission's path in the folder. */
  submission: string;
  /** The exercise, or `(module)` for what concerns the whole submission. */
  exercise: string;
  /** What became of it. */
  verdict: Verdict;
  /** What was checked (passed), the first message (wrong), or what happened. */
  detail: string;
}

/** Options of {@linkcode gradeFolder}. */
export interface GradeOptions {
  /**
   * CPU seconds an exercise's checks may use before the process is killed
   * (default 20); a process that has not answered after five times as many
   * seconds of wall clock is killed too. Where `/proc` cannot be read, the limit is wall clock.
   */
  timeoutSeconds?: number;
  /** Megabytes of V8 heap a submission may use (default 512). */
  memoryMb?: number;
  /** Bytes a submission may print, stdout and stderr together (default 1 MiB). */
  outputLimitBytes?: number;
  /** Called with each row as soon as it is known. */
  onRow?: (row: GradeRow) => void;
  /**
   * Stops the grading: the running subprocess is killed at once and
   * {@linkcode gradeFolder} rejects with the signal's reason.
   */
  signal?: AbortSignal;
}

/** The project's folder, whose `mod.ts` and `src/` a submission may import. */
const ROOT = new URL("../../", import.meta.url);
const ROOT_PATH = decodeURIComponent(ROOT.pathname);

/** Seconds a subprocess gets to start before its first exercise's clock. */
const STARTUP_SECONDS = 20;

/**
 * How many times the time limit a subprocess may go without an answer on
 * the wall clock. The limit proper counts CPU seconds, which a busy machine
 * does not stretch; this one stops a process that waits without computing
 * (on a lock, say), which would never use up its CPU seconds.
 */
const WALL_CLOCK_FACTOR = 5;

/**
 * CPU seconds the kernel's limit (`ulimit -t`) on a subprocess allows above
 * the sum of the run's own limits, which the grader enforces first.
 */
const CPU_LIMIT_MARGIN_SECONDS = 10;

/** The shell that sets the kernel's CPU limit and runs Deno in its place. */
const SHELL = "/bin/sh";

/** Resident memory beyond the heap limit that a Deno process needs anyway. */
const RUNTIME_MB = 300;

/**
 * Milliseconds `deno cache` may take to fill the cache (it may download the
 * npm packages on a fresh machine); `deno info` and `deno bundle` read the
 * cache only and get {@linkcode TOOL_TIMEOUT_MS}.
 */
const CACHE_TIMEOUT_MS = 600_000;

/** Milliseconds between two looks at a subprocess's memory and clocks. */
const POLL_MS = 50;

const MODULE = "(module)";

/**
 * V8's messages (and `_harden.ts`'s) for an assignment, definition or
 * deletion that a frozen object refuses: thrown while a submission loads,
 * it tried to change a built-in the grader froze.
 */
const FROZEN_CHANGE =
  /^Cannot (assign to read only property|add property|define property|redefine property|delete property|create property)|object is not extensible|frozen for grading/;

/**
 * Deno's message for a module it may not load (a dynamic import of a file
 * outside the submission's graph, or of the textbook): the import is
 * refused, as a read would be.
 */
const DENIED_IMPORT = /^Requires (read|net|import) access to /;

/**
 * Grades every submission of `dir` (see {@linkcode findSubmissions}) and
 * returns the table's rows, in order.
 *
 * @param dir the folder of handed-in `.ts` modules and `.ipynb` notebooks
 *   (or one such file)
 * @param options {@linkcode GradeOptions}
 * @throws {Error} on an unreadable folder or a bad option (named)
 *
 * @example One wrong submission: each exercise it defines is a row
 * ```ts
 * import assert from "node:assert/strict";
 * import { fileURLToPath } from "node:url";
 * import { gradeFolder } from "./grade.ts";
 * const file = fileURLToPath(new URL("../../tests/fixtures/grade/wrong.ts", import.meta.url));
 * const rows = await gradeFolder(file, { timeoutSeconds: 30 });
 * assert.deepEqual(rows.map((r) => `${r.exercise} ${r.verdict}`), ["alphaBeta wrong", "mex wrong"]);
 * assert.match(rows[1]!.detail, /^mex\(\[1\]\) returned 2; the mex is 0/);
 * ```
 */
export async function gradeFolder(
  dir: string,
  options: GradeOptions = {},
): Promise<GradeRow[]> {
  const limits = readLimits(options);
  await removeStaleGradingFolders();
  const submissions = await findSubmissions(dir);
  const rows: GradeRow[] = [];
  if (submissions.length === 0) return rows;
  await cacheLibrary(limits.signal);
  const entry = await bundleChecker(ROOT_PATH, CHILD, {
    timeoutMs: TOOL_TIMEOUT_MS,
    libraryModules: LIBRARY_MODULES,
    ...(limits.signal ? { signal: limits.signal } : {}),
  });
  for (const submission of submissions) {
    limits.signal?.throwIfAborted();
    for (const row of await gradeSubmission(submission, limits, entry)) {
      rows.push(row);
      options.onRow?.(row);
    }
  }
  return rows;
}

/**
 * The name of a folder a grader writes a submission's copy into (the second
 * form an earlier grader's), with the grader's process id.
 */
const GRADING_FOLDER = /^\.grading-(?:checks-)?([1-9][0-9]*)-[0-9a-z]+$/;

/**
 * Removes the grading folders (`.grading-PID-…`, `.grading-checks-PID-…`)
 * in `root` whose grader no longer runs: a grader that is SIGKILLed, or
 * crashes, cannot remove its own. Only folders of exactly that name (not
 * symbolic links), and only where `/proc/PID` is missing or the process is
 * a zombie, so that the folder of a grader that still runs beside this one
 * is left; without a
 * `/proc` (not Linux, or no permission to read it) nothing is removed.
 *
 * @param root the project's folder, with a trailing slash
 * @returns the names of the folders removed
 *
 * @example A dead grader's folder goes, a live one's stays
 * ```ts
 * import assert from "node:assert/strict";
 * import { removeStaleGradingFolders } from "./grade.ts";
 * const root = `${await Deno.makeTempDir()}/`;
 * const ended = new Deno.Command("true").spawn();
 * await ended.status;
 * await Deno.mkdir(`${root}.grading-${ended.pid}-1a2b`);
 * await Deno.mkdir(`${root}.grading-${Deno.pid}-3c4d`);
 * try {
 *   if (Deno.build.os === "linux") {
 *     assert.deepEqual(await removeStaleGradingFolders(root), [`.grading-${ended.pid}-1a2b`]);
 *     assert.deepEqual([...Deno.readDirSync(root)].map((e) => e.name), [`.grading-${Deno.pid}-3c4d`]);
 *   }
 * } finally {
 *   await Deno.remove(root, { recursive: true });
 * }
 * ```
 */
export async function removeStaleGradingFolders(
  root: string = ROOT_PATH,
): Promise<string[]> {
  const removed: string[] = [];
  try {
    await Deno.stat("/proc/self");
  } catch {
    return removed;
  }
  for await (const entry of Deno.readDir(root)) {
    const match = GRADING_FOLDER.exec(entry.name);
    if (match === null || !entry.isDirectory || entry.isSymlink) continue;
    const pid = Number(match[1]);
    if (pid === Deno.pid || await processRuns(pid)) continue;
    try {
      await Deno.remove(`${root}${entry.name}`, { recursive: true });
      removed.push(entry.name);
    } catch (error) {
      // Another grader, starting at the same time, removed it first.
      if (!(error instanceof Deno.errors.NotFound)) throw error;
    }
  }
  return removed;
}

/**
 * Whether process `pid` runs, by `/proc/PID/stat`: not when it is missing,
 * nor when the process is a zombie (killed, not yet reaped by its parent);
 * when it cannot be read otherwise, it is taken to run.
 */
async function processRuns(pid: number): Promise<boolean> {
  let stat: string;
  try {
    stat = await Deno.readTextFile(`/proc/${pid}/stat`);
  } catch (error) {
    return !(error instanceof Deno.errors.NotFound);
  }
  const state = statFields(stat)[0];
  return state !== "Z" && state !== "X";
}

/**
 * The fields of a `/proc/PID/stat` line after the command, state first:
 * the line is "PID (COMMAND) STATE …", and the command may hold spaces and
 * parentheses, so the fields follow the last ")".
 */
function statFields(stat: string): string[] {
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** The module of the checks' Worker in the subprocess, relative to the project. */
const CHILD = "src/exercises/_grade_child.ts";

/**
 * The subprocess's main module, relative to the project: it holds the
 * token and writes the results, and runs the checks in a Worker.
 */
const RELAY = "src/exercises/_grade_relay.ts";

/**
 * The library's modules a submission imports as the notebooks do, relative
 * to the project: the Node built-ins their graphs load (`node:path`,
 * `node:url`, and Deno's Node compatibility for `npm:chess.js`) are loaded
 * by the child before it freezes the built-ins, since their initialisation
 * writes to them (see `nodeBuiltinsOf` in `_checker_bundle.ts`).
 */
const LIBRARY_MODULES: readonly string[] = ["mod.ts"];

interface Limits {
  timeoutMs: number;
  memoryMb: number;
  outputLimitBytes: number;
  signal?: AbortSignal;
}

function readLimits(options: GradeOptions): Limits {
  const where = "gradeFolder";
  checkOptions(where, options, [
    "timeoutSeconds",
    "memoryMb",
    "outputLimitBytes",
    "onRow",
    "signal",
  ]);
  if (options.onRow !== undefined && typeof options.onRow !== "function") {
    throw new Error(
      `${where}: options.onRow must be a function, got ${
        describe(options.onRow)
      }`,
    );
  }
  checkSignal(where, "options.signal", options.signal);
  return {
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    timeoutMs: 1000 * checkInteger(
      where,
      "options.timeoutSeconds",
      options.timeoutSeconds ?? 20,
      1,
      3600,
    ),
    memoryMb: checkInteger(
      where,
      "options.memoryMb",
      options.memoryMb ?? 512,
      64,
      65536,
    ),
    outputLimitBytes: checkInteger(
      where,
      "options.outputLimitBytes",
      options.outputLimitBytes ?? 1 << 20,
      1024,
      1 << 30,
    ),
  };
}

/**
 * Fills Deno's cache with the library and the child's modules, packages
 * included, once: the subprocesses run with `--cached-only`, so that
 * nothing a submission names is ever fetched.
 */
async function cacheLibrary(signal: AbortSignal | undefined): Promise<void> {
  const run = await commandOutput(Deno.execPath(), [
    "cache",
    `--config=${ROOT_PATH}deno.json`,
    `${ROOT_PATH}mod.ts`,
    `${ROOT_PATH}${CHILD}`,
    `${ROOT_PATH}${RELAY}`,
  ], { timeoutMs: CACHE_TIMEOUT_MS, ...(signal ? { signal } : {}) });
  if (!run.success) {
    throw new Error(
      `grade: the library's modules cannot be cached: ${run.stderr.trim()}`,
    );
  }
}

/** Grades one submission: its rows. */
async function gradeSubmission(
  submission: Submission,
  limits: Limits,
  entry: string,
): Promise<GradeRow[]> {
  const row = (exercise: string, verdict: Verdict, detail: string) => ({
    submission: submission.name,
    exercise,
    verdict,
    detail,
  });
  let source: string;
  try {
    source = await readSource(submission);
  } catch (error) {
    if (!(error instanceof RefusedSubmission)) throw error;
    return [row(MODULE, "refused", error.message)];
  }
  // One level below the project, as notebooks/ is, so that the imports a
  // notebook's cells make (`../mod.ts`) find the library.
  // The process id in the name tells whose folder it is when graders run side
  // by side (the tests and the doc examples do).
  const work = await Deno.makeTempDir({
    dir: ROOT_PATH,
    prefix: `.grading-${Deno.pid}-`,
  });
  try {
    const file = `${work}/submission.ts`;
    await Deno.writeTextFile(file, source);
    // The checks, bundled into one module that exports nothing (see
    // _checker_bundle.ts), which imports ./submission.ts.
    await Deno.writeTextFile(`${work}/entry.js`, entry);
    try {
      const imports = await resolvedImports(
        file,
        `${ROOT_PATH}deno.json`,
        { timeoutMs: TOOL_TIMEOUT_MS, signal: limits.signal },
      );
      const broken = imports.map((imported) =>
        importBreaksRule(imported, ROOT.href)
      ).find((reason) => reason !== null);
      if (broken) return [row(MODULE, "refused", broken)];
    } catch (error) {
      if (error instanceof UncompiledSubmission) {
        return [row(MODULE, "crashed", error.message)];
      }
      if (!(error instanceof RefusedSubmission)) throw error;
      return [row(MODULE, "refused", error.message)];
    }
    let readable: string[];
    try {
      readable = await readableModules(file, limits.signal);
    } catch (error) {
      if (!(error instanceof RefusedSubmission)) throw error;
      return [row(MODULE, "refused", error.message)];
    }
    return await runExercises(work, source, readable, limits, row);
  } finally {
    await Deno.remove(work, { recursive: true }).catch(() => {});
  }
}

/**
 * The files the subprocess may read: the modules of the submission's graph
 * that run (type imports left out), itself and the library's modules its
 * imports load (the textbook's too
 * when a module it may import loads them, as `../src/exercises/mod.ts`
 * does). Deno asks read access of every module a Worker loads, so a module
 * outside that graph cannot be loaded by the submission at all, not even
 * by a dynamic import whose specifier is built at run time (refused).
 */
async function readableModules(
  file: string,
  signal: AbortSignal | undefined,
): Promise<string[]> {
  const read = await moduleGraph(file, `${ROOT_PATH}deno.json`, {
    npm: false,
    timeoutMs: TOOL_TIMEOUT_MS,
    ...(signal ? { signal } : {}),
  });
  if ("failure" in read) {
    throw new RefusedSubmission(
      `its imports cannot be read: ${read.failure.split("\n")[0]}`,
    );
  }
  // Only what runs: a module reached through type imports alone is never
  // loaded (and the checks take a library module the submission did not
  // load as one it cannot hold, see libraryFunctions in _grade_child.ts).
  const modules = new Map(read.graph.modules.map((m) => [m.specifier, m]));
  const loaded = new Set<string>(read.graph.roots);
  for (const specifier of loaded) {
    for (const dependency of modules.get(specifier)?.dependencies ?? []) {
      const code = dependency.code?.specifier;
      if (code !== undefined) loaded.add(code);
    }
  }
  const paths: string[] = [];
  for (const specifier of loaded) {
    if (!specifier.startsWith("file:")) continue;
    const path = fileURLToPath(specifier);
    // A comma would split Deno's --allow-read list.
    if (path.includes(",")) {
      throw new RefusedSubmission(
        `its imports load ${JSON.stringify(path)}, whose path holds a comma`,
      );
    }
    paths.push(path);
  }
  return paths;
}

async function readSource(submission: Submission): Promise<string> {
  const info = await Deno.stat(submission.path);
  if (info.size > MAX_SUBMISSION_BYTES) {
    throw new RefusedSubmission(
      `the file has ${info.size} bytes, more than ${MAX_SUBMISSION_BYTES}`,
    );
  }
  const text = await Deno.readTextFile(submission.path);
  return submission.kind === "notebook" ? notebookModule(text) : text;
}

/** How one subprocess ended. */
interface ChildRun {
  messages: ChildMessage[];
  /** Why it was stopped, or null when it ended by itself. */
  stopped: "timed out" | "out of memory" | "printed" | "interrupted" | null;
  code: number;
  signal: string | null;
  /** The last lines it wrote to stderr. */
  stderr: string;
}

/** Runs the exercises of the submission in `work`, relaunching after a kill. */
async function runExercises(
  work: string,
  source: string,
  readable: readonly string[],
  limits: Limits,
  row: (exercise: string, verdict: Verdict, detail: string) => GradeRow,
): Promise<GradeRow[]> {
  const rows: GradeRow[] = [];
  let pending = EXERCISES.map((exercise) => exercise.id);
  let first = true;
  while (pending.length > 0) {
    const run = await runChild(work, readable, pending, limits);
    let defines: string[] | null = null;
    const reported = new Set<string>();
    let done = false;
    let brokeDown: string | null = null;
    for (const message of run.messages) {
      if ("defines" in message) defines = message.defines;
      else if ("error" in message && message.error.during === "checks") {
        // One exercise's checks broke down (its function reached into them,
        // or gave them a value they could not read): that exercise's row,
        // and a fresh process for the exercises after it.
        const { name, message: text } = message.error;
        brokeDown = `the checks broke down: ${name}: ${text}`;
        break;
      } else if ("error" in message) {
        const { during, name } = message.error;
        const text = placeInSubmission(message.error.message, source);
        // A denied import is a TypeError of its own wording in Deno.
        const refused = name === "NotCapable" || name === "PermissionDenied" ||
          (name === "TypeError" && DENIED_IMPORT.test(text));
        const frozen = during === "load" && name === "TypeError" &&
          FROZEN_CHANGE.test(text);
        rows.push(row(
          MODULE,
          refused || frozen ? "refused" : "crashed",
          refused
            ? `the submission tried what it may not: ${text.split("\n")[0]}`
            : frozen
            ? `the submission tried to change a frozen built-in (the grader freezes them before it loads): ${name}: ${text}`
            : `${
              during === "load" ? "it does not load" : "the checks broke down"
            }: ${name}: ${text}`,
        ));
        return rows;
      } else if ("exercise" in message) {
        reported.add(message.exercise);
        rows.push(resultRow(message, row));
      } else if ("done" in message) done = true;
    }
    if (defines === null) {
      rows.push(row(MODULE, ...ended(run, "while it loaded")));
      return rows;
    }
    if (first && defines.length === 0) {
      rows.push(row(
        MODULE,
        "refused",
        `it defines none of the exercise functions (${
          EXERCISES.map((e) => e.id).join(", ")
        })`,
      ));
      return rows;
    }
    first = false;
    const left = defines.filter((id) => !reported.has(id));
    if (brokeDown !== null && left.length > 0) {
      rows.push(row(left[0]!, "crashed", brokeDown));
      pending = left.slice(1);
      continue;
    }
    if (done) {
      rows.push(...unreportedRows(left).map((r) => row(...r)));
      return rows;
    }
    if (left.length === 0) return rows;
    rows.push(row(left[0]!, ...ended(run, "during its checks")));
    pending = left.slice(1);
  }
  return rows;
}

/**
 * `text` with every place in the grader's copy of the submission (`at
 * file:///…/.grading-…/submission.ts:5:14`, which names a folder the student
 * never saw) told as a place in the student's work: `cell 2, line 3` in a
 * notebook, `line 5` in a module (see {@linkcode whereInSubmission}).
 *
 * @param text a message of the subprocess
 * @param source the submission's module, as the grader wrote it
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { placeInSubmission } from "./grade.ts";
 * const source = "// cell 0\nconst a = 1;\n\n// cell 2\nlet a = 2;";
 * assert.equal(
 *   placeInSubmission("Identifier 'a' has already been declared at file:///p/.grading-1-ab/submission.ts:5:5", source),
 *   "Identifier 'a' has already been declared at cell 2, line 1",
 * );
 * ```
 */
export function placeInSubmission(text: string, source: string): string {
  return text.replace(
    /(?:file:\/\/)?[^\s()"']*\/submission\.ts:(\d+)(?::\d+)?/g,
    (_, line: string) => whereInSubmission(source, Number(line)),
  );
}

/**
 * The rows of the exercises a subprocess said it would check (`defines`)
 * but gave no result for before it said it was done (a result line lost or
 * corrupted): each `crashed`, saying so, so that no exercise is left
 * without a row.
 *
 * @param left the exercises without a result, in order
 * @returns exercise, verdict and detail of each
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { unreportedRows } from "./grade.ts";
 * assert.deepEqual(unreportedRows(["mex"]), [[
 *   "mex",
 *   "crashed",
 *   "the process said it was done without a result for mex (its result line was lost or corrupted)",
 * ]]);
 * assert.deepEqual(unreportedRows([]), []);
 * ```
 */
export function unreportedRows(
  left: readonly string[],
): [exercise: string, verdict: Verdict, detail: string][] {
  return left.map((id) => [
    id,
    "crashed",
    `the process said it was done without a result for ${id} (its result line was lost or corrupted)`,
  ]);
}

/** The verdict of a process that stopped before it said it was done. */
function ended(run: ChildRun, when: string): [Verdict, string] {
  if (run.stopped === "timed out") {
    return ["timed out", `killed: no result within the time limit ${when}`];
  }
  if (run.stopped === "out of memory") {
    return ["out of memory", `killed: over the memory limit ${when}`];
  }
  if (run.stopped === "printed") {
    return ["refused", `killed: it printed more than the output limit ${when}`];
  }
  if (run.signal === "SIGXCPU") {
    return [
      "timed out",
      `killed by the kernel's limit on its CPU seconds ${when}`,
    ];
  }
  if (
    /heap out of memory|Reached heap limit|allocation failed/i.test(run.stderr)
  ) {
    return ["out of memory", `V8's heap limit was reached ${when}`];
  }
  const last = run.stderr.trim().split("\n").filter((l) => l.trim() !== "")
    .at(-1) ?? "";
  const how = run.signal !== null
    ? `killed by ${run.signal}`
    : `exited with code ${run.code}`;
  return [
    "crashed",
    `the process ${how} ${when}${last === "" ? "" : `: ${last.slice(0, 200)}`}`,
  ];
}

function resultRow(
  message: Extract<ChildMessage, { exercise: string }>,
  row: (exercise: string, verdict: Verdict, detail: string) => GradeRow,
): GradeRow {
  if ("refused" in message) {
    return row(message.exercise, "refused", message.refused);
  }
  const f = message.failure;
  if (f === null) return row(message.exercise, "passed", message.checked);
  if (
    (f.check === "threw" &&
      /^threw (NotCapable|PermissionDenied):/.test(f.yours)) ||
    (f.check === "walk" && / calls the library's /.test(f.message))
  ) {
    return row(message.exercise, "refused", f.message);
  }
  return row(message.exercise, "wrong", f.message);
}

/** Runs one subprocess on `ids` and collects its messages, within the limits. */
async function runChild(
  work: string,
  readable: readonly string[],
  ids: readonly string[],
  limits: Limits,
): Promise<ChildRun> {
  const token = randomHex(16);
  // An origin of its own: Deno keeps what the Cache API (and localStorage)
  // stores on disk by origin, and without --location by the config file,
  // which every subprocess shares; a submission could leave code there for
  // a later one. Removed when the process ends.
  const origin = `http://grading-${randomHex(16)}.invalid`;
  const args = [
    "run",
    "--no-prompt",
    `--location=${origin}/`,
    "--cached-only",
    "--no-remote",
    `--config=${ROOT_PATH}deno.json`,
    `--v8-flags=--max-old-space-size=${limits.memoryMb}`,
    // The files it may read: the checks' module, which the relay starts as
    // a Worker, and the submission's modules (see readableModules): Deno
    // asks read access of every module a Worker loads.
    `--allow-read=${[`${work}/entry.js`, ...readable].join(",")}`,
    `${ROOT_PATH}${RELAY}`,
    `${work}/entry.js`,
    ...ids,
  ];
  // A kernel limit on the process's CPU seconds, a little above all the
  // seconds this run may use, so that it dies even if the grader dies
  // without killing it (SIGKILL, a crash): the limits above live in the
  // grader's loop only. The shell runs Deno.execPath() and nothing else.
  const cpuSeconds = Math.ceil(
    STARTUP_SECONDS + (ids.length * limits.timeoutMs) / 1000,
  ) + CPU_LIMIT_MARGIN_SECONDS;
  const [program, programArgs] = Deno.build.os === "windows"
    ? [Deno.execPath(), args]
    : [SHELL, [
      "-c",
      'ulimit -t "$0" && exec "$@"',
      String(cpuSeconds),
      Deno.execPath(),
      ...args,
    ]];
  const child = new Deno.Command(program, {
    args: programArgs,
    cwd: work,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const messages: ChildMessage[] = [];
  let stopped: ChildRun["stopped"] = null;
  let printed = 0;
  let stderr = "";
  const stop = (why: NonNullable<ChildRun["stopped"]>) => {
    if (stopped !== null) return;
    stopped = why;
    try {
      child.kill("SIGKILL");
    } catch { /* already ended */ }
  };
  // The clock of the exercise being checked: CPU seconds since its start
  // (the last message, or the spawn with time to start), and a wall clock
  // several times longer for a process that waits without computing.
  let allowedMs = limits.timeoutMs + 1000 * STARTUP_SECONDS;
  let cpuStartMs = 0;
  let wallStartMs = Date.now();
  const cpuMs = () => cpuMilliseconds(child.pid);
  const watch = () => {
    // Memory first: a submission over both limits at one look is judged by
    // what it filled, not by how long the machine took to fill it.
    const rss = residentMb(child.pid);
    if (rss !== null && rss > limits.memoryMb + RUNTIME_MB) {
      stop("out of memory");
      return;
    }
    const cpu = cpuMs();
    const wall = Date.now() - wallStartMs;
    if (
      cpu === null
        ? wall > allowedMs
        : cpu - cpuStartMs > allowedMs || wall > WALL_CLOCK_FACTOR * allowedMs
    ) stop("timed out");
  };
  const abort = () => stop("interrupted");
  limits.signal?.addEventListener("abort", abort);
  if (limits.signal?.aborted) abort();
  const poll = setInterval(watch, POLL_MS);
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(`${token}\n`)).catch(() => {});
  await writer.close().catch(() => {});
  const prefix = `${token} `;
  const readOut = async () => {
    const decoder = new TextDecoder();
    let line = "";
    for await (const chunk of child.stdout) {
      printed += chunk.length;
      if (printed > limits.outputLimitBytes) stop("printed");
      line += decoder.decode(chunk, { stream: true });
      const lines = line.split("\n");
      line = lines.pop()!;
      // A line longer than the limit is printed output, not ours.
      if (line.length > limits.outputLimitBytes) line = "";
      for (const text of lines) {
        if (!text.startsWith(prefix)) continue;
        let message: ChildMessage;
        try {
          message = JSON.parse(text.slice(prefix.length)) as ChildMessage;
        } catch {
          continue; // cut short by a kill
        }
        messages.push(message);
        // Each result starts the next exercise's clock.
        allowedMs = limits.timeoutMs;
        cpuStartMs = cpuMs() ?? 0;
        wallStartMs = Date.now();
      }
    }
  };
  const readErr = async () => {
    const decoder = new TextDecoder();
    for await (const chunk of child.stderr) {
      printed += chunk.length;
      if (printed > limits.outputLimitBytes) stop("printed");
      stderr = (stderr + decoder.decode(chunk, { stream: true })).slice(-4096);
    }
  };
  const [status] = await Promise.all([child.status, readOut(), readErr()]);
  clearInterval(poll);
  await removeOriginData(origin);
  limits.signal?.removeEventListener("abort", abort);
  limits.signal?.throwIfAborted();
  return {
    messages,
    stopped,
    code: status.code,
    signal: status.signal,
    stderr,
  };
}

/** `bytes` random bytes in hexadecimal. */
function randomHex(bytes: number): string {
  return Array.from(
    crypto.getRandomValues(new Uint8Array(bytes)),
    (b) => b.toString(16).padStart(2, "0"),
  ).join("");
}

/**
 * Removes what Deno stored for `origin` (a `--location`): its Cache API
 * and its localStorage, under `DENO_DIR/location_data/` in folders named by
 * the SHA-256 of the origin, in hexadecimal.
 */
async function removeOriginData(origin: string): Promise<void> {
  const digest = new Uint8Array(
    await crypto.subtle.digest("SHA-256", new TextEncoder().encode(origin)),
  );
  const name = Array.from(digest, (b) => b.toString(16).padStart(2, "0"))
    .join("");
  const dir = await denoDir();
  if (dir === null) return;
  const data = `${dir}/location_data`;
  for (const folder of [`${data}/web_cache/${name}`, `${data}/${name}`]) {
    await Deno.remove(folder, { recursive: true }).catch(() => {});
  }
}

let denoDirPath: Promise<string | null> | null = null;

/**
 * Deno's cache folder, as `deno info --json` tells it (asked once), or null
 * when it does not say.
 */
function denoDir(): Promise<string | null> {
  denoDirPath ??= commandOutput(Deno.execPath(), ["info", "--json"], {
    timeoutMs: TOOL_TIMEOUT_MS,
  }).then((run) => {
    const dir = (JSON.parse(run.stdout) as { denoDir?: unknown }).denoDir;
    return typeof dir === "string" ? dir : null;
  }).catch(() => null);
  return denoDirPath;
}

/**
 * The CPU time a process has used, user and system, all its threads, in
 * milliseconds, from /proc (null where there is none). Linux reports it in
 * ticks of 1/100 s to every program (USER_HZ).
 */
function cpuMilliseconds(pid: number): number | null {
  try {
    const fields = statFields(Deno.readTextFileSync(`/proc/${pid}/stat`));
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : null;
  } catch {
    return null;
  }
}

/** The resident memory of a process in megabytes, from /proc (null where there is none). */
function residentMb(pid: number): number | null {
  try {
    const status = Deno.readTextFileSync(`/proc/${pid}/status`);
    const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * The rows as a table, one line each: submission, exercise, verdict, and
 * the detail (what was checked, or the first message) last, whole. Every
 * cell is {@linkcode printable}: a line break or a terminal escape in a
 * submission's message or name is shown escaped (`\u000a`), so it can
 * neither start a row of its own nor rewrite one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { gradeTable } from "./grade.ts";
 * const table = gradeTable([
 *   { submission: "ann.ts", exercise: "mex", verdict: "passed", detail: "200 lists" },
 *   { submission: "bob.ipynb", exercise: "(module)", verdict: "timed out", detail: "killed" },
 * ]);
 * assert.equal(table.split("\n")[0], "submission  exercise  verdict    detail");
 * assert.equal(table.split("\n")[2], "bob.ipynb   (module)  timed out  killed");
 * const forged = gradeTable([
 *   { submission: "eve.ts", exercise: "(module)", verdict: "crashed", detail: "x\nann.ts  mex  passed\u001b[2K" },
 * ]);
 * assert.equal(forged.split("\n").length, 2);
 * assert.match(forged, /x\\u000aann\.ts  mex  passed\\u001b\[2K$/);
 * ```
 */
export function gradeTable(rows: readonly GradeRow[]): string {
  const header: GradeRow = {
    submission: "submission",
    exercise: "exercise",
    verdict: "verdict" as Verdict,
    detail: "detail",
  };
  const all = [header, ...rows].map((r) => ({
    submission: printable(r.submission),
    exercise: printable(r.exercise),
    verdict: printable(r.verdict),
    detail: printable(r.detail),
  }));
  const width = (key: "submission" | "exercise" | "verdict") =>
    Math.max(...all.map((r) => r[key].length));
  const [a, b, c] = [width("submission"), width("exercise"), width("verdict")];
  return all.map((r) =>
    `${r.submission.padEnd(a)}  ${r.exercise.padEnd(b)}  ${
      r.verdict.padEnd(c)
    }  ${r.detail}`.trimEnd()
  ).join("\n");
}

/**
 * One row as one line of JSON, as `deno task grade --json` prints it:
 * `JSON.stringify`, and the characters it leaves as they are that a
 * terminal or a line reader would act on (DEL, the C1 controls, U+2028,
 * U+2029) written as `\uXXXX` escapes too, so that the line parses to the
 * same row.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { gradeJsonLine } from "./grade.ts";
 * const row = { submission: "eve.ts", exercise: "(module)", verdict: "crashed" as const, detail: "x\n\u009b2K\u2028" };
 * const line = gradeJsonLine(row);
 * assert.equal(line, '{"submission":"eve.ts","exercise":"(module)","verdict":"crashed","detail":"x\\n\\u009b2K\\u2028"}');
 * assert.deepEqual(JSON.parse(line), row);
 * ```
 */
export function gradeJsonLine(row: GradeRow): string {
  return JSON.stringify(row).replace(
    /[\u007f-\u009f\u2028\u2029]/g,
    unicodeEscape,
  );
}
