/**
 * SIGINT and SIGTERM for a command that started processes, in one of two
 * ways. {@linkcode onStopSignals}: the first of them runs the command's own
 * clean-up once, then exits with the status a shell gives a process that
 * signal ended (130, 143); the command's main path, which may be failing at
 * the same moment (a killed child), reads {@linkcode StopSignals.signal} and
 * waits for {@linkcode StopSignals.exitCode} instead of racing the handler.
 * {@linkcode abortOnStopSignals}: the first of them aborts a signal the
 * command's work listens to, and the main path, once that work has stopped
 * its children, returns the status itself.
 *
 * @module
 */

import { checkBoolean, checkOptions } from "../src/validate.ts";

/** Each signal with 128 + its number, the status a shell reports. */
const STOP_SIGNALS = [["SIGINT", 130], ["SIGTERM", 143]] as const;

/** SIGHUP (the terminal closed), for {@linkcode abortOnStopSignals}'s `hangUp`. */
const HANG_UP = ["SIGHUP", 129] as const;

/**
 * Adds the listener `listenerFor` makes for each signal, and returns what
 * removes them all.
 */
function listen(
  signals: readonly (readonly [Deno.Signal, number])[],
  listenerFor: (name: Deno.Signal, code: number) => () => void,
): () => void {
  const listeners = signals.map(([name, code]) => {
    const listener = listenerFor(name, code);
    Deno.addSignalListener(name, listener);
    return [name, listener] as const;
  });
  return () => {
    for (const [name, listener] of listeners) {
      Deno.removeSignalListener(name, listener);
    }
  };
}

/** What {@linkcode onStopSignals} returns. */
export interface StopSignals {
  /** The signal that is stopping the command, or null while none came. */
  readonly signal: Deno.Signal | null;
  /** The exit status, settled once the clean-up has run. */
  readonly exitCode: Promise<number>;
  /** Stops listening, when the command ends by itself. */
  remove(): void;
}

/**
 * Listens for SIGINT and SIGTERM until {@linkcode StopSignals.remove}.
 *
 * @param cleanUp what the command must end before it exits (its children,
 *   its files, its message); run once, for the first signal
 * @returns the signal state and the listeners' remover
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { onStopSignals } from "./_stop_signals.ts";
 * const signals = onStopSignals(async () => {});
 * assert.equal(signals.signal, null);
 * signals.remove();
 * ```
 */
export function onStopSignals(
  cleanUp: (signal: Deno.Signal) => Promise<void>,
): StopSignals {
  let signal: Deno.Signal | null = null;
  let settle: (code: number) => void = () => {};
  const exitCode = new Promise<number>((resolve) => settle = resolve);
  const remove = listen(STOP_SIGNALS, (name, code) => async () => {
    if (signal !== null) return;
    signal = name;
    await cleanUp(name);
    settle(code);
    Deno.exit(code);
  });
  return {
    get signal() {
      return signal;
    },
    exitCode,
    remove,
  };
}

/** The reason an {@linkcode abortOnStopSignals} signal carries. */
export class StopSignalError extends Error {
  /**
   * @param signal the signal that came
   * @param status the exit status it asks for (130, 143, 129)
   */
  constructor(readonly signal: Deno.Signal, readonly status: number) {
    super(`stopped by ${signal}`);
    this.name = "StopSignalError";
  }
}

/** Options of {@linkcode abortOnStopSignals}. */
export interface StopAbortOptions {
  /**
   * SIGHUP stops the work too (status 129): for a command whose children
   * must not outlive it when its terminal closes (default false).
   */
  hangUp?: boolean;
}

/** What {@linkcode abortOnStopSignals} returns. */
export interface StopAbort {
  /** Aborted by the first SIGINT or SIGTERM (or SIGHUP), with a {@linkcode StopSignalError}. */
  readonly signal: AbortSignal;
  /** The first signal's reason, or null while none came. */
  readonly stoppedBy: StopSignalError | null;
  /** Stops listening, when the work has ended either way. */
  remove(): void;
}

/**
 * Listens for SIGINT and SIGTERM (and SIGHUP with `hangUp`) until
 * {@linkcode StopAbort.remove}: the first aborts
 * {@linkcode StopAbort.signal}; a later one changes nothing.
 *
 * @param options {@linkcode StopAbortOptions}
 * @returns the abort signal, the stopping signal once one came, and the
 *   listeners' remover
 * @throws {Error} on an unknown option or a `hangUp` that is not a boolean
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { abortOnStopSignals } from "./_stop_signals.ts";
 * const stop = abortOnStopSignals();
 * assert.equal(stop.signal.aborted, false);
 * assert.equal(stop.stoppedBy, null);
 * stop.remove();
 * const withHangUp = abortOnStopSignals({ hangUp: true });
 * withHangUp.remove();
 * assert.throws(
 *   () => abortOnStopSignals({ hangUp: "yes" } as never),
 *   /abortOnStopSignals: options.hangUp must be a boolean, got "yes"/,
 * );
 * ```
 */
export function abortOnStopSignals(options: StopAbortOptions = {}): StopAbort {
  const where = "abortOnStopSignals";
  checkOptions(where, options, ["hangUp"]);
  const hangUp = checkBoolean(where, "options.hangUp", options.hangUp ?? false);
  const controller = new AbortController();
  let stoppedBy: StopSignalError | null = null;
  const signals = hangUp ? [...STOP_SIGNALS, HANG_UP] : STOP_SIGNALS;
  const remove = listen(signals, (name, code) => () => {
    if (stoppedBy !== null) return;
    stoppedBy = new StopSignalError(name, code);
    controller.abort(stoppedBy);
  });
  return {
    signal: controller.signal,
    get stoppedBy() {
      return stoppedBy;
    },
    remove,
  };
}
