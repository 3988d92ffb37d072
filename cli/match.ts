/**
 * `deno task match --a SPEC --b SPEC [options]`: plays two UCI engines
 * against each other over the openings of data/chess/openings.txt, colours
 * alternated, adjudicated by the rules (src/play/chess_match.ts), prints a
 * line per game and the score with an Elo difference and its 95% interval,
 * and writes the games as PGN.
 *
 *   SPEC  ours:depth=N | ours:nodes=N | ours:movetime=MS
 *         stockfish:skill=S,depth=N | stockfish:skill=S,nodes=N | ...
 *   --games N        games (default: two per opening)
 *   --openings FILE  default data/chess/openings.txt; a .pgn file gives
 *                    the distinct first plies of its games (openingsFromGames)
 *   --opening-plies N  plies taken from each game of a .pgn (default 8)
 *   --max-plies N    a draw after N plies in all (default 300)
 *   --pgn FILE       write the games there, each as it ends (default: none)
 *
 * Budgets in depth or nodes make the games reproducible (Stockfish's skill
 * levels below 20 choose among moves at random: those games are not).
 * Stockfish is looked up on PATH, then at /usr/games/stockfish (Debian).
 * Bad arguments exit with 2.
 *
 * @module
 */

import {
  type ChessMover,
  openingsFromGames,
  playChessMatch,
  readOpenings,
} from "../src/play/chess_match.ts";
import { readPgnGames } from "../src/games/chess/notation.ts";
import { UciProcess } from "../src/play/uci_engine.ts";

const USAGE =
  `usage: deno task match --a SPEC --b SPEC [--games N] [--openings FILE] [--max-plies N] [--pgn FILE]
  SPEC: ours:depth=N | ours:nodes=N | ours:movetime=MS | stockfish:skill=S,depth=N | stockfish:nodes=N`;

const ROOT = new URL("..", import.meta.url);

function fail(message: string): never {
  console.error(`match: ${message}\n${USAGE}`);
  Deno.exit(2);
}

/** An engine spec: which program, its options, its `go` limits. */
interface Spec {
  kind: "ours" | "stockfish";
  label: string;
  go: string;
  options: Record<string, number>;
}

function parseSpec(text: string): Spec {
  const match = /^(ours|stockfish)(?::(.*))?$/.exec(text);
  if (!match) fail(`an engine is "ours:..." or "stockfish:...", got "${text}"`);
  const kind = match[1] as Spec["kind"];
  const go: string[] = [];
  const options: Record<string, number> = {};
  for (const pair of (match[2] ?? "").split(",").filter((p) => p)) {
    const [key, value] = pair.split("=");
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0) {
      fail(`"${pair}" in "${text}": the value must be an integer ≥ 0`);
    }
    if (key === "depth" || key === "nodes" || key === "movetime") {
      go.push(`${key} ${n}`);
    } else if (key === "skill" && kind === "stockfish") {
      if (n > 20) fail(`Stockfish's skill is 0…20, got ${n}`);
      options["Skill Level"] = n;
    } else {
      fail(`unknown setting "${key}" in "${text}"`);
    }
  }
  if (go.length === 0) {
    fail(`"${text}" needs a budget: depth=, nodes= or movetime=`);
  }
  return { kind, label: text, go: go.join(" "), options };
}

function stockfishPath(): string {
  for (const dir of (Deno.env.get("PATH") ?? "").split(":")) {
    try {
      if (Deno.statSync(`${dir}/stockfish`).isFile) return `${dir}/stockfish`;
    } catch {
      // Not in this directory.
    }
  }
  try {
    if (Deno.statSync("/usr/games/stockfish").isFile) {
      return "/usr/games/stockfish";
    }
  } catch {
    // Not installed.
  }
  fail(
    "stockfish is not on PATH nor at /usr/games/stockfish (apt-get install stockfish)",
  );
}

async function startEngine(
  spec: Spec,
): Promise<ChessMover & { close(): Promise<void> }> {
  const command = spec.kind === "ours"
    ? [
      Deno.execPath(),
      "run",
      "--no-prompt",
      new URL("cli/uci.ts", ROOT).pathname,
    ]
    : [stockfishPath()];
  const engine = await UciProcess.start(command, {
    name: spec.label,
    options: spec.kind === "stockfish"
      ? { Threads: 1, Hash: 16, ...spec.options }
      : {},
    cwd: ROOT,
  });
  return {
    name: spec.label,
    newGame: () => engine.newGame(),
    move: async (moves) => (await engine.go({ moves }, spec.go)).bestMove,
    close: () => engine.close(),
  };
}

function args(): Record<string, string> {
  const out: Record<string, string> = {};
  const list = Deno.args;
  for (let i = 0; i < list.length; i++) {
    const flag = list[i]!;
    if (
      ![
        "--a",
        "--b",
        "--games",
        "--openings",
        "--max-plies",
        "--pgn",
        "--opening-plies",
      ].includes(
        flag,
      )
    ) {
      fail(`unknown argument "${flag}"`);
    }
    const value = list[++i];
    if (value === undefined) fail(`${flag} needs a value`);
    out[flag.slice(2)] = value;
  }
  if (!out.a || !out.b) fail("--a and --b are required");
  return out;
}

function positiveInteger(
  name: string,
  text: string | undefined,
): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) {
    fail(`--${name} must be a positive integer, got "${text}"`);
  }
  return n;
}

const options = args();
const a = parseSpec(options.a!), b = parseSpec(options.b!);
const games = positiveInteger("games", options.games);
const maxPlies = positiveInteger("max-plies", options["max-plies"]);
const openingsFile = options.openings ??
  new URL("data/chess/openings.txt", ROOT).pathname;
let openingsText: string;
try {
  openingsText = Deno.readTextFileSync(openingsFile);
} catch (error) {
  fail(`cannot read --openings ${openingsFile}: ${(error as Error).message}`);
}
const openingPlies =
  positiveInteger("opening-plies", options["opening-plies"]) ?? 8;
const openings = openingsFile.endsWith(".pgn")
  ? openingsFromGames(readPgnGames(openingsText), openingPlies)
  : readOpenings(openingsText);
console.log(`${openings.length} openings from ${openingsFile}`);
const engineA = await startEngine(a);
const engineB = await startEngine(b);
const started = performance.now();
// Written game by game, so a long run cut short keeps its games.
if (options.pgn) Deno.writeTextFileSync(options.pgn, "");
try {
  const result = await playChessMatch(engineA, engineB, openings, {
    ...(games === undefined ? {} : { games }),
    ...(maxPlies === undefined ? {} : { maxPlies }),
    headers: {
      Event: `${a.label} vs ${b.label}`,
      Date: new Date().toISOString().slice(0, 10).replaceAll("-", "."),
    },
    onGame: (game, i) => {
      if (options.pgn) {
        Deno.writeTextFileSync(options.pgn, (i > 0 ? "\n" : "") + game.pgn, {
          append: true,
        });
      }
      console.log(
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
  console.log(
    `${a.label} vs ${b.label}: +${result.wins} =${result.draws} -${result.losses}, score ${result.score}/${n} (${
      (100 * result.score / n).toFixed(1)
    }%), Elo difference ${difference.toFixed(0)} [${low.toFixed(0)}, ${
      high.toFixed(0)
    }] (95%${
      prior ? ", with 1 virtual draw: every game was won or lost" : ""
    })`,
  );
} finally {
  await engineA.close();
  await engineB.close();
}
