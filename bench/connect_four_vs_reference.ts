/**
 * `deno task bench:c4ref`: `deno task solve` beside the reference C++
 * solver (Pascal Pons' tutorial solver, built by the user from its public
 * repository; none of its code is here), both on the same lines of the same
 * sets in one run, each program's own printed microseconds compared. See
 * {@linkcode HELP}.
 *
 * @module
 */

import { MAX_SCORE, type PositionLine, readPositionLines } from "../mod.ts";
import { FlagsOnce, UsageError } from "../cli/_flags.ts";
import { print, readCommandLine, warn } from "../cli/_output.ts";
import { benchValue, integerFlag, loadAverage } from "./_side_by_side.ts";

/** The set the small default run solves (a few seconds in all, CI runs it). */
export const DEFAULT_SET = "data/connect4/end_easy.txt";
/** The default `--every`: 10 positions of the 1,000 of End-Easy. */
export const DEFAULT_EVERY = 100;
/** The default `--timeout`: the longest one program's run of one set may take, in seconds. */
export const DEFAULT_TIMEOUT_S = 600;

/** The text of `deno task bench:c4ref --help`. */
export const HELP =
  `usage: deno task bench:c4ref [--reference PATH] [--every N] [--first N] [--runs R] [--threads N] [--timeout S] [FILE...]

Runs deno task solve (one thread, and --threads N, default the machine's
cores) and, with --reference, the reference C++ solver on the same positions
of each FILE (default ${DEFAULT_SET}), one program after the other, R times
(default 2), each run starting with the next program. Prints a Markdown
table: per set the positions, the mean microseconds per position as each
program prints them (the best of the R runs), the mean nodes, and our time
over the reference's. With R > 1 a second table gives each program's mean of
its per-line minima: every line at its fastest of the R runs, so that a line
another process slowed in one run does not weigh (on sets of microsecond
solves one such line can move a run's mean by a tenth). The machine's load
average is printed before and after: the programs share the machine with
whatever else runs on it.

FILE: one "<moves> [score]" per line as in data/connect4/'s position sets
(column digits 1…7, first player first; the score from the side to move; #
comments skipped). Every score printed is
checked against the file and between the programs.

Flags:
  --reference PATH  the reference solver's program: it reads one line of
                  moves per position on stdin and prints "<moves> <score>
                  <nodes> <microseconds>" per line, as Pascal Pons' c4solver
                  does (github.com/PascalPons/connect4, tag part12, built
                  with its own Makefile). Without it, our times alone.
  --every N       take the 1st, (N+1)-th, (2N+1)-th... line of each file,
                  an integer in 1…1000000 (default ${DEFAULT_EVERY}; 1 for every line)
  --first N       then keep only the first N of those, an integer in
                  1…1000000 (default: all)
  --runs R        runs of each program per set, the best mean kept, an
                  integer in 1…100 (default 2)
  --threads N     our multi-threaded column's threads, an integer in 1…64
                  (default: the machine's cores)
  --timeout S     the longest one run of one program on one set may take, in
                  seconds, an integer in 1…86400 (default ${DEFAULT_TIMEOUT_S}); a run past it
                  is stopped and the set reported as stopped
  -h, --help      this text

Exit status: 0 when every score agrees with the file and between the
programs; 1 when one disagrees, a program failed, or a run was stopped by
--timeout; 2 on a bad command line or a file that cannot be read.`;

/** What the command line asks for. */
export interface ReferenceBenchArgs {
  /** `--help`. */
  help: boolean;
  /** The reference program, or null for our times alone. */
  reference: string | null;
  /** Take every N-th line. */
  every: number;
  /** Keep at most this many of those (Infinity: all). */
  first: number;
  /** Runs of each program per set. */
  runs: number;
  /** Our multi-threaded column's threads (null: the machine's cores). */
  threads: number | null;
  /** Seconds one run of one program on one set may take. */
  timeoutS: number;
  /** The set files. */
  files: string[];
}

