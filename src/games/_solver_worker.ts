/**
 * A helper thread of a {@linkcode ConnectFourSolver} made with `threads`:
 * it waits on the shared control words for a job, searches the job's root
 * with the main thread's null windows over the same shared table, sharing
 * out the shallow nodes' moves with it (`_solver_split.ts`), and leaves
 * when the job is told to stop. It is only ever run as a Worker.
 *
 * @module
 */

/// <reference lib="deno.worker" />

import {
  ACTIVE,
  BITS,
  BUDGET_STOP,
  GENERATION,
  JOB,
  LIMIT,
  MAX,
  MIN,
  POSITION,
  READY,
  SHUTDOWN,
  SOLVER_ALL,
  SolverEngine,
  STOPPED,
} from "./_solver_engine.ts";
import { SolverTable } from "./_solver_table.ts";
import { ConnectFourSolver } from "./connect_four_solver.ts";

/** What the solver sends once: the shared buffers. */
export interface WorkerStart {
  /** The table's words (on a `SharedArrayBuffer`). */
  words: Int32Array;
  /** The table's size in entries. */
  size: number;
  /** The control words. */
  control: Int32Array;
  /** Where this helper adds its nodes (one Float64 slot per helper). */
  nodes: Float64Array;
  /** The solve's shared node budget (see `BUDGET_WORDS`). */
  budget: BigInt64Array;
  /** The threads' table of children being searched (see `_solver_split.ts`). */
  busy: Int32Array;
  /** This helper's slot in `nodes`. */
  index: number;
}

/** Serves jobs until the worker is terminated. */
function serve(start: WorkerStart): void {
  const { words, size, control, nodes, budget, busy, index } = start;
  // This thread's JIT starts cold: compile the search on a private table
  // first, or the first jobs run it in the interpreter.
  new ConnectFourSolver({ entries: 2 ** 17 }).warmUp();
  // The main thread's warmUp() waits for this: a helper still compiling
  // would take a core from the first positions the user times.
  Atomics.add(control, READY, 1);
  Atomics.notify(control, READY);
  const table = new SolverTable(size, false, words);
  const engine = new SolverEngine(table, SOLVER_ALL);
  engine.busy = busy;
  let seen = 0;
  for (;;) {
    // A worker blocked in Atomics.wait is not always ended by terminate():
    // close() raises SHUTDOWN and moves JOB, which wakes it to leave.
    if (Atomics.load(control, SHUTDOWN) !== 0) break;
    Atomics.wait(control, JOB, seen);
    if (Atomics.load(control, SHUTDOWN) !== 0) break;
    const job = Atomics.load(control, JOB);
    if (job === seen) continue;
    seen = job;
    Atomics.add(control, ACTIVE, 1);
    if (Atomics.load(control, STOPPED) < job) {
      table.generation = Atomics.load(control, GENERATION);
      table.bits = Atomics.load(control, BITS);
      engine.nodes = 0;
      engine.sync();
      engine.growAt = Infinity;
      engine.control = control;
      engine.job = job;
      engine.checkAt = 0;
      // A solve with maxNodes: search only nodes claimed from the shared
      // budget (the first node claims).
      const limited = Atomics.load(budget, LIMIT) >= 0n;
      engine.budget = limited ? budget : null;
      engine.maxNodes = limited ? 0 : Infinity;
      try {
        engine.root(
          Atomics.load(control, POSITION),
          Atomics.load(control, POSITION + 1),
          Atomics.load(control, POSITION + 2),
          Atomics.load(control, POSITION + 3),
          Atomics.load(control, POSITION + 4),
          Atomics.load(control, MIN),
          Atomics.load(control, MAX),
        );
      } catch (error) {
        if (error !== BUDGET_STOP) throw error;
      }
      // What this helper claimed and did not search goes back to the others.
      engine.refund();
      engine.budget = null;
      nodes[index] = nodes[index]! + engine.nodes;
    }
    Atomics.sub(control, ACTIVE, 1);
    Atomics.notify(control, ACTIVE);
  }
}

self.onmessage = (event: MessageEvent<WorkerStart>) => {
  serve(event.data);
  self.close();
};
