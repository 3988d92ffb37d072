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
 * to the cache files in `data/connect4/`.
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
  UNREACHABLE_ALONE,
  unreachableMs,
} from "./_nats.ts";
import { FlagsOnce, integerFlagValue } from "./_flags.ts";
import { print } from "./_output.ts";

const USAGE =
  "usage: deno task strength [--full | --render] [--workers N] [--nats URL [--batch N] [--nats-unreachable SECONDS (give up when the server is away that long, default 60)]]";

async function main(args: readonly string[]): Promise<number> {
  let full = false, render = false;
  let workers: number | undefined;
  let nats: string | undefined;
  let batch: number | undefined;
  let patience: number | undefined;
  const flags = new FlagsOnce("strength");
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const twice = flags.repeated(arg);
    if (twice !== null) {
      console.error(`strength: ${twice}\n${USAGE}`);
      return 2;
    }
    if (arg === "--full") full = true;
    else if (arg === "--render") render = true;
    else if (arg === "--workers" || arg === "--batch") {
      let value: number;
      try {
        value = arg === "--workers"
          ? integerFlagValue(arg, args[++i], 1, 256)
          : integerFlagValue(arg, args[++i], 1, 10_000);
      } catch (error) {
        console.error(`strength: ${(error as Error).message}\n${USAGE}`);
        return 2;
      }
      if (arg === "--workers") workers = value;
      else batch = value;
    } else if (arg === "--nats") {
      nats = args[++i];
      if (nats === undefined) {
        console.error(`--nats needs a server address\n${USAGE}`);
        return 2;
      }
    } else if (arg === "--nats-unreachable") {
      try {
        patience = unreachableMs(args[++i] ?? "");
      } catch (error) {
        console.error(`${(error as Error).message}\n${USAGE}`);
        return 2;
      }
    } else if (arg === "--help" || arg === "-h") {
      print(USAGE);
      return 0;
    } else {
      console.error(`Unknown argument ${arg}\n${USAGE}`);
      return 2;
    }
  }
  if (render) {
    // --render redraws the committed full run and plays nothing: a flag
    // about playing would be ignored.
    const playing = [
      full ? "--full" : "",
      workers !== undefined ? "--workers" : "",
      nats !== undefined ? "--nats" : "",
      batch !== undefined ? "--batch" : "",
      patience !== undefined ? "--nats-unreachable" : "",
    ].filter((flag) => flag !== "");
    if (playing.length > 0) {
      console.error(
        `strength: --render plays no game, so it takes no ${
          playing.join(", ")
        }\n${USAGE}`,
      );
      return 2;
    }
    return await renderFullRun();
  }
  if (batch !== undefined && nats === undefined) {
    console.error(`--batch goes with --nats\n${USAGE}`);
    return 2;
  }
  if (patience !== undefined && nats === undefined) {
    console.error(`${UNREACHABLE_ALONE}\n${USAGE}`);
    return 2;
  }
  let jobs: Jobs | null = null;
  if (nats !== undefined) {
    jobs = await connectForCommand("strength", nats);
    if (jobs === null) return 2;
  }
  // Ctrl-C cancels the run, so workers do not play its queued jobs for nobody.
  const stop = new AbortController();
  let stoppedBy: [Deno.Signal, number] = ["SIGINT", 130];
  const onInt = () => stop.abort();
  const onTerm = () => {
    stoppedBy = ["SIGTERM", 143];
    stop.abort();
  };
  if (jobs !== null) {
    Deno.addSignalListener("SIGINT", onInt);
    Deno.addSignalListener("SIGTERM", onTerm);
  }
  try {
    return await measure(full, workers, jobs, batch, patience, stop.signal);
  } catch (error) {
    if (jobs === null) throw error;
    console.error(
      stop.signal.aborted
        ? `strength: stopped by ${stoppedBy[0]}${queuedJobsFate(error)}`
        : `strength: ${(error as Error).message}`,
    );
    return stop.signal.aborted ? stoppedBy[1] : 2;
  } finally {
    if (jobs !== null) {
      Deno.removeSignalListener("SIGINT", onInt);
      Deno.removeSignalListener("SIGTERM", onTerm);
    }
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