/**
 * Parses `deno task bench:c4ref`'s arguments.
 *
 * @param args the command line
 * @returns the options
 * @throws {UsageError} naming the flag, the value and the rule
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseReferenceBenchArgs } from "./connect_four_vs_reference.ts";
 * const options = parseReferenceBenchArgs(["--every=25", "--reference", "/tmp/c4solver", "a.txt"]);
 * assert.ok(options.every === 25 && options.reference === "/tmp/c4solver");
 * assert.deepEqual(options.files, ["a.txt"]);
 * assert.throws(() => parseReferenceBenchArgs(["--runs", "0"]), /--runs must be an integer in 1…100, got "0"/);
 * ```
 */
export function parseReferenceBenchArgs(
  args: readonly string[],
): ReferenceBenchArgs {
  const result: ReferenceBenchArgs = {
    help: false,
    reference: null,
    every: DEFAULT_EVERY,
    first: Infinity,
    runs: 2,
    threads: null,
    timeoutS: DEFAULT_TIMEOUT_S,
    files: [],
  };
  const flags = new FlagsOnce("bench:c4ref");
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "-h" || arg === "--help") {
      flags.check(arg);
      result.help = true;
      continue;
    }
    if (!arg.startsWith("-")) {
      result.files.push(arg);
      continue;
    }
    const equals = arg.indexOf("=");
    const flag = equals < 0 ? arg : arg.slice(0, equals);
    const text = equals < 0
      ? benchValue("bench:c4ref", args, ++i, flag)
      : arg.slice(equals + 1);
    flags.check(flag, text);
    switch (flag) {
      case "--reference":
        // Missing, it said "got null" (found by review, as bench:c did).
        if (text === undefined) {
          throw new UsageError(
            "bench:c4ref: --reference needs a value, the reference solver's program",
          );
        }
        if (text === "") {
          throw new UsageError(
            `bench:c4ref: --reference must name the reference solver's program, got ""`,
          );
        }
        result.reference = text;
        break;
      case "--every":
        result.every = integerFlag("bench:c4ref", flag, text, 1, 1_000_000);
        break;
      case "--first":
        result.first = integerFlag("bench:c4ref", flag, text, 1, 1_000_000);
        break;
      case "--runs":
        result.runs = integerFlag("bench:c4ref", flag, text, 1, 100);
        break;
      case "--threads":
        result.threads = integerFlag("bench:c4ref", flag, text, 1, 64);
        break;
      case "--timeout":
        result.timeoutS = integerFlag("bench:c4ref", flag, text, 1, 86_400);
        break;
      default:
        throw new UsageError(
          `bench:c4ref: unknown argument ${JSON.stringify(arg)}`,
        );
    }
  }
  if (result.files.length === 0) result.files.push(DEFAULT_SET);
  return result;
}

/**
 * The lines a run solves: the 1st, (every+1)-th... line of a set, at most
 * `first` of them.
 *
 * @param lines the set's lines
 * @param every keep one line in this many
 * @param first keep at most this many
 * @returns the kept lines, in order
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sampleLines } from "./connect_four_vs_reference.ts";
 * const lines = [..."1234567"].map((moves) => ({ moves, expected: null }));
 * assert.deepEqual(sampleLines(lines, 3, Infinity).map((l) => l.moves), ["1", "4", "7"]);
 * assert.deepEqual(sampleLines(lines, 3, 2).map((l) => l.moves), ["1", "4"]);
 * ```
 */
export function sampleLines(
  lines: readonly PositionLine[],
  every: number,
  first: number,
): PositionLine[] {
  return lines.filter((_, i) => i % every === 0).slice(0, first);
}

/** One program's answer to one position. */
export interface Solved {
  /** The score it printed. */
  score: number;
  /** The nodes it printed. */
  nodes: number;
  /** The microseconds it printed. */
  micros: number;
}

/**
 * Reads a solver's output, `<moves> <score> <nodes> <microseconds>` per
 * line (the form of `deno task solve` and of the reference's `c4solver`),
 * for the positions it was given, in order.
 *
 * @param program the program's name for messages
 * @param text its stdout
 * @param lines the positions it was given
 * @returns one answer per position
 * @throws {Error} naming the program and the first line that is missing or
 *   not of that form, or that answers another position
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseSolverOutput } from "./connect_four_vs_reference.ts";
 * const lines = [{ moves: "4455", expected: 18 }];
 * assert.deepEqual(parseSolverOutput("ours", "4455 18 3 12\n", lines), [{ score: 18, nodes: 3, micros: 12 }]);
 * assert.throws(() => parseSolverOutput("ref", "\n", lines), /ref: output line 1 is "", expected "4455 <score> <nodes> <microseconds>"/);
 * ```
 */
