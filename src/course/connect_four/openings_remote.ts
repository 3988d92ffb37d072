/**
 * An openings plan (`openings.ts`) run over the workers of a NATS
 * JetStream server (`deno task openings --nats URL`): one job per searched
 * line, the lines reported in the plan's order as the local run reports
 * them, mirror images copied from their twins. Connecting, signals and the
 * command's lines are the caller's.
 *
 * @module
 */

import type { Jobs } from "../../jobs/nats.ts";
import { type RemoteSolveOptions, solveOverNats } from "../../jobs/remote.ts";
import type { SolveProbe } from "../../jobs/run.ts";
import type { OpeningLine } from "./first_moves.ts";
import {
  mirrorLine,
  type PlannedLine,
  searchedMoves,
  sortedByMoves,
  withStopReason,
} from "./openings.ts";

/** Options of {@linkcode solvePlanOverJobs}: those of `solveOverNats`, a probe told by its moves. */
export interface PlanOverJobsOptions
  extends Omit<RemoteSolveOptions, "onSolve" | "onProbe" | "weak"> {
  /** Told each root probe of a solve in progress: the line's moves and the worker's name. */
  onProbe?: (moves: string, worker: string, probe: SolveProbe) => void;
  /** Told each searched line as its result arrives, in the order they come. */
  onSolve?: (line: OpeningLine) => void;
}

/**
 * Runs a plan over the workers of a NATS server, one job per searched
 * line; reports the lines through `done` in the plan's order (as
 * `solvePlan` does here), each as soon as it and every line before it are
 * known.
 *
 * @param jobs the connection (`openJobs`); the caller closes it
 * @param plan the lines, in the order they are reported
 * @param options the solves' settings and callbacks (`solveOverNats`'s)
 * @param done receives each line in the plan's order
 * @returns every line, sorted by moves
 * @throws {Error} (rejects) as `solveOverNats` does: `JobFailedError`,
 *   `JobsUnreachableError`, `RunStoppedError` when `options.signal` aborts
 *
 * @example
 * ```ts ignore
 * import { openJobs } from "../../jobs/nats.ts";
 * import { openingsPlan } from "./openings.ts";
 * import { solvePlanOverJobs } from "./openings_remote.ts";
 * const jobs = await openJobs("nats://localhost:4222", { name: "openings" });
 * try {
 *   await solvePlanOverJobs(jobs, openingsPlan("4444"), { maxNodes: 1e6 }, console.log);
 * } finally {
 *   await jobs.close();
 * }
 * ```
 */
export async function solvePlanOverJobs(
  jobs: Jobs,
  plan: readonly PlannedLine[],
  options: PlanOverJobsOptions,
  done: (line: OpeningLine) => void,
): Promise<OpeningLine[]> {
  const { onProbe, onSolve, ...rest } = options;
  const searched = searchedMoves(plan);
  const solved = new Map<string, OpeningLine>();
  const lines = new Map<string, OpeningLine>();
  let next = 0;
  const flush = () => {
    while (next < plan.length) {
      const entry = plan[next]!;
      const line = entry.mirrorOf === null
        ? solved.get(entry.moves)
        : mirrorLine(lines.get(entry.mirrorOf)!, entry);
      if (line === undefined) return;
      lines.set(entry.moves, line);
      done(line);
      next++;
    }
  };
  await solveOverNats(jobs, searched, {
    ...rest,
    ...(onProbe === undefined ? {} : {
      onProbe: (index, worker, probe) =>
        onProbe(searched[index]!, worker, probe),
    }),
    onSolve: (record) => {
      const line = withStopReason({
        moves: record.moves,
        lower: record.lower,
        upper: record.upper,
        nodes: record.nodes,
        seconds: record.seconds,
        mirrorOf: null,
      }, record.stopReason);
      solved.set(record.moves, line);
      onSolve?.(line);
      flush();
    },
  });
  return sortedByMoves([...lines.values()]);
}
