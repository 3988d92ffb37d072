/**
 * `deno task grade DIR`: runs the exercises' checks over a folder of
 * handed-in `.ts` modules and `.ipynb` notebooks (see
 * `src/exercises/grade.ts`) and prints a table: submission, exercise,
 * verdict, and what was checked or the first message. Each submission runs
 * in a subprocess with no permission but to read the modules it loads, a
 * time limit per exercise and a
 * memory limit; one that is wrong, crashes, hangs or misbehaves is a row of
 * the table, and the others are graded all the same.
 *
 * @module
 */

import { resolve } from "node:path";
import { FlagsOnce, flagValue, integerValue, UsageError } from "./_flags.ts";
import { print, readCommandLine, warn } from "./_output.ts";
import { abortOnStopSignals, StopSignalError } from "./_stop_signals.ts";
import {
  gradeFolder,
  gradeJsonLine,
  gradeTable,
} from "../src/exercises/grade.ts";

const HELP = `deno task grade DIR [--timeout SECONDS] [--memory MB] [--json]

Checks every exercise function defined by the submissions in DIR: the .ts
modules and .ipynb notebooks (their code cells, in order) in DIR and its
folders, hidden ones left out, symbolic links not followed; DIR may also
be one file. A submission is read as if it sat in the project's notebooks/
folder: it may import the course's library (../mod.ts, ../src/…) and
nothing else (no other file, package or URL: refused). It runs in a
subprocess with no permission but to read the modules it loads (no other
file, network, environment or program:
an attempt is "refused"), killed when an exercise's checks take longer
than the time limit ("timed out") or its memory passes the limit ("out of
memory"), or when it prints more than 1 MiB ("refused").

Prints one row per exercise a submission defines (or one "(module)" row
for a submission that cannot be run): submission, exercise, verdict
(passed, wrong, crashed, timed out, out of memory, refused) and the detail:
what was checked, or the first message the student would see.

  --timeout SECONDS  CPU time for one exercise's checks, an integer in
                     1…3600 (default 20)
  --memory MB        V8 heap of a submission in MB, an integer in
                     64…65536 (default 512)
  --json             one JSON object per row instead of the table
  -h, --help         this text

Exit status: 0 when every submission was graded (whatever the verdicts),
1 when DIR cannot be read or holds no submission, 2 on a bad command line;
130, 143, 129 when SIGINT, SIGTERM or SIGHUP stopped it (the running
submission killed).`;

/** The command line's options. */
export interface GradeCommand {
  dir: string;
  timeoutSeconds: number;
  memoryMb: number;
  json: boolean;
  help: boolean;
}

/**
 * Reads the command line.
 *
 * @param args the arguments
 * @returns the options
 * @throws {UsageError} on an unknown argument, a missing or bad value, a
 *   flag given twice, or no DIR (or two)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseGradeArgs } from "./grade.ts";
 * const command = parseGradeArgs(["handed-in", "--timeout", "5"]);
 * assert.ok(command.timeoutSeconds === 5 && command.memoryMb === 512 && !command.json);
 * assert.throws(() => parseGradeArgs([]), /grade: which folder\? Give DIR/);
 * assert.throws(() => parseGradeArgs(["a", "--memory", "10"]), /--memory must be an integer in 64…65536 \(MB\), got "10"/);
 * assert.throws(() => parseGradeArgs(["a", "--timeout", "4000"]), /--timeout must be an integer in 1…3600 \(seconds\), got "4000"/);
 * assert.equal(parseGradeArgs(["a", "--timeout=5"]).timeoutSeconds, 5);
 * assert.throws(() => parseGradeArgs(["a", "--json=no"]), /grade: --json takes no value, got "no"/);
 * ```
 */
export function parseGradeArgs(args: readonly string[]): GradeCommand {
  const options: GradeCommand = {
    dir: "",
    timeoutSeconds: 20,
    memoryMb: 512,
    json: false,
    help: false,
  };
  const flags = new FlagsOnce("grade");
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    flags.check(arg);
    const [flag, inline] = arg.startsWith("--") && arg.includes("=")
      ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
      : [arg, undefined];
    // `--timeout 5` and `--timeout=5` alike; `--timeout --json` names the
    // flag instead of reading it as the value.
    const value = (): string => {
      if (inline !== undefined) return inline;
      const [text, next] = flagValue("grade", args, i, flag);
      i = next;
      return text;
    };
    if ((flag === "--json" || flag === "--help") && inline !== undefined) {
      throw new UsageError(
        `grade: ${flag} takes no value, got ${JSON.stringify(inline)}`,
      );
    }
    if (flag === "-h" || flag === "--help") options.help = true;
    else if (flag === "--json") options.json = true;
    else if (flag === "--timeout") {
      options.timeoutSeconds = integerValue(
        "grade",
        flag,
        value(),
        4,
        1,
        3600,
        "an integer in 1…3600 (seconds)",
      );
    } else if (flag === "--memory") {
      options.memoryMb = integerValue(
        "grade",
        flag,
        value(),
        5,
        64,
        65_536,
        "an integer in 64…65536 (MB)",
      );
    } else if (arg.startsWith("-") && arg !== "-") {
      throw new UsageError(`grade: unknown argument ${JSON.stringify(arg)}`);
    } else if (options.dir !== "") {
      throw new UsageError(
        `grade: one DIR only, got ${JSON.stringify(options.dir)} and ${
          JSON.stringify(arg)
        }`,
      );
    } else options.dir = arg;
  }
  if (options.dir === "" && !options.help) {
    throw new UsageError("grade: which folder? Give DIR, the handed-in work");
  }
  return options;
}

async function main(): Promise<number> {
  const options = readCommandLine(parseGradeArgs, Deno.args, HELP);
  if (typeof options === "number") return options;
  // Ctrl-C, a TERM or a hang-up kills the running submission too, before
  // we leave (and removes its folder).
  const stop = abortOnStopSignals({ hangUp: true });
  let rows;
  try {
    rows = await gradeFolder(resolve(options.dir), {
      timeoutSeconds: options.timeoutSeconds,
      memoryMb: options.memoryMb,
      signal: stop.signal,
      ...(options.json ? { onRow: (row) => print(gradeJsonLine(row)) } : {}),
    });
  } catch (error) {
    if (error instanceof StopSignalError) {
      warn("grade: interrupted; the running submission was killed");
      return error.status;
    }
    warn((error as Error).message);
    return 1;
  } finally {
    stop.remove();
  }
  if (rows.length === 0) {
    warn(
      `grade: no submission (.ts module or .ipynb notebook) in ${options.dir}`,
    );
    return 1;
  }
  if (!options.json) print(gradeTable(rows));
  return 0;
}

if (import.meta.main) {
  try {
    Deno.exit(await main());
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    Deno.exit(2);
  }
}
