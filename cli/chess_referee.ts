/**
 * `deno task chess-referee`: Stockfish's verdict on the horizon errors of
 * the committed full chess run (`figures/chess/results_full.json`, written by
 * `deno task figures --full chess`), saved beside it as
 * `figures/chess/referee_full.json` for notebook 08.
 *
 * Usage: `deno task chess-referee [--depth N] [--stockfish PATH]
 * [--output FILE] [--timeout MS]`: depth 1…100 (default 14; Stockfish's
 * depth 0 would never end), the program (default `stockfish` on PATH, then
 * Debian's `/usr/games/stockfish`, as match and the benches find it
 * (src/programs.ts); or any UCI program), where to write
 * (default `figures/chess/referee_full.json`), the budget of one search
 * (default 60000 ms). Each flag at most once.
 *
 * Exit 0 on success; 2 with one line on stderr on a bad argument, a missing
 * results file or Stockfish, or a fault of Stockfish (cannot run, exits,
 * silent: no uciok/readyok within 10 s or no bestmove within the budget);
 * nothing is written then. SIGINT and SIGTERM stop Stockfish and exit 130
 * and 143, writing nothing.
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
import { flagName, FlagsOnce, flagValue, UsageError } from "./_flags.ts";
import { print } from "./_output.ts";
import { abortOnStopSignals } from "./_stop_signals.ts";

const USAGE =
  "usage: deno task chess-referee [--depth N] [--stockfish PATH] [--output FILE] [--timeout MS]";

const FLAGS = ["--depth", "--stockfish", "--output", "--timeout"];

/**
 * The flags.
 * @throws {UsageError} naming an unknown, repeated or valueless flag
 */
function parse(args: readonly string[]): Map<string, string> {
  const flags = new Map<string, string>();
  const once = new FlagsOnce("chess-referee");
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const flag = flagName(arg);
    if (!FLAGS.includes(flag)) {
      throw new UsageError(`unknown argument ${JSON.stringify(arg)}`);
    }
    // `--depth 14` and `--depth=14` alike, as every command takes them.
    let value: string;
    [value, i] = flagValue("", args, i, flag);
    const twice = once.repeated(flag, value);
    if (twice !== null) throw new UsageError(twice);
    flags.set(flag, value);
  }
  return flags;
}

/**
 * A flag's integer, or `fallback` when it is not given.
 * @throws {UsageError} naming the flag, the value and the range
 */
function integer(
  flags: Map<string, string>,
  flag: string,
  min: number,
  max: number,
  fallback: number,
  why = "",
): number {
  const text = flags.get(flag);
  if (text === undefined) return fallback;
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(n >= min && n <= max)) {
    throw new UsageError(
      `${flag} must be an integer in ${min}…${max}, got ${
        JSON.stringify(text)
      }${why}`,
    );
  }
  return n;
}

async function main(args: readonly string[]): Promise<number> {
  const fail = (message: string) => {
    console.error(`chess-referee: ${message}`);
    return 2;
  };
  if (args.includes("--help") || args.includes("-h")) {
    print(USAGE);
    return 0;
  }
  let flags: Map<string, string>;
  try {
    flags = parse(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return fail(`${error.message} (${USAGE})`);
  }
  let depth: number;
  let timeoutMs: number;
  try {
    depth = integer(
      flags,
      "--depth",
      1,
      100,
      14,
      " (Stockfish's depth 0 searches forever)",
    );
    timeoutMs = integer(flags, "--timeout", 1, 86_400_000, 60_000);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return fail(error.message);
  }
  // PATH first, then /usr/games, as match and the benches look: this
  // command alone looked at /usr/games/stockfish only.
  const stockfish = flags.get("--stockfish") ?? findProgram("stockfish");
  const output = flags.get("--output") ?? REFEREE_URL;
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
