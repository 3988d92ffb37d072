/**
 * Plays the atlas's Elo tests on all cores and fills the cache that
 * `deno task figures --full atlas` reads (`.atlas-cache/`): every SPRT of
 * "engine + technique" against "engine without it" at equal nodes and at
 * equal time, on Connect Four and chess, then (`--full`, chess) each
 * technique's games against Stockfish at a fixed skill. A test already in
 * the cache is not played again, so an interrupted run resumes.
 *
 * Usage: `deno task atlas-elo [--mode add-one|leave-one-out]
 * [--engine candidates|selective] [--full] [--workers N] [--games LIST] [--techniques LIST] [--no-stockfish]
 * [--stockfish PATH] [--status] [--depths] [--max-batches N] [--nodes N]
 * [--nats URL [--batch N] [--nats-unreachable SECONDS] [--nats-creds FILE]
 * [--nats-nkey FILE] [--nats-ca FILE]]`.
 *
 * `--mode leave-one-out` plays the full chess engine against itself less
 * one technique, SPRT [0, 10], adjudicated; the default mode is
 * add-one-to-base. `--engine` picks the full engine: by default the
 * atlas's (`ATLAS_LOO_RUN`), `candidates`, the UCI engine as it plays
 * (`ELO_LOO_CANDIDATE_TESTS`; small default `ELO_LOO_CANDIDATES_SMALL`,
 * `--full` `ELO_LOO_CANDIDATES_FULL`, 10,000 nodes a move, its games in
 * `figures/atlas/leave_one_out_candidates_games/`), or `selective`, its
 * `Candidates` option off, the first run (`ELO_LOO_TESTS`; `ELO_LOO_SMALL`,
 * `ELO_LOO_FULL`: 20,000 nodes a move, its games in
 * `figures/atlas/leave_one_out_games/`). Every batch of games is cached as
 * it ends, so a stopped run resumes at the batch it stopped in; a full
 * leave-one-out run at its own budget (not `--nodes`) caches its games in
 * its committed folder (it takes hours, and resumes from them on another
 * day or machine), every other run in `.atlas-cache/`;
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
 * `--nats-unreachable` seconds (default 60) ends the run, exit 2;
 * `--nats-creds`, `--nats-nkey`, `--nats-ca` and credentials in the URL are
 * the server's security (cli/_nats.ts, docs/distributed.md). The
 * games against Stockfish are always played here.
 *
 * A flag the run would not use is refused with one line naming it and the
 * flag that drops it: a flag about playing with `--status` or `--depths`,
 * `--stockfish`/`--no-stockfish` outside the full add-one run or without
 * chess, `--nodes` without chess.
 *
 * @module
 */

import {
  ATLAS_CACHE,
  ATLAS_LOO_RUN,
  atlasEloCacheDir,
  ELO_FULL,
  ELO_LOO_CANDIDATES_FULL,
  ELO_LOO_CANDIDATES_SMALL,
  ELO_LOO_FULL,
  ELO_LOO_SMALL,
  ELO_SMALL,
  type EloDesign,
  type EloGame,
  type EloSettings,
  eloStanding,
  formatElo,
  LOO_ENGINE_NAMES,
  looDepths,
  looEngine,
  type LooEngineName,
  runEloOnWorkers,
  runStockfishElo,
  selectedEloTests,
} from "../src/course/atlas/mod.ts";
import type { Jobs } from "../src/jobs/nats.ts";
import { sprtBatchesOverNats } from "../src/jobs/remote.ts";
import {
  connectForCommand,
  SECURITY_FLAGS,
  SECURITY_HELP,
  securityFlags,
  UNREACHABLE_ALONE,
  UNREACHABLE_HELP,
  unreachableMs,
} from "./_nats.ts";
import type { NatsSecurity } from "../src/jobs/nats_address.ts";
import {
  flagName,
  FlagsOnce,
  flagValue,
  integerValue,
  isFlag,
  UsageError,
} from "./_flags.ts";
import { print, readCommandLine } from "./_output.ts";

/** The node budgets `--depths` measures, and its positions. */
const DEPTH_BUDGETS = [5_000, 10_000, 20_000, 40_000];
const DEPTH_POSITIONS = 12;

