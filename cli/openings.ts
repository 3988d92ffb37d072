/**
 * `deno task openings`: solves exactly every move from one Connect Four
 * position, printing each root probe as it finishes. `--full` is the long
 * run: the seven first moves from the empty board, stored in
 * `data/connect4/first_moves.txt` for notebook 07. See {@linkcode HELP}.
 *
 * @module
 */

import { ConnectFourSolver } from "../mod.ts";
import {
  afterTitle,
  bookTitle,
  firstMovesText,
  type OpeningLine,
} from "../src/course/connect_four/first_moves.ts";
import {
  bookPlan,
  openingLineText,
  openingsPlan,
  type PlannedLine,
  readBookLines,
  searchedMoves,
  solvePlan,
  sortedByMoves,
} from "../src/course/connect_four/openings.ts";
import {
  DEFAULT_BOOK_PLIES,
  extendBook,
  FULL_BOOK_PLIES,
} from "../src/course/connect_four/opening_book.ts";
import { solvePlanOverJobs } from "../src/course/connect_four/openings_remote.ts";
import {
  defaultThreads,
  maxNodesValue,
  megabytesValue,
  threadsValue,
  timeMsValue,
} from "./_connect_four_cli.ts";
import {
  flagName,
  FlagsOnce,
  flagValue,
  integerValue,
  isFlag,
  UsageError,
} from "./_flags.ts";
import { print, readCommandLine, warn } from "./_output.ts";
import { abortOnStopSignals } from "./_stop_signals.ts";
import {
  connectForCommand,
  progressLine,
  queuedJobsFate,
  SECURITY_FLAGS,
  SECURITY_HELP,
  securityFlags,
  UNREACHABLE_ALONE,
  UNREACHABLE_HELP,
  unreachableMs,
} from "./_nats.ts";
import type { NatsSecurity } from "../src/jobs/nats_address.ts";
import { JobFailedError, JobsUnreachableError } from "../src/jobs/nats.ts";

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
  `usage: deno task openings [--full | --book [--plies N | --full] | --after MOVES] [--threads N] [--megabytes M] [--max-nodes N] [--time-ms T] [--nats URL [--nats-unreachable SECONDS] [--nats-creds FILE] [--nats-nkey FILE] [--nats-ca FILE]] [--out FILE]

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

Sensible play: a sensible move does not lose against perfect play when a
move that does not lose exists, and loses as late as possible when every
move loses; the engine plays the highest score, the column nearest the
centre on a tie, then the left one; the human may move first or second.
The book holds every position after a move from each position such a game
reaches before ply N, so each answers at once with every column proven.

Budgets: an --after run (the default) stops each solve after
${DEFAULT_AFTER_MAX_NODES} nodes unless --max-nodes or --time-ms is given,
so that it ends in about a minute at most. --full and --book have no budget
unless one is given: they are the long runs (tens of minutes), print each
probe as it finishes and write their file after every move.

Flags:
  --after MOVES   the start position (default ${DEFAULT_AFTER}, a few seconds);
                  "-" is the empty board (an empty MOVES is an error)
  --full          the empty board's seven first moves (4 solves by mirror
                  symmetry, 1…4 minutes each on 2 cores), written to
                  ${FIRST_MOVES_FILE} with the command and the time taken
  --book          the opening book, written to ${BOOK_FILE}: every
                  position after two moves (25 solves by mirror symmetry),
                  then every position after a move from a position that
                  sensible play reaches before ply ${DEFAULT_BOOK_PLIES} (below), so
                  that deno task play and the site's play page prove every
                  column there at once. It extends the file: positions
                  proven there are not searched again
  --plies N       with --book: cover sensible play before ply N, an
                  integer in 2…12 (default ${DEFAULT_BOOK_PLIES}, the committed book: about 17
                  minutes of solving here on top of the two-move
                  positions' 20 minutes)
  --full          with --book: --plies ${FULL_BOOK_PLIES}, deeper than the committed book
  --threads N     threads per solve, an integer in 1…64 (default: the
                  machine's cores)
  --megabytes M   the largest table in MiB, an integer in 1…4096, rounded
                  down to a power of two (default 512; it grows to it)
  --max-nodes N   stop each move's solve after N nodes (all threads
                  together), an integer in 0…999999999999999, and report
                  proven bounds
  --time-ms T     stop each move's solve after about T milliseconds, an
                  integer in 0…999999999999, and report proven bounds
  --nats URL      send each solve as one job to the workers of the NATS
                  JetStream server at URL (deno task worker --nats URL, on
                  any machine, same commit); the lines and the file are the
                  local run's (see docs/distributed.md). --threads is then
                  per worker, default 1
${UNREACHABLE_HELP}
${SECURITY_HELP}
  --out FILE      write the lines to FILE (default: ${FIRST_MOVES_FILE}
                  for --full, ${BOOK_FILE} for --book, none otherwise)
  -h, --help      this text

Exit status: 0 when done, 2 on a bad command line, a server that cannot be
reached or a solve that failed on a worker; 130/143 when stopped by
SIGINT/SIGTERM (the lines so far are in the file).`;

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
  /** With `--book`: cover sensible play before this ply (`--plies N`, `--full`). */
  plies?: number;
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
  /** `--nats URL`, when given: solve over the workers of that server. */
  nats?: string;
  /** `--nats-unreachable SECONDS`, in ms, when given. */
  unreachableMs?: number;
  /** `--nats-creds`, `--nats-nkey`, `--nats-ca` (the server's security), as given. */
  security?: NatsSecurity;
  /** `--out FILE`, when given. */
  out?: string;
}

