/**
 * `deno task match --a SPEC --b SPEC [options]`: plays two UCI engines
 * against each other over the openings of data/chess/openings.txt, colours
 * alternated, adjudicated by the rules (src/uci/chess_match.ts), prints a
 * line per game and the score with an Elo difference and its 95% interval,
 * and writes the games as PGN. The flags are {@linkcode HELP}'s; a SPEC is
 * `NAME:SETTINGS` (src/uci/engine_spec.ts), NAME an engine of the table
 * (src/uci/engines.ts: `ours`, `stockfish`, `--engine NAME=PATH`), never
 * a path; the engines' processes are src/uci/engine_processes.ts's.
 *
 * Budgets in depth or nodes make the games reproducible (Stockfish's skill
 * levels below 20 choose among moves at random: those games are not).
 * Stockfish is looked up on PATH, then at /usr/games/stockfish (Debian),
 * unless `--engine stockfish=PATH` says where it is.
 *
 * Every engine is a fault domain, and each fault has one outcome:
 * - bad arguments (an unknown or repeated flag or setting, depth=0, the
 *   same SPEC for --a and --b, an openings file with no opening, a --pgn
 *   that cannot be opened for writing): one line on stderr and exit 2,
 *   before any engine starts;
 * - an engine that cannot be started (missing or not executable program,
 *   exits at once, no uciok or readyok within the handshake budget): one
 *   line naming it, what it did and its last lines; exit 2;
 * - in a game, an engine that plays an illegal move loses it (`illegal
 *   move X by NAME`: the PGN's Termination tag) and plays on, not
 *   restarted; one that answers with no move (a bare `bestmove`, `0000`,
 *   `(none)`), crashes, does not answer `go` within --timeout-ms, or floods
 *   its output loses it too (`NAME answered with no move`, `NAME crashed`,
 *   `NAME did not answer in time`, `NAME flooded its output`), its full
 *   message goes to stderr (with its `info string` lines, which say why an
 *   engine refused a search), and it is restarted for the next game; if
 *   that restart fails, the run stops: exit 2, the games so far kept in
 *   the PGN;
 * - SIGINT (Ctrl-C) and SIGTERM: both engines are ended, the game in
 *   progress is dropped, the finished games are in the PGN (written as each
 *   ends), a line with the partial score goes to stderr; exit 130 for
 *   SIGINT, 143 for SIGTERM.
 * Exit 0 when every game was played (faults included).
 *
 * With `--nats URL` the games run as jobs on the workers of a NATS
 * JetStream server (`deno task worker --nats URL` on any machine;
 * cli/_nats_match.ts, docs/distributed.md), `--batch N` games a job
 * (default 2): the same lines and PGN, progress on stderr; the engines
 * start on the workers, by name, from the workers' own `--engine`s (the
 * jobs carry no path), so a worker's fault fails its job (exit 2); a
 * server unreachable for `--nats-unreachable SECONDS` (default 60) ends
 * the run (exit 2). `--nats-creds`, `--nats-nkey`, `--nats-ca` and credentials in the URL
 * are the server's security (cli/_nats.ts).
 *
 * @module
 */

import {
  ChessMatchError,
  type ChessOpening,
  gameScore,
  maxPliesProblem,
  playChessMatch,
} from "../src/uci/chess_match.ts";
import {
  EngineFlagError,
  type EngineTable,
  engineTable,
} from "../src/uci/engines.ts";
import {
  checkEngineKnown,
  checkMovetime,
  ENGINE_SETTINGS,
  EngineSpecError,
  parseEngineSpec,
  type UciEngineSpec,
} from "../src/uci/engine_spec.ts";
import { EngineProcesses } from "../src/uci/engine_processes.ts";
import { CANDIDATES_BY_DEFAULT } from "../src/players/_chess_search.ts";
import {
  DEFAULT_OPENINGS_FILE,
  loadOpenings,
  OpeningsFileError,
} from "../src/uci/openings_file.ts";
import { matchOverNats } from "./_nats_match.ts";
import {
  flagName,
  FlagsOnce,
  flagValue,
  refuseRenamed,
  type RenamedFlags,
  UsageError,
} from "./_flags.ts";
import { PgnOutput } from "./_pgn_output.ts";
import { print } from "./_output.ts";
import {
  gameLine,
  matchPgnTags,
  matchScoreLine,
  scoreTally,
} from "../src/uci/match_lines.ts";
import {
  SECURITY_FLAGS,
  SECURITY_HELP,
  securityFlags,
  UNREACHABLE_ALONE,
  UNREACHABLE_HELP,
  unreachableMs,
} from "./_nats.ts";
import { onStopSignals } from "./_stop_signals.ts";

