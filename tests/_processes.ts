/**
 * What a test sees of processes, from /proc (Linux): whether one runs, what
 * a process group still holds, and the ending of what a fixture left.
 *
 * @module
 */

/** The state letter of process `pid` (`"Z"` for a zombie), or null when it is gone. */
function state(pid: number): string | null {
  let stat: string;
  try {
    stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
  } catch {
    return null;
  }
  // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses.
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0] ?? null;
}

/** Whether process `pid` is there and not a zombie. */
export function running(pid: number): boolean {
  const letter = state(pid);
  return letter !== null && letter !== "Z";
}

/** The processes of process group `pgid`, zombies left out. */
export function groupMembers(pgid: number): number[] {
  const members: number[] = [];
  for (const entry of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    let stat: string;
    try {
      stat = Deno.readTextFileSync(`/proc/${entry.name}/stat`);
    } catch {
      continue; // Ended meanwhile.
    }
    const [letter, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (letter !== "Z" && Number(pgrp) === pgid) {
      members.push(Number(entry.name));
    }
  }
  return members;
}

/**
 * Process group `pgid`'s members once they have ended, or those left after
 * `ms` (a bound against a hang, not a timing: a killed process takes a
 * moment to become a zombie).
 */
export async function groupLeft(pgid: number, ms = 10_000): Promise<number[]> {
  const until = performance.now() + ms;
  let left = groupMembers(pgid);
  while (left.length > 0 && performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    left = groupMembers(pgid);
  }
  return left;
}

/**
 * Kills each process of `pids` that still runs `program` (its command
 * line's first word ends with it): what a fixture left, whatever the test
 * found, and never a process that took a pid over.
 */
export function killLeftovers(pids: readonly number[], program: string): void {
  for (const pid of pids) {
    let command: string;
    try {
      command = Deno.readTextFileSync(`/proc/${pid}/cmdline`).split("\0")[0]!;
    } catch {
      continue; // Gone.
    }
    if (!running(pid) || !command.endsWith(program)) continue;
    try {
      Deno.kill(pid, "SIGKILL");
    } catch {
      // Ended meanwhile.
    }
  }
}
