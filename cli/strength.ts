/**
 * Issue 10's strength measurements: move accuracy against perfect play, the
 * Elo grid of depth × evaluation quality (T003.8, T003.9) and MCTS against
 * alpha-beta at equal nodes. Matches run over workers, one per core.
 *
 * Usage: `deno task strength [--full] [--workers N]` — the small default
 * takes seconds; `--full` is the run behind the committed figures (about
 * half an hour on two cores) and writes `figures/strength/full_run.json`.
 * Grades and balanced openings solved on the way are added to the cache
 * files in `data/connect4/`.
 *
 * @module
 */

import {
  runStrength,
  saveGrades,
  saveOpenings,
  STRENGTH_FULL,
  STRENGTH_SMALL,
} from "../src/course/strength.ts";

const USAGE = "usage: deno task strength [--full] [--workers N]";

async function main(args: readonly string[]): Promise<number> {
  let full = false;
  let workers: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--full") full = true;
    else if (arg === "--workers") {
      workers = Number(args[++i]);
      if (!Number.isInteger(workers) || workers < 1 || workers > 256) {
        console.error(
          `--workers must be an integer 1…256, got ${args[i]}\n${USAGE}`,
        );
        return 2;
      }
    } else if (arg === "--help" || arg === "-h") {
      console.log(USAGE);
      return 0;
    } else {
      console.error(`Unknown argument ${arg}\n${USAGE}`);
      return 2;
    }
  }
  const config = full ? STRENGTH_FULL : STRENGTH_SMALL;
  const started = performance.now();
  const elapsed = () =>
    `${((performance.now() - started) / 1000).toFixed(0)} s`;
  const { results, newGrades, newOpenings } = await runStrength(config, {
    ...(workers === undefined ? {} : { workers }),
    progress: (message) => console.error(`[${elapsed()}] ${message}`),
  });
  saveGrades(newGrades);
  saveOpenings(newOpenings);
  const out = new URL(
    `../figures/strength/${config.name}_run.json`,
    import.meta.url,
  );
  await Deno.mkdir(new URL(".", out), { recursive: true });
  await Deno.writeTextFile(
    out,
    JSON.stringify(
      {
        command: `deno task strength${full ? " --full" : ""}`,
        seconds: Math.round((performance.now() - started) / 1000),
        ...results,
      },
      null,
      1,
    ) + "\n",
  );
  console.log(
    `strength (${config.name}): T003.8 ${results.grid.t0038.text}; T003.9 ${results.grid.t0039.text}`,
  );
  console.log(`wrote ${out.pathname}`);
  return 0;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