/**
 * The integer flags' smallest and largest values and defaults: the help
 * states them and the parser applies them, so the two cannot differ.
 */
const GAMES = [2, 1_000_000] as const;
const OPENING_PLIES = [1, 100, 8] as const;
const MAX_PLIES = [1, 100_000, 300] as const;
const TIMEOUT_MS = [1, 86_400_000, 60_000] as const;
const HANDSHAKE_TIMEOUT_MS = [1, 86_400_000, 10_000] as const;
const BATCH = [1, 10_000, 2] as const;

/** A range as the help and the errors write it: `1…100`. */
function span([min, max]: readonly [number, number, ...number[]]): string {
  return `${min}…${max}`;
}

/** A flag's rule as the help states it: `an integer in 1…100 (default 8)`. */
function rule(flag: readonly [number, number, number]): string {
  return `an integer in ${span(flag)} (default ${flag[2]})`;
}

/** A SPEC setting's rule, from the table parseEngineSpec applies. */
function setting(name: string): string {
  return `an integer in ${span(ENGINE_SETTINGS[name]!)}`;
}

/** The text of `deno task match --help`. */
export const HELP =
  `usage: deno task match --a SPEC --b SPEC [--engine NAME=PATH ...] [--games N]
       [--openings FILE [--opening-plies N]] [--max-plies N] [--pgn FILE]
       [--timeout-ms MS] [--handshake-timeout-ms MS]
       [--nats URL [--batch N] [--nats-unreachable SECONDS]
       [--nats-creds FILE] [--nats-nkey FILE] [--nats-ca FILE]]

Plays two UCI engines against each other over the openings of
data/chess/openings.txt, each opening once with each colour, adjudicated
by the rules: prints a line per game, then the score with an Elo
difference and its 95% interval, and writes the games as PGN.

A SPEC is NAME:SETTINGS. NAME is ours, stockfish or glaurung (when
installed), or the NAME of an --engine NAME=PATH (any UCI program), never
a path. SETTINGS are comma-separated, each at most once, at least one of
depth, nodes and movetime (the budget of each search):
  depth=N         plies, ${setting("depth")}
  nodes=N         nodes, ${setting("nodes")}
  movetime=MS     milliseconds, ${setting("movetime")}, below
                  --timeout-ms
  skill=S         Stockfish's skill level, ${setting("skill")}
                  (stockfish only; below 20 its moves are chosen at random)
  candidates=C    1: ours with its candidate techniques (the UCI option
                  Candidates), 0: without (default ${
    CANDIDATES_BY_DEFAULT ? 1 : 0
  }, the engine's), ${setting("candidates")}
                  (ours only)
For example ours:depth=3, stockfish:skill=3,depth=5 or ours:movetime=100;
ours:movetime=50,candidates=1 against ours:movetime=50,candidates=0
measures the candidates.

Flags:
  --a SPEC, --b SPEC
                  the two engines, which differ (each names its engine in
                  the lines and the PGN)
  --engine NAME=PATH
                  the UCI program at PATH, named NAME in a SPEC;
                  repeatable, once per NAME
  --games N       games in all, an even integer in ${span(GAMES)} (default:
                  two per opening, one with each colour)
  --openings FILE the openings (default data/chess/openings.txt): a .txt
                  of lines "name ; uci moves", or a .pgn whose games'
                  first --opening-plies plies are the openings
  --opening-plies N
                  with a .pgn --openings: each game's first N plies are
                  its opening, ${rule(OPENING_PLIES)}
  --max-plies N   a game is drawn after N plies in all, the opening's
                  included: ${rule(MAX_PLIES)}, and
                  above the longest opening's plies
  --pgn FILE      write the games to FILE, each as it ends
  --timeout-ms MS milliseconds an engine has to answer go, or it loses the
                  game: ${rule(TIMEOUT_MS)}
  --handshake-timeout-ms MS
                  milliseconds an engine has to answer uci and isready
                  when it starts: ${rule(HANDSHAKE_TIMEOUT_MS)}
  --nats URL      play the games as jobs on the workers of the NATS
                  JetStream server at URL (deno task worker --nats URL, on
                  any machine; see docs/distributed.md); each worker
                  starts the engines its own --engine flags name
  --batch N       with --nats: games a job, ${rule(BATCH)}
${UNREACHABLE_HELP}
${SECURITY_HELP}
  -h, --help      this text

Faults: an engine that cannot start stops the run. In a game, an engine
that plays an illegal move loses that game (the PGN's Termination tag says
why) and plays on; one that answers with no move, crashes, does not answer
within --timeout-ms or floods its output loses it too and is restarted; a
failed restart stops the run.

Exit status: 0 when every game was played (faults included); 2 on a bad
command line, an engine that cannot start, a failed restart (the finished
games kept in the PGN) or a run over NATS that failed; 130/143 when stopped
by SIGINT/SIGTERM (both engines ended, the game in progress dropped, the
finished games in the PGN).`;

