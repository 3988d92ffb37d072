/**
 * `deno task c4sets`: makes sample sets in the classes of the tutorial's
 * harder benchmark sets (which stay outside this repository): seeded random
 * positions, solved exactly and sorted by stones played and moves left under
 * perfect play. See {@linkcode HELP}.
 *
 * @module
 */

import { ConnectFourSolver, randomConnectFour } from "../mod.ts";
import {
  FlagsOnce,
  flagValue,
  integerValue,
  isFlag,
  UsageError,
} from "./_flags.ts";
import { maxNodesValue } from "./_connect_four_cli.ts";
import { print, readCommandLine, warn } from "./_output.ts";

/** A class of positions: stones played and moves left under perfect play. */
export interface PositionClass {
  /** The file name, without `.txt`. */
  name: string;
  /** Fewest and most stones played. */
  stones: [number, number];
  /** Fewest and most moves left under perfect play. */
  left: [number, number];
}

/**
 * The classes made, after the tutorial's test protocol: Begin has 1–14
 * stones, Middle 15–28; Easy ends within 14 more moves under perfect play,
 * Medium in 15–28. (The public Easy sets' README says "fewer than 14", but
 * by {@linkcode movesLeft} 79 Middle-Easy positions have exactly 14 left
 * and none has more, so the protocol's bound includes 14.)
 */
export const CLASSES: readonly PositionClass[] = [
  { name: "sample_begin_easy", stones: [1, 14], left: [0, 14] },
  { name: "sample_begin_medium", stones: [1, 14], left: [15, 28] },
  { name: "sample_middle_medium", stones: [15, 28], left: [15, 28] },
];

/**
 * Moves left until the game ends under perfect play, from the score (the
 * benchmarks' convention) of a position with `stones` stones played.
 *
 * @param score from the side to move: 0 a draw, 22 − k a win with its k-th stone
 * @param stones stones played
 * @returns the moves still to be played
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { movesLeft } from "./c4sets.ts";
 * assert.equal(movesLeft(18, 4), 3); // 4455: the first player's 4th stone is move 7
 * assert.equal(movesLeft(0, 10), 32);
 * ```
 */
export function movesLeft(score: number, stones: number): number {
  if (score === 0) return 42 - stones;
  const odd = stones & 1;
  // The winner's k-th stone is move 2k − 1 for the first player, 2k for the second.
  const last = score > 0 ? 2 * (22 - score) - 1 + odd : 2 * (22 + score) - odd;
  return last - stones;
}

/** Candidates tried per position wanted, at most, before giving up. */
export const MAX_CANDIDATES_PER_POSITION = 1000;

/** The text of `deno task c4sets --help`. */
export const HELP = `usage: deno task c4sets [--count N] [--max-nodes M]

Writes data/connect4/sample_begin_easy.txt, sample_begin_medium.txt and
sample_middle_medium.txt: N positions each (default 100), "<moves> <score>"
as in the benchmark files. Candidates are seeded random games (no move that
ends the game) with a number of stones drawn in the class's range; each is
solved exactly with a budget of M nodes (default 10,000,000) and kept when
its moves left under perfect play fall in a class that still needs
positions. Candidates over the budget (the longest, mostly draws) are
skipped: the Medium sets lack only positions that cost more than M nodes.
At most ${MAX_CANDIDATES_PER_POSITION} × N × 3 candidates are tried: when the sets are not full
by then (an M too small to solve the classes' positions), nothing is
written and the exit status is 1. Progress goes to stderr, each kept
position and every 1,000 candidates skipped.
The tutorial's own sets of these classes are not in this repository, so
these are samples of the same classes, not the same positions.

Flags:
  --count N       positions a set, an integer in 1…100000 (default 100)
  --max-nodes M   the node budget of a candidate's solve, an integer in
                  0…999999999999999 (default 10,000,000)
  -h, --help      this text

Exit status: 0 when the three sets are written; 1 when they are not full
after the candidates allowed (nothing written); 2 on a bad command line.`;

/** Parses `--count N` and `--max-nodes M`. */
function parseArgs(
  args: readonly string[],
): { help: boolean; count: number; maxNodes: number } {
  const result = { help: false, count: 100, maxNodes: 10_000_000 };
  const flags = new FlagsOnce("c4sets");
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    flags.check(arg);
    if (arg === "-h" || arg === "--help") {
      result.help = true;
      continue;
    }
    const flag = ["--count", "--max-nodes"].find((f) => isFlag(arg, f));
    if (flag === undefined) {
      throw new UsageError(`c4sets: unknown argument ${JSON.stringify(arg)}`);
    }
    // --count N and --count=N, as the other Connect Four commands take them.
    const [text, next] = flagValue("c4sets", args, i, flag);
    i = next;
    if (flag === "--count") {
      result.count = integerValue(
        "c4sets",
        flag,
        text,
        6,
        1,
        100_000,
        "an integer in 1…100000",
      );
    } else result.maxNodes = maxNodesValue("c4sets", text);
  }
  return result;
}

function main(args: readonly string[]): number {
  const options = readCommandLine(parseArgs, args, HELP);
  if (typeof options === "number") return options;
  const solver = new ConnectFourSolver({ threads: 1 });
  solver.warmUp();
  const sets = CLASSES.map(() => [] as string[]);
  let seed = 0, skipped = 0;
  const wanted = () => sets.some((set) => set.length < options.count);
  const most = MAX_CANDIDATES_PER_POSITION * options.count * CLASSES.length;
  while (wanted()) {
    if (seed >= most) {
      warn(
        `c4sets: the sets are not full after ${seed} candidates (${skipped} over ${options.maxNodes} nodes): ${
          CLASSES.map((c, i) => `${c.name} ${sets[i]!.length}/${options.count}`)
            .join(", ")
        }; nothing written (a larger --max-nodes solves more candidates)`,
      );
      solver.close();
      return 1;
    }
    seed++;
    // Draw the stones from the range of a class still short of positions.
    const open = CLASSES.filter((_, i) => sets[i]!.length < options.count);
    const range = open[seed % open.length]!.stones;
    const stones = range[0] + (seed * 7919) % (range[1] - range[0] + 1);
    const position = randomConnectFour(stones, seed);
    const result = solver.solve(position, { maxNodes: options.maxNodes });
    if (!result.exact) {
      skipped++;
      if (skipped % 1000 === 0) {
        warn(
          `c4sets: ${skipped} candidates skipped so far, over ${options.maxNodes} nodes`,
        );
      }
      continue;
    }
    const left = movesLeft(result.score!, stones);
    CLASSES.forEach((c, i) => {
      if (
        stones >= c.stones[0] && stones <= c.stones[1] &&
        left >= c.left[0] && left <= c.left[1] &&
        sets[i]!.length < options.count
      ) {
        sets[i]!.push(`${position} ${result.score}`);
        warn(
          `${c.name}: ${
            sets[i]!.length
          }/${options.count} (seed ${seed}, ${result.nodes} nodes)`,
        );
      }
    });
  }
  CLASSES.forEach((c, i) => {
    Deno.writeTextFileSync(
      `data/connect4/${c.name}.txt`,
      sets[i]!.join("\n") + "\n",
    );
  });
  print(
    `c4sets: ${CLASSES.length} sets of ${options.count} from ${seed} candidates (${skipped} over ${options.maxNodes} nodes)`,
  );
  solver.close();
  return 0;
}

if (import.meta.main) Deno.exit(main(Deno.args));
