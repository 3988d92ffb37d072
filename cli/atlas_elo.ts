/**
 * Plays the atlas's Elo tests on all cores and fills the cache that
 * `deno task figures --full atlas` reads (`.atlas-cache/`): every SPRT of
 * "engine + technique" against "engine without it" at equal nodes and at
 * equal time, on Connect Four and chess, then (`--full`, chess) each
 * technique's games against Stockfish at a fixed skill. A test already in
 * the cache is not played again, so an interrupted run resumes.
 *
 * Usage: `deno task atlas-elo [--mode add-one|leave-one-out] [--full]
 * [--workers N] [--games LIST] [--techniques LIST] [--no-stockfish]
 * [--stockfish PATH] [--status] [--depths] [--max-batches N] [--nodes N]
 * [--nats URL [--batch N] [--nats-unreachable SECONDS]]`.
 *
 * `--mode leave-one-out` plays the full chess engine against itself less
 * one technique (`ELO_LOO_TESTS`; small default `ELO_LOO_SMALL`, `--full`
 * `ELO_LOO_FULL`: 20,000 nodes a move, SPRT [0, 10], adjudicated); the
 * default mode is add-one-to-base. Every batch of games is cached as it
 * ends, so a stopped run resumes at the batch it stopped in; the full
 * leave-one-out run at its own budget (not `--nodes`) caches its games in
 * `figures/atlas/leave_one_out_games/`
 * (committed: it takes hours, and resumes from them on another day or
 * machine), every other run in `.atlas-cache/`;
 * `--max-batches N` plays at most N new batches of each test in this run
 * and leaves the rest for the next (a time-boxed run gives every technique
 * a few batches in turn). `--status`
 * plays nothing and prints where each test stands in the cache (finished,
 * stopped before its end, or not run); `--depths` prints the depth the full
 * engine finishes per node budget on 12 middlegames (how the budget was
 * chosen) and exits. `--nodes N` plays chess at N nodes a move instead of
 * the run's budget (and `--depths` then measures N alone): a technique's
 * worth at a deeper search, kept in the cache apart from the run's (the
 * budget is part of each test's cache key); `deno task figures` reads the
 * run's own budget only. With `--nats` the SPRTs'
 * batches are played as jobs by the workers of a NATS JetStream server
 * (`deno task worker --nats URL` on any machine), `--batch` games a job;
 * the test itself runs here; a server unreachable for
 * `--nats-unreachable` seconds (default 60) ends the run, exit 2. The
 * games against Stockfish are always played here.
 *
 * @module
 */

import {
  ATLAS_CACHE,
  atlasEloCacheDir,
  ELO_FULL,
  ELO_LOO_FULL,
  ELO_LOO_SMALL,
  ELO_SMALL,
  type EloDesign,
  type EloGame,
  type EloSettings,
  eloStanding,
  formatElo,
  looDepths,
  runEloOnWorkers,
  runStockfishElo,
  selectedEloTests,
} from "../src/course/atlas/mod.ts";
import type { Jobs } from "../src/jobs/nats.ts";
import { sprtBatchesOverNats } from "../src/jobs/remote.ts";
import {
  connectForCommand,
  UNREACHABLE_ALONE,
  unreachableMs,
} from "./_nats.ts";
import { FlagsOnce, integerFlagValue } from "./_flags.ts";
import { print } from "./_output.ts";

const USAGE =
  "usage: deno task atlas-elo [--mode add-one|leave-one-out] [--full] [--status] [--depths] [--max-batches N] [--nodes N] [--workers N] [--games connect-four,chess] [--techniques a,b] [--no-stockfish] [--stockfish PATH] [--nats URL [--batch N] [--nats-unreachable SECONDS (give up when the server is away that long, default 60)]]";
const GAMES: readonly EloGame[] = ["connect-four", "chess"];
const DESIGNS: readonly EloDesign[] = ["add-one", "leave-one-out"];
/** The node budgets `--depths` measures, and its positions. */
const DEPTH_BUDGETS = [5_000, 10_000, 20_000, 40_000];
const DEPTH_POSITIONS = 12;