export function parseSolverOutput(
  program: string,
  text: string,
  lines: readonly PositionLine[],
): Solved[] {
  const out = text.split("\n");
  return lines.map(({ moves }, i) => {
    const line = (out[i] ?? "").trim();
    const fields = line.split(/\s+/);
    const [score, nodes, micros] = fields.slice(1).map(Number);
    if (
      fields.length < 4 || fields[0] !== moves ||
      !Number.isInteger(score) || Math.abs(score!) > MAX_SCORE ||
      !Number.isSafeInteger(nodes) || nodes! < 0 ||
      !Number.isSafeInteger(micros) || micros! < 0
    ) {
      throw new Error(
        `${program}: output line ${i + 1} is ${
          JSON.stringify(line)
        }, expected "${moves} <score> <nodes> <microseconds>"`,
      );
    }
    return { score: score!, nodes: nodes!, micros: micros! };
  });
}

/** A program's run of one set: its answers, or why there are none. */
type Run = { solved: Solved[] } | { failed: string };

/**
 * Runs `command` with `input` on stdin, within `timeoutS` seconds, and
 * reads its answers.
 */
async function runSolver(
  program: string,
  command: Deno.Command,
  input: string,
  lines: readonly PositionLine[],
  timeoutS: number,
): Promise<Run> {
  let child: Deno.ChildProcess;
  try {
    child = command.spawn();
  } catch (error) {
    return { failed: `${program}: cannot start: ${(error as Error).message}` };
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A program past the timeout is killed and not waited for: a child it
  // started could keep its output open.
  const stopped = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      try {
        child.kill("SIGKILL");
      } catch {
        // It ended meanwhile.
      }
      resolve(null);
    }, timeoutS * 1000);
  });
  const writer = child.stdin.getWriter();
  // A program that exits early closes its stdin: its status says why.
  writer.write(new TextEncoder().encode(input)).then(
    () => writer.close(),
    () => {},
  ).catch(() => {});
  const output = await Promise.race([child.output(), stopped]);
  clearTimeout(timer);
  if (output === null) {
    return { failed: `${program}: stopped after ${timeoutS} s (--timeout)` };
  }
  const stderr = new TextDecoder().decode(output.stderr).trim();
  if (!output.success) {
    return {
      failed: `${program}: exit ${output.code}${
        stderr === "" ? "" : `: ${stderr.split("\n").slice(-1)[0]}`
      }`,
    };
  }
  try {
    return {
      solved: parseSolverOutput(
        program,
        new TextDecoder().decode(output.stdout),
        lines,
      ),
    };
  } catch (error) {
    return { failed: (error as Error).message };
  }
}

/** The best of a program's runs of one set. */
export interface Best {
  /** The lowest mean microseconds per position of the runs. */
  micros: number;
  /** The mean nodes per position of that run. */
  nodes: number;
}

/**
 * The mean microseconds and nodes per position of a run.
 *
 * @param solved a run's answers
 * @returns the means (0 for no positions)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { meanOf } from "./connect_four_vs_reference.ts";
 * assert.deepEqual(meanOf([{ score: 1, nodes: 10, micros: 4 }, { score: 0, nodes: 30, micros: 8 }]), { micros: 6, nodes: 20 });
 * ```
 */
export function meanOf(solved: readonly Solved[]): Best {
  let micros = 0, nodes = 0;
  for (const s of solved) {
    micros += s.micros;
    nodes += s.nodes;
  }
  const n = Math.max(1, solved.length);
  return { micros: micros / n, nodes: nodes / n };
}

/**
 * The mean over lines of each line's fastest time in `runs` (every run
 * answers the same lines, in order).
 *
 * @param runs the answers of a program's runs of one set
 * @returns the mean of the per-line minima in microseconds (0 for no lines)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { meanOfMinima } from "./connect_four_vs_reference.ts";
 * const run = (a: number, b: number) => [a, b].map((micros) => ({ score: 0, nodes: 1, micros }));
 * assert.equal(meanOfMinima([run(4, 900), run(6, 10)]), 7);
 * ```
 */
