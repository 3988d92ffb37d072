/**
 * Debian's chromium, headless, driven by puppeteer-core over a pipe (no
 * network permission needed). Tests skip with a message where chromium is
 * missing; CI installs it (`.ci/run`).
 *
 * @module
 */

import puppeteer, { type Browser, type Page } from "puppeteer-core";
import assert from "node:assert/strict";
import { findProgram } from "../../src/programs.ts";
import { runCli } from "../_cli.ts";
import { pathOf } from "../_programs.ts";

/** What to do about a missing or broken chromium, for messages. */
export const CHROMIUM_HINT =
  "apt-get install chromium, or set CHROMIUM to a working chromium";

/**
 * The chromium binary, as src/programs.ts finds it: `$CHROMIUM` when set
 * (even when it is not there, so that {@linkcode launchChromium} names it),
 * else the first `chromium` or `chromium-browser` on PATH, else null.
 */
export function findChromium(): string | null {
  return findProgram("chromium");
}

/** Options of {@linkcode launchChromium}. */
export interface LaunchOptions {
  /**
   * Milliseconds the browser may take to start and to answer any later
   * protocol call (puppeteer's `timeout` and `protocolTimeout`). Default 60 s.
   */
  timeoutMs?: number;
}

/** Milliseconds `close` waits for the browser before killing it. */
const CLOSE_TIMEOUT_MS = 10_000;

/**
 * A headless chromium with a fresh profile, closed and removed by `close`:
 * call it in a `finally`. `close` is bounded: a browser that does not close
 * within 10 s is killed.
 *
 * @throws {Error} naming `executablePath`, what it did (missing, not
 *   executable, its exit code and last lines, or silence past `timeoutMs`)
 *   and what to install; no browser process is left running.
 */
export async function launchChromium(
  executablePath: string,
  options: LaunchOptions = {},
): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const fail = (what: string) =>
    new Error(
      `launchChromium: ${executablePath} ${what} (${CHROMIUM_HINT})`,
    );
  let info: Deno.FileInfo;
  try {
    info = await Deno.stat(executablePath);
  } catch {
    throw fail("does not exist");
  }
  // puppeteer's spawn of a file it cannot execute is an uncaught error.
  if (!info.isFile || ((info.mode ?? 0o755) & 0o111) === 0) {
    throw fail(
      `is not an executable file (mode ${
        ((info.mode ?? 0) & 0o777).toString(8)
      })`,
    );
  }
  const profile = await Deno.makeTempDir({ prefix: "gts-chromium-" });
  let browser: Browser;
  try {
    browser = await puppeteer.launch({
      executablePath,
      pipe: true,
      headless: true,
      timeout: timeoutMs,
      protocolTimeout: timeoutMs,
      args: [
        // CI runs as root, where chromium's sandbox refuses to start; the pages
        // are our own and every request off the machine is refused.
        "--no-sandbox",
        "--headless",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        `--user-data-dir=${profile}`,
      ],
    });
  } catch (error) {
    // puppeteer has killed the process; say what the binary does on its own.
    await Deno.remove(profile, { recursive: true }).catch(() => {});
    const reason = ((error as Error).message ?? String(error)).split("\n")[0];
    throw fail(
      `did not start a browser within ${
        timeoutMs / 1000
      } s (${reason}); ${await diagnose(
        executablePath,
        Math.min(timeoutMs, 5_000),
      )}`,
    );
  }
  return {
    browser,
    close: async () => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const closed = await Promise.race([
        browser.close().then(() => true, () => false),
        new Promise<false>((resolve) => {
          timer = setTimeout(() => resolve(false), CLOSE_TIMEOUT_MS);
        }),
      ]);
      clearTimeout(timer);
      if (!closed) browser.process()?.kill("SIGKILL");
      await Deno.remove(profile, { recursive: true }).catch(() => {});
    },
  };
}

