/**
 * `deno task chess-referee`: Stockfish's verdict on the horizon errors of
 * the committed full chess run (`figures/chess/results_full.json`, written by
 * `deno task figures --full chess`), saved beside it as
 * `figures/chess/referee_full.json` for notebook 08.
 *
 * Usage: `deno task chess-referee [--depth N]` (default 14). Needs
 * Debian's `stockfish` (`/usr/games/stockfish`).
 *
 * @module
 */

import {
  FULL_RESULTS_URL,
  readFullResults,
  REFEREE_URL,
  refereeExamples,
  STOCKFISH_PATH,
  stockfishAvailable,
} from "../src/course/chess/mod.ts";

async function main(args: readonly string[]): Promise<number> {
  let depth = 14;
  if (args.length === 2 && args[0] === "--depth" && /^\d+$/.test(args[1]!)) {
    depth = Number(args[1]);
  } else if (args.length > 0) {
    console.error("usage: deno task chess-referee [--depth N]");
    return 2;
  }
  const results = readFullResults();
  if (results === null) {
    console.error(
      `no ${FULL_RESULTS_URL.pathname}: run deno task figures --full chess first`,
    );
    return 1;
  }
  if (!stockfishAvailable()) {
    console.error(
      `no Stockfish at ${STOCKFISH_PATH}: apt-get install stockfish`,
    );
    return 1;
  }
  const errors = results.horizon;
  console.error(`Stockfish depth ${depth} on ${errors.length} horizon errors…`);
  const verdicts = await refereeExamples(errors, depth);
  const confirmed = verdicts.filter((v, i) => errors[i]!.cured && v.confirmed);
  await Deno.writeTextFile(
    REFEREE_URL,
    JSON.stringify({ depth, verdicts }, null, 1) + "\n",
  );
  console.log(
    `${errors.length} errors, ${
      errors.filter((e) => e.cured).length
    } cured by quiescence, ${confirmed.length} of those confirmed by Stockfish (quiescence's move ≥ 100 cp better)`,
  );
  return 0;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
