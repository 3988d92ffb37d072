/**
 * Games against the engine as text state machines, for `deno task play`.
 *
 * @example Connect Four from a given position: the board with its column numbers
 * ```ts
 * import assert from "node:assert/strict";
 * import { createPlaySession } from "./mod.ts";
 * assert.match(createPlaySession("connect4", { position: "4455" }).start(), /1 2 3 4 5 6 7/);
 * ```
 *
 * @module
 */
export * from "./terminal.ts";