/** What `path --version` does within `ms`: its exit and last lines. */
async function diagnose(path: string, ms: number): Promise<string> {
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command(path, {
      args: ["--version"],
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
  } catch (error) {
    return `"${path} --version" cannot start: ${(error as Error).message}`;
  }
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    try {
      child.kill("SIGKILL");
    } catch { /* ended */ }
  }, ms);
  const output = await child.output();
  clearTimeout(timer);
  if (timedOut) {
    return `"${path} --version" gave no answer within ${ms / 1000} s`;
  }
  const lines = new TextDecoder().decode(output.stdout) + "\n" +
    new TextDecoder().decode(output.stderr);
  const last = lines.split("\n").map((line) => line.trim())
    .filter((line) => line !== "").slice(-3);
  const how = output.signal === null
    ? `exited with code ${output.code}`
    : `was killed by ${output.signal}`;
  return `"${path} --version" ${how}${
    last.length > 0 ? `: ${last.join(" | ")}` : ", printing nothing"
  }`;
}

/** What a page reported while it was open. */
export interface PageLog {
  /**
   * Console errors and uncaught exceptions of the page. Each console error
   * ends with the URL of the script or resource it came from, when known.
   */
  errors: string[];
  /**
   * Every URL the page asked for, besides `file:` and `data:` ones and those
   * of the origins it was allowed (all refused).
   */
  external: string[];
}

/** Options of {@linkcode watchPage}. */
export interface WatchOptions {
  /**
   * Origins (`http://127.0.0.1:PORT`) whose requests go through: a server
   * the test started on this machine, e.g. JupyterLab. Default: none.
   */
  allowOrigins?: readonly string[];
}

/**
 * Records the page's console errors and uncaught exceptions, and refuses
 * every request that would leave the machine, noting its URL; requests to
 * `options.allowOrigins` go through.
 */
export async function watchPage(
  page: Page,
  options: WatchOptions = {},
): Promise<PageLog> {
  const origins = options.allowOrigins ?? [];
  for (const origin of origins) {
    if (!/^https?:\/\/(127\.0\.0\.1|localhost|\[::1\]):\d+$/.test(origin)) {
      throw new Error(
        `watchPage: allowOrigins holds ${
          JSON.stringify(origin)
        }, which is not http(s)://127.0.0.1, localhost or [::1] with a port: a page may only reach servers of this machine`,
      );
    }
  }
  const allowed = (url: string) =>
    url.startsWith("file:") || url.startsWith("data:") ||
    origins.some((origin) => url === origin || url.startsWith(`${origin}/`));
  const log: PageLog = { errors: [], external: [] };
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const url = message.location()?.url ?? "";
    // A refused external request logs "Failed to load resource"; it is
    // listed in `external` instead.
    if (/^https?:/.test(url) && log.external.includes(url)) return;
    log.errors.push(`console: ${message.text()} ${url}`.trim());
  });
  page.on("pageerror", (error) => {
    log.errors.push(
      `uncaught: ${error instanceof Error ? error.message : String(error)}`,
    );
  });
  await page.setRequestInterception(true);
  page.on("request", (request) => {
    const url = request.url();
    if (allowed(url)) {
      request.continue();
    } else {
      log.external.push(url);
      request.abort();
    }
  });
  return log;
}

/**
 * Builds the site as `deno task site` does into a fresh temporary folder
 * (its name starting with `prefix`); fails the test when the build fails.
 * Returns the folder and what the build printed.
 */
export async function buildSite(
  prefix: string,
): Promise<{ out: string; stdout: string }> {
  const out = await Deno.makeTempDir({ prefix });
  const build = await runCli("site.ts", ["--out", out], {
    permissions: [
      "--allow-read",
      "--allow-write",
      "--allow-run",
      "--allow-env",
    ],
  });
  assert.equal(build.code, 0, build.stderr);
  return { out, stdout: build.stdout };
}

/**
 * Exports `notebook` to HTML with `jupyter nbconvert` into `dir`, as a
 * reader would; fails the test when nbconvert fails. Returns the file.
 */
export async function exportNotebook(
  notebook: string,
  dir: string,
): Promise<string> {
  const convert = await new Deno.Command(pathOf("jupyter"), {
    args: [
      "nbconvert",
      "--to",
      "html",
      "--output-dir",
      dir,
      "--output",
      "exported",
      notebook,
    ],
    stdout: "piped",
    stderr: "piped",
    env: { PYDEVD_DISABLE_FILE_VALIDATION: "1" },
  }).output();
  assert.ok(convert.success, new TextDecoder().decode(convert.stderr));
  return `${dir}/exported.html`;
}