/** The text of `deno task atlas-elo --help`. */
export const HELP =
  `usage: deno task atlas-elo [--mode add-one|leave-one-out] [--engine candidates|selective] [--full] [--status | --depths] [--max-batches N] [--nodes N] [--workers N] [--games LIST] [--techniques LIST] [--no-stockfish | --stockfish PATH] [--nats URL [--batch N] [--nats-unreachable SECONDS] [--nats-creds FILE] [--nats-nkey FILE] [--nats-ca FILE]]

Plays the atlas's Elo tests (an SPRT of "engine + technique" against
"engine without it", at equal nodes and at equal time, on Connect Four and
chess) on all cores and fills the cache that deno task figures --full atlas
reads (.atlas-cache/). A test already in the cache is not played again, so
an interrupted run resumes at the batch it stopped in. Prints one line per
test: game, technique, mode, Elo.

Flags:
  --mode M        add-one (default: each technique added to the base
                  engine) or leave-one-out (the full chess engine against
                  itself less one technique)
  --engine E      with --mode leave-one-out or --depths: the full engine,
                  candidates (default: the atlas's run, the UCI engine as it
                  plays; --full: 10,000 nodes a move, its games cached in
                  figures/atlas/leave_one_out_candidates_games/) or
                  selective (its Candidates option off, the first run;
                  --full: 20,000 nodes a move, its games cached in
                  figures/atlas/leave_one_out_games/)
  --full          the full run (hours) instead of the small default; the
                  add-one run then also plays each chess technique against
                  Stockfish at a fixed skill
  --status        plays nothing: where each test stands in the cache
                  (finished, stopped before its end, or not run)
  --depths        plays nothing: the depth the full engine finishes per
                  node budget on ${DEPTH_POSITIONS} middlegames (how the budget was chosen)
  --max-batches N play at most N new batches of each test in this run, an
                  integer in 1…1000000 (default: every test to its end)
  --nodes N       chess at N nodes a move instead of the run's budget, an
                  integer in 1000…10000000 (kept in the cache apart from the
                  run's; deno task figures reads the run's own budget only)
  --workers N     this machine's workers, an integer in 1…256 (default: one
                  per core)
  --games LIST    the games, a comma-separated list of connect-four and
                  chess (default both; leave-one-out plays chess only)
  --techniques LIST
                  the techniques, comma-separated (default every one of the
                  mode and games; an unknown one is refused, the known ones
                  named)
  --no-stockfish  with --full (add-one, chess): leave out the games
                  against Stockfish
  --stockfish PATH
                  with --full (add-one, chess): the Stockfish program
                  (default stockfish on PATH, then /usr/games/stockfish)
  --nats URL      play the SPRTs' batches as jobs on the workers of the
                  NATS JetStream server at URL (deno task worker --nats URL,
                  on any machine; see docs/distributed.md); the test itself
                  runs here, and so do the games against Stockfish
  --batch N       with --nats: games a job, an integer in 1…10000 (default:
                  a batch in about 64 jobs)
${UNREACHABLE_HELP}
${SECURITY_HELP}
  -h, --help      this text

A flag the run would not use is refused with one line naming it and the
flag that drops it: a flag about playing with --status or --depths,
--stockfish and --no-stockfish outside the full add-one run or without
chess, --nodes without chess.

Exit status: 0 when done; 2 on a bad command line, a server that cannot be
reached or a run that failed.`;
const GAMES: readonly EloGame[] = ["connect-four", "chess"];
const DESIGNS: readonly EloDesign[] = ["add-one", "leave-one-out"];

interface Plan {
  /** `-h`/`--help`. */
  help: boolean;
  settings: EloSettings;
  status: boolean;
  depths: boolean;
  /** `--engine`: the full engine of leave-one-out and `--depths`. */
  engine: LooEngineName;
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
  /** `--nats-creds`, `--nats-nkey`, `--nats-ca`: the server's security. */
  security: NatsSecurity;
}

/**
 * The integer `text` of `flag`, in `min`…`max` (`unit` says what it
 * counts): digits only, as every command reads them (Number() took 1e4
 * and 0x10).
 */
function integerIn(
  text: string,
  flag: string,
  min: number,
  max: number,
  unit?: string,
): number {
  return integerValue(
    "atlas-elo",
    flag,
    text,
    String(max).length,
    min,
    max,
    `an integer in ${min}…${max}${unit === undefined ? "" : ` (${unit})`}`,
  );
}

/** `text` of `flag` when it is one of `names`, else a usage error listing them. */
function oneOf<T extends string>(
  flag: string,
  text: string,
  names: readonly T[],
): T {
  if (!names.includes(text as T)) {
    throw new UsageError(
      `atlas-elo: ${flag} must be one of ${names.join(", ")}, got ${
        JSON.stringify(text)
      }`,
    );
  }
  return text as T;
}

