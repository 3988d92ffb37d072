/**
 * SIGINT and SIGTERM for a command that started processes: the first of
 * them runs the command's own clean-up once, then exits with the status a
 * shell gives a process that signal ended (130, 143). The command's main
 * path, which may be failing at the same moment (a killed child), reads
 * {@linkcode StopSignals.signal} and waits for
 * {@linkcode StopSignals.exitCode} instead of racing the handler.
 *
 * @module
 */

/** Each signal with 128 + its number, the status a shell reports. */
const STOP_SIGNALS = [["SIGINT", 130], ["SIGTERM", 143]] as const;

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
  const listeners = STOP_SIGNALS.map(([name, code]) => {
    const listener = async () => {
      if (signal !== null) return;
      signal = name;
      await cleanUp(name);
      settle(code);
      Deno.exit(code);
    };
    Deno.addSignalListener(name, listener);
    return [name, listener] as const;
  });
  return {
    get signal() {
      return signal;
    },
    exitCode,
    remove() {
      for (const [name, listener] of listeners) {
        Deno.removeSignalListener(name, listener);
      }
    },
  };
}
