/**
 * `deno task bench:strength`: where our chess engine stands against
 * engines that are not ours — Stockfish at fixed skill levels, rated on
 * CCRL Blitz by Stockfish's own calibration, and Glaurung 2.2, rated on
 * CCRL 40/40 — played as `deno task match` plays (its engine specs, its
 * engine processes, its openings with colours reversed), at the same time
 * a move for both sides. See {@linkcode HELP} and docs/chess_strength.md.
 *
 * @module
 */

import { playChessMatch } from "../src/uci/chess_match.ts";
import { engineTable } from "../src/uci/engines.ts";
import { parseEngineSpec } from "../src/uci/engine_spec.ts";
import { EngineProcesses } from "../src/uci/engine_processes.ts";
import {
  DEFAULT_OPENINGS_FILE,
  loadOpenings,
} from "../src/uci/openings_file.ts";
import {
  gameLine,
  matchPgnTags,
  matchScoreLine,
} from "../src/uci/match_lines.ts";
import { findProgram } from "../src/programs.ts";
import { CANDIDATES_BY_DEFAULT } from "../src/players/_chess_search.ts";
import { UsageError } from "../cli/_flags.ts";
import { print, readCommandLine, warn } from "../cli/_output.ts";
import { onStopSignals } from "../cli/_stop_signals.ts";
import { PgnOutput } from "../cli/_pgn_output.ts";
import { integerFlag, loadAverage, readBenchFlags } from "./_side_by_side.ts";
import {
  allLostBound,
  GLAURUNG_CCRL_4040,
  locateRating,
  type RatedResult,
  STOCKFISH_SKILL_ANCHOR_ELO,
  STOCKFISH_SKILL_ELO,
} from "./_located_rating.ts";

/** The defaults: a few games at a short time, seconds in all (CI runs it). */
export const DEFAULTS = {
  skills: [2, 4, 6],
  games: 2,
  movetimeMs: 20,
  glaurungGames: 2,
} as const;

/** `--full`: the measurement docs/chess_strength.md reports. */
export const FULL = {
  skills: [2, 4, 6],
  games: 200,
  movetimeMs: 100,
  glaurungGames: 100,
} as const;

/** `--candidates`' default: the engine's own (`CANDIDATES_BY_DEFAULT`), 1 or 0. */
const CANDIDATES_DEFAULT = CANDIDATES_BY_DEFAULT ? 1 : 0;

/** The text of `deno task bench:strength --help`. */
export const HELP =
  `usage: deno task bench:strength [--skills S,S,...] [--games N]
         [--movetime MS] [--glaurung-games N] [--concurrency N]
         [--candidates C]
       deno task bench:strength --full [--concurrency N] [--candidates C]

Plays our engine (deno task uci's program) against Stockfish at each skill
level S and against Glaurung, N games each, both sides "go movetime MS",
as deno task match plays them: the openings of data/chess/openings.txt in
turn, each played twice with colours reversed, the rules and a 300-ply draw
adjudicating. Prints each game, each match's score with the Elo difference
and its 95% interval, and the rating each result locates ours at: a skill
level at its CCRL Blitz rating by Stockfish's own calibration (commit
a08b8d4e9711c2; ±${STOCKFISH_SKILL_ANCHOR_ELO} its anchoring), all levels together by maximum
likelihood; Glaurung 2.2 at ${GLAURUNG_CCRL_4040} on CCRL 40/40, apart (another list).
Stockfish and Glaurung run with Threads 1, Hash 16. Without Stockfish or
Glaurung, their matches are left out (said on stderr). The machine's load
average is printed before and after.

Flags:
  --skills S,...       Stockfish's skill levels, integers in 0…19, each once
                       (default ${DEFAULTS.skills.join(",")})
  --games N            games against each skill level, an even integer in
                       2…10000 (default ${DEFAULTS.games})
  --movetime MS        each move's time for both sides in ms, an integer in
                       1…60000 (default ${DEFAULTS.movetimeMs})
  --glaurung-games N   games against Glaurung, an even integer in 0…10000
                       (0: none; default ${DEFAULTS.glaurungGames})
  --full               skills ${
    FULL.skills.join(",")
  }, ${FULL.games} games each, ${FULL.glaurungGames} against Glaurung,
                       ${FULL.movetimeMs} ms a move (not with the flags above)
  --concurrency N      games played at the same time, an integer in 1…16
                       (default 1; with
                       --full too), each by its own pair of engine
                       processes: the same openings and colours by game,
                       but a game's two engines take turns, so one game
                       keeps about one core busy, and more games than
                       cores slow every engine (with a fixed time a move,
                       a slowed engine searches less, which changes the
                       result)
  --candidates C       1: our engine with its candidate techniques (the UCI
                       option Candidates, ours:candidates=1), 0: without
                       (default ${CANDIDATES_DEFAULT}, the engine's; with --full too)
  --pgn FILE           write every game to FILE as it ends, the matches one
                       after the other (with --full too); an unwritable
                       FILE is refused before any engine starts
  -h, --help           this text

Each match is the one "deno task match --a ours:movetime=MS --b
stockfish:skill=S,movetime=MS --games N" plays (--a
ours:movetime=MS,candidates=C when --candidates C is not the default),
printed before it.

Exit status: 0 when every match was played (an engine's fault loses it a
game, as in deno task match); 1 when an engine could not be started or
restarted; 2 on a bad command line.`;