/**
 * Parses `deno task openings`' arguments.
 *
 * @param args the arguments after the task's name
 * @returns the flags
 * @throws {UsageError} on an unknown or repeated flag, a missing or bad
 *   value, or `--full` with `--after`
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
  let plies: number | undefined;
  const securityFiles = new Map<string, string>();
  const flags = new FlagsOnce("openings");
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    flags.check(arg);
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
          `openings: --after must be column digits 1…7 (1…41 of them), or "-" for the empty board, got ${
            JSON.stringify(moves)
          }`,
        );
      }
      result.after = moves === "-" ? "" : moves;
    } else if (isFlag(arg, "--plies")) {
      plies = integerValue(
        "openings",
        "--plies",
        value("--plies"),
        2,
        2,
        12,
        "an integer in 2…12",
      );
    } else if (isFlag(arg, "--threads")) {
      result.threads = threadsValue("openings", value("--threads"));
    } else if (isFlag(arg, "--megabytes")) {
      result.megabytes = megabytesValue("openings", value("--megabytes"));
    } else if (isFlag(arg, "--max-nodes")) {
      result.maxNodes = maxNodesValue("openings", value("--max-nodes"));
    } else if (isFlag(arg, "--time-ms")) {
      result.timeMs = timeMsValue("openings", value("--time-ms"));
    } else if (isFlag(arg, "--nats")) {
      const url = value("--nats");
      if (url === "") {
        throw new UsageError('openings: --nats needs a server address, got ""');
      }
      result.nats = url;
    } else if (isFlag(arg, "--nats-unreachable")) {
      result.unreachableMs = unreachableMs(
        value("--nats-unreachable"),
        "openings",
      );
    } else if (SECURITY_FLAGS.some((flag) => isFlag(arg, flag))) {
      const flag = flagName(arg);
      securityFiles.set(flag, value(flag));
    } else if (isFlag(arg, "--out")) {
      const file = value("--out");
      if (file === "") {
        throw new UsageError('openings: --out needs a file name, got ""');
      }
      result.out = file;
    } else {
      throw new UsageError(`openings: unknown argument ${JSON.stringify(arg)}`);
    }
  }
  if (result.unreachableMs !== undefined && result.nats === undefined) {
    throw new UsageError(`openings: ${UNREACHABLE_ALONE}`);
  }
  for (const flag of securityFiles.keys()) {
    if (result.nats === undefined) {
      throw new UsageError(`openings: ${flag} goes with --nats`);
    }
  }
  if (securityFiles.size > 0) result.security = securityFlags(securityFiles);
  // --book --full: the book's whole cover.
  if (result.book && result.full && plies === undefined) {
    result.full = false;
    result.after = "";
    plies = FULL_BOOK_PLIES;
  }
  if ([result.full, result.book, afterGiven].filter(Boolean).length > 1) {
    throw new UsageError(
      "openings: give one of --full, --book and --after (with --book, --full is --plies " +
        `${FULL_BOOK_PLIES}, and --plies goes alone)`,
    );
  }
  if (plies !== undefined && !result.book) {
    throw new UsageError("openings: --plies goes with --book");
  }
  if (result.book) result.plies = plies ?? DEFAULT_BOOK_PLIES;
  if (
    !result.full && !result.book && result.maxNodes === undefined &&
    result.timeMs === undefined
  ) {
    result.maxNodes = DEFAULT_AFTER_MAX_NODES;
  }
  return result;
}

/** What {@linkcode solvePlanOverNats} needs besides the plan. */
interface RemoteRun {
  url: string;
  threads: number;
  megabytes: number;
  maxNodes: number | undefined;
  timeMs: number | undefined;
  unreachableMs: number | undefined;
  security: NatsSecurity | undefined;
}