export function meanOfMinima(runs: readonly (readonly Solved[])[]): number {
  const lines = runs[0]?.length ?? 0;
  let sum = 0;
  for (let i = 0; i < lines; i++) {
    let fastest = Infinity;
    for (const run of runs) fastest = Math.min(fastest, run[i]!.micros);
    sum += fastest;
  }
  return sum / Math.max(1, lines);
}

/**
 * A time given in microseconds, written in µs, ms or s (three figures or so).
 *
 * @param micros the time in microseconds
 * @returns e.g. `8.4 µs`, `7.10 ms`
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatMicros } from "./connect_four_vs_reference.ts";
 * assert.deepEqual([8.44, 523, 7100].map(formatMicros), ["8.4 µs", "523 µs", "7.10 ms"]);
 * ```
 */
export function formatMicros(micros: number): string {
  if (micros < 1000) {
    return `${micros < 100 ? micros.toFixed(1) : micros.toFixed(0)} µs`;
  }
  if (micros < 1e6) return `${(micros / 1000).toPrecision(3)} ms`;
  return `${(micros / 1e6).toPrecision(3)} s`;
}

/** A node count: as it is below 10,000, else in k or M. */
function formatNodes(nodes: number): string {
  if (nodes < 10_000) return `${Math.round(nodes)} nodes`;
  if (nodes < 1e6) return `${(nodes / 1000).toFixed(0)}k nodes`;
  return `${(nodes / 1e6).toPrecision(3)} M nodes`;
}

/** The cores the machine reports. */
function cores(): number {
  return Math.max(1, Math.min(64, navigator.hardwareConcurrency || 1));
}