/** What the command line asks for. */
export interface StrengthArgs {
  /** `--help`. */
  help: boolean;
  /** Stockfish's skill levels. */
  skills: number[];
  /** Games against each level. */
  games: number;
  /** Each move's time (ms). */
  movetimeMs: number;
  /** Games against Glaurung. */
  glaurungGames: number;
  /** `--full`. */
  full: boolean;
  /** Games played at the same time (`--concurrency`). */
  concurrency: number;
  /** Our engine's `Candidates` option: 1 on, 0 off (`--candidates`). */
  candidates: number;
  /** The file every game is written to as it ends (`--pgn`; null: none). */
  pgn: string | null;
}

/**
 * Parses `deno task bench:strength`'s arguments.
 *
 * @param args the command line
 * @returns the options (`--full` already applied)
 * @throws {UsageError} naming the flag, the value and the rule
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseStrengthArgs } from "./chess_strength.ts";
 * assert.deepEqual(parseStrengthArgs(["--skills", "3,5"]).skills, [3, 5]);
 * assert.equal(parseStrengthArgs(["--full"]).games, 200);
 * assert.throws(() => parseStrengthArgs(["--skills", "20"]), /--skills: each level must be an integer in 0…19 .*got "20"/);
 * ```
 */
export function parseStrengthArgs(args: readonly string[]): StrengthArgs {
  const result: StrengthArgs = {
    help: false,
    skills: [...DEFAULTS.skills],
    games: DEFAULTS.games,
    movetimeMs: DEFAULTS.movetimeMs,
    glaurungGames: DEFAULTS.glaurungGames,
    full: false,
    concurrency: 1,
    candidates: CANDIDATES_DEFAULT,
    pgn: null,
  };
  const read = readBenchFlags("bench:strength", args, [
    "--skills",
    "--games",
    "--movetime",
    "--glaurung-games",
    "--concurrency",
    "--candidates",
    "--pgn",
  ]);
  result.help = read.help;
  result.full = read.full;
  // How many games run at once, which of our engines plays and where the
  // games are kept are not part of what --full measures.
  const given = read.values.map(([flag]) => flag).filter((flag) =>
    flag !== "--concurrency" && flag !== "--candidates" && flag !== "--pgn"
  );
  for (const [flag, text] of read.values) {
    if (flag === "--skills") result.skills = skillList(text);
    else if (flag === "--concurrency") {
      result.concurrency = integerFlag("bench:strength", flag, text, 1, 16);
    } else if (flag === "--candidates") {
      result.candidates = integerFlag("bench:strength", flag, text, 0, 1);
    } else if (flag === "--pgn") {
      if (text === undefined || text === "") {
        throw new UsageError(
          `bench:strength: --pgn needs a file to write the games to, got ${
            JSON.stringify(text ?? null)
          }`,
        );
      }
      result.pgn = text;
    } else if (flag === "--games") {
      result.games = evenGames(flag, text, 2);
    } else if (flag === "--movetime") {
      result.movetimeMs = integerFlag("bench:strength", flag, text, 1, 60_000);
    } else result.glaurungGames = evenGames(flag, text, 0);
  }
  if (result.full) {
    if (given.length > 0) {
      throw new UsageError(
        `bench:strength: give ${
          given[0]
        } and --full not both (--full is skills ${
          FULL.skills.join(",")
        }, ${FULL.games} games each, ${FULL.glaurungGames} against Glaurung, ${FULL.movetimeMs} ms a move)`,
      );
    }
    result.skills = [...FULL.skills];
    result.games = FULL.games;
    result.movetimeMs = FULL.movetimeMs;
    result.glaurungGames = FULL.glaurungGames;
  }
  return result;
}

