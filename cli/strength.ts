/**
 * Issue 10's strength measurements: move accuracy against perfect play, the
 * Elo grid of depth × evaluation quality (T003.8, T003.9) and MCTS against
 * alpha-beta at equal nodes. Matches run over workers, one per core.
 *
 * Usage: `deno task strength [--full] [--workers N]` — the small default
 * takes seconds and prints its verdicts; `--full` is the run behind the
 * committed figures (901 s measured on two loaded cores) and writes
 * `figures/strength/full_run.json`, then renders it (`--render` renders
 * the committed file again: `figures/strength/README.md` with every table,
 * and the charts). Grades and balanced openings solved on the way are added
 * to the cache files in `data/connect4/`. `--workers` counts this
 * machine's workers: with `--nats` (the server's workers play every game)
 * it is refused, not dropped. With `--nats URL` the matches are jobs for
 * the workers of a NATS server; `--nats-creds`, `--nats-nkey`, `--nats-ca`
 * and credentials in the URL are the server's security (cli/_nats.ts,
 * docs/distributed.md).
 *
 * @module
 */

import { saveSvg } from "../src/plot/mod.ts";
import {
  accuracyTable,
  eloTable,
  fitsTable,
  readFullRun,
  runLabel,
  stepsTable,
  strengthReport,
  versusTable,
} from "../src/course/strength/report.ts";
import { rowsTable } from "../src/course/report.ts";
import {
  runStrength,
  saveGrades,
  saveOpenings,
  STRENGTH_FULL,
  STRENGTH_SMALL,
} from "../src/course/strength/measure.ts";
import { roundRobinOverNats } from "../src/jobs/remote.ts";
import type { Jobs } from "../src/jobs/nats.ts";
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
import {
  flagName,
  FlagsOnce,
  flagValue,
  integerValue,
  isFlag,
  UsageError,
} from "./_flags.ts";
import { print, readCommandLine } from "./_output.ts";
import { abortOnStopSignals } from "./_stop_signals.ts";

/** The text of `deno task strength --help`. */
export const HELP =
  `usage: deno task strength [--full | --render] [--workers N] [--nats URL [--batch N] [--nats-unreachable SECONDS] [--nats-creds FILE] [--nats-nkey FILE] [--nats-ca FILE]]

Issue 10's strength measurements on Connect Four: move accuracy against
perfect play, the Elo grid of depth × evaluation quality (T003.8, T003.9)
and MCTS against alpha-beta at equal nodes. The small default takes
seconds and prints its verdicts in one line. Grades and balanced openings
solved on the way are added to the cache files in data/connect4/.

Flags:
  --full          the run behind the committed figures (901 s measured on
                  two loaded cores): writes figures/strength/full_run.json,
                  then renders it as --render does
  --render        plays nothing: renders the committed full run again
                  (figures/strength/README.md with every table, and the
                  charts); takes no flag about playing
  --workers N     this machine's workers, an integer in 1…256 (default: one
                  per core); not with --nats, whose server's workers play
                  every game
  --nats URL      play the matches as jobs on the workers of the NATS
                  JetStream server at URL (deno task worker --nats URL, on
                  any machine, same commit; see docs/distributed.md)
  --batch N       with --nats: games a job, an integer in 1…10000 (default:
                  a 64th of a match's games, 1…50)
${UNREACHABLE_HELP}
${SECURITY_HELP}
  -h, --help      this text

Exit status: 0 when done; 1 for --render (or --full) without the committed
full run; 2 on a bad command line, a server that cannot be reached or a run
over NATS that failed; 130/143 when stopped by SIGINT/SIGTERM (over NATS,
the run's queued jobs are dropped).`;

/** What `deno task strength`'s command line asks for. */
export interface StrengthArgs {
  /** `-h`/`--help`. */
  help: boolean;
  /** `--full`. */
  full: boolean;
  /** `--render`. */
  render: boolean;
  /** `--workers N`, when given. */
  workers?: number;
  /** `--nats URL`, when given. */
  nats?: string;
  /** `--batch N`, when given. */
  batch?: number;
  /** `--nats-unreachable SECONDS`, in ms, when given. */
  patience?: number;
  /** `--nats-creds`, `--nats-nkey`, `--nats-ca`, as given. */
  securityFiles: Map<string, string>;
}

