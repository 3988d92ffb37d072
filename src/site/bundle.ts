/**
 * Bundles the play page's TypeScript (`src/play/web/`) for the browser with
 * esbuild: the Connect Four worker first, as a classic script with the
 * opening book's text inlined, then the page's script with the worker's
 * source inlined (the page starts it from a blob URL: chromium refuses
 * workers loaded from `file:` URLs, and module scripts too, hence classic
 * scripts).
 *
 * @module
 */

import * as esbuild from "esbuild";
import { join } from "node:path";

/** What the two bundles are built for: browsers of the last few years. */
const TARGET = ["chrome100", "firefox100", "safari15"];

async function bundle(
  entry: string,
  define: Record<string, string>,
): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    target: TARGET,
    minify: true,
    legalComments: "none",
    logLevel: "silent",
    define,
  });
  const file = result.outputFiles[0];
  if (file === undefined) {
    throw new Error(`bundlePlay: esbuild wrote no output for ${entry}`);
  }
  return file.text;
}

/**
 * The play page's script, `play.js`: `src/play/web/play.ts` and, inlined as a
 * string, `src/play/web/c4_worker.ts`, both with `book` inlined.
 *
 * @param web the folder `src/play/web`
 * @param book the text of `data/connect4/book.txt`
 * @returns the script's text
 * @throws {Error} when esbuild fails (its first message)
 */
export async function bundlePlay(web: string, book: string): Promise<string> {
  try {
    const bookText = JSON.stringify(book);
    const worker = await bundle(join(web, "c4_worker.ts"), {
      GTS_BOOK_TEXT: bookText,
    });
    return await bundle(join(web, "play.ts"), {
      GTS_BOOK_TEXT: bookText,
      GTS_WORKER_SOURCE: JSON.stringify(worker),
    });
  } catch (error) {
    const errors = (error as { errors?: esbuild.Message[] }).errors;
    const first = errors?.[0];
    if (first !== undefined) {
      const where = first.location
        ? `${first.location.file}:${first.location.line}: `
        : "";
      throw new Error(`bundlePlay: esbuild: ${where}${first.text}`);
    }
    throw error;
  } finally {
    // esbuild's service process would keep Deno alive.
    await esbuild.stop();
  }
}