/**
 * A count of games, `min`…10000 and even: the games are played in pairs,
 * one opening with each colour, and an odd count would leave its last
 * opening played with one colour only.
 */
function evenGames(flag: string, text: string | undefined, min: number) {
  const games = integerFlag("bench:strength", flag, text, min, 10_000);
  if (games % 2 !== 0) {
    throw new UsageError(
      `bench:strength: ${flag} must be even (each opening is played twice, colours reversed), got ${
        JSON.stringify(text)
      }`,
    );
  }
  return games;
}

/** `--skills`'s value: levels 0…19, comma-separated, each once. */
function skillList(text: string | undefined): number[] {
  if (text === undefined || text === "") {
    throw new UsageError(
      `bench:strength: --skills needs a list of skill levels (2,4,6), got ${
        JSON.stringify(text ?? null)
      }`,
    );
  }
  const levels: number[] = [];
  for (const item of text.split(",")) {
    const level = /^\d{1,2}$/.test(item) ? Number(item) : NaN;
    if (!(level >= 0 && level <= 19)) {
      throw new UsageError(
        `bench:strength: --skills: each level must be an integer in 0…19 (20 is full strength, which the calibration does not rate), got ${
          JSON.stringify(item)
        } in ${JSON.stringify(text)}`,
      );
    }
    if (levels.includes(level)) {
      throw new UsageError(
        `bench:strength: --skills: level ${level} is given twice in ${
          JSON.stringify(text)
        }`,
      );
    }
    levels.push(level);
  }
  return levels;
}

/**
 * The `deno task match` command line that plays one of the matches.
 *
 * @param opponent the opponent's spec without its movetime (`stockfish:skill=4`, `glaurung`)
 * @param movetimeMs each move's time
 * @param games the games
 * @param candidates 1: ours with its candidates, 0: without (default 1 when
 *   `CANDIDATES_BY_DEFAULT`, else 0); the spec says `candidates=` only when
 *   it is not the engine's default
 * @returns the command
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { matchCommand } from "./chess_strength.ts";
 * assert.equal(
 *   matchCommand("stockfish:skill=6", 100, 200),
 *   "deno task match --a ours:movetime=100 --b stockfish:skill=6,movetime=100 --games 200",
 * );
 * assert.equal(
 *   matchCommand("glaurung", 50, 2, 0),
 *   "deno task match --a ours:movetime=50,candidates=0 --b glaurung:movetime=50 --games 2",
 * );
 * ```
 */
export function matchCommand(
  opponent: string,
  movetimeMs: number,
  games: number,
  candidates = CANDIDATES_DEFAULT,
): string {
  const b = opponent.includes(":")
    ? `${opponent},movetime=${movetimeMs}`
    : `${opponent}:movetime=${movetimeMs}`;
  return `deno task match --a ${
    oursSpec(movetimeMs, candidates)
  } --b ${b} --games ${games}`;
}