/**
 * Parses `deno task strength`'s arguments.
 *
 * @param args the arguments after the task's name
 * @returns the flags
 * @throws {UsageError} `strength: …` on an unknown or repeated flag, a
 *   missing or bad value, or flags that do not go together
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseStrengthArgs } from "./strength.ts";
 * assert.equal(parseStrengthArgs(["--workers=4"]).workers, 4);
 * assert.throws(() => parseStrengthArgs(["--bogus"]), /^Error: strength: unknown argument "--bogus"$/);
 * assert.throws(() => parseStrengthArgs(["--batch", "3"]), /^Error: strength: --batch goes with --nats$/);
 * ```
 */
export function parseStrengthArgs(args: readonly string[]): StrengthArgs {
  const result: StrengthArgs = {
    help: false,
    full: false,
    render: false,
    securityFiles: new Map(),
  };
  const flags = new FlagsOnce("strength");
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    flags.check(arg);
    // `--workers 4` and `--workers=4` alike, as every command takes them.
    const value = (flag: string, what?: string): string => {
      const [text, next] = flagValue("strength", args, i, flag, what);
      i = next;
      return text;
    };
    if (arg === "--full") result.full = true;
    else if (arg === "--render") result.render = true;
    else if (isFlag(arg, "--workers")) {
      // Digits only, as every command reads them (Number() took 1e1, 0x10).
      result.workers = integerValue(
        "strength",
        "--workers",
        value("--workers"),
        3,
        1,
        256,
        "an integer in 1…256",
      );
    } else if (isFlag(arg, "--nats")) {
      result.nats = value("--nats", "a server address");
    } else if (isFlag(arg, "--batch")) {
      result.batch = integerValue(
        "strength",
        "--batch",
        value("--batch"),
        5,
        1,
        10_000,
        "an integer in 1…10000",
      );
    } else if (isFlag(arg, "--nats-unreachable")) {
      result.patience = unreachableMs(value("--nats-unreachable"), "strength");
    } else if (SECURITY_FLAGS.some((flag) => isFlag(arg, flag))) {
      const flag = flagName(arg);
      result.securityFiles.set(flag, value(flag, "a file"));
    } else if (arg === "--help" || arg === "-h") {
      result.help = true;
    } else {
      throw new UsageError(
        `strength: unknown argument ${JSON.stringify(arg)}`,
      );
    }
  }
  if (result.render) {
    // --render redraws the committed full run and plays nothing: a flag
    // about playing would be ignored.
    const playing = [
      result.full ? "--full" : "",
      result.workers !== undefined ? "--workers" : "",
      result.nats !== undefined ? "--nats" : "",
      result.batch !== undefined ? "--batch" : "",
      result.patience !== undefined ? "--nats-unreachable" : "",
      ...result.securityFiles.keys(),
    ].filter((flag) => flag !== "");
    if (playing.length > 0) {
      throw new UsageError(
        `strength: --render plays no game, so it takes no ${
          playing.join(", ")
        }`,
      );
    }
  }
  // Over --nats the server's workers play every game: runStrength drops
  // the local worker count.
  if (result.workers !== undefined && result.nats !== undefined) {
    throw new UsageError(
      "strength: --workers sets the local workers, and --nats plays every game on the server's workers: give one",
    );
  }
  if (result.nats === undefined) {
    const alone = [
      result.batch !== undefined ? "--batch goes with --nats" : "",
      result.patience !== undefined ? UNREACHABLE_ALONE : "",
      ...[...result.securityFiles.keys()].map((flag) =>
        `${flag} goes with --nats`
      ),
    ].find((line) => line !== "");
    if (alone !== undefined) throw new UsageError(`strength: ${alone}`);
  }
  return result;
}

async function main(args: readonly string[]): Promise<number> {
  const options = readCommandLine(parseStrengthArgs, args, HELP);
  if (typeof options === "number") return options;
  const { full, render, workers, nats, batch, patience, securityFiles } =
    options;
  if (render) return await renderFullRun();
  let jobs: Jobs | null = null;
  if (nats !== undefined) {
    jobs = await connectForCommand("strength", nats, {
      security: securityFlags(securityFiles),
    });
    if (jobs === null) return 2;
  }
  // Ctrl-C cancels the run, so workers do not play its queued jobs for nobody.
  const stop = jobs === null ? null : abortOnStopSignals();
  try {
    return await measure(
      full,
      workers,
      jobs,
      batch,
      patience,
      stop?.signal ?? new AbortController().signal,
    );
  } catch (error) {
    if (stop === null) throw error;
    const stoppedBy = stop.stoppedBy;
    console.error(
      stoppedBy !== null
        ? `strength: stopped by ${stoppedBy.signal}${queuedJobsFate(error)}`
        : `strength: ${(error as Error).message}`,
    );
    return stoppedBy !== null ? stoppedBy.status : 2;
  } finally {
    stop?.remove();
    await jobs?.close().catch(() => {});
  }
}

