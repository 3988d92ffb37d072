/**
 * The shape of a recorded search, checked where a stepper draws one: a
 * recording may come from elsewhere than `searchSteps` (saved as JSON and
 * edited, built by hand), and its paths and leaves are written into SVG
 * and HTML. A path holding markup drew a `<script>` into the tree.
 *
 * @module
 */

import { describe } from "../validate.ts";
import type { SearchSteps } from "./search_steps.ts";

const STATES = ["unseen", "open", "done", "cut"];
const KINDS = ["start", "enter", "leaf", "return", "cut", "end"];
const PATH = /^(?:\d+(?:\.\d+)*)?$/;

/**
 * Throws, naming `where`, the field, its value and the rule, unless
 * `recorded` has the shape `searchSteps` gives: `algorithm` one of the two
 * searchers; `nodes` depth-first from the root, each path its parent's path
 * then its place among the parent's children, leaves integers; `steps`
 * naming nodes that exist, with strings for texts and windows and a known
 * state for every change; `visited` counts the tree can hold.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkSearchSteps } from "./_check_steps.ts";
 * import { searchSteps } from "./search_steps.ts";
 * const recorded = searchSteps([[1, 2], [3]]);
 * checkSearchSteps("draw", recorded);
 * recorded.nodes[1]!.path = "<b>";
 * assert.throws(() => checkSearchSteps("draw", recorded), /draw: recorded\.nodes\[1\]\.path must be child numbers joined by dots/);
 * ```
 */
export function checkSearchSteps(where: string, recorded: SearchSteps): void {
  const fail = (field: string, rule: string, value: unknown): never => {
    throw new Error(
      `${where}: ${field} must be ${rule}, got ${describe(value)}`,
    );
  };
  if (recorded === null || typeof recorded !== "object") {
    fail("recorded", "a recording of searchSteps", recorded);
  }
  const { algorithm, nodes, steps } = recorded;
  if (algorithm !== "minimax" && algorithm !== "alphaBeta") {
    fail("recorded.algorithm", `"minimax" or "alphaBeta"`, algorithm);
  }
  if (!Array.isArray(nodes) || nodes.length === 0) {
    fail("recorded.nodes", "a non-empty array", nodes);
  }
  const children = nodes.map(() => 0);
  nodes.forEach((node: unknown, i) => {
    const field = `recorded.nodes[${i}]`;
    if (node === null || typeof node !== "object") {
      fail(field, "a node { path, parent, isMax }", node);
    }
    const { path, parent, isMax, leaf, name } = node as Record<string, unknown>;
    if (typeof path !== "string" || !PATH.test(path)) {
      fail(
        `${field}.path`,
        `child numbers joined by dots ("" for the root, "1.0")`,
        path,
      );
    }
    if (i === 0) {
      if (path !== "") fail(`${field}.path`, `"" (the root)`, path);
      if (parent !== -1) fail(`${field}.parent`, "-1 (the root)", parent);
    } else {
      if (
        !Number.isInteger(parent) || (parent as number) < 0 ||
        (parent as number) >= i
      ) {
        fail(`${field}.parent`, `an integer in 0…${i - 1}`, parent);
      }
      const above = nodes[parent as number]!.path;
      const expected = `${
        above === "" ? "" : `${above}.`
      }${children[parent as number]!++}`;
      if (path !== expected) {
        fail(
          `${field}.path`,
          `${
            JSON.stringify(expected)
          } (its parent's path, then its place among the parent's children)`,
          path,
        );
      }
    }
    if (typeof isMax !== "boolean") fail(`${field}.isMax`, "a boolean", isMax);
    if (leaf !== undefined && !Number.isSafeInteger(leaf)) {
      fail(`${field}.leaf`, "an integer or absent", leaf);
    }
    if (name !== undefined && typeof name !== "string") {
      fail(`${field}.name`, "a string or absent", name);
    }
  });
  if (!Array.isArray(steps) || steps.length === 0) {
    fail("recorded.steps", "a non-empty array", steps);
  }
  // The counts are printed beside the picture: integers the tree can hold.
  const { visited } = recorded;
  if (visited === null || typeof visited !== "object") {
    fail("recorded.visited", "the counts { nodes, leaves }", visited);
  }
  const leafCount = nodes.filter((node) => node.leaf !== undefined).length;
  const { nodes: entered, leaves: evaluated } = visited;
  if (
    !Number.isInteger(entered) || entered < 1 || entered > nodes.length
  ) {
    fail("recorded.visited.nodes", `an integer in 1…${nodes.length}`, entered);
  }
  if (
    !Number.isInteger(evaluated) || evaluated < 0 || evaluated > leafCount
  ) {
    fail("recorded.visited.leaves", `an integer in 0…${leafCount}`, evaluated);
  }
  const checkNode = (field: string, value: unknown) => {
    if (
      !Number.isInteger(value) || (value as number) < 0 ||
      (value as number) >= nodes.length
    ) {
      fail(field, `an integer in 0…${nodes.length - 1}`, value);
    }
  };
  const checkString = (field: string, value: unknown) => {
    if (typeof value !== "string") fail(field, "a string", value);
  };
  steps.forEach((step: unknown, k) => {
    const field = `recorded.steps[${k}]`;
    if (step === null || typeof step !== "object") {
      fail(field, "a step { kind, node, window, text, changes }", step);
    }
    const { kind, node, window, text, changes } = step as Record<
      string,
      unknown
    >;
    if (!KINDS.includes(kind as string)) {
      fail(`${field}.kind`, `one of ${KINDS.join(", ")}`, kind);
    }
    checkNode(`${field}.node`, node);
    checkString(`${field}.window`, window);
    checkString(`${field}.text`, text);
    if (!Array.isArray(changes)) fail(`${field}.changes`, "an array", changes);
    (changes as unknown[]).forEach((change, c) => {
      const at = `${field}.changes[${c}]`;
      if (change === null || typeof change !== "object") {
        fail(at, "a change { node, state, value, window }", change);
      }
      const seen = change as Record<string, unknown>;
      checkNode(`${at}.node`, seen.node);
      if (!STATES.includes(seen.state as string)) {
        fail(`${at}.state`, `one of ${STATES.join(", ")}`, seen.state);
      }
      checkString(`${at}.value`, seen.value);
      checkString(`${at}.window`, seen.window);
    });
  });
}