interface Plan {
  settings: EloSettings;
  status: boolean;
  depths: boolean;
  maxBatches?: number;
  nodes?: number;
  workers: number;
  games?: EloGame[];
  techniques?: string[];
  stockfish: boolean;
  program?: string;
  nats?: string;
  batch?: number;
  unreachableMs?: number;
}

function value(args: readonly string[], i: number, flag: string): string {
  const next = args[i];
  if (next === undefined || next.startsWith("--")) {
    throw new Error(`${flag} needs a value\n${USAGE}`);
  }
  return next;
}

/** The integer after `flag`, in `min`…`max` (`unit` says what it counts). */
function integerValue(
  args: readonly string[],
  i: number,
  flag: string,
  min: number,
  max: number,
  unit?: string,
): number {
  return integerFlagValue(flag, value(args, i, flag), min, max, unit);
}

function parseArgs(args: readonly string[]): Plan {
  const plan: Plan = {
    settings: ELO_SMALL,
    status: false,
    depths: false,
    workers: navigator.hardwareConcurrency,
    stockfish: true,
  };
  let full = false;
  let design: EloDesign = "add-one";
  const flags = new FlagsOnce("atlas-elo");
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    flags.check(arg);
    if (arg === "--full") full = true;
    else if (arg === "--status") plan.status = true;
    else if (arg === "--depths") plan.depths = true;
    else if (arg === "--max-batches") {
      plan.maxBatches = integerValue(args, ++i, arg, 1, 1_000_000);
    } else if (arg === "--nodes") {
      plan.nodes = integerValue(
        args,
        ++i,
        arg,
        1_000,
        10_000_000,
        "nodes a chess move",
      );
    } else if (arg === "--mode") {
      const text = value(args, ++i, arg);
      if (!DESIGNS.includes(text as EloDesign)) {
        throw new Error(
          `--mode must be one of ${DESIGNS.join(", ")}, got ${
            JSON.stringify(text)
          }`,
        );
      }
      design = text as EloDesign;
    } else if (arg === "--workers") {
      plan.workers = integerValue(args, ++i, arg, 1, 256);
    } else if (arg === "--games") {
      const games = value(args, ++i, arg).split(",");
      for (const game of games) {
        if (!GAMES.includes(game as EloGame)) {
          throw new Error(
            `--games must list ${GAMES.join(", ")}, got ${
              JSON.stringify(game)
            }`,
          );
        }
      }
      plan.games = games as EloGame[];
    } else if (arg === "--techniques") {
      plan.techniques = value(args, ++i, arg).split(",");
    } else if (arg === "--no-stockfish") plan.stockfish = false;
    else if (arg === "--stockfish") plan.program = value(args, ++i, arg);
    else if (arg === "--nats") plan.nats = value(args, ++i, arg);
    else if (arg === "--nats-unreachable") {
      plan.unreachableMs = unreachableMs(value(args, ++i, arg));
    } else if (arg === "--batch") {
      plan.batch = integerValue(args, ++i, arg, 1, 10_000);
    } else if (arg === "--help" || arg === "-h") {
      print(USAGE);
      Deno.exit(0);
    } else throw new Error(`Unknown option ${arg}\n${USAGE}`);
  }
  plan.settings = design === "leave-one-out"
    ? (full ? ELO_LOO_FULL : ELO_LOO_SMALL)
    : (full ? ELO_FULL : ELO_SMALL);
  if (plan.nodes !== undefined) {
    const games = plan.settings.games;
    plan.settings = {
      ...plan.settings,
      games: { ...games, chess: { ...games.chess, nodes: plan.nodes } },
    };
  }
  if (design === "leave-one-out" && plan.games?.includes("connect-four")) {
    throw new Error(
      `--games: leave-one-out tests the chess engine only, got ${
        plan.games.join(",")
      }`,
    );
  }
  if (plan.batch !== undefined && plan.nats === undefined) {
    throw new Error(`--batch goes with --nats\n${USAGE}`);
  }
  if (plan.unreachableMs !== undefined && plan.nats === undefined) {
    throw new Error(`${UNREACHABLE_ALONE}\n${USAGE}`);
  }
  if (plan.techniques !== undefined) {
    // Known on the games asked for: a technique of another game would
    // select nothing and the run would end having played nothing.
    const known = new Set(
      selectedEloTests(
        plan.games === undefined ? {} : { games: plan.games },
        design,
      ).map((t) => t.technique),
    );
    const unknown = plan.techniques.filter((t) => !known.has(t));
    if (unknown.length > 0) {
      throw new Error(
        `--techniques: no ${design} Elo test for ${
          unknown.map((t) => JSON.stringify(t)).join(", ")
        }${
          plan.games === undefined ? "" : ` on ${plan.games.join(",")}`
        }; known: ${[...known].join(", ")}`,
      );
    }
  }
  return plan;
}