async function measure(
  full: boolean,
  workers: number | undefined,
  jobs: Jobs | null,
  batch: number | undefined,
  patience: number | undefined,
  signal: AbortSignal,
): Promise<number> {
  const config = full ? STRENGTH_FULL : STRENGTH_SMALL;
  const started = performance.now();
  const elapsed = () =>
    `${((performance.now() - started) / 1000).toFixed(0)} s`;
  const { results, newGrades, newOpenings } = await runStrength(config, {
    ...(workers === undefined ? {} : { workers }),
    progress: (message) => console.error(`[${elapsed()}] ${message}`),
    ...(jobs === null ? {} : {
      playPlan: (plan) =>
        roundRobinOverNats(jobs, plan.players, {
          game: plan.game,
          openings: plan.openings,
          gamesPerPair: plan.gamesPerPair,
          seed: plan.seed,
          ...(batch === undefined ? {} : { batch }),
          ...(patience === undefined ? {} : { unreachableMs: patience }),
          onProgress: (p) =>
            console.error(`[${elapsed()}] ${progressLine("jobs", p)}`),
          onRefusal: (line) => console.error(`[${elapsed()}] ${line}`),
          signal,
        }),
    }),
  });
  saveGrades(newGrades);
  saveOpenings(newOpenings);
  const verdicts =
    `strength (${config.name}): T003.8 ${results.grid.t0038.text}; T003.9 ${results.grid.t0039.text}`;
  if (!full) {
    print(verdicts);
    return 0;
  }
  // Every file before the first line: a closed stdout ends the command
  // there, and a run of minutes must not lose its results to `| head`.
  await Deno.writeTextFile(
    FULL_RUN,
    JSON.stringify(
      {
        command: "deno task strength --full",
        seconds: Math.round((performance.now() - started) / 1000),
        ...results,
      },
      null,
      1,
    ) + "\n",
  );
  const folder = await renderFiles();
  print(verdicts);
  print(`wrote ${FULL_RUN.pathname}`);
  if (folder === null) return noFullRun();
  print(`rendered ${folder.pathname}`);
  return 0;
}

const FULL_RUN = new URL("../figures/strength/full_run.json", import.meta.url);

/** Writes the committed full run's tables and charts under `figures/strength/`. */
async function renderFullRun(): Promise<number> {
  const folder = await renderFiles();
  if (folder === null) return noFullRun();
  print(`rendered ${folder.pathname}`);
  return 0;
}

function noFullRun(): number {
  console.error(`no ${FULL_RUN.pathname}: run deno task strength --full`);
  return 1;
}

/** Renders the committed full run: the folder written, or null without one. */
async function renderFiles(): Promise<URL | null> {
  const full = readFullRun();
  if (full === null) return null;
  const label = runLabel(full);
  const folder = new URL(".", FULL_RUN);
  // The charts are the figures lesson's, so the two never differ.
  const { charts, rows } = strengthReport(full);
  for (const chart of charts) {
    await saveSvg(new URL(`${chart.name}.svg`, folder).pathname, chart.svg);
  }
  const readme = [
    "# Playing strength (issue 10): the full run",
    "",
    `Written by \`deno task strength --render\` from \`full_run.json\`, the ${label}; do not edit by hand.`,
    "",
    rowsTable(rows),
    "## Move accuracy against perfect play",
    "",
    accuracyTable(full.accuracy),
    "![accuracy](accuracy.svg)",
    "",
    "## Elo of the grid, 95% intervals",
    "",
    eloTable(full),
    "![Elo against nodes](elo_nodes.svg)",
    "",
    "## T003.9: what each ply buys",
    "",
    stepsTable(full),
    "## T003.8: product or sum",
    "",
    fitsTable(full),
    "## MCTS against alpha-beta at equal nodes",
    "",
    versusTable(full),
  ].join("\n");
  await Deno.writeTextFile(new URL("README.md", folder), readme);
  return folder;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