const ROOT = new URL("..", import.meta.url);

const FLAGS = [
  "--a",
  "--b",
  "--games",
  "--openings",
  "--max-plies",
  "--pgn",
  "--opening-plies",
  "--timeout-ms",
  "--handshake-timeout-ms",
  "--nats",
  "--batch",
  "--nats-unreachable",
  ...SECURITY_FLAGS,
];
/** Flags given once per value: each --engine adds one engine. */
const REPEATABLE = ["--engine"];
/**
 * Their old names meant milliseconds, as grade's and notebooks' --timeout
 * mean seconds: `--timeout 5` lost every game on time.
 */
const RENAMED: RenamedFlags = {
  "--timeout": ["--timeout-ms", "milliseconds"],
  "--handshake-timeout": ["--handshake-timeout-ms", "milliseconds"],
};

function parseFlags(
  list: readonly string[],
): { flags: Map<string, string>; engines: string[] } | null {
  const out = new Map<string, string>();
  const flags = new FlagsOnce("match", REPEATABLE);
  const engines: string[] = [];
  for (let i = 0; i < list.length; i++) {
    const arg = list[i]!;
    if (arg === "-h" || arg === "--help") return null;
    refuseRenamed("", list, i, RENAMED);
    const flag = flagName(arg);
    if (!FLAGS.includes(flag) && !REPEATABLE.includes(flag)) {
      throw new UsageError(`unknown argument ${JSON.stringify(arg)}`);
    }
    let value: string;
    [value, i] = flagValue("", list, i, flag);
    if (flag === "--engine") {
      engines.push(value);
      continue;
    }
    const twice = flags.repeated(flag, value);
    if (twice !== null) throw new UsageError(twice);
    out.set(flag, value);
  }
  if (!out.has("--a") || !out.has("--b")) {
    throw new UsageError("--a and --b are required");
  }
  return { flags: out, engines };
}

function integerFlag(
  flags: Map<string, string>,
  flag: string,
  [min, max, fallback]: readonly [number, number, number?],
): number {
  const text = flags.get(flag);
  if (text === undefined) return fallback!;
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(n >= min && n <= max)) {
    throw new UsageError(
      `${flag} must be an integer in ${min}…${max}, got ${
        JSON.stringify(text)
      }`,
    );
  }
  return n;
}

/**
 * What `deno task match`'s command line asks for, every flag checked
 * against its rule: what can be known without reading a file or looking
 * for a program.
 */
export interface MatchArgs {
  a: UciEngineSpec;
  b: UciEngineSpec;
  /** `--games`, or undefined for two per opening. */
  games: number | undefined;
  maxPlies: number;
  openingPlies: number;
  openingsFile: string;
  pgnPath: string | null;
  /** `--timeout-ms`. */
  timeoutMs: number;
  /** `--handshake-timeout-ms`. */
  handshakeTimeoutMs: number;
  /** `--nats`: the jobs' server, or null to play here. */
  nats: string | null;
  batch: number | undefined;
  /** `--nats-unreachable`, in ms. */
  unreachableMs: number | undefined;
  /** The `--engine NAME=PATH` values, as given. */
  engines: string[];
  /** `--nats-creds`, `--nats-nkey`, `--nats-ca`. */
  security: ReturnType<typeof securityFlags>;
}

