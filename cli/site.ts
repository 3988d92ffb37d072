/**
 * `deno task site [--out DIR]`: builds the course site (see `src/site/build.ts`)
 * into `DIR` (default `site/` in the repository, which git ignores) and
 * prints what it wrote and how long it took, and on stderr what it left
 * out. Open `DIR/index.html` in a browser, from the file system or any
 * static host: nothing is loaded from the network, and no script from a
 * notebook runs (see `src/site/build.ts`).
 *
 * @module
 */

import { resolve } from "node:path";
import { FlagsOnce, flagValue, isFlag, UsageError } from "./_flags.ts";
import { print, readCommandLine, warn } from "./_output.ts";
import { buildSite, ROOT } from "../src/site/build.ts";
import { printable } from "../src/validate.ts";

const HELP = `deno task site [--out DIR]

Builds the course site: every committed notebook as a page (outputs as
committed), the course map and figures summary as the front page, and a
play page (tic-tac-toe, Nim, Connect Four against the library's engines).

Safe for notebooks handed in by others, always (there is no trusted mode):
no script from a notebook runs on a page. Names and text are escaped; HTML,
SVG and Markdown outputs are sanitised (DOMPurify) down to tables, charts
and the steppers' markup (no <style> but the charts' and steppers' own); links other than http(s) or relative are dropped;
PNG/JPEG outputs must be base64 of that type; a stepper's script is rebuilt
from the library's own code, or the stepper shows its picture; every page
has a Content-Security-Policy that runs only the site's own scripts; no
symlink is followed out of the repository. What was dropped is listed on
stderr.

Try-it and exercise cells get "Edit and run" on their page: the code the
editor shows runs when the reader presses Run, in a Web Worker with the
library bundled, a time budget and a Stop button, and what it displays is
sanitised like the notebooks' outputs.

  --out DIR   the folder to write (default: site/ in the repository); an
              existing folder is replaced only when an earlier build wrote it,
              and only once the new site is complete
  -h, --help  this text

Exit status: 0 when the site is written; 2 on a bad command line or a
fault (an existing folder that an earlier build did not write, a notebook
or file that cannot be read, a folder that cannot be written).`;

/** The command line's options. */
export interface SiteCommand {
  out: string;
  help: boolean;
}

/**
 * Reads the command line.
 *
 * @param args the arguments
 * @returns the options
 * @throws {UsageError} on an unknown argument, a missing value or a flag
 *   given twice
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseSiteArgs } from "./site.ts";
 * assert.equal(parseSiteArgs(["--out", "/tmp/s"]).out, "/tmp/s");
 * assert.equal(parseSiteArgs(["--out=/tmp/t"]).out, "/tmp/t");
 * assert.throws(() => parseSiteArgs(["--outt"]), /site: unknown argument "--outt"/);
 * assert.throws(() => parseSiteArgs(["--out"]), /^Error: site: --out needs a folder$/);
 * assert.throws(() => parseSiteArgs(["--out", "--help"]), /site: --out needs a folder, got the flag "--help"/);
 * ```
 */
export function parseSiteArgs(args: readonly string[]): SiteCommand {
  const options: SiteCommand = { out: resolve(ROOT, "site"), help: false };
  const flags = new FlagsOnce("site");
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    flags.check(arg);
    if (arg === "-h" || arg === "--help") {
      options.help = true;
    } else if (isFlag(arg, "--out")) {
      // As every command reads a value: missing, "needs a folder" (it said
      // "got nothing"); a flag in its place is named.
      let value: string;
      [value, i] = flagValue("site", args, i, "--out", "a folder");
      if (value === "") {
        throw new UsageError('site: --out needs a folder, got ""');
      }
      options.out = resolve(value);
    } else {
      throw new UsageError(`site: unknown argument ${JSON.stringify(arg)}`);
    }
  }
  return options;
}

async function main(): Promise<number> {
  const options = readCommandLine(parseSiteArgs, Deno.args, HELP);
  if (typeof options === "number") return options;
  const start = performance.now();
  const build = await buildSite({ out: options.out });
  const seconds = (performance.now() - start) / 1000;
  for (const line of build.warnings) warn(`site: ${line}`);
  print(
    `site: ${build.pages.length} pages (${
      build.pages.filter((page) => page.kind === "notebook").length
    } notebooks, ${build.charts} charts, ${build.steppers} steppers, ${build.editable} cells to edit and run) and ${build.assets.length} files in ${
      seconds.toFixed(1)
    } s`,
  );
  print(printable(`open ${options.out}/index.html`));
  return 0;
}

if (import.meta.main) {
  try {
    Deno.exit(await main());
  } catch (error) {
    // A message may name a notebook's file or link: no escape sequence of
    // theirs reaches the terminal.
    console.error(
      printable(error instanceof Error ? error.message : String(error)),
    );
    Deno.exit(2);
  }
}
