/**
 * The notebooks' "try it yourself" cells: the reader edits a literal (a tree,
 * cells, moves, a FEN) and runs the cell. {@linkcode tryIt} turns a rejected
 * input into one line naming what was wrong, instead of a stack trace, and
 * {@linkcode budgetLine} says whether a search finished or its budget
 * stopped it.
 *
 * @module
 */

/**
 * Runs `run` and returns its result; when it throws, prints `label: message`
 * on stderr (the library's errors name the function, the argument, the value
 * and the rule) and returns `undefined`, so that the cell shows that one line.
 *
 * @param label what the reader gave, e.g. `"your tree"`
 * @param run the cell's work, reading the reader's literals
 * @returns what `run` returned, or `undefined` when it threw
 *
 * @example A malformed position prints one line
 * ```ts
 * import assert from "node:assert/strict";
 * import { TicTacToe } from "../../mod.ts";
 * import { tryIt } from "./try_it.ts";
 * assert.equal(tryIt("your cells", () => TicTacToe.parse(".........").turn()), 1);
 * const printed: string[] = [];
 * const error = console.error;
 * console.error = (line: string) => printed.push(line);
 * try {
 *   assert.equal(tryIt("your cells", () => TicTacToe.parse("XX")), undefined);
 * } finally {
 *   console.error = error;
 * }
 * assert.equal(printed.length, 1);
 * assert.match(printed[0]!, /^your cells: .*TicTacToe/);
 * ```
 */
export function tryIt<T>(label: string, run: () => T): T | undefined {
  try {
    return run();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`${label}: ${message}`);
    return undefined;
  }
}

/** What {@linkcode budgetLine} reads of a search result. */
export interface BudgetedResult {
  stoppedByBudget: boolean;
  /** The depth of the last finished iteration, when the searcher deepens. */
  completedDepth?: number;
  stats?: { nodes: number };
  nodes?: number;
  /** Proven bounds, when the searcher proves them (the Connect Four solver). */
  lower?: number;
  upper?: number;
}

/**
 * One sentence on how a search ended: finished, or stopped by its budget
 * with what it had proven (the bounds, or the last finished depth).
 *
 * @param result a searcher's or the Connect Four solver's result
 * @param budget the `maxNodes` the cell passed
 * @returns the sentence, for the cell to print
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConnectFour, solveConnectFour } from "../../mod.ts";
 * import { budgetLine } from "./try_it.ts";
 * const stopped = solveConnectFour(ConnectFour.parse("44"), { maxNodes: 5_000 });
 * assert.match(budgetLine(stopped, 5_000), /^was stopped by the budget of 5,000 nodes .*proven: the score lies in -?\d+…-?\d+/);
 * const done = solveConnectFour(ConnectFour.parse("4455"), { maxNodes: 5_000 });
 * assert.match(budgetLine(done, 5_000), /^finished within the budget/);
 * ```
 */
export function budgetLine(result: BudgetedResult, budget: number): string {
  const nodes = (result.stats?.nodes ?? result.nodes ?? 0).toLocaleString(
    "en-US",
  );
  const limit = budget.toLocaleString("en-US");
  if (!result.stoppedByBudget) {
    return `finished within the budget (${nodes} of ${limit} nodes)`;
  }
  const proven = result.lower !== undefined && result.upper !== undefined
    ? `the score lies in ${result.lower}…${result.upper}`
    : result.completedDepth !== undefined && result.completedDepth > 0
    ? `the value and move of the last finished depth, ${result.completedDepth}`
    : "nothing: the value shown is only the root's evaluation";
  return `was stopped by the budget of ${limit} nodes (${nodes} visited); proven: ${proven}; a larger budget searches further`;
}
