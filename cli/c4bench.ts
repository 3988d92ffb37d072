/**
 * `deno task c4bench`: the benchmark protocol of Pons' test sets. See
 * {@linkcode HELP}.
 *
 * @module
 */

import {
  benchmarkConnectFour,
  ConnectFourSolver,
  type PositionLine,
  readPositionLines,
} from "../mod.ts";
import {
  defaultThreads,
  parseBenchArgs,
  SLOW_NOTE_MS,
  slowSoFar,
} from "./_connect_four_cli.ts";
import { UsageError } from "./_flags.ts";
import { print } from "./_output.ts";
import process from "node:process";

/** The text of `deno task c4bench --help`. */
export const HELP =
  `usage: deno task c4bench <file> [--weak] [--passes N] [--megabytes M] [--threads N]

Solves every position of <file> with the table cleared before each (Pons'
protocol) and prints, per pass, the mean time per position (and the
process's CPU time per position), the mean nodes, the
nodes per second, the ratio to the reference C++ solver's published time
(data/README.md; measured on its author's machine) for the sets of
data/connect4/ and Pons' Test_L*_R* files, and how many scores disagree
with the file's (the first 10 are listed). The solver is warmed up on built-in positions first, so pass
1 is timed with the search compiled; by default the file is run twice.

<file>: one "<moves> [score]" per line, as in data/connect4/'s position sets
(end_easy.txt, middle_easy.txt, sample_*.txt; opening_weak.txt with --weak):
column digits 1…7, first player first, "-" the empty board; the optional
score (-18…18, from the side to move) is checked. Blank lines and lines
starting with # are skipped. (first_moves.txt and book.txt are the
openings' own records, with more columns: not position files.)

Flags:
  --weak          only the sign of the score (win 1, draw 0, loss -1)
  --passes N      how many times the file is solved, an integer in
                  1…999999 (default 2)
  --megabytes M   the transposition table's size in MiB, an integer in
                  1…4096, rounded down to a power of two (default 512; a
                  solve uses 1 MiB and grows into it); the header says the
                  size used
  --threads N     threads per solve, an integer in 1…64 (default: the
                  machine's cores);
                  helpers join a solve past 524,288 nodes, sharing the
                  table and the moves near the root, and leave it when
                  they slow it (on 2 idle cores: the first move 4 solved
                  exactly in about half the time of one thread)
  -h, --help      this text

No budget: c4bench times full solves, so each position runs to its end. The
sets of data/connect4/ take micro- to milliseconds a position (Begin-Medium:
up to about 2 s), but a file of early positions can take minutes to hours a
position; try such a file first with deno task solve --max-nodes N. A solve
that runs ${
    SLOW_NOTE_MS / 1000
  } s gets a note on stderr (the position, its nodes and the
bounds proven so far) and goes on: nothing else is printed until the pass
ends.

Exit status: 0 when every score agrees; 1 when some score disagrees with the
file; 2 on a bad command line or a file that cannot be read (missing, a
directory, empty, or a malformed line, named by its number).`;

/**
 * The reference C++ solver's mean time per position (µs) on Pons' sets, as
 * part 12 of his tutorial publishes them (data/README.md, "The reference
 * C++ solver's published figures"), by file name: data/connect4/'s copies
 * of End-Easy and Middle-Easy, and his `Test_L*_R*` files.
 */
export const REFERENCE_MICROSECONDS: Record<string, number> = {
  end_easy: 4.568,
  middle_easy: 37.45,
  Test_L3_R1: 4.568,
  Test_L2_R1: 37.45,
  Test_L2_R2: 3_212,
  Test_L1_R1: 254.6,
  Test_L1_R2: 96_630,
  Test_L1_R3: 5_490_000,
};

/** The process's CPU time (user and system) in ms. */
function cpuMilliseconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** A one-line error: the command stops with exit status 2. */
class InputError extends Error {}

