/**
 * `deno task openings`: solves exactly every move from one Connect Four
 * position, printing each root probe as it finishes. `--full` is the long
 * run: the seven first moves from the empty board, stored in
 * `data/connect4/first_moves.txt` for notebook 07. See {@linkcode HELP}.
 *
 * @module
 */

import {
  ConnectFour,
  ConnectFourSolver,
  type SolveResult,
  type SolveStopReason,
} from "../mod.ts";
import {
  BOOK_TITLE,
  firstMovesText,
  mirrorMoves,
  type OpeningLine,
} from "../src/course/connect_four/first_moves.ts";
import {
  defaultThreads,
  flagValue,
  integerValue,
  isFlag,
  threadsValue,
  UsageError,
} from "./_connect_four_cli.ts";
import { print, readCommandLine, warn } from "./_output.ts";

/** Where `--full` writes its results. */
export const FIRST_MOVES_FILE = "data/connect4/first_moves.txt";

/** Where `--book` writes its results. */
export const BOOK_FILE = "data/connect4/book.txt";

/** The position whose moves the small default run solves (a few seconds). */
export const DEFAULT_AFTER = "44433322";

/**
 * The node budget of each solve of an `--after` run (the default run) when
 * neither `--max-nodes` nor `--time-ms` is given: an early start position
 * would otherwise run for hours. The default run's largest solve takes
 * 4.3 M nodes; 20 M take about 5-10 s on this machine's cores.
 */
export const DEFAULT_AFTER_MAX_NODES = 20_000_000;

/** The text of `deno task openings --help`. */
export const HELP =
  `usage: deno task openings [--full | --book | --after MOVES] [--threads N] [--megabytes M] [--max-nodes N] [--time-ms T]

Solves exactly, one after the other, the position after each legal move
from a start position, and prints one line per move:
  <moves> <score> <nodes> <seconds>
    score: from the side to move after that move (the benchmark files'
    convention: 0 a draw, 22-k when it wins with its k-th stone)
  <moves> <lower>..<upper> <nodes> <seconds> stopped:<budget>
    when a budget stopped that solve (<budget> is maxNodes or timeMs): the
    score is proven to lie there
  <moves> <score> mirror:<moves>
    the mirror image of a move already solved (column c and 8-c give the
    same score on the symmetric board), not searched again
Progress goes to stderr: each root null-window probe, the bounds proven so
far, nodes and seconds; at the end, how many solves a budget stopped.

Budgets: an --after run (the default) stops each solve after
${DEFAULT_AFTER_MAX_NODES} nodes unless --max-nodes or --time-ms is given,
so that it ends in about a minute at most. --full and --book have no budget
unless one is given: they are the long runs (tens of minutes), print each
probe as it finishes and write their file after every move.

Flags:
  --after MOVES   the start position (default ${DEFAULT_AFTER}, a few seconds);
                  "-" is the empty board (an empty MOVES is an error)
  --full          the empty board's seven first moves (4 solves by mirror
                  symmetry, 1-4 minutes each on 2 cores), written to
                  ${FIRST_MOVES_FILE} with the command and the time taken
  --book          every position after two moves (25 solves by mirror
                  symmetry), written to ${BOOK_FILE}: the opening book
                  of deno task solve --book
  --threads N     threads per solve, 1-64 (default: the machine's cores)
  --megabytes M   the largest table, in MiB (default 512; it grows to it)
  --max-nodes N   stop each move's solve after N nodes (all threads
                  together) and report proven bounds
  --time-ms T     stop each move's solve after about T milliseconds and
                  report proven bounds
  -h, --help      this text

Exit status: 0 when done, 2 on a bad command line.`;

/** What {@linkcode parseOpeningsArgs} returns. */
export interface OpeningsArgs {
  /** `-h`/`--help`. */
  help: boolean;
  /** The start position's moves ("" is the empty board). */
  after: string;
  /** `--full`: write {@linkcode FIRST_MOVES_FILE}. */
  full: boolean;
  /** `--book`: write {@linkcode BOOK_FILE}. */
  book: boolean;
  /** `--threads N`, when given. */
  threads?: number;
  /** `--megabytes M` (default 512, the solver's default). */
  megabytes: number;
  /** `--time-ms T`, when given. */
  timeMs?: number;
  /**
   * `--max-nodes N`, when given; an `--after` run without `--max-nodes` or
   * `--time-ms` gets {@linkcode DEFAULT_AFTER_MAX_NODES}.
   */
  maxNodes?: number;
}

/**
 * Parses `deno task openings`' arguments.
 *
 * @param args the arguments after the task's name
 * @returns the flags
 * @throws {UsageError} on an unknown flag, a missing or bad value, or
 *   `--full` with `--after`
 */