async function main(): Promise<number> {
  const plan = parseArgs(Deno.args);
  const progress = (line: string) => console.error(line);
  if (plan.depths) {
    print("nodes a move\tmedian depth\tmin\tmax\tdepth per position");
    const budgets = plan.nodes === undefined ? DEPTH_BUDGETS : [plan.nodes];
    for (const row of looDepths(budgets, DEPTH_POSITIONS)) {
      print(
        `${row.nodes}\t${row.median}\t${row.min}\t${row.max}\t${
          row.depths.join(",")
        }`,
      );
    }
    return 0;
  }
  if (plan.status) {
    const standing = eloStanding(plan.settings, {
      cacheDir: atlasEloCacheDir(plan.settings),
      ...(plan.games === undefined ? {} : { games: plan.games }),
      ...(plan.techniques === undefined ? {} : { techniques: plan.techniques }),
    });
    for (const { test, mode, item } of standing) {
      print(
        `${test.game}\t${test.technique}\t${mode}\t${
          item === null ? "not run" : formatElo(item)
        }${
          item === null
            ? ""
            : `\tLLR ${item.llr} in [${item.bounds.join(", ")}]`
        }`,
      );
    }
    return 0;
  }
  let jobs: Jobs | null = null;
  if (plan.nats !== undefined) {
    jobs = await connectForCommand("atlas-elo", plan.nats);
    if (jobs === null) return 2;
  }
  try {
    return await play(plan, progress, jobs);
  } finally {
    await jobs?.close();
  }
}

async function play(
  plan: Plan,
  progress: (line: string) => void,
  jobs: Jobs | null,
): Promise<number> {
  const options = {
    cacheDir: atlasEloCacheDir(plan.settings),
    progress,
    workers: plan.workers,
    ...(plan.maxBatches === undefined ? {} : { maxBatches: plan.maxBatches }),
    ...(plan.games === undefined ? {} : { games: plan.games }),
    ...(plan.techniques === undefined ? {} : { techniques: plan.techniques }),
    ...(jobs === null ? {} : {
      playBatch: sprtBatchesOverNats(jobs, {
        ...(plan.batch === undefined ? {} : { batch: plan.batch }),
        ...(plan.unreachableMs === undefined
          ? {}
          : { unreachableMs: plan.unreachableMs }),
        onRefusal: progress,
      }),
    }),
  };
  const items = await runEloOnWorkers(plan.settings, options);
  if (plan.stockfish && plan.settings.stockfish !== null) {
    for (const test of selectedEloTests(options, plan.settings.design)) {
      if (test.game !== "chess") continue;
      const item = await runStockfishElo(test, plan.settings, {
        cacheDir: ATLAS_CACHE,
        progress,
        ...(plan.program === undefined ? {} : { stockfish: plan.program }),
      });
      items.push(item);
      progress(`atlas elo: ${test.technique} against Stockfish done`);
    }
  }
  for (const item of items) {
    print(
      `${item.game}\t${item.technique}\t${item.mode}\t${formatElo(item)}`,
    );
  }
  return 0;
}

if (import.meta.main) {
  try {
    Deno.exit(await main());
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    Deno.exit(2);
  }
}
