/**
 * `deno task match --a SPEC --b SPEC [options]`: plays two UCI engines
 * against each other over the openings of data/chess/openings.txt, colours
 * alternated, adjudicated by the rules (src/uci/chess_match.ts), prints a
 * line per game and the score with an Elo difference and its 95% interval,
 * and writes the games as PGN.
 *
 *   SPEC  NAME:SETTINGS, NAME an engine's name:
 *         ours:depth=N | ours:nodes=N | ours:movetime=MS  (cli/uci.ts)
 *         stockfish:skill=S,depth=N | stockfish:nodes=N | ...
 *         NAME:depth=N | ...   any UCI program, named with
 *                              --engine NAME=PATH (never by its path)
 *         Settings: depth 1…100, nodes ≥ 1, movetime ≥ 1 (ms, below
 *         --timeout), skill 0…20 (Stockfish only); each at most once, at
 *         least one of depth, nodes, movetime.
 *   --engine NAME=PATH  a UCI program for the specs (repeatable, each NAME
 *                    once); stockfish is configured by itself when
 *                    installed; the workers of --nats have their own
 *   --games N        games (default: two per opening)
 *   --openings FILE  default data/chess/openings.txt; a .pgn file gives
 *                    the distinct first plies of its games (openingsFromGames)
 *   --opening-plies N  plies taken from each game of a .pgn (default 8)
 *   --max-plies N    a draw after N plies in all (default 300)
 *   --pgn FILE       write the games there, each as it ends (default: none)
 *   --timeout MS     budget of one search, for its bestmove (default 60000)
 *   --handshake-timeout MS  budget of uciok and readyok (default 10000)
 *
 * Budgets in depth or nodes make the games reproducible (Stockfish's skill
 * levels below 20 choose among moves at random: those games are not).
 * Stockfish is looked up on PATH, then at /usr/games/stockfish (Debian),
 * unless `--engine stockfish=PATH` says where it is.
 *
 * Every engine is a fault domain, and each fault has one outcome:
 * - bad arguments (an unknown or repeated flag or setting, depth=0, an
 *   openings file with no opening, a --pgn that cannot be opened for
 *   writing): one line on stderr and exit 2, before any engine starts;
 * - an engine that cannot be started (missing or not executable program,
 *   exits at once, no uciok or readyok within the handshake budget): one
 *   line naming it, what it did and its last lines; exit 2;
 * - in a game, an engine that plays an illegal move loses it (`illegal
 *   move X by NAME`); one that crashes, does not answer `go` within
 *   --timeout (its `info string` lines are quoted), answers with no move,
 *   or floods its output loses it too (`NAME crashed`, `NAME did not answer
 *   in time`, ...: the PGN's Termination tag), its full message goes to
 *   stderr, and it is restarted for the next game; if that restart fails,
 *   the run stops: exit 2, the games so far kept in the PGN;
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
  type ChessMover,
  type ChessOpening,
  engineMove,
  gameScore,
  openingsFromGames,
  playChessMatch,
  readOpenings,
} from "../src/uci/chess_match.ts";
import { readPgnGames } from "../src/games/chess/notation.ts";
import { UciProcess } from "../src/uci/uci_engine.ts";
import {
  engineCommand,
  EngineFlagError,
  engineNames,
  engineOptions,
  type EngineTable,
  engineTable,
  isEngineName,
  OURS,
} from "../src/uci/engines.ts";
import { matchOverNats } from "./_nats_match.ts";
import { FlagsOnce } from "./_flags.ts";
import { print } from "./_output.ts";
import {
  SECURITY_FLAGS,
  SECURITY_HELP,
  securityFlags,
  UNREACHABLE_ALONE,
  unreachableMs,
} from "./_nats.ts";
import { DEFAULT_UNREACHABLE_MS } from "../src/jobs/nats.ts";

const HELP = `usage: deno task match --a SPEC --b SPEC [--engine NAME=PATH ...]
       [--games N] [--openings FILE]
       [--opening-plies N] [--max-plies N] [--pgn FILE] [--timeout MS]
       [--handshake-timeout MS]
       [--nats URL [--batch N] [--nats-unreachable SECONDS]]
  SPEC: ours:depth=N | ours:nodes=N | ours:movetime=MS
        stockfish:skill=S,depth=N | stockfish:nodes=N | ...
        NAME:depth=N ... (any UCI program, named by --engine NAME=PATH,
        repeatable, once per NAME; stockfish is there when installed)
  Settings: depth 1…100, nodes ≥ 1, movetime ≥ 1 ms (below --timeout),
  skill 0…20 (Stockfish only); each once; at least one of depth, nodes,
  movetime.
  --games N (default two per opening), --openings FILE (.txt lines
  "name ; uci ...", or .pgn: first --opening-plies plies, default 8),
  --max-plies N (draw after N plies, default 300), --pgn FILE (each game as
  it ends), --timeout MS (one search, default 60000), --handshake-timeout MS
  (uciok/readyok, default 10000).
  Faults: an engine that cannot start stops the run (exit 2); one that
  plays an illegal move, crashes, hangs or floods in a game loses that game
  (PGN Termination tag) and is restarted; a failed restart stops the run
  (exit 2, finished games kept). SIGINT exits 130, SIGTERM 143, after ending
  both engines; the PGN keeps the finished games.
  --nats URL: play the games as jobs on the workers of a NATS JetStream
  server (deno task worker --nats URL), --batch N games a job (default 2);
  the workers run the engines their own --engine flags name.
  --nats-unreachable SECONDS gives up (exit 2) once the server has been
  unreachable that long (1…86400, default ${DEFAULT_UNREACHABLE_MS / 1000}).
${SECURITY_HELP}
  See docs/distributed.md.`;

const ROOT = new URL("..", import.meta.url);

/** A bad command line: one line, exit 2. */
class Usage extends Error {}