export function parseOpeningsArgs(args: readonly string[]): OpeningsArgs {
  const result: OpeningsArgs = {
    help: false,
    after: DEFAULT_AFTER,
    full: false,
    book: false,
    megabytes: 512,
  };
  let afterGiven = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const value = (flag: string): string => {
      const [text, next] = flagValue("openings", args, i, flag);
      i = next;
      return text;
    };
    if (arg === "-h" || arg === "--help") {
      result.help = true;
    } else if (arg === "--full") {
      result.full = true;
      result.after = "";
    } else if (arg === "--book") {
      result.book = true;
      result.after = "";
    } else if (isFlag(arg, "--after")) {
      const moves = value("--after").trim();
      afterGiven = true;
      // Only "-" names the empty board: an empty value (an unset shell
      // variable, say) would start a solve of hours.
      if (moves !== "-" && !/^[1-7]{1,41}$/.test(moves)) {
        throw new UsageError(
          `openings: --after must be column digits 1-7 (1 to 41 of them), or "-" for the empty board, got ${
            JSON.stringify(moves)
          }`,
        );
      }
      result.after = moves === "-" ? "" : moves;
    } else if (isFlag(arg, "--threads")) {
      result.threads = threadsValue("openings", value("--threads"));
    } else if (isFlag(arg, "--megabytes")) {
      result.megabytes = integerValue(
        "openings",
        "--megabytes",
        value("--megabytes"),
        4,
        1,
        4096,
        "an integer in 1…4096",
      );
    } else if (isFlag(arg, "--max-nodes")) {
      result.maxNodes = integerValue(
        "openings",
        "--max-nodes",
        value("--max-nodes"),
        15,
        0,
        Infinity,
        "a whole number of nodes ≥ 0",
      );
    } else if (isFlag(arg, "--time-ms")) {
      result.timeMs = integerValue(
        "openings",
        "--time-ms",
        value("--time-ms"),
        12,
        0,
        Infinity,
        "a whole number of milliseconds ≥ 0",
      );
    } else {
      throw new UsageError(`openings: unknown argument ${JSON.stringify(arg)}`);
    }
  }
  if ([result.full, result.book, afterGiven].filter(Boolean).length > 1) {
    throw new UsageError("openings: give one of --full, --book and --after");
  }
  if (
    !result.full && !result.book && result.maxNodes === undefined &&
    result.timeMs === undefined
  ) {
    result.maxNodes = DEFAULT_AFTER_MAX_NODES;
  }
  return result;
}

/**
 * The position after `after`, which must be legal and unfinished.
 *
 * @throws {Error} naming the position when it is illegal or already over
 */
function startPosition(after: string): ConnectFour {
  const start = ConnectFour.parse(after);
  if (start.isTerminal()) {
    throw new Error(`the position ${JSON.stringify(after)} is over`);
  }
  return start;
}

/** Which budget stopped a line's solve (lines absent here finished). */
const STOPPED_BY = new WeakMap<OpeningLine, SolveStopReason>();

/**
 * Solves the position after each legal move from `after`, reporting progress through
 * `log` and each finished line through `done`.
 *
 * @param solver the solver (its table is cleared for each move)
 * @param after the start position's moves
 * @param timeMs a budget per solve, or `undefined`
 * @param log receives progress text
 * @param done receives each line as soon as it is known
 * @param maxNodes a node budget per solve, or `undefined`
 * @returns every line, in column order; from a symmetric position, a move
 *   to column 5, 6 or 7 copies its mirror 3, 2 or 1 instead of a search
 * @throws {Error} when `after` is not a legal unfinished position
 */
export function solveOpenings(
  solver: ConnectFourSolver,
  after: string,
  timeMs: number | undefined,
  log: (text: string) => void,
  done: (line: OpeningLine) => void,
  maxNodes?: number,
): OpeningLine[] {
  let start: ConnectFour;
  try {
    start = startPosition(after);
  } catch (error) {
    throw new Error(`openings: ${(error as Error).message}`);
  }
  // The board, not the move order: "4435" and "4453" are one position.
  const symmetric = start.mirroredKey() === start.key();
  const lines = new Map<number, OpeningLine>();
  // The centre first, then outwards: the most telling results come first.
  for (const column of [4, 3, 5, 2, 6, 1, 7]) {
    if (!start.canPlay(column - 1)) continue;
    const moves = after + column;
    if (symmetric && column > 4 && lines.has(8 - column)) {
      const twin = lines.get(8 - column)!;
      const line: OpeningLine = { ...twin, moves, mirrorOf: twin.moves };
      lines.set(column, line);
      done(line);
      continue;
    }
    const clock = performance.now();
    const seconds = () => (performance.now() - clock) / 1000;
    log(`${moves}: solving`);
    const result: SolveResult = solver.solve(ConnectFour.parse(moves), {
      timeMs,
      maxNodes,
      onProbe: ({ probe, lower, upper, nodes }) =>
        log(
          `${moves}: probe ${probe}: score in ${lower}..${upper}, ${nodes} nodes, ${
            seconds().toFixed(1)
          } s`,
        ),
    });
    const line: OpeningLine = {
      moves,
      lower: result.lower,
      upper: result.upper,
      nodes: result.nodes,
      seconds: seconds(),
      mirrorOf: null,
    };
    if (result.stopReason !== null) STOPPED_BY.set(line, result.stopReason);
    lines.set(column, line);
    done(line);
  }
  return [...lines.entries()].sort((a, b) => a[0] - b[0]).map((e) => e[1]);
}

