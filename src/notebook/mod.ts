/**
 * Notebook helpers for learning, not only reading results: the library's
 * source beside its use ({@linkcode showSource}) and an interactive stepper
 * through a recorded search ({@linkcode searchStepper}).
 *
 * @example The searcher's source, read from its file
 * ```ts
 * import assert from "node:assert/strict";
 * import { minimax } from "../../mod.ts";
 * import { showSource } from "./mod.ts";
 * assert.match(showSource(minimax).text, /export function minimax\(/);
 * ```
 *
 * @module
 */
export * from "./show_source.ts";
export * from "./search_steps.ts";
export * from "./search_stepper.ts";
export type { JupyterDisplay } from "../plot/_jupyter_display.ts";
export type { ArrayTree } from "../trees/explicit_tree.ts";