/** An engine spec: which engine (by name), its options, its `go` limits. */
interface Spec {
  engine: string;
  label: string;
  go: string;
  movetime: number | null;
  options: Record<string, number>;
}

/** The settings of a spec, each with its range. */
const SETTINGS: Record<string, [number, number]> = {
  depth: [1, 100],
  nodes: [1, 1e12],
  movetime: [1, 86_400_000],
  skill: [0, 20],
};

function parseSpec(flag: string, text: string): Spec {
  const at = text.indexOf(":");
  const engine = at < 0 ? text : text.slice(0, at);
  const settings = at < 0 ? "" : text.slice(at + 1);
  if (text.includes("/")) {
    const last = text.lastIndexOf(":");
    throw new Usage(
      `${flag}: ${
        JSON.stringify(text)
      } names a program by its path; engines are named: give --engine NAME=${
        last < 0 ? text : text.slice(0, last)
      } and ${flag} NAME:${last < 0 ? "depth=N" : text.slice(last + 1)}`,
    );
  }
  if (!isEngineName(engine)) {
    throw new Usage(
      `${flag}: an engine is NAME:SETTINGS ("ours:depth=3", "stockfish:skill=3,depth=5", or a NAME of --engine NAME=PATH; NAME: 1…32 of a-z, 0-9, _, -), got ${
        JSON.stringify(text)
      }`,
    );
  }
  const go: string[] = [];
  const options: Record<string, number> = {};
  const seen = new Set<string>();
  let movetime: number | null = null;
  for (const pair of settings.split(",")) {
    if (pair === "" && settings === "") continue;
    const match = /^([a-z]+)=(\d+)$/.exec(pair);
    if (!match) {
      throw new Usage(
        `${flag}: ${JSON.stringify(pair)} in ${
          JSON.stringify(text)
        } is not a setting: expected key=integer (depth=, nodes=, movetime=, skill=)`,
      );
    }
    const key = match[1]!;
    const value = Number(match[2]);
    const range = SETTINGS[key];
    if (range === undefined || (key === "skill" && engine !== "stockfish")) {
      throw new Usage(
        `${flag}: unknown setting ${JSON.stringify(key)} in ${
          JSON.stringify(text)
        } (known: depth, nodes, movetime${
          engine === "stockfish" ? ", skill" : "; skill is Stockfish's"
        })`,
      );
    }
    if (seen.has(key)) {
      throw new Usage(
        `${flag}: ${key} is given twice in ${JSON.stringify(text)}`,
      );
    }
    seen.add(key);
    if (value < range[0] || value > range[1]) {
      throw new Usage(
        `${flag}: ${key} must be an integer in ${range[0]}…${range[1]}, got ${
          match[2]
        } in ${JSON.stringify(text)}${
          key === "depth" && value === 0
            ? " (depth 0 is no search; Stockfish's is an endless one)"
            : ""
        }`,
      );
    }
    if (key === "skill") options["Skill Level"] = value;
    else go.push(`${key} ${value}`);
    if (key === "movetime") movetime = value;
  }
  if (go.length === 0) {
    throw new Usage(
      `${flag}: ${
        JSON.stringify(text)
      } needs a budget: depth=, nodes= or movetime=`,
    );
  }
  return { engine, label: text, go: go.join(" "), movetime, options };
}