/** The flags of a run that plays games, which --status and --depths do not. */
const PLAYING_FLAGS = [
  "--nats",
  "--batch",
  "--nats-unreachable",
  "--workers",
  "--max-batches",
  "--stockfish",
  "--no-stockfish",
  ...SECURITY_FLAGS,
];

function parseArgs(args: readonly string[]): Plan {
  const plan: Plan = {
    help: false,
    settings: ELO_SMALL,
    status: false,
    depths: false,
    // The atlas's full engine unless --engine says otherwise.
    engine: ATLAS_LOO_RUN.looEngine ?? "selective",
    workers: navigator.hardwareConcurrency,
    stockfish: true,
    security: {},
  };
  const securityFiles = new Map<string, string>();
  let full = false;
  let design: EloDesign = "add-one";
  const flags = new FlagsOnce("atlas-elo");
  /** The flags given, to refuse those the run would drop. */
  const given = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    flags.check(arg);
    given.add(flagName(arg));
    // `--workers 4` and `--workers=4` alike, as every command takes them.
    const value = (flag: string): string => {
      const [text, next] = flagValue("atlas-elo", args, i, flag);
      i = next;
      return text;
    };
    if (arg === "--full") full = true;
    else if (arg === "--status") plan.status = true;
    else if (arg === "--depths") plan.depths = true;
    else if (isFlag(arg, "--max-batches")) {
      plan.maxBatches = integerIn(
        value("--max-batches"),
        "--max-batches",
        1,
        1_000_000,
      );
    } else if (isFlag(arg, "--nodes")) {
      plan.nodes = integerIn(
        value("--nodes"),
        "--nodes",
        1_000,
        10_000_000,
        "nodes a chess move",
      );
    } else if (isFlag(arg, "--mode")) {
      design = oneOf("--mode", value("--mode"), DESIGNS);
    } else if (isFlag(arg, "--engine")) {
      plan.engine = oneOf("--engine", value("--engine"), LOO_ENGINE_NAMES);
    } else if (isFlag(arg, "--workers")) {
      plan.workers = integerIn(value("--workers"), "--workers", 1, 256);
    } else if (isFlag(arg, "--games")) {
      const games = value("--games").split(",");
      for (const game of games) {
        if (!GAMES.includes(game as EloGame)) {
          throw new UsageError(
            `atlas-elo: --games must list ${GAMES.join(", ")}, got ${
              JSON.stringify(game)
            }`,
          );
        }
      }
      plan.games = games as EloGame[];
    } else if (isFlag(arg, "--techniques")) {
      plan.techniques = value("--techniques").split(",");
    } else if (arg === "--no-stockfish") plan.stockfish = false;
    else if (isFlag(arg, "--stockfish")) plan.program = value("--stockfish");
    else if (isFlag(arg, "--nats")) plan.nats = value("--nats");
    else if (isFlag(arg, "--nats-unreachable")) {
      plan.unreachableMs = unreachableMs(
        value("--nats-unreachable"),
        "atlas-elo",
      );
    } else if (isFlag(arg, "--batch")) {
      plan.batch = integerIn(value("--batch"), "--batch", 1, 10_000);
    } else if (SECURITY_FLAGS.some((flag) => isFlag(arg, flag))) {
      const flag = flagName(arg);
      securityFiles.set(flag, value(flag));
    } else if (arg === "--help" || arg === "-h") {
      plan.help = true;
    } else {
      throw new UsageError(
        `atlas-elo: unknown argument ${JSON.stringify(arg)}`,
      );
    }
  }
  // A flag the run would drop is refused, naming the flag that drops it.
  if (plan.status && plan.depths) {
    throw new UsageError(
      "atlas-elo: --status and --depths each print a table and play nothing: give one",
    );
  }
  // --depths measures the full chess engine's depth on its own positions:
  // the tests' selection is not read either.
  const dropping: [string, readonly string[]] | null = plan.status
    ? ["--status", PLAYING_FLAGS]
    : plan.depths
    ? ["--depths", [...PLAYING_FLAGS, "--full", "--games", "--techniques"]]
    : null;
  if (dropping !== null) {
    const [flag, dropped] = dropping;
    const named = dropped.filter((f) => given.has(f));
    if (named.length > 0) {
      throw new UsageError(
        `atlas-elo: ${flag} plays no game, so it takes no ${named.join(", ")}`,
      );
    }
  }
  if (given.has("--engine") && design !== "leave-one-out" && !plan.depths) {
    throw new UsageError(
      `atlas-elo: --engine picks the full engine of --mode leave-one-out (or of --depths); the add-one tests start from the base engine, got --mode ${design}`,
    );
  }
  const stockfishFlags = ["--stockfish", "--no-stockfish"].filter((f) =>
    given.has(f)
  );
  if (stockfishFlags.length === 2) {
    throw new UsageError(
      "atlas-elo: --stockfish PATH plays the games against Stockfish and --no-stockfish leaves them out: give one",
    );
  }
  const stockfishFlag = stockfishFlags[0];
  if (stockfishFlag !== undefined) {
    // Only the full add-one run's settings have games against Stockfish.
    if (design === "leave-one-out") {
      throw new UsageError(
        `atlas-elo: ${stockfishFlag} is about the games against Stockfish, which --mode leave-one-out does not play (the full add-one run does)`,
      );
    }
    if (!full) {
      throw new UsageError(
        `atlas-elo: ${stockfishFlag} goes with --full (the games against Stockfish are the full add-one run's)`,
      );
    }
    if (plan.games !== undefined && !plan.games.includes("chess")) {
      throw new UsageError(
        `atlas-elo: ${stockfishFlag} is about chess's games against Stockfish, and --games ${
          plan.games.join(",")
        } plays no chess`,
      );
    }
  }
  if (
    plan.nodes !== undefined && plan.games !== undefined &&
    !plan.games.includes("chess")
  ) {
    throw new UsageError(
      `atlas-elo: --nodes sets chess's nodes a move, and --games ${
        plan.games.join(",")
      } plays no chess`,
    );
  }
  const candidates = plan.engine === "candidates";
  plan.settings = design === "leave-one-out"
    ? candidates
      ? (full ? ELO_LOO_CANDIDATES_FULL : ELO_LOO_CANDIDATES_SMALL)
      : (full ? ELO_LOO_FULL : ELO_LOO_SMALL)
    : (full ? ELO_FULL : ELO_SMALL);
  if (plan.nodes !== undefined) {
    const games = plan.settings.games;
    plan.settings = {
      ...plan.settings,
      games: { ...games, chess: { ...games.chess, nodes: plan.nodes } },
    };
  }
  if (design === "leave-one-out" && plan.games?.includes("connect-four")) {
    throw new UsageError(
      `atlas-elo: --games must be chess with --mode leave-one-out (it tests the chess engine only), got ${
        JSON.stringify(plan.games.join(","))
      }`,
    );
  }
  if (plan.batch !== undefined && plan.nats === undefined) {
    throw new UsageError("atlas-elo: --batch goes with --nats");
  }
  if (plan.unreachableMs !== undefined && plan.nats === undefined) {
    throw new UsageError(`atlas-elo: ${UNREACHABLE_ALONE}`);
  }
  for (const flag of securityFiles.keys()) {
    if (plan.nats === undefined) {
      throw new UsageError(`atlas-elo: ${flag} goes with --nats`);
    }
  }
  plan.security = securityFlags(securityFiles);
  if (plan.techniques !== undefined) {
    // Known on the games asked for: a technique of another game would
    // select nothing and the run would end having played nothing.
    const known = new Set(
      selectedEloTests(
        plan.games === undefined ? {} : { games: plan.games },
        design,
        plan.engine,
      ).map((t) => t.technique),
    );
    const unknown = plan.techniques.filter((t) => !known.has(t));
    if (unknown.length > 0) {
      throw new UsageError(
        `atlas-elo: --techniques must list techniques of the ${design} Elo tests${
          design === "leave-one-out" ? ` of the ${plan.engine} engine` : ""
        }${plan.games === undefined ? "" : ` on ${plan.games.join(",")}`} (${
          [...known].join(", ")
        }), got ${unknown.map((t) => JSON.stringify(t)).join(", ")}`,
      );
    }
  }
  return plan;
}

async function main(): Promise<number> {
  const plan = readCommandLine(parseArgs, Deno.args, HELP);
  if (typeof plan === "number") return plan;
  const progress = (line: string) => console.error(line);
  if (plan.depths) {
    print("nodes a move\tmedian depth\tmin\tmax\tdepth per position");
    const budgets = plan.nodes === undefined ? DEPTH_BUDGETS : [plan.nodes];
    const engine = plan.engine;
    const rows = looDepths(
      budgets,
      DEPTH_POSITIONS,
      (budget) => looEngine(budget, [], undefined, true, engine),
    );
    for (const row of rows) {
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
    jobs = await connectForCommand("atlas-elo", plan.nats, {
      security: plan.security,
    });
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
    for (
      const test of selectedEloTests(
        options,
        plan.settings.design,
        plan.settings.looEngine,
      )
    ) {
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