async function main(args: readonly string[]): Promise<number> {
  const options = readCommandLine(parseReferenceBenchArgs, args, HELP);
  if (typeof options === "number") return options;
  const sets: { name: string; lines: PositionLine[] }[] = [];
  for (const file of options.files) {
    let lines: PositionLine[];
    try {
      lines = readPositionLines(Deno.readTextFileSync(file));
    } catch (error) {
      warn(`bench:c4ref: cannot use ${file}: ${(error as Error).message}`);
      return 2;
    }
    lines = sampleLines(lines, options.every, options.first);
    if (lines.length === 0) {
      warn(`bench:c4ref: ${file} has no position to solve`);
      return 2;
    }
    sets.push({ name: file, lines });
  }
  const threads = options.threads ?? cores();
  const solve = new URL("../cli/solve.ts", import.meta.url).pathname;
  const ours = (t: number) =>
    new Deno.Command(Deno.execPath(), {
      args: ["run", "--allow-read", solve, "--threads", String(t)],
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    });
  const programs: { label: string; command: Deno.Command; ours: boolean }[] = [{
    label: "ours, 1 thread",
    command: ours(1),
    ours: true,
  }];
  if (threads > 1) {
    programs.push({
      label: `ours, ${threads} threads`,
      command: ours(threads),
      ours: true,
    });
  }
  if (options.reference !== null) {
    programs.push({
      label: "reference",
      command: new Deno.Command(options.reference, {
        stdin: "piped",
        stdout: "piped",
        stderr: "piped",
      }),
      ours: false,
    });
  }
  print(
    `Connect Four: deno task solve${
      options.reference === null ? "" : ` and ${options.reference}`
    }, every ${options.every}${
      options.every === 1 ? "" : "th"
    } line, best of ${options.runs} run${
      options.runs === 1 ? "" : "s"
    }; ${cores()} cores; load average ${loadAverage()} (1, 5, 15 min)`,
  );
  print("");
  const ratioColumns = options.reference === null
    ? []
    : programs.filter((p) => p.ours).map((p) => `ratio (${p.label.slice(6)})`);
  const header = [
    "set",
    "positions",
    ...programs.map((p) => p.label),
    ...ratioColumns,
  ];
  print(`| ${header.join(" | ")} |`);
  print(`| --- | ${header.slice(1).map(() => "---:").join(" | ")} |`);
  let faults = 0;
  const minimaRows: string[] = [];
  for (const { name, lines } of sets) {
    // Moves only, for both: the scores are checked here, not by the programs.
    const input = lines.map((l) => `${l.moves}\n`).join("");
    const best: (Best | null)[] = programs.map(() => null);
    const runs: Solved[][][] = programs.map(() => []);
    const failures: string[] = [];
    const scores: (number[] | null)[] = programs.map(() => null);
    for (let run = 0; run < options.runs; run++) {
      // The order turns each run: on a shared machine the program run
      // first in a row was measured slower (by about a tenth).
      const order = [...programs.entries()];
      for (let turn = 0; turn < run % programs.length; turn++) {
        order.push(order.shift()!);
      }
      for (const [k, program] of order) {
        if (failures.some((f) => f.startsWith(`${program.label}:`))) continue;
        const result = await runSolver(
          program.label,
          program.command,
          input,
          lines,
          options.timeoutS,
        );
        if ("failed" in result) {
          failures.push(result.failed);
          continue;
        }
        scores[k] = result.solved.map((s) => s.score);
        runs[k]!.push(result.solved);
        const mean = meanOf(result.solved);
        if (best[k] === null || mean.micros < best[k]!.micros) best[k] = mean;
      }
    }
    // Scores against the file's; without one, between the programs.
    lines.forEach((line, i) => {
      const got = programs.flatMap((program, k) => {
        const score = scores[k]?.[i];
        return score === undefined ? [] : [{ label: program.label, score }];
      });
      if (line.expected !== null) {
        for (const { label, score } of got) {
          if (score !== line.expected) {
            failures.push(
              `${label}: ${line.moves} scored ${score}, the file says ${line.expected}`,
            );
          }
        }
      } else if (got.some(({ score }) => score !== got[0]!.score)) {
        failures.push(
          `${line.moves}: the programs disagree: ${
            got.map(({ label, score }) => `${label} ${score}`).join(", ")
          }`,
        );
      }
    });
    const cells = best.map((b, k) =>
      b === null
        ? "—"
        : `${formatMicros(b.micros)}${
          programs[k]!.label === "ours, 1 thread" ||
            !programs[k]!.ours
            ? ` (${formatNodes(b.nodes)})`
            : ""
        }`
    );
    const reference = best[programs.findIndex((p) => !p.ours)];
    const ratios = options.reference === null
      ? []
      : programs.flatMap((p, k) =>
        !p.ours ? [] : [
          best[k] === null || reference === null || reference === undefined
            ? "—"
            : `${(best[k]!.micros / reference.micros).toFixed(2)}×`,
        ]
      );
    print(
      `| ${[name, String(lines.length), ...cells, ...ratios].join(" | ")} |`,
    );
    const minima = runs.map((r) =>
      r.length === options.runs ? meanOfMinima(r) : null
    );
    const referenceMinimum = minima[programs.findIndex((p) => !p.ours)];
    minimaRows.push(
      `| ${
        [
          name,
          String(lines.length),
          ...minima.map((m) => m === null ? "—" : formatMicros(m)),
          ...(options.reference === null
            ? []
            : programs.flatMap((p, k) =>
              !p.ours ? [] : [
                minima[k] === null || referenceMinimum === null ||
                  referenceMinimum === undefined
                  ? "—"
                  : `${(minima[k]! / referenceMinimum).toFixed(2)}×`,
              ]
            )),
        ].join(" | ")
      } |`,
    );
    for (const failure of failures) warn(`bench:c4ref: ${name}: ${failure}`);
    faults += failures.length;
  }
  if (options.runs > 1) {
    print("");
    print(
      `Mean of each line's fastest time over the ${options.runs} runs (a line slowed in one run counts at its fastest):`,
    );
    print("");
    print(`| ${header.join(" | ")} |`);
    print(`| --- | ${header.slice(1).map(() => "---:").join(" | ")} |`);
    for (const row of minimaRows) print(row);
  }
  print("");
  print(`load average after: ${loadAverage()} (1, 5, 15 min)`);
  return faults === 0 ? 0 : 1;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
