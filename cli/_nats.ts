/**
 * What the commands that take `--nats URL` share: connecting with one
 * clear line on failure, the progress line on stderr, and the code
 * version every job carries.
 *
 * @module
 */

import { codeVersion } from "../src/jobs/job.ts";
import {
  type Jobs,
  JobsConnectError,
  openJobs,
  type RunProgress,
} from "../src/jobs/nats.ts";

export { codeVersion, JobsConnectError };

/**
 * Connects a command to the jobs' server; on failure prints one line
 * `<command>: <why>` on stderr and returns null (the caller exits 2).
 */
export async function connectForCommand(
  command: string,
  url: string,
  options: { ackWaitMs?: number } = {},
): Promise<Jobs | null> {
  try {
    return await openJobs(url, { name: command, ...options });
  } catch (error) {
    if (!(error instanceof JobsConnectError)) throw error;
    console.error(`${command}: ${error.message}`);
    return null;
  }
}

/** Seconds as "1 h 02 min", "3 min 05 s" or "12 s". */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s >= 3600) {
    return `${Math.floor(s / 3600)} h ${
      String(Math.floor(s % 3600 / 60)).padStart(2, "0")
    } min`;
  }
  if (s >= 60) {
    return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
  }
  return `${s} s`;
}

/** One progress line: jobs queued / running / done / redelivered, games per second, ETA. */
export function progressLine(label: string, p: RunProgress): string {
  return `${label}: jobs ${p.queued} queued, ${p.running} running, ${p.done}/${p.jobs} done, ${p.redelivered} redelivered; games ${p.gamesDone}/${p.games}, ${
    p.gamesPerSecond.toFixed(p.gamesPerSecond < 10 ? 2 : 1)
  } games/s, ETA ${p.etaSeconds === null ? "?" : duration(p.etaSeconds)}`;
}