const FLAGS = [
  "--a",
  "--b",
  "--games",
  "--openings",
  "--max-plies",
  "--pgn",
  "--opening-plies",
  "--timeout",
  "--handshake-timeout",
  "--nats",
  "--batch",
  "--nats-unreachable",
  ...SECURITY_FLAGS,
];
/** Flags given once per value: each --engine adds one engine. */
const REPEATABLE = ["--engine"];

function parseFlags(
  list: readonly string[],
): { flags: Map<string, string>; engines: string[] } | null {
  const out = new Map<string, string>();
  const flags = new FlagsOnce("match", REPEATABLE);
  const engines: string[] = [];
  for (let i = 0; i < list.length; i++) {
    const flag = list[i]!;
    if (flag === "-h" || flag === "--help") return null;
    if (!FLAGS.includes(flag) && !REPEATABLE.includes(flag)) {
      throw new Usage(`unknown argument ${JSON.stringify(flag)}`);
    }
    const value = list[++i];
    if (value === undefined) throw new Usage(`${flag} needs a value`);
    if (flag === "--engine") {
      engines.push(value);
      continue;
    }
    const twice = flags.repeated(flag, value);
    if (twice !== null) throw new Usage(twice);
    out.set(flag, value);
  }
  if (!out.has("--a") || !out.has("--b")) {
    throw new Usage("--a and --b are required");
  }
  return { flags: out, engines };
}

function integerFlag(
  flags: Map<string, string>,
  flag: string,
  min: number,
  max: number,
  fallback: number,
): number {
  const text = flags.get(flag);
  if (text === undefined) return fallback;
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(n >= min && n <= max)) {
    throw new Usage(
      `${flag} must be an integer in ${min}…${max}, got ${
        JSON.stringify(text)
      }`,
    );
  }
  return n;
}

/** Everything the run needs, checked before any engine starts. */
interface Plan {
  a: Spec;
  b: Spec;
  games: number | undefined;
  maxPlies: number;
  openings: ChessOpening[];
  openingsFile: string;
  pgn: Deno.FsFile | null;
  pgnPath: string | null;
  timeoutMs: number;
  handshakeTimeoutMs: number;
  /** `--nats`: the jobs' server, or null to play here. */
  nats: string | null;
  batch: number | undefined;
  /** `--nats-unreachable`, in ms. */
  unreachableMs: number | undefined;
  /** The engines here (`--engine`, and Stockfish when installed). */
  engines: EngineTable;
  /** `--nats-creds`, `--nats-nkey`, `--nats-ca`. */
  security: ReturnType<typeof securityFlags>;
}

