/**
 * `deno task solve`: solves Connect Four positions read from stdin, one per
 * line, printing the answers in order, each before the program waits for
 * more input. See {@linkcode HELP}.
 *
 * @module
 */

import {
  CheckedSolveOptions,
  ConnectFour,
  ConnectFourBook,
  ConnectFourSolver,
  MAX_SCORE,
  type ParsedPositionLine,
  parsePositionLine,
  randomConnectFour,
  type SolveProgress,
  type SolveResult,
} from "../mod.ts";
import {
  defaultThreads,
  MAX_LINE_BYTES,
  parseSolveArgs,
  readLines,
  SLOW_NOTE_MS,
  slowSoFar,
} from "./_connect_four_cli.ts";
import { readCommandLine, warn, writeOrLeave } from "./_output.ts";

/** The opening book `--book` reads, from the repository's root. */
export const BOOK_PATH = "data/connect4/book.txt";

/** The book `--book` reads holds every position after this many moves. */
export const BOOK_ALL_AFTER = 2;

// A solve without a budget that runs SLOW_NOTE_MS gets a note on stderr
// when stdin is not a terminal (a terminal's user sees it run).
export { SLOW_NOTE_MS };
const SLOW_NOTE_S = SLOW_NOTE_MS / 1000;

/**
 * The note on stderr for a solve that has run {@linkcode SLOW_NOTE_MS}.
 *
 * @param number the input line's number (from 1)
 * @param moves the position as the line gave it
 * @param progress what the solve has proven so far
 * @returns one line
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { slowNote } from "./solve.ts";
 * assert.equal(
 *   slowNote(2, "44", { probe: 0, lower: -18, upper: 18, nodes: 123456789 }),
 *   "solve: line 2: 44 has run 10 s (123,456,789 nodes, score in -18..18 so far) and goes on: an early position can take minutes to hours (--max-nodes N or --time-ms T bounds it)",
 * );
 * ```
 */
export function slowNote(
  number: number,
  moves: string,
  progress: SolveProgress,
): string {
  return `solve: line ${number}: ${moves} ${
    slowSoFar(progress)
  }: an early position can take minutes to hours (--max-nodes N or --time-ms T bounds it)`;
}

/**
 * The whole microseconds between two `performance.now()` readings, counted
 * as the reference solver counts them: it subtracts two `gettimeofday`
 * readings, each cut down to its microsecond, so a solve of 0.4 µs prints 0
 * or 1 depending on where the clock's microseconds fall, 0.4 on average.
 * Ours cuts its two readings the same way (not the difference rounded, which
 * prints 0.4 µs as 0 every time and 0.6 µs as 1 every time), so that the
 * two programs' times are the same measure, also line by line.
 *
 * @param start the clock before the solve (ms)
 * @param end the clock after it (ms)
 * @returns whole microseconds, ≥ 0 for `end ≥ start`
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { elapsedMicros } from "./solve.ts";
 * assert.equal(elapsedMicros(1.0009, 1.0011), 1);
 * assert.equal(elapsedMicros(1.0001, 1.0007), 0);
 * assert.equal(elapsedMicros(2, 2.0305), 30);
 * ```
 */
export function elapsedMicros(start: number, end: number): number {
  return Math.floor(1000 * end) - Math.floor(1000 * start);
}

