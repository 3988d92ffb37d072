/**
 * `deno task chess-referee`: Stockfish's verdict on the horizon errors of
 * the committed full chess run (`figures/chess/results_full.json`, written by
 * `deno task figures --full chess`), saved beside it as
 * `figures/chess/referee_full.json` for notebook 08.
 *
 * Exit 2 with one line on stderr on a bad argument, a missing results file
 * or Stockfish, or a fault of Stockfish, writing nothing; SIGINT and
 * SIGTERM stop Stockfish and exit 130 and 143, writing nothing. See
 * {@linkcode HELP}.
 *
 * @module
 */

import {
  FULL_RESULTS_URL,
  readFullResults,
  REFEREE_URL,
  refereeExamples,
  stockfishAvailable,
} from "../src/course/chess/mod.ts";
import { findProgram } from "../src/programs.ts";
import {
  flagName,
  FlagsOnce,
  flagValue,
  refuseRenamed,
  type RenamedFlags,
  UsageError,
} from "./_flags.ts";
import { print, readCommandLine } from "./_output.ts";
import { abortOnStopSignals } from "./_stop_signals.ts";

/** The text of `deno task chess-referee --help`. */
export const HELP =
  `usage: deno task chess-referee [--depth N] [--stockfish PATH] [--output FILE] [--timeout-ms MS]

Asks Stockfish for its verdict on each horizon error of the committed full
chess run (figures/chess/results_full.json, written by
deno task figures --full chess) and saves the verdicts beside it, in
figures/chess/referee_full.json, for notebook 08. Prints one line: the
errors, those quiescence cured, and those of them Stockfish confirms.

Flags:
  --depth N         Stockfish's depth, an integer in 1…100 (default 14;
                    its depth 0 would search forever)
  --stockfish PATH  the program (default stockfish on PATH, then Debian's
                    /usr/games/stockfish, as match and the benches find it;
                    or any UCI program)
  --output FILE     where to write (default figures/chess/referee_full.json)
  --timeout-ms MS   the budget of one search in milliseconds, an integer in
                    1…86400000 (default 60000)
  -h, --help        this text

Exit status: 0 when written; 2 on a bad command line, a missing results
file or Stockfish, or a fault of Stockfish (it cannot run, exits, or is
silent: no uciok/readyok within 10 s, no bestmove within --timeout-ms), and
nothing is written then; 130/143 when stopped by SIGINT/SIGTERM
(Stockfish stopped, nothing written).`;

const FLAGS = ["--depth", "--stockfish", "--output", "--timeout-ms"];
/**
 * Its old name meant milliseconds, as grade's and notebooks' --timeout
 * mean seconds.
 */
const RENAMED: RenamedFlags = {
  "--timeout": ["--timeout-ms", "milliseconds"],
};

/** What `deno task chess-referee`'s command line asks for. */
export interface RefereeArgs {
  /** `-h`/`--help`. */
  help: boolean;
  /** `--depth N` (default 14). */
  depth: number;
  /** `--timeout-ms MS` (default 60000). */
  timeoutMs: number;
  /** `--stockfish PATH`, when given. */
  stockfish?: string;
  /** `--output FILE`, when given. */
  output?: string;
}

/**
 * A flag's integer in `min`…`max`.
 * @throws {UsageError} naming the flag, the value and the range
 */
function integer(
  flag: string,
  text: string,
  min: number,
  max: number,
  why = "",
): number {
  const n = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
  if (!(n >= min && n <= max)) {
    throw new UsageError(
      `chess-referee: ${flag} must be an integer in ${min}…${max}, got ${
        JSON.stringify(text)
      }${n === 0 ? why : ""}`,
    );
  }
  return n;
}