function plan(args: readonly string[]): Plan | null {
  const parsed = parseFlags(args);
  if (parsed === null) return null;
  const { flags } = parsed;
  let engines: EngineTable;
  try {
    engines = engineTable(parsed.engines);
  } catch (error) {
    if (error instanceof EngineFlagError) throw new Usage(error.message);
    throw error;
  }
  const a = parseSpec("--a", flags.get("--a")!);
  const b = parseSpec("--b", flags.get("--b")!);
  const games = flags.has("--games")
    ? integerFlag(flags, "--games", 1, 1_000_000, 0)
    : undefined;
  const maxPlies = integerFlag(flags, "--max-plies", 1, 100_000, 300);
  const openingPlies = integerFlag(flags, "--opening-plies", 1, 100, 8);
  const timeoutMs = integerFlag(flags, "--timeout", 1, 86_400_000, 60_000);
  const handshakeTimeoutMs = integerFlag(
    flags,
    "--handshake-timeout",
    1,
    86_400_000,
    10_000,
  );
  for (const [flag, spec] of [["--a", a], ["--b", b]] as const) {
    if (spec.movetime !== null && spec.movetime >= timeoutMs) {
      throw new Usage(
        `${flag}: movetime=${spec.movetime} must be below --timeout (${timeoutMs} ms), or every search would time out`,
      );
    }
  }
  const openingsFile = flags.get("--openings") ??
    new URL("data/chess/openings.txt", ROOT).pathname;
  let text: string;
  try {
    text = Deno.readTextFileSync(openingsFile);
  } catch (error) {
    throw new Usage(
      `cannot read --openings ${openingsFile}: ${(error as Error).message}`,
    );
  }
  let openings: ChessOpening[];
  try {
    openings = openingsFile.endsWith(".pgn")
      ? openingsFromGames(readPgnGames(text), openingPlies)
      : readOpenings(text);
  } catch (error) {
    throw new Usage(`--openings ${openingsFile}: ${(error as Error).message}`);
  }
  if (openings.length === 0) {
    throw new Usage(
      `--openings ${openingsFile} has no opening (${
        openingsFile.endsWith(".pgn")
          ? `no game with more than ${openingPlies} plies from the start position`
          : 'expected lines "name ; moves in UCI"'
      })`,
    );
  }
  const nats = flags.get("--nats") ?? null;
  if (flags.has("--batch") && nats === null) {
    throw new Usage("--batch goes with --nats");
  }
  const batch = flags.has("--batch")
    ? integerFlag(flags, "--batch", 1, 10_000, 2)
    : undefined;
  const unreachable = flags.get("--nats-unreachable");
  if (unreachable !== undefined && nats === null) {
    throw new Usage(UNREACHABLE_ALONE);
  }
  let patience: number | undefined;
  try {
    patience = unreachable === undefined
      ? undefined
      : unreachableMs(unreachable);
  } catch (error) {
    throw new Usage((error as Error).message);
  }
  for (const flag of SECURITY_FLAGS) {
    if (flags.has(flag) && nats === null) {
      throw new Usage(`${flag} goes with --nats`);
    }
  }
  // Over --nats, each worker runs the engines configured on it.
  for (const [flag, spec] of [["--a", a], ["--b", b]] as const) {
    if (nats !== null || spec.engine === OURS || engines.has(spec.engine)) {
      continue;
    }
    throw new Usage(
      spec.engine === "stockfish"
        ? `${flag}: stockfish is not on PATH nor at /usr/games/stockfish (apt-get install stockfish, or --engine stockfish=PATH)`
        : `${flag}: unknown engine ${
          JSON.stringify(spec.engine)
        } (known here: ${
          engineNames(engines)
        }; add it with --engine ${spec.engine}=PATH)`,
    );
  }
  const pgnPath = flags.get("--pgn") ?? null;
  let pgn: Deno.FsFile | null = null;
  if (pgnPath !== null) {
    try {
      pgn = Deno.openSync(pgnPath, {
        write: true,
        create: true,
        truncate: true,
      });
    } catch (error) {
      throw new Usage(
        `cannot write --pgn ${pgnPath}: ${(error as Error).message}`,
      );
    }
  }
  return {
    a,
    b,
    games,
    maxPlies,
    openings,
    openingsFile,
    pgn,
    pgnPath,
    timeoutMs,
    handshakeTimeoutMs,
    nats,
    batch,
    unreachableMs: patience,
    engines,
    security: securityFlags(flags),
  };
}

/** A spec's engine as a ChessMover that can restart and be killed. */
interface Engine extends ChessMover {
  start(): Promise<void>;
  kill(): Promise<void>;
  close(): Promise<void>;
  pid(): number | null;
}

function engine(
  spec: Spec,
  run: Plan,
  live: Set<UciProcess>,
  inflight: Set<Promise<void>>,
  stop: AbortSignal,
  say: (line: string) => void,
): Engine {
  const command = engineCommand(spec.engine, run.engines);
  let proc: UciProcess | null = null;
  const launch = async () => {
    proc = await UciProcess.start(command, {
      name: spec.label,
      options: engineOptions(spec.engine, spec.options),
      cwd: ROOT,
      timeoutMs: run.timeoutMs,
      handshakeTimeoutMs: run.handshakeTimeoutMs,
      // Ctrl-C reaches only this process, which ends the engines itself,
      // instead of their deaths racing the signal as faults of a game.
      detached: true,
      signal: stop,
    });
    live.add(proc);
  };
  // The signal handler waits for a start in flight, so that no engine
  // outlives the run.
  const start = async () => {
    const starting = launch();
    inflight.add(starting);
    try {
      await starting;
    } finally {
      inflight.delete(starting);
    }
  };
  const kill = async () => {
    const old = proc;
    proc = null;
    if (old) {
      await old.kill();
      live.delete(old);
    }
  };
  return {
    name: spec.label,
    start,
    kill,
    close: async () => {
      const old = proc;
      proc = null;
      if (old) {
        await old.close();
        live.delete(old);
      }
    },
    pid: () => (proc as UciProcess | null)?.pid ?? null,
    newGame: async () => {
      if (proc === null) throw new Error(`${spec.label} is not running`);
      await proc.newGame();
    },
    move: (moves) => engineMove(proc, spec.label, spec.go, moves),
    restart: async () => {
      await kill();
      await start();
      say(`restarted ${spec.label} (pid ${proc!.pid})`);
    },
  };
}