/** The text of `deno task solve --help`. */
export const HELP =
  `usage: deno task solve [--weak] [--book | --book-file FILE] [--max-nodes N] [--time-ms T] [--threads N] < positions.txt

Reads one position per line: <moves> [score]. <moves> are column digits 1…7
(1 is the leftmost), first player first. The optional score is the expected
one (an integer in -${MAX_SCORE}…${MAX_SCORE}, as in the benchmark files) and is
checked. "-" is the empty board (printed as "-"). Blank lines and lines
starting with # are skipped, so a stray one never starts a long solve; a line
longer than ${MAX_LINE_BYTES} bytes is rejected without being read into memory. A
game its last move already won prints its loss for the side to move, with 0
nodes.

Prints one line per position, in order. The lines are written in batches:
all that are solved before solve waits for more input (a program that
sends a line and waits gets its answer), or before the next solve starts
once the oldest has waited 1 ms:
  <moves> <score> <nodes> <microseconds>
    score: from the side to move; 0 a draw, 22-k when it wins with its k-th
    stone, -(22-k) when the opponent does (with --weak: only the sign)
    microseconds: the solve alone (not the line's parsing or printing, nor
    the table's wipe of every 255 solves), as two clock readings cut to
    the microsecond, as the reference solver (c4solver) counts it
  <moves> <score> 0 <microseconds> book
    with --book, for a position of the opening book (${BOOK_PATH}:
    every position of at most two moves and the positions sensible play
    reaches in its first ten plies, solved once by
    deno task openings --book): looked up, not searched
  <moves> <lower>..<upper> <nodes> <microseconds> stopped:<budget>
    when --max-nodes or --time-ms stopped the solve: the score is proven to
    lie in lower..upper; <budget> is maxNodes or timeMs
and, after either, " MISMATCH expected <score>" when the line's expected
score disagrees (is outside the bounds, for a stopped line).

Flags:
  --weak          only the sign of the score (win 1, draw 0, loss -1); faster
  --book          answer the book's positions from it (see above)
  --book-file FILE  --book with another book file; like ${BOOK_PATH}
                  it must hold every position after ${BOOK_ALL_AFTER} moves. A damaged
                  book (a truncated, repeated, contradictory or garbled
                  line, a missing position) is refused: one line naming
                  FILE:LINE, exit 2
  --max-nodes N   stop each position after N nodes, an integer in
                  0…999999999999999 (all threads together never search
                  more)
  --time-ms T     stop each position after about T milliseconds, an
                  integer in 0…999999999999
  --threads N     threads per solve, an integer in 1…64 (default: the
                  machine's cores);
                  helpers join a solve past 524,288 nodes, sharing the
                  table and the moves near the root, and leave it when
                  they slow it (on 2 idle cores: the first move 4 solved
                  exactly in about half the time of one thread)
  -h, --help      this text

Budgets: without --max-nodes or --time-ms every solve runs to its end.
Positions of 20 stones or more take milliseconds, but an early one can take
minutes to hours with no output meanwhile (the first move 4 solved exactly:
about 140 s on 2 cores; the empty board exactly: hours). When stdin is not
a terminal, a solve that no budget bounds and that runs ${SLOW_NOTE_S} s gets a
note on stderr (the nodes and bounds so far) and goes on; nothing is
guessed in advance. --max-nodes N or --time-ms T bounds every solve; --book
answers the book's positions at once.

A bad line prints "line N: <why>" to stderr and the next lines are still
solved. At the end, stderr gets one summary line when any line was bad,
mismatched or stopped.

Exit status: 0 when every line was solved (or stopped by a budget) and every
expected score agreed; 1 when some line was bad or an expected score
disagreed; 2 on a bad command line. Output closed early (| head) ends
quietly with 0.`;

/** The microseconds of the last {@linkcode timedSolve} (a number, not an object a line). */
let solveMicros = 0;
/** When the last {@linkcode timedSolve} ended (`performance.now()`). */
let solveEnd = 0;

/**
 * Answers held back at most this long (ms) before the next solve starts.
 * One write a line cost End-Easy's microsecond solves about 5% (per-line
 * minimum of 10 runs, three alternated pairs: 7.0–7.2 against 6.7–6.8 us a
 * position): each system call leaves the next solve's code and table
 * lines colder.
 */
const HOLD_MS = 1;

/**
 * The answers not yet written: they go out before stdin is read again (a
 * program that sends a line and waits gets its answer), before a note on
 * stderr (the two stay in order on one terminal), before a solve once the
 * oldest has waited {@linkcode HOLD_MS}, and at the end.
 */
class HeldOutput {
  #text = "";
  #since = 0;

