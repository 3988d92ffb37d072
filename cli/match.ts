/**
 * `deno task match --a SPEC --b SPEC [options]`: plays two UCI engines
 * against each other over the openings of data/chess/openings.txt, colours
 * alternated, adjudicated by the rules (src/play/chess_match.ts), prints a
 * line per game and the score with an Elo difference and its 95% interval,
 * and writes the games as PGN.
 *
 *   SPEC  ours:depth=N | ours:nodes=N | ours:movetime=MS
 *         stockfish:skill=S,depth=N | stockfish:nodes=N | ...
 *         PATH:depth=N | ...   any UCI program, by a path with a "/"
 *                              (./my_engine:depth=4); settings after the
 *                              last ":"
 *         Settings: depth 1…100, nodes ≥ 1, movetime ≥ 1 (ms, below
 *         --timeout), skill 0…20 (Stockfish only); each at most once, at
 *         least one of depth, nodes, movetime.
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
 * Stockfish is looked up on PATH, then at /usr/games/stockfish (Debian).
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
 * start on the workers, so a worker's fault fails its job (exit 2).
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
} from "../src/play/chess_match.ts";
import { readPgnGames } from "../src/games/chess/notation.ts";
import { findStockfish, UciProcess } from "../src/play/uci_engine.ts";
import { matchOverNats } from "./_nats_match.ts";

const HELP =
  `usage: deno task match --a SPEC --b SPEC [--games N] [--openings FILE]
       [--opening-plies N] [--max-plies N] [--pgn FILE] [--timeout MS]
       [--handshake-timeout MS] [--nats URL [--batch N]]
  SPEC: ours:depth=N | ours:nodes=N | ours:movetime=MS
        stockfish:skill=S,depth=N | stockfish:nodes=N | ...
        PATH:depth=N ... (any UCI program, by a path with a "/")
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
  see docs/distributed.md.`;

const ROOT = new URL("..", import.meta.url);

/** A bad command line: one line, exit 2. */
class Usage extends Error {}

/** An engine spec: which program, its options, its `go` limits. */
interface Spec {
  kind: "ours" | "stockfish" | "program";
  label: string;
  program: string | null;
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
  let kind: Spec["kind"];
  let settings: string;
  let program: string | null = null;
  const named = /^(ours|stockfish)(?::(.*))?$/s.exec(text);
  if (named) {
    kind = named[1] as Spec["kind"];
    settings = named[2] ?? "";
  } else if (text.includes("/")) {
    kind = "program";
    const at = text.lastIndexOf(":");
    program = at < 0 ? text : text.slice(0, at);
    settings = at < 0 ? "" : text.slice(at + 1);
  } else {
    throw new Usage(
      `${flag}: an engine is "ours:...", "stockfish:..." or a program's path with a "/" ("./engine:depth=3"), got ${
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
    if (range === undefined || (key === "skill" && kind !== "stockfish")) {
      throw new Usage(
        `${flag}: unknown setting ${JSON.stringify(key)} in ${
          JSON.stringify(text)
        } (known: depth, nodes, movetime${
          kind === "stockfish" ? ", skill" : "; skill is Stockfish's"
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
  return { kind, label: text, program, go: go.join(" "), movetime, options };
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
];

function parseFlags(list: readonly string[]): Map<string, string> | null {
  const out = new Map<string, string>();
  for (let i = 0; i < list.length; i++) {
    const flag = list[i]!;
    if (flag === "-h" || flag === "--help") return null;
    if (!FLAGS.includes(flag)) {
      throw new Usage(`unknown argument ${JSON.stringify(flag)}`);
    }
    const value = list[++i];
    if (value === undefined) throw new Usage(`${flag} needs a value`);
    if (out.has(flag)) {
      throw new Usage(
        `${flag} is given twice (${JSON.stringify(out.get(flag))} and ${
          JSON.stringify(value)
        })`,
      );
    }
    out.set(flag, value);
  }
  if (!out.has("--a") || !out.has("--b")) {
    throw new Usage("--a and --b are required");
  }
  return out;
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

function stockfishPath(): string {
  const path = findStockfish();
  if (path !== null) return path;
  throw new Usage(
    "stockfish is not on PATH nor at /usr/games/stockfish (apt-get install stockfish)",
  );
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
}

function plan(args: readonly string[]): Plan | null {
  const flags = parseFlags(args);
  if (flags === null) return null;
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
  // Over --nats, each worker finds its own Stockfish.
  if (a.kind === "stockfish" && nats === null) a.program = stockfishPath();
  if (b.kind === "stockfish" && nats === null) b.program = stockfishPath();
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
  const command = spec.kind === "ours"
    ? [
      Deno.execPath(),
      "run",
      "--quiet",
      "--no-prompt",
      new URL("cli/uci.ts", ROOT).pathname,
    ]
    : [spec.program!];
  let proc: UciProcess | null = null;
  const launch = async () => {
    proc = await UciProcess.start(command, {
      name: spec.label,
      options: spec.kind === "stockfish"
        ? { Threads: 1, Hash: 16, ...spec.options }
        : {},
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
    console.log(HELP);
    return 0;
  }
  if (run.nats !== null) {
    const data = ({ kind, label, program, go, options }: Spec) => ({
      kind,
      label,
      program,
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
  const say = (line: string) => console.log(line);
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
    console.log(`${run.openings.length} openings from ${run.openingsFile}`);
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
