/**
 * A check's report as plain text, for the terminal and for `text/plain`:
 * what passed, or the counterexample with both values, the tree as an
 * outline and both walks up to where they part.
 *
 * @module
 */

import { treeOutline } from "./drawn_tree.ts";
import {
  checkReport,
  type ExerciseReport,
  type WalkComparison,
} from "./exercise.ts";
import type { NodePath } from "./walk.ts";

/** Most nodes of a walk written out; the rest is counted. */
const MAX_WALK_SHOWN = 40;

function walkLine(walk: readonly NodePath[], upTo: number): string {
  const shown = walk.slice(0, Math.min(upTo, MAX_WALK_SHOWN)).map((p) =>
    p === "" ? "root" : p
  );
  const more = walk.length - shown.length;
  return shown.join(" ") + (more > 0 ? ` … (${more} more)` : "");
}

/** Both walks up to one node past where they part. */
export function walksText(walks: WalkComparison): string {
  const { parting } = walks;
  const upTo = parting === null ? Infinity : parting.index + 1;
  const lines = [
    `nodes entered, yours (${walks.yours.length}): ${
      walkLine(walks.yours, upTo)
    }`,
    `nodes entered, ${walks.rightName} (${walks.right.length}): ${
      walkLine(walks.right, upTo)
    }`,
  ];
  if (parting !== null) {
    const name = (p: NodePath | null) =>
      p === null ? "nothing (the search is over)" : p === "" ? "root" : p;
    lines.push(
      `they part at node number ${parting.index + 1}: yours enters ${
        name(parting.yours)
      }, ${walks.rightName} ${name(parting.right)}`,
    );
  } else {
    lines.push("both enter the same nodes in the same order");
  }
  return lines.join("\n");
}

/**
 * The report in plain text.
 *
 * @throws {Error} when `report` is not what `checkExercise` returned
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { negamax } from "../textbook/mod.ts";
 * import { checkExercise } from "./check.ts";
 * import { reportText } from "./report_text.ts";
 * const text = reportText(checkExercise("negamax", negamax));
 * assert.match(text, /^✔ negamax \(Negamax\): passed; checked 300 trees/);
 * ```
 */
export function reportText(report: ExerciseReport): string {
  checkReport("reportText", report);
  const head = `${report.exercise} (${report.title})`;
  if (report.failure === null) {
    return `✔ ${head}: passed; checked ${report.checked} (fast-check, seed ${report.seed})`;
  }
  const f = report.failure;
  const lines = [
    `✘ ${head}: failed on case ${report.cases} (shrunk ${f.shrinks} times to the smallest case that still fails)`,
    f.message,
  ];
  const field = (name: string, value: string) => {
    if (value !== "") lines.push(`  ${name.padEnd(7)}${value}`);
  };
  field("setup", f.setup);
  field("call", f.call);
  field("yours", f.yours);
  field("right", f.right);
  if (f.board !== undefined) {
    lines.push("the board:", ...f.board.split("\n").map((row) => `  ${row}`));
  }
  if (f.tree !== undefined) {
    const notes = new Map<NodePath, string>();
    const parting = f.walks?.parting ?? null;
    if (parting !== null) {
      if (parting.yours !== null) notes.set(parting.yours, "yours enters here");
      if (parting.right !== null) {
        const before = notes.get(parting.right);
        const note = `${f.walks!.rightName} enters here`;
        notes.set(parting.right, before ? `${before}; ${note}` : note);
      }
    }
    lines.push(
      "the tree (values from MAX's view):",
      ...treeOutline(f.tree, notes).split("\n").map((line) => `  ${line}`),
    );
  }
  if (f.walks !== undefined) lines.push(walksText(f.walks));
  lines.push(`checks: ${report.checked} (fast-check, seed ${report.seed})`);
  return lines.join("\n");
}