/**
 * Solves every position after two moves: the seven moves after each first
 * move 4, 3, 2 and 1 (after 4 the mirrored ones are copied), then copies
 * the lines after 5, 6 and 7 from their mirrors after 3, 2 and 1 — 25
 * solves for 49 positions.
 *
 * @param solver the solver (its table is cleared for each position)
 * @param timeMs a budget per solve, or `undefined`
 * @param log receives progress text
 * @param done receives each line as soon as it is known
 * @param maxNodes a node budget per solve, or `undefined`
 * @returns the 49 lines
 */
export function solveBook(
  solver: ConnectFourSolver,
  timeMs: number | undefined,
  log: (text: string) => void,
  done: (line: OpeningLine) => void,
  maxNodes?: number,
): OpeningLine[] {
  const lines: OpeningLine[] = [];
  for (const first of [4, 3, 2, 1]) {
    const batch = solveOpenings(
      solver,
      String(first),
      timeMs,
      log,
      done,
      maxNodes,
    );
    lines.push(...batch);
    if (first === 4) continue;
    for (const line of batch) {
      const twin: OpeningLine = {
        ...line,
        moves: mirrorMoves(line.moves),
        mirrorOf: line.mirrorOf ?? line.moves,
      };
      lines.push(twin);
      done(twin);
    }
  }
  return lines.sort((a, b) => a.moves.localeCompare(b.moves));
}

function main(args: readonly string[]): number {
  const options = readCommandLine(parseOpeningsArgs, args, HELP);
  if (typeof options === "number") return options;
  // A bad start is the user's mistake, not a crash: one line and exit 2.
  try {
    startPosition(options.after);
  } catch (error) {
    warn(`openings: --after: ${(error as Error).message} (see --help)`);
    return 2;
  }
  const threads = options.threads ?? defaultThreads();
  const solver = new ConnectFourSolver({
    megabytes: options.megabytes,
    threads,
  });
  const begun = new Date();
  // The command as run, for the file's header: the flags that change the work.
  const command = [
    `deno task openings ${options.book ? "--book" : "--full"}`,
    ...args.filter((arg) => arg !== "--full" && arg !== "--book"),
  ].join(" ");
  const file = options.book ? BOOK_FILE : FIRST_MOVES_FILE;
  const title = options.book ? BOOK_TITLE : undefined;
  const writes = options.full || options.book;
  const clock = performance.now();
  const finished: OpeningLine[] = [];
  const write = (lines: readonly OpeningLine[], complete: boolean) =>
    Deno.writeTextFileSync(
      file,
      firstMovesText(lines, {
        command,
        threads,
        megabytes: options.megabytes,
        date: begun.toISOString().slice(0, 10),
        seconds: (performance.now() - clock) / 1000,
        complete,
      }, title),
    );
  try {
    solver.warmUp();
    const report = (line: OpeningLine) => {
      finished.push(line);
      print(lineText(line));
      // Written after every move: an interrupted run keeps what it proved.
      if (writes) write(finished, false);
    };
    const lines = options.book
      ? solveBook(solver, options.timeMs, warn, report, options.maxNodes)
      : solveOpenings(
        solver,
        options.after,
        options.timeMs,
        warn,
        report,
        options.maxNodes,
      );
    const stopped = lines.filter((line) => line.lower !== line.upper).length;
    if (stopped > 0) {
      const budgets = [
        options.maxNodes === undefined
          ? ""
          : `--max-nodes ${options.maxNodes}${
            args.some((arg) => isFlag(arg, "--max-nodes")) ? "" : " (default)"
          }`,
        options.timeMs === undefined ? "" : `--time-ms ${options.timeMs}`,
      ].filter((text) => text !== "").join(", ");
      warn(
        `openings: ${stopped} of ${lines.length} lines stopped by the budget (${budgets} per solve): they give proven bounds; a larger budget finishes them`,
      );
    }
    if (writes) {
      write(lines, true);
      warn(`openings: wrote ${file}`);
    }
  } finally {
    solver.close();
  }
  return 0;
}

/** One stdout line (see {@linkcode HELP}). */
function lineText(line: OpeningLine): string {
  const score = line.lower === line.upper
    ? String(line.lower)
    : `${line.lower}..${line.upper}`;
  if (line.mirrorOf !== null) {
    return `${line.moves} ${score} mirror:${line.mirrorOf}`;
  }
  return `${line.moves} ${score} ${line.nodes} ${line.seconds.toFixed(1)}${
    line.lower === line.upper
      ? ""
      : ` stopped:${STOPPED_BY.get(line) ?? "budget"}`
  }`;
}

if (import.meta.main) Deno.exit(main(Deno.args));
