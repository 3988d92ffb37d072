/**
 * How a UCI engine failed ({@linkcode UciError}), apart from the client that
 * starts engines (`uci_engine.ts`): code that only judges an engine's
 * failure (a match deciding who lost) imports this and starts nothing.
 *
 * @module
 */

/** How an engine failed: see {@linkcode UciError}. */
export type UciFault =
  | "spawn"
  | "exit"
  | "timeout"
  | "flood"
  | "closed";

/**
 * An engine's failure: `fault` says which — `"spawn"` (the program could not
 * be started), `"exit"` (it ended while an answer was awaited, or its pipe
 * closed), `"timeout"` (no answer within the budget), `"flood"` (a line
 * longer than 1 MB, or more than 100,000 lines nobody asked for),
 * `"closed"` (used after {@linkcode UciProcess.close}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { UciError, UciProcess } from "../../mod.ts";
 * const error = await UciProcess.start(["/nonexistent/engine"]).catch((e) => e);
 * assert.ok(error instanceof UciError && error.fault === "spawn");
 * assert.match(error.message, /cannot run "\/nonexistent\/engine"/);
 * ```
 */
export class UciError extends Error {
  /** Which kind of failure. */
  readonly fault: UciFault;
  /** The engine's name. */
  readonly engine: string;

  /** An error of `engine` of kind `fault`. */
  constructor(engine: string, fault: UciFault, message: string) {
    super(message);
    this.name = "UciError";
    this.engine = engine;
    this.fault = fault;
  }
}