/**
 * Parses `deno task match`'s arguments and checks each against the rule
 * its help states.
 *
 * @param args the arguments after the task's name
 * @returns the run's settings, or null for `-h`/`--help`
 * @throws {UsageError} or {@linkcode EngineSpecError}, whose message
 *   (`match: ` and ` (see --help)` around it) names the flag, the value
 *   and the rule
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseMatchArgs } from "./match.ts";
 * const args = parseMatchArgs(["--a", "ours:depth=2", "--b", "ours:nodes=500", "--timeout-ms", "5000"]);
 * assert.equal(args?.timeoutMs, 5000);
 * assert.equal(args?.b.go, "nodes 500");
 * assert.equal(parseMatchArgs(["--help"]), null);
 * assert.throws(
 *   () => parseMatchArgs(["--a", "ours:depth=2", "--b", "ours:depth=3", "--timeout", "5"]),
 *   /^Error: --timeout is now --timeout-ms \(milliseconds\); got "--timeout 5"$/,
 * );
 * ```
 */
export function parseMatchArgs(args: readonly string[]): MatchArgs | null {
  const parsed = parseFlags(args);
  if (parsed === null) return null;
  const { flags } = parsed;
  const a = parseEngineSpec("--a", flags.get("--a")!);
  const b = parseEngineSpec("--b", flags.get("--b")!);
  // The spec is the engine's name in every game line, the score line and
  // the PGN's White/Black tags: two equal ones could not be told apart.
  if (a.label === b.label) {
    throw new UsageError(
      `--a and --b must differ, got ${
        JSON.stringify(a.label)
      } for both (each names its engine in the game lines and the PGN)`,
    );
  }
  const games = flags.has("--games")
    ? integerFlag(flags, "--games", GAMES)
    : undefined;
  // Games come in pairs, one opening with each colour (playChessMatch):
  // an odd count would play its last opening with one colour only.
  if (games !== undefined && games % 2 !== 0) {
    throw new UsageError(
      `--games must be even (each opening once with each colour), got ${
        JSON.stringify(flags.get("--games"))
      }`,
    );
  }
  const maxPlies = integerFlag(flags, "--max-plies", MAX_PLIES);
  const openingPlies = integerFlag(flags, "--opening-plies", OPENING_PLIES);
  const timeoutMs = integerFlag(flags, "--timeout-ms", TIMEOUT_MS);
  const handshakeTimeoutMs = integerFlag(
    flags,
    "--handshake-timeout-ms",
    HANDSHAKE_TIMEOUT_MS,
  );
  checkMovetime("--a", a, timeoutMs);
  checkMovetime("--b", b, timeoutMs);
  const openingsFile = flags.get("--openings") ?? DEFAULT_OPENINGS_FILE;
  // Only a .pgn's games are cut to --opening-plies (loadOpenings): a .txt
  // line gives its own moves, and the flag would be ignored without a word.
  if (flags.has("--opening-plies") && !openingsFile.endsWith(".pgn")) {
    throw new UsageError(
      `--opening-plies goes with a .pgn --openings file (a .txt line gives its own moves), got --openings ${openingsFile}`,
    );
  }
  const nats = flags.get("--nats") ?? null;
  if (flags.has("--batch") && nats === null) {
    throw new UsageError("--batch goes with --nats");
  }
  const batch = flags.has("--batch")
    ? integerFlag(flags, "--batch", BATCH)
    : undefined;
  const unreachable = flags.get("--nats-unreachable");
  if (unreachable !== undefined && nats === null) {
    throw new UsageError(UNREACHABLE_ALONE);
  }
  let patience: number | undefined;
  try {
    patience = unreachable === undefined
      ? undefined
      : unreachableMs(unreachable);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  for (const flag of SECURITY_FLAGS) {
    if (flags.has(flag) && nats === null) {
      throw new UsageError(`${flag} goes with --nats`);
    }
  }
  return {
    a,
    b,
    games,
    maxPlies,
    openingPlies,
    openingsFile,
    pgnPath: flags.get("--pgn") ?? null,
    timeoutMs,
    handshakeTimeoutMs,
    nats,
    batch,
    unreachableMs: patience,
    engines: parsed.engines,
    security: securityFlags(flags),
  };
}

/** Everything the run needs, checked before any engine starts. */
interface Plan extends Omit<MatchArgs, "engines"> {
  openings: ChessOpening[];
  pgn: PgnOutput | null;
  /** The engines here (`--engine`, and Stockfish and Glaurung when installed). */
  engines: EngineTable;
}

function plan(args: readonly string[]): Plan | null {
  const parsed = parseMatchArgs(args);
  if (parsed === null) return null;
  let engines: EngineTable;
  try {
    engines = engineTable(parsed.engines);
  } catch (error) {
    if (error instanceof EngineFlagError) throw new UsageError(error.message);
    throw error;
  }
  const openings = loadOpenings(parsed.openingsFile, parsed.openingPlies);
  // Refused, not counted from the opening's end: --max-plies is the game's
  // length, as the PGN shows it, whatever opening it started from.
  const short = maxPliesProblem("--max-plies", parsed.maxPlies, openings);
  if (short !== null) throw new UsageError(short);
  // Over --nats, each worker runs the engines configured on it.
  if (parsed.nats === null) {
    checkEngineKnown("--a", parsed.a, engines);
    checkEngineKnown("--b", parsed.b, engines);
  }
  let pgn: PgnOutput | null = null;
  if (parsed.pgnPath !== null) {
    try {
      // Emptied once both engines have started: a run whose engine fails
      // to start leaves the file as it was (removed when it made it).
      pgn = PgnOutput.open(parsed.pgnPath);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  }
  return { ...parsed, engines, openings, pgn };
}

async function main(args: readonly string[]): Promise<number> {
  let run: Plan | null;
  try {
    run = plan(args);
  } catch (error) {
    if (
      !(error instanceof UsageError || error instanceof EngineSpecError ||
        error instanceof OpeningsFileError)
    ) throw error;
    console.error(`match: ${error.message} (see --help)`);
    return 2;
  }
  if (run === null) {
    print(HELP);
    return 0;
  }
  if (run.nats !== null) {
    const data = ({ engine, label, go, options }: UciEngineSpec) => ({
      engine,
      label,
      go,
      options,
    });
    return await matchOverNats({
      ...run,
      url: run.nats,
      a: data(run.a),
      b: data(run.b),
    });
  }
  const { a, b } = run;
  // Aborted on a signal: an engine in its handshake is killed at once, and
  // no engine is started (or restarted) afterwards.
  const stop = new AbortController();
  const say = print;
  const processes = new EngineProcesses({
    engines: run.engines,
    timeoutMs: run.timeoutMs,
    handshakeTimeoutMs: run.handshakeTimeoutMs,
    cwd: ROOT,
    signal: stop.signal,
    say,
  });
  const engineA = processes.engine(a);
  const engineB = processes.engine(b);
  const scores: number[] = [];
  const tally = () => scoreTally(scores);
  // After a signal, the match's own path (a killed engine's game, a refused
  // restart) waits for the handler's exit code instead of racing it.
  const signals = onStopSignals(async (signal) => {
    stop.abort();
    await processes.killAll();
    run.pgn?.close();
    console.error(
      `match: stopped by ${signal} after ${scores.length} finished games (${a.label}: ${tally()})${
        run.pgnPath ? `; they are in ${run.pgnPath}` : ""
      }`,
    );
  });
  try {
    say(`${run.openings.length} openings from ${run.openingsFile}`);
    for (const [flag, it] of [["--a", engineA], ["--b", engineB]] as const) {
      try {
        await it.start();
      } catch (error) {
        console.error(
          `match: ${flag} ${it.name} could not be started: ${
            (error as Error).message
          }`,
        );
        return 2;
      }
      say(`engine ${flag.slice(2)}: ${it.name} (pid ${it.pid()})`);
    }
    run.pgn?.begin();
    const started = performance.now();
    const result = await playChessMatch(engineA, engineB, run.openings, {
      ...(run.games === undefined ? {} : { games: run.games }),
      maxPlies: run.maxPlies,
      headers: matchPgnTags(a.label, b.label),
      onGame: (game, i) => {
        if (signals.signal !== null) return;
        // Written game by game, so a run cut short keeps its games.
        run.pgn?.writeGame(game.pgn);
        scores.push(gameScore(game.result, i % 2 === 0));
        if (game.fault !== null) {
          console.error(`match: game ${i + 1}: ${game.fault}`);
        }
        say(gameLine(game, i, (performance.now() - started) / 1000));
      },
    });
    say(matchScoreLine(a.label, b.label, result));
    return signals.signal !== null ? await signals.exitCode : 0;
  } catch (error) {
    if (signals.signal !== null) return await signals.exitCode;
    const games = error instanceof ChessMatchError ? error.games.length : null;
    console.error(
      `match: stopped${
        games === null ? "" : ` after ${games} games (${a.label}: ${tally()})`
      }: ${(error as Error).message}${
        run.pgnPath ? `; the finished games are in ${run.pgnPath}` : ""
      }`,
    );
    return 2;
  } finally {
    if (signals.signal === null) {
      await Promise.all([engineA.close(), engineB.close()]);
      run.pgn?.close();
      signals.remove();
    }
  }
}

if (import.meta.main) Deno.exit(await main(Deno.args));