/** How a run over NATS ended when it did not finish: the exit code, and the line said. */
class RemoteStop extends Error {
  constructor(message: string, readonly code: number) {
    super(message);
  }
}

/**
 * Runs a plan over the workers of a NATS server (solvePlanOverJobs), with
 * this command's progress lines, and SIGINT/SIGTERM stopping the run.
 *
 * @throws {RemoteStop} when it does not finish: the line to say and the exit code
 */
async function solvePlanOverNats(
  plan: readonly PlannedLine[],
  run: RemoteRun,
  done: (line: OpeningLine) => void,
): Promise<OpeningLine[]> {
  const jobs = await connectForCommand("openings", run.url, {
    ...(run.security === undefined ? {} : { security: run.security }),
  });
  if (jobs === null) throw new RemoteStop("", 2);
  const searched = searchedMoves(plan).length;
  let solved = 0;
  const stop = abortOnStopSignals();
  warn(
    `openings: ${searched} solves as jobs for the workers of ${jobs.server} (${plan.length} lines)`,
  );
  try {
    return await solvePlanOverJobs(jobs, plan, {
      megabytes: run.megabytes,
      threads: run.threads,
      ...(run.maxNodes === undefined ? {} : { maxNodes: run.maxNodes }),
      ...(run.timeMs === undefined ? {} : { timeMs: run.timeMs }),
      ...(run.unreachableMs === undefined
        ? {}
        : { unreachableMs: run.unreachableMs }),
      signal: stop.signal,
      onProgress: (p) => warn(progressLine("openings", p, "solves")),
      onRefusal: (line) => warn(`openings: ${line}`),
      onProbe: (moves, worker, p) =>
        warn(
          `${moves}: probe ${p.probe}: score in ${p.lower}..${p.upper}, ${p.nodes} nodes, ${
            p.seconds.toFixed(1)
          } s on worker ${worker}`,
        ),
      onSolve: () => solved++,
    }, done);
  } catch (error) {
    const stopped = stop.stoppedBy;
    if (stopped !== null) {
      throw new RemoteStop(
        `openings: stopped by ${stopped.signal} after ${solved} of ${searched} solves${
          queuedJobsFate(error)
        }`,
        stopped.status,
      );
    }
    if (
      error instanceof JobFailedError || error instanceof JobsUnreachableError
    ) {
      throw new RemoteStop(`openings: ${error.message}`, 2);
    }
    throw error;
  } finally {
    stop.remove();
    await jobs.close().catch(() => {});
  }
}

/** The command line without `flags` and their values (both `--flag V` and `--flag=V`). */
function withoutFlags(
  args: readonly string[],
  flags: readonly string[],
): string[] {
  const kept: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (flags.includes(arg)) {
      i++;
      continue;
    }
    if (flags.some((flag) => arg.startsWith(`${flag}=`))) continue;
    kept.push(arg);
  }
  return kept;
}