/** Reads and checks the position file. */
function readFile(file: string): PositionLine[] {
  let text: string;
  try {
    text = Deno.readTextFileSync(file);
  } catch (error) {
    const why = error instanceof Deno.errors.NotFound
      ? "no such file"
      : error instanceof Deno.errors.IsADirectory
      ? "it is a directory"
      : error instanceof Error
      ? error.message
      : String(error);
    throw new InputError(`cannot read ${file}: ${why}`);
  }
  let lines: PositionLine[];
  try {
    lines = readPositionLines(text);
  } catch (error) {
    throw new InputError(
      `${file}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (lines.length === 0) throw new InputError(`${file}: no positions`);
  return lines;
}

function main(args: readonly string[]): number {
  let lines: PositionLine[];
  let solver: ConnectFourSolver;
  let options;
  try {
    options = parseBenchArgs(args);
    if (options.help) {
      print(HELP);
      return 0;
    }
    lines = readFile(options.file!);
    solver = new ConnectFourSolver({
      megabytes: options.megabytes,
      threads: options.threads ?? defaultThreads(),
    });
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof InputError)) {
      throw error;
    }
    // One line, so that a script's log shows what went wrong at a glance.
    console.error(
      error instanceof UsageError
        ? `${error.message} (see --help)`
        : `c4bench: ${error.message}`,
    );
    return 2;
  }
  const { file, weak, passes } = options;
  // The JIT compiles the search on built-in positions, not in pass 1.
  solver.warmUp(weak);
  print(
    `${file}: ${lines.length} position${lines.length === 1 ? "" : "s"}, ${
      weak ? "weak" : "strong"
    }, table ${solver.table.size.toLocaleString("en")} entries (${
      solver.table.size * 8 / 2 ** 20
    } MiB, used from ${
      (2 ** 17).toLocaleString("en")
    } as the work grows), cleared per position, threads ${solver.threads}`,
  );
  const reference = weak ? undefined : REFERENCE_MICROSECONDS[
    file!.replace(/^.*[\\/]/, "").replace(/\.txt$/, "")
  ];
  let wrong = 0;
  for (let pass = 1; pass <= passes; pass++) {
    const cpuStart = cpuMilliseconds();
    // A pass prints its line when it ends: a long solve says so meanwhile
    // (an early position printed nothing for minutes to hours).
    const s = benchmarkConnectFour(lines, solver, {
      weak,
      onSlow: (progress, i) =>
        console.error(
          `c4bench: pass ${pass}: position ${i + 1} (${
            lines[i]!.moves || "-"
          }) ${
            slowSoFar(progress)
          }: c4bench runs every solve to its end, and an early position can take minutes to hours (deno task solve --max-nodes N bounds one)`,
        ),
      slowMs: SLOW_NOTE_MS,
    });
    const cpu = cpuMilliseconds() - cpuStart;
    // CPU time tells what the solver costs when other processes share the
    // cores (wall time then also counts their turns); it includes the
    // parse and the clears around each solve.
    const cpuText = ` (CPU ${(1000 * cpu / s.positions).toFixed(1)} µs)`;
    const ratio = reference === undefined
      ? ""
      : `, ${
        (s.meanMicroseconds / reference).toFixed(2)
      }× the reference's published ${reference} µs`;
    print(
      `pass ${pass}: mean time ${
        s.meanMicroseconds.toFixed(1)
      } µs${cpuText}, mean nodes ${s.meanNodes.toFixed(1)}, ${
        (s.nodesPerSecond / 1e6).toFixed(2)
      } M nodes/s${ratio}, ${s.wrong.length} wrong`,
    );
    for (const line of s.wrong.slice(0, 10)) print(`  wrong: ${line}`);
    wrong += s.wrong.length;
  }
  solver.close();
  return wrong > 0 ? 1 : 0;
}

if (import.meta.main) Deno.exit(main(Deno.args));