/** Writes all of `text` (writeSync may write part of it). */
function writeAll(file: Deno.FsFile, text: string): void {
  const bytes = new TextEncoder().encode(text);
  let written = 0;
  while (written < bytes.length) {
    written += file.writeSync(bytes.subarray(written));
  }
}

async function main(args: readonly string[]): Promise<number> {
  let run: Plan | null;
  try {
    run = plan(args);
  } catch (error) {
    if (!(error instanceof Usage)) throw error;
    console.error(`match: ${error.message} (see --help)`);
    return 2;
  }
  if (run === null) {
    print(HELP);
    return 0;
  }
  if (run.nats !== null) {
    const data = ({ engine, label, go, options }: Spec) => ({
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
  const live = new Set<UciProcess>();
  // Aborted on a signal: an engine in its handshake is killed at once, and
  // no engine is started (or restarted) afterwards.
  const stop = new AbortController();
  const say = print;
  const inflight = new Set<Promise<void>>();
  const engineA = engine(a, run, live, inflight, stop.signal, say);
  const engineB = engine(b, run, live, inflight, stop.signal, say);
  const scores: number[] = [];
  const tally = () => {
    const w = scores.filter((s) => s === 1).length;
    const l = scores.filter((s) => s === 0).length;
    return `+${w} =${scores.length - w - l} -${l}`;
  };
  let stopping = false;
  // After a signal, the match's own path (a killed engine's game, a refused
  // restart) waits for the handler's exit code instead of racing it.
  let stoppedWith: (code: number) => void = () => {};
  const stopped = new Promise<number>((resolve) => stoppedWith = resolve);
  const onSignal = (signal: Deno.Signal, code: number) => async () => {
    if (stopping) return;
    stopping = true;
    stop.abort();
    await Promise.allSettled([...inflight]);
    await Promise.all([...live].map((p) => p.kill()));
    try {
      run.pgn?.close();
    } catch {
      // Already closed.
    }
    console.error(
      `match: stopped by ${signal} after ${scores.length} finished games (${a.label}: ${tally()})${
        run.pgnPath ? `; they are in ${run.pgnPath}` : ""
      }`,
    );
    stoppedWith(code);
    Deno.exit(code);
  };
  const onInt = onSignal("SIGINT", 130);
  const onTerm = onSignal("SIGTERM", 143);
  Deno.addSignalListener("SIGINT", onInt);
  Deno.addSignalListener("SIGTERM", onTerm);
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
    const started = performance.now();
    const result = await playChessMatch(engineA, engineB, run.openings, {
      ...(run.games === undefined ? {} : { games: run.games }),
      maxPlies: run.maxPlies,
      headers: {
        Event: `${a.label} vs ${b.label}`,
        Date: new Date().toISOString().slice(0, 10).replaceAll("-", "."),
      },
      onGame: (game, i) => {
        if (stopping) return;
        // Written game by game, so a run cut short keeps its games.
        if (run.pgn) writeAll(run.pgn, (i > 0 ? "\n" : "") + game.pgn);
        scores.push(gameScore(game.result, i % 2 === 0));
        if (game.fault !== null) {
          console.error(`match: game ${i + 1}: ${game.fault}`);
        }
        say(
          `game ${
            i + 1
          }: ${game.white} - ${game.black} ${game.result} (${game.reason}, ${game.moves.length} plies, ${game.opening}) ${
            Math.round((performance.now() - started) / 1000)
          } s`,
        );
      },
    });
    const n = result.games.length;
    const { difference, low, high, prior } = result.elo;
    say(
      `${a.label} vs ${b.label}: +${result.wins} =${result.draws} -${result.losses}, score ${result.score}/${n} (${
        (100 * result.score / n).toFixed(1)
      }%), Elo difference ${difference.toFixed(0)} [${low.toFixed(0)}, ${
        high.toFixed(0)
      }] (95%${
        prior ? ", with 1 virtual draw: every game was won or lost" : ""
      })`,
    );
    return stopping ? await stopped : 0;
  } catch (error) {
    if (stopping) return await stopped;
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
    if (!stopping) {
      await Promise.all([engineA.close(), engineB.close()]);
      try {
        run.pgn?.close();
      } catch {
        // Already closed.
      }
      Deno.removeSignalListener("SIGINT", onInt);
      Deno.removeSignalListener("SIGTERM", onTerm);
    }
  }
}

if (import.meta.main) Deno.exit(await main(Deno.args));