async function main(args: readonly string[]): Promise<number> {
  const options = readCommandLine(parseOpeningsArgs, args, HELP);
  if (typeof options === "number") return options;
  // A bad start is the user's mistake, not a crash: one line and exit 2.
  let plan: PlannedLine[];
  try {
    plan = options.book ? bookPlan() : openingsPlan(options.after);
  } catch (error) {
    warn(
      `openings: --after: ${
        (error as Error).message.replace(/^openings: /, "")
      } (see --help)`,
    );
    return 2;
  }
  // Over NATS each worker is one core: one thread unless asked, which also
  // makes the nodes the same on every machine.
  const threads = options.threads ??
    (options.nats === undefined ? defaultThreads() : 1);
  const begun = new Date();
  // The command as run, for the file's header: the flags that change the
  // work (where it ran and where it is written do not).
  const kept = withoutFlags(args, [
    "--nats",
    "--nats-unreachable",
    ...SECURITY_FLAGS,
    "--out",
  ]);
  const command = options.book
    ? [
      "deno task openings --book",
      ...withoutFlags(kept, ["--plies"]).filter((arg) =>
        arg !== "--full" && arg !== "--book"
      ),
      `--plies ${options.plies}`,
    ].join(" ")
    : options.full
    ? [
      "deno task openings --full",
      ...kept.filter((arg) => arg !== "--full"),
    ].join(" ")
    : ["deno task openings", ...kept].join(" ");
  const file = options.out ??
    (options.book ? BOOK_FILE : options.full ? FIRST_MOVES_FILE : null);
  const title = options.book
    ? bookTitle(options.plies!)
    : options.full
    ? undefined
    : afterTitle(options.after);
  let known: OpeningLine[] = [];
  if (options.book) {
    try {
      known = readBookLines(file!);
    } catch (error) {
      warn(
        `openings: --book extends ${file}, which cannot be read: ${
          (error as Error).message
        } (move it away to start afresh)`,
      );
      return 2;
    }
  }
  const clock = performance.now();
  const finished: OpeningLine[] = [...known];
  const write = (lines: readonly OpeningLine[], complete: boolean) => {
    if (file === null) return;
    // A book's time is its solves' (lines kept from the file count theirs).
    const solving = lines.filter((line) => line.mirrorOf === null)
      .reduce((sum, line) => sum + line.seconds, 0);
    Deno.writeTextFileSync(
      file,
      firstMovesText(lines, {
        command,
        threads,
        megabytes: options.megabytes,
        date: begun.toISOString().slice(0, 10),
        seconds: options.book ? solving : (performance.now() - clock) / 1000,
        complete,
        extends: options.book,
      }, title),
    );
  };
  try {
    // Before any solve: a file that cannot be written fails now, not after hours.
    write(finished, false);
  } catch (error) {
    warn(`openings: cannot write ${file}: ${(error as Error).message}`);
    return 2;
  }
  const report = (line: OpeningLine) => {
    finished.push(line);
    print(openingLineText(line));
    // Written after every move: an interrupted run keeps what it proved.
    write(finished, false);
  };
  const solver = options.nats === undefined
    ? new ConnectFourSolver({ megabytes: options.megabytes, threads })
    : null;
  /** Solves a plan here or over NATS, reporting each line. */
  const solveAll = async (
    planned: readonly PlannedLine[],
  ): Promise<OpeningLine[]> =>
    solver === null
      ? await solvePlanOverNats(planned, {
        url: options.nats!,
        threads,
        megabytes: options.megabytes,
        maxNodes: options.maxNodes,
        timeMs: options.timeMs,
        unreachableMs: options.unreachableMs,
        security: options.security,
      }, report)
      : solvePlan(
        solver,
        planned,
        options.timeMs,
        warn,
        report,
        options.maxNodes,
      );
  let lines: OpeningLine[];
  try {
    solver?.warmUp();
    if (options.book) {
      const cover = await extendBook({
        plies: options.plies!,
        known,
        base: plan,
        solve: solveAll,
        log: warn,
      });
      lines = sortedByMoves(finished);
      warn(
        `openings: the book answers every column of ${cover.positions} positions of sensible play before ply ${options.plies} (${cover.solved} solved by this run)` +
          (cover.unproven.length === 0
            ? ""
            : `; a budget left ${cover.unproven.length} of them unproven (${
              cover.unproven.slice(0, 5).join(", ")
            }${
              cover.unproven.length > 5 ? ", …" : ""
            }), so the cover stops there`),
      );
    } else {
      lines = await solveAll(plan);
    }
  } catch (error) {
    if (!(error instanceof RemoteStop)) throw error;
    if (error.message !== "") {
      warn(
        `${error.message}${
          file !== null && finished.length > known.length
            ? `; the finished lines are in ${file}`
            : ""
        }`,
      );
    }
    return error.code;
  } finally {
    solver?.close();
  }
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
  if (file !== null) {
    write(lines, true);
    warn(`openings: wrote ${file}`);
  }
  return 0;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
