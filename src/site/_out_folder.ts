/**
 * The folder a site is built into, replaced only by a finished build: the
 * build writes into a new folder beside it, which takes its place by a
 * rename once every file is written. A build that fails (a notebook that
 * cannot be read, an image a page shows that does not exist) leaves the
 * previous site as it was; it used to be deleted first, leaving a marker
 * and half a site.
 *
 * @module
 */

import { basename, dirname, join, resolve } from "node:path";
import { checkFunction, checkNonEmptyString } from "../validate.ts";

/** The file that marks a folder as written by `deno task site`. */
export const SITE_MARKER = ".gts-site";

/**
 * Throws unless `out` is missing, an empty folder, or a folder holding
 * {@linkcode SITE_MARKER} (an earlier build's, which a new one replaces).
 *
 * @returns whether `out` exists
 */
async function checkOut(out: string): Promise<boolean> {
  let info: Deno.FileInfo;
  try {
    info = await Deno.stat(out);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
  if (!info.isDirectory) {
    throw new Error(`buildSite: out ${out} is a file, not a folder`);
  }
  const entries: string[] = [];
  for await (const entry of Deno.readDir(out)) entries.push(entry.name);
  if (entries.length > 0 && !entries.includes(SITE_MARKER)) {
    throw new Error(
      `buildSite: out ${out} is a folder that is not empty and has no ${SITE_MARKER} (not written by deno task site): refusing to replace it`,
    );
  }
  return true;
}

/** A name beside `out` that nothing holds yet: `.NAME.what-RANDOM`. */
function sibling(out: string, what: string): string {
  const path = resolve(out);
  return join(
    dirname(path),
    `.${basename(path)}.${what}-${crypto.randomUUID().slice(0, 8)}`,
  );
}

/**
 * Runs `build` on a new folder beside `out` (marked with
 * {@linkcode SITE_MARKER}) and, when it succeeds, puts that folder in
 * `out`'s place; when it throws, removes the new folder and leaves `out` as
 * it was. `out` must be missing, empty, or an earlier build's, both before
 * the build and when it is replaced.
 *
 * @param out the site's folder
 * @param build writes the site into the folder it is given
 * @returns what `build` returned
 * @throws {Error} naming the argument, its value and the rule, before
 *   anything is written: `out` not a non-empty string, `build` not a
 *   function
 * @throws {Error} when `out` is a file or another folder (nothing is
 *   built then), or what `build` threw
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildInto, SITE_MARKER } from "./_out_folder.ts";
 * const parent = await Deno.makeTempDir();
 * const out = `${parent}/site`;
 * await buildInto(out, (dir) => Deno.writeTextFile(`${dir}/index.html`, "new"));
 * await assert.rejects(buildInto(out, () => Promise.reject(new Error("no"))), /no/);
 * assert.equal(await Deno.readTextFile(`${out}/index.html`), "new");
 * await Deno.stat(`${out}/${SITE_MARKER}`);
 * assert.deepEqual([...Deno.readDirSync(parent)].map((e) => e.name), ["site"]);
 * await assert.rejects(buildInto("", () => Promise.resolve()), /buildInto: out must be a non-empty string, got ""/);
 * await Deno.remove(parent, { recursive: true });
 * ```
 */
export async function buildInto<T>(
  out: string,
  build: (dir: string) => Promise<T>,
): Promise<T> {
  checkNonEmptyString("buildInto", "out", out);
  checkFunction("buildInto", "build", build, "(folder) => a promise");
  await checkOut(out);
  await Deno.mkdir(dirname(resolve(out)), { recursive: true });
  const fresh = sibling(out, "building");
  // Not recursive: the folder must be new, and gets the usual mode (a
  // temporary folder's 0700 would hide the site from a web server).
  await Deno.mkdir(fresh);
  let result: T;
  try {
    await Deno.writeTextFile(
      join(fresh, SITE_MARKER),
      "Written by deno task site: the next build replaces this folder.\n",
    );
    result = await build(fresh);
    // Checked again: something may have been written there meanwhile.
    if (!(await checkOut(out))) {
      await Deno.rename(fresh, out);
      return result;
    }
  } catch (error) {
    await Deno.remove(fresh, { recursive: true }).catch(() => {});
    throw error;
  }
  // A folder cannot be renamed over one that holds files: the old site
  // moves aside first, and comes back if the new one cannot take its place.
  const old = sibling(out, "old");
  try {
    await Deno.rename(out, old);
  } catch (error) {
    await Deno.remove(fresh, { recursive: true }).catch(() => {});
    throw error;
  }
  try {
    await Deno.rename(fresh, out);
  } catch (error) {
    await Deno.rename(old, out);
    await Deno.remove(fresh, { recursive: true }).catch(() => {});
    throw error;
  }
  await Deno.remove(old, { recursive: true });
  return result;
}
