/**
 * The Deno worker that runs solve jobs ({@linkcode runTask} with a
 * `"solve"` task): the solve is synchronous and may take minutes, so it
 * runs here and the job worker's thread stays free for its heartbeats to
 * the server. The solver is kept from job to job while the table size and
 * threads stay the same (a solve starts from an empty table: the nodes do
 * not depend on what was solved before).
 *
 * @module
 */

/// <reference lib="deno.worker" />

import { ConnectFour } from "../games/connect_four.ts";
import { ConnectFourSolver } from "../games/connect_four_solver.ts";
import type { SolveRecord, SolveTask } from "./job.ts";

/** What the solve worker posts back. */
export type SolveReply =
  | {
    probe: { probe: number; lower: number; upper: number; nodes: number };
    seconds: number;
  }
  | { record: SolveRecord }
  | { error: string };

let solver: ConnectFourSolver | null = null;
let made = "";

self.onmessage = (event: MessageEvent<SolveTask>) => {
  const task = event.data;
  try {
    const config = `${task.megabytes}/${task.threads}/${task.weak}`;
    if (solver === null || made !== config) {
      solver?.close();
      solver = null;
      const fresh = new ConnectFourSolver({
        megabytes: task.megabytes,
        threads: task.threads,
      });
      // As the local run does before its first timed solve.
      fresh.warmUp(task.weak);
      solver = fresh;
      made = config;
    }
    const clock = performance.now();
    const seconds = () => (performance.now() - clock) / 1000;
    const result = solver.solve(ConnectFour.parse(task.moves), {
      weak: task.weak,
      ...(task.maxNodes === null ? {} : { maxNodes: task.maxNodes }),
      ...(task.timeMs === null ? {} : { timeMs: task.timeMs }),
      onProbe: ({ probe, lower, upper, nodes }) =>
        self.postMessage(
          {
            probe: { probe, lower, upper, nodes },
            seconds: seconds(),
          } satisfies SolveReply,
        ),
    });
    const record: SolveRecord = {
      moves: task.moves,
      lower: result.lower,
      upper: result.upper,
      nodes: result.nodes,
      seconds: seconds(),
      stopReason: result.stopReason,
    };
    self.postMessage({ record } satisfies SolveReply);
  } catch (error) {
    solver?.close();
    solver = null;
    self.postMessage(
      { error: (error as Error).message ?? String(error) } satisfies SolveReply,
    );
  }
};