/** Our engine's spec at `movetimeMs`, with `candidates=` when it is not the engine's default. */
function oursSpec(movetimeMs: number, candidates: number): string {
  return `ours:movetime=${movetimeMs}${
    candidates === CANDIDATES_DEFAULT ? "" : `,candidates=${candidates}`
  }`;
}

/** One match's results. */
interface Played extends RatedResult {
  /** The opponent's spec. */
  label: string;
  /** Its rating's source, in a few words. */
  source: string;
  /** Our Elo difference over the opponent and its 95% interval. */
  difference: { difference: number; low: number; high: number };
}

/** A signed whole number: `+12`, `-40`. */
function signed(value: number): string {
  const rounded = Math.round(value);
  return `${rounded > 0 ? "+" : ""}${rounded}`;
}

async function main(args: readonly string[]): Promise<number> {
  const options = readCommandLine(parseStrengthArgs, args, HELP);
  if (typeof options === "number") return options;
  const { movetimeMs } = options;
  let pgn: PgnOutput | null = null;
  if (options.pgn !== null) {
    try {
      // Emptied when the first games begin: a run stopped before leaves
      // the file as it was (removed when the run made it).
      pgn = PgnOutput.open(options.pgn);
    } catch (error) {
      warn(`bench:strength: ${(error as Error).message} (see --help)`);
      return 2;
    }
  }
  const engines = engineTable([]);
  const opponents: { spec: string; rating: number; source: string }[] = [];
  if (findProgram("stockfish") === null) {
    warn(
      "bench:strength: Stockfish is not installed: its matches are left out",
    );
  } else {
    for (const skill of options.skills) {
      opponents.push({
        spec: `stockfish:skill=${skill}`,
        rating: STOCKFISH_SKILL_ELO[skill]!,
        source: "CCRL Blitz, Stockfish a08b8d4e9",
      });
    }
  }
  if (options.glaurungGames > 0 && findProgram("glaurung") === null) {
    warn("bench:strength: Glaurung is not installed: its match is left out");
  } else if (options.glaurungGames > 0) {
    opponents.push({
      spec: "glaurung",
      rating: GLAURUNG_CCRL_4040,
      source: "CCRL 40/40",
    });
  }
  const stop = new AbortController();
  const processes = new EngineProcesses({
    engines,
    timeoutMs: movetimeMs + 30_000,
    handshakeTimeoutMs: 30_000,
    cwd: new URL("..", import.meta.url),
    signal: stop.signal,
    say: print,
  });
  // The handler kills the engines, says so and exits: a start or a match
  // that fails meanwhile waits for that exit instead of going on.
  const signals = onStopSignals(async (signal) => {
    stop.abort();
    await processes.killAll();
    pgn?.close();
    warn(`bench:strength: stopped by ${signal}`);
  });
  const openings = loadOpenings(DEFAULT_OPENINGS_FILE, 8);
  print(
    `bench:strength: ours against ${
      opponents.map((o) => o.spec).join(", ") || "nobody"
    }; ${movetimeMs} ms a move; ${options.games} games a skill level${
      opponents.some((o) => o.spec === "glaurung")
        ? `, ${options.glaurungGames} against Glaurung`
        : ""
    }; ${openings.length} openings of data/chess/openings.txt, colours reversed${
      options.concurrency > 1
        ? `; ${options.concurrency} games at a time, each by its own engines`
        : ""
    }`,
  );
  print(`load average before: ${loadAverage()} (1, 5, 15 min)`);
  const played: Played[] = [];
  let failed = false;
  try {
    for (const opponent of opponents) {
      const games = opponent.spec === "glaurung"
        ? options.glaurungGames
        : options.games;
      const command = matchCommand(
        opponent.spec,
        movetimeMs,
        games,
        options.candidates,
      );
      print("");
      print(`$ ${command}`);
      const a = parseEngineSpec(
        "--a",
        oursSpec(movetimeMs, options.candidates),
      );
      const b = parseEngineSpec(
        "--b",
        command.split(" --b ")[1]!.split(" ")[0]!,
      );
      const pairs = Array.from(
        { length: Math.min(options.concurrency, games) },
        () => [processes.engine(a), processes.engine(b)] as const,
      );
      const engines = pairs.flat();
      try {
        for (const engine of engines) await engine.start();
      } catch (error) {
        if (signals.signal !== null) return await signals.exitCode;
        warn(
          `bench:strength: ${opponent.spec}: an engine could not be started: ${
            (error as Error).message
          }`,
        );
        failed = true;
        await Promise.all(engines.map((engine) => engine.kill()));
        continue;
      }
      const started = performance.now();
      pgn?.begin();
      try {
        const [engineA, engineB] = pairs[0]!;
        const result = await playChessMatch(engineA, engineB, openings, {
          morePairs: pairs.slice(1),
          games,
          maxPlies: 300,
          // The tags `deno task match --pgn` writes.
          headers: matchPgnTags(a.label, b.label),
          onGame: (game, i) => {
            if (game.fault !== null) {
              warn(`bench:strength: game ${i + 1}: ${game.fault}`);
            }
            print(gameLine(game, i, (performance.now() - started) / 1000));
            pgn?.writeGame(game.pgn);
          },
        });
        print(matchScoreLine(a.label, b.label, result));
        played.push({
          label: opponent.spec,
          source: opponent.source,
          rating: opponent.rating,
          wins: result.wins,
          draws: result.draws,
          losses: result.losses,
          difference: result.elo,
        });
      } catch (error) {
        if (signals.signal !== null) return await signals.exitCode;
        warn(`bench:strength: ${opponent.spec}: ${(error as Error).message}`);
        failed = true;
      } finally {
        await Promise.all(engines.map((engine) => engine.close()));
      }
    }
  } finally {
    signals.remove();
    pgn?.close();
  }
  print("");
  print(
    "| opponent | its rating | games | ours +W =D -L | score | Elo difference [95%] | ours located at [95%] |",
  );
  print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const p of played) {
    const n = p.wins + p.draws + p.losses;
    const { difference, low, high } = p.difference;
    print(
      `| ${p.label} | ${
        Math.round(p.rating)
      } (${p.source}) | ${n} | +${p.wins} =${p.draws} -${p.losses} | ${
        (100 * (p.wins + p.draws / 2) / n).toFixed(1)
      }% | ${signed(difference)} [${signed(low)}, ${signed(high)}] | ${
        Math.round(p.rating + difference)
      } [${Math.round(p.rating + low)}, ${Math.round(p.rating + high)}] |`,
    );
  }
  for (const p of played) {
    if (p.wins > 0 || p.draws > 0) continue;
    const below = allLostBound(p.losses);
    print("");
    print(
      `${p.label}: every one of ${p.losses} games lost: ours is below ${
        Math.round(p.rating + below)
      } (${Math.round(p.rating)} ${
        signed(below)
      }) at 95%, one-sided (the score's binomial bound 1 − 0.05^(1/${p.losses}))`,
    );
  }
  const levels = played.filter((p) => p.label.startsWith("stockfish:"));
  if (levels.length > 0) {
    const located = locateRating(levels);
    print("");
    print(
      `located against Stockfish's skill levels (${
        levels.map((p) => p.label.split("=")[1]).join(", ")
      }; ${located.games} games): ${Math.round(located.elo)} [${
        Math.round(located.low)
      }, ${
        Math.round(located.high)
      }] (95%, the games alone) on CCRL Blitz, by Stockfish's calibration (commit a08b8d4e9711c2, ±${STOCKFISH_SKILL_ANCHOR_ELO} its anchoring to CCRL)${
        located.prior
          ? "; with 1 virtual draw an opponent: every game was won or lost"
          : ""
      }`,
    );
  }
  print("");
  print(`load average after: ${loadAverage()} (1, 5, 15 min)`);
  return failed ? 1 : 0;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