  /** Holds a line (without its newline) answered at time `now`. */
  add(line: string, now: number): void {
    if (this.#text === "") this.#since = now;
    this.#text += line + "\n";
  }

  /** Writes the held lines when the oldest has waited HOLD_MS by `now`. */
  flushIfOld(now: number): void {
    if (this.#text !== "" && now - this.#since >= HOLD_MS) this.flush();
  }

  /** Writes the held lines (a closed stdout exits quietly with 0). */
  flush(): void {
    if (this.#text === "") return;
    const text = this.#text;
    this.#text = "";
    writeOrLeave(text);
  }
}

/**
 * Solves a position and times the solve alone, as the reference does
 * (its clock is read right before and right after its solve). A function
 * of its own, compiled by {@linkcode warmTimedSolve} before the first line:
 * written out in main's loop, which runs once a line, the timed region ran
 * its first lines in the interpreter, the clock's calls and the solve's
 * call through its inline caches (End-Easy's 40 positions, per-line minimum
 * of 30 interleaved runs: 7.15 us, 6.70 as this function).
 */
function timedSolve(
  solver: ConnectFourSolver,
  position: ConnectFour,
  options: CheckedSolveOptions,
): SolveResult {
  const start = performance.now();
  const result = solver.solve(position, options);
  solveEnd = performance.now();
  solveMicros = elapsedMicros(start, solveEnd);
  return result;
}

/**
 * Small solves that compile {@linkcode timedSolve} with the options every
 * line will pass. With 2,000 the path from here into the solve was still in
 * V8's middle tier when the first line was timed; End-Easy's 40 positions
 * (every 25th line) on one thread took 8.7 us a line (per-line minimum of 6
 * runs) against 7.5 with 20,000 here and in `warmUp`.
 */
const WARM_TIMED_SOLVES = 20_000;

/**
 * Compiles {@linkcode timedSolve} with the options object the lines will
 * use: small solves of 36 to 40 stones (about 20 ms).
 */
function warmTimedSolve(
  solver: ConnectFourSolver,
  options: CheckedSolveOptions,
): void {
  const small = [36, 37, 38, 39, 40].map((stones) =>
    randomConnectFour(stones, 1000 + stones)
  );
  for (let i = 0; i < WARM_TIMED_SOLVES; i++) {
    timedSolve(solver, small[i % small.length]!, options);
  }
}

async function main(args: readonly string[]): Promise<number> {
  const options = readCommandLine(parseSolveArgs, args, HELP);
  if (typeof options === "number") return options;
  const { weak, maxNodes, timeMs } = options;
  let book: ConnectFourBook | null = null;
  if (options.book) {
    const shown = options.bookFile ?? BOOK_PATH;
    try {
      // A book must answer the empty board and every first move, or a
      // missing line would start a search of hours where a lookup was meant.
      book = ConnectFourBook.parse(
        Deno.readTextFileSync(
          options.bookFile ?? new URL(`../${BOOK_PATH}`, import.meta.url),
        ),
        { source: shown, allAfter: BOOK_ALL_AFTER },
      );
    } catch (error) {
      // The flag given: a file of --book-file's is the command line's, so
      // its line ends with the hint; --book's own file is the repository's.
      warn(
        options.bookFile === undefined
          ? `solve: --book: cannot use ${shown}: ${(error as Error).message}`
          : `solve: --book-file: cannot use ${shown}: ${
            (error as Error).message
          } (see --help)`,
      );
      return 2;
    }
  }
  // Made before the first line so that its table is not timed with
  // the first position.
  const solver = new ConnectFourSolver({
    threads: options.threads ?? defaultThreads(),
  });
  // The first read of stdin changes a prototype that compiled code depends
  // on: V8 then drops the compiled search, and the next positions ran
  // interpreted (Middle-Easy's first lines 5 to 10 times slower). So the
  // first line is read before the warm-up, which compiles the search here,
  // not on the first position the user times.
  const held = new HeldOutput();
  const lines = readLines(
    Deno.stdin.readable,
    MAX_LINE_BYTES,
    () => held.flush(),
  );
  let next = await lines.next();
  solver.warmUp(weak);
  // A terminal's user sees the solve run; a file or a pipe gets the note.
  const note = !Deno.stdin.isTerminal();
  let bad = 0, mismatches = 0, stopped = 0, number = 0;
  let moves = "";
  // One options object for every line, made and checked before the first
  // is timed: a solve's time is the solve's, not an object's, a closure's
  // or the options' checks (see CheckedSolveOptions).
  const solveOptions = CheckedSolveOptions.from(
    note && maxNodes === undefined && timeMs === undefined
      ? {
        weak,
        onSlow: (progress) => {
          held.flush();
          warn(slowNote(number, moves, progress));
        },
        slowMs: SLOW_NOTE_MS,
      }
      : { weak, maxNodes, timeMs },
  );
  warmTimedSolve(solver, solveOptions);
  for (; !next.done; next = await lines.next()) {
    const text = next.value;
    number++;
    let line: ParsedPositionLine | null;
    try {
      if (text === null) {
        throw new Error(
          `longer than ${MAX_LINE_BYTES} bytes (a position has at most 42 moves); skipped`,
        );
      }
      line = parsePositionLine(text);
    } catch (error) {
      bad++;
      held.flush();
      warn(
        `line ${number}: ${
          error instanceof Error ? error.message : String(error)
        }`,
      );
      continue;
    }
    if (line === null) continue;
    const looked = book?.lookup(line.position) ?? null;
    // The reference wipes its table before it starts its clock: the wipe
    // that comes every 255 solves (15-27 us) is done here too.
    solver.table.wipeIfDue();
    const known = looked !== null && weak ? Math.sign(looked) : looked;
    moves = line.moves;
    let result: SolveResult;
    let micros: number;
    held.flushIfOld(solveEnd);
    if (known !== null) {
      // A book position is looked up: it has a score and no nodes.
      const start = performance.now();
      result = {
        score: known,
        lower: known,
        upper: known,
        exact: true,
        stoppedByBudget: false,
        stopReason: null,
        nodes: 0,
      };
      solveEnd = performance.now();
      micros = elapsedMicros(start, solveEnd);
    } else {
      result = timedSolve(solver, line.position, solveOptions);
      micros = solveMicros;
    }
    let out = result.exact
      ? `${line.moves} ${result.score} ${result.nodes} ${micros}${
        known !== null ? " book" : ""
      }`
      : `${line.moves} ${result.lower}..${result.upper} ${result.nodes} ${micros} stopped:${result.stopReason}`;
    if (!result.exact) stopped++;
    if (line.expected !== null) {
      const expected = weak ? Math.sign(line.expected) : line.expected;
      if (expected < result.lower || expected > result.upper) {
        mismatches++;
        out += ` MISMATCH expected ${line.expected}`;
      }
    }
    held.add(out, solveEnd);
  }
  // The reader may have left (| head): the write then exits quietly with 0.
  held.flush();
  if (bad + mismatches + stopped > 0) {
    warn(
      `solve: ${bad} bad line${bad === 1 ? "" : "s"}, ${mismatches} mismatch${
        mismatches === 1 ? "" : "es"
      }, ${stopped} stopped by a budget`,
    );
  }
  return bad + mismatches > 0 ? 1 : 0;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
