/**
 * Writes a set of files so that an interrupted run leaves either the old set
 * or the new one: the figures job's README must never describe charts other
 * than the ones beside it.
 *
 * Every new content is first written to `<file>.tmp` next to its target (an
 * interruption there leaves only `.tmp` files, which git ignores and the next
 * run removes). Then the targets are replaced by renames, the last file of
 * the list last (the README, which names the others), while SIGINT, SIGTERM
 * and SIGHUP are held back: the renames take microseconds, and a signal that
 * arrives during them ends the process only after the set is complete.
 * Files whose content is unchanged are not touched at all.
 *
 * @module
 */

import { dirname, join } from "node:path";

/** What {@linkcode writeAll} did. */
export interface WriteReport {
  /** Paths (relative to the root) written with new content. */
  written: string[];
  /** Paths whose content was already the same, left untouched. */
  unchanged: string[];
  /** Paths removed because they are no longer produced. */
  removed: string[];
}

/** Suffix of the temporary files; `.gitignore` ignores it under `figures/`. */
export const TEMP_SUFFIX = ".tmp";

const HELD_SIGNALS: Deno.Signal[] = ["SIGINT", "SIGTERM", "SIGHUP"];

/**
 * Writes `files` (relative path → content) under `root` as one set: first
 * every changed file to a temporary neighbour, then the renames in list
 * order (put the file that refers to the others last), then the removal of
 * `remove` (relative paths no longer produced).
 *
 * @param root The output folder, e.g. `figures/`.
 * @param files Relative paths and their contents, in the order of the renames.
 * @param remove Relative paths to delete once the new set is in place.
 * @returns What was written, left alone and removed.
 *
 * @example Only changed files are rewritten
 * ```ts
 * import assert from "node:assert/strict";
 * import { writeAll } from "./_write_all.ts";
 * const root = await Deno.makeTempDir();
 * await writeAll(root, [["a/chart.svg", "<svg/>\n"], ["README.md", "# 1\n"]]);
 * const again = await writeAll(root, [["a/chart.svg", "<svg/>\n"], ["README.md", "# 2\n"]]);
 * assert.deepEqual(again.written, ["README.md"]);
 * assert.deepEqual(again.unchanged, ["a/chart.svg"]);
 * await Deno.remove(root, { recursive: true });
 * ```
 */
export async function writeAll(
  root: string,
  files: readonly (readonly [string, string])[],
  remove: readonly string[] = [],
): Promise<WriteReport> {
  const seen = new Set<string>();
  for (const [path] of files) {
    if (seen.has(path)) {
      throw new Error(
        `writeAll: files must name each path once, got ${path} twice`,
      );
    }
    seen.add(path);
  }
  const changed: string[] = [];
  const unchanged: string[] = [];
  for (const [path, content] of files) {
    const target = join(root, path);
    if (await readOrUndefined(target) === content) {
      unchanged.push(path);
      continue;
    }
    await Deno.mkdir(dirname(target), { recursive: true });
    await Deno.writeTextFile(target + TEMP_SUFFIX, content);
    changed.push(path);
  }
  const removed: string[] = [];
  let held: Deno.Signal | undefined;
  const hold = (signal: Deno.Signal) => () => {
    held ??= signal;
  };
  const listeners = HELD_SIGNALS.map((signal) =>
    [signal, hold(signal)] as const
  );
  for (const [signal, listener] of listeners) {
    Deno.addSignalListener(signal, listener);
  }
  try {
    for (const path of changed) {
      const target = join(root, path);
      await Deno.rename(target + TEMP_SUFFIX, target);
    }
    for (const path of remove) {
      if (seen.has(path)) continue;
      try {
        await Deno.remove(join(root, path));
        removed.push(path);
      } catch (error) {
        if (!(error instanceof Deno.errors.NotFound)) throw error;
      }
    }
  } finally {
    for (const [signal, listener] of listeners) {
      Deno.removeSignalListener(signal, listener);
    }
  }
  if (held !== undefined) {
    console.error(`${held} received: exiting now that the files are complete`);
    Deno.exit(130);
  }
  return { written: changed, unchanged, removed };
}

/**
 * Removes the temporary files an interrupted {@linkcode writeAll} left under
 * `root` (recursively).
 *
 * @param root The output folder.
 * @returns The relative paths removed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { removeLeftovers } from "./_write_all.ts";
 * const root = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${root}/README.md.tmp`, "half");
 * assert.deepEqual(await removeLeftovers(root), ["README.md.tmp"]);
 * await Deno.remove(root, { recursive: true });
 * ```
 */
export async function removeLeftovers(root: string): Promise<string[]> {
  const removed: string[] = [];
  const walk = async (folder: string, prefix: string) => {
    let entries: Deno.DirEntry[];
    try {
      entries = await Array.fromAsync(Deno.readDir(folder));
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) return;
      throw error;
    }
    for (const entry of entries) {
      const relative = prefix === "" ? entry.name : `${prefix}/${entry.name}`;
      if (entry.isDirectory) await walk(join(folder, entry.name), relative);
      else if (entry.isFile && entry.name.endsWith(TEMP_SUFFIX)) {
        await Deno.remove(join(folder, entry.name));
        removed.push(relative);
      }
    }
  };
  await walk(root, "");
  return removed.sort();
}

async function readOrUndefined(path: string): Promise<string | undefined> {
  try {
    return await Deno.readTextFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
}