/**
 * Parses `deno task chess-referee`'s arguments.
 *
 * @param args the arguments after the task's name
 * @returns the flags
 * @throws {UsageError} `chess-referee: …` naming an unknown, repeated or
 *   valueless flag, or a bad value
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseRefereeArgs } from "./chess_referee.ts";
 * assert.equal(parseRefereeArgs(["--depth=3"]).depth, 3);
 * assert.throws(() => parseRefereeArgs(["--depth", "0"]), /got "0" \(Stockfish's depth 0 searches forever\)$/);
 * assert.throws(() => parseRefereeArgs(["--depth", "101"]), /got "101"$/);
 * assert.equal(parseRefereeArgs(["--timeout-ms", "500"]).timeoutMs, 500);
 * assert.throws(
 *   () => parseRefereeArgs(["--timeout", "5"]),
 *   /^Error: chess-referee: --timeout is now --timeout-ms \(milliseconds\); got "--timeout 5"$/,
 * );
 * ```
 */
export function parseRefereeArgs(args: readonly string[]): RefereeArgs {
  const result: RefereeArgs = { help: false, depth: 14, timeoutMs: 60_000 };
  const once = new FlagsOnce("chess-referee");
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "-h" || arg === "--help") {
      once.check(arg);
      result.help = true;
      continue;
    }
    refuseRenamed("chess-referee", args, i, RENAMED);
    const flag = flagName(arg);
    if (!FLAGS.includes(flag)) {
      throw new UsageError(
        `chess-referee: unknown argument ${JSON.stringify(arg)}`,
      );
    }
    // `--depth 14` and `--depth=14` alike, as every command takes them.
    let value: string;
    [value, i] = flagValue("chess-referee", args, i, flag);
    once.check(flag, value);
    if (flag === "--depth") {
      result.depth = integer(
        flag,
        value,
        1,
        100,
        " (Stockfish's depth 0 searches forever)",
      );
    } else if (flag === "--timeout-ms") {
      result.timeoutMs = integer(flag, value, 1, 86_400_000);
    } else if (flag === "--stockfish") result.stockfish = value;
    else result.output = value;
  }
  return result;
}

async function main(args: readonly string[]): Promise<number> {
  const fail = (message: string) => {
    console.error(`chess-referee: ${message}`);
    return 2;
  };
  const options = readCommandLine(parseRefereeArgs, args, HELP);
  if (typeof options === "number") return options;
  const { depth, timeoutMs } = options;
  // PATH first, then /usr/games, as match and the benches look: this
  // command alone looked at /usr/games/stockfish only.
  const stockfish = options.stockfish ?? findProgram("stockfish");
  const output = options.output ?? REFEREE_URL;
  const results = readFullResults();
  if (results === null) {
    return fail(
      `no ${FULL_RESULTS_URL.pathname}: run deno task figures --full chess first`,
    );
  }
  if (stockfish === null) {
    return fail(
      "no stockfish on PATH or in /usr/games: apt-get install stockfish, or give --stockfish PATH",
    );
  }
  if (!stockfishAvailable(stockfish)) {
    return fail(`no Stockfish at ${stockfish}: apt-get install stockfish`);
  }
  const errors = results.horizon;
  console.error(`Stockfish depth ${depth} on ${errors.length} horizon errors…`);
  // SIGINT/SIGTERM kill Stockfish (it runs in a session of its own, so the
  // terminal's signal does not reach it) and exit 130/143, writing nothing.
  const stop = abortOnStopSignals();
  let verdicts;
  try {
    verdicts = await refereeExamples(errors, depth, stockfish, {
      timeoutMs,
      signal: stop.signal,
    });
  } catch (error) {
    if (stop.stoppedBy !== null) {
      console.error(
        "chess-referee: interrupted; Stockfish stopped, nothing written",
      );
      return stop.stoppedBy.status;
    }
    return fail((error as Error).message);
  } finally {
    stop.remove();
  }
  const confirmed = verdicts.filter((v, i) => errors[i]!.cured && v.confirmed);
  try {
    await Deno.writeTextFile(
      output,
      JSON.stringify({ depth, verdicts }, null, 1) + "\n",
    );
  } catch (error) {
    return fail(`cannot write ${output}: ${(error as Error).message}`);
  }
  print(
    `${errors.length} errors, ${
      errors.filter((e) => e.cured).length
    } cured by quiescence, ${confirmed.length} of those confirmed by Stockfish (quiescence's move ≥ 100 cp better)`,
  );
  return 0;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
