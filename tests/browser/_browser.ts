/**
 * Debian's chromium, headless, driven by puppeteer-core over a pipe (no
 * network permission needed). Tests skip with a message where chromium is
 * missing; CI installs it (`.ci/run`).
 *
 * @module
 */

import puppeteer, { type Browser, type Page } from "puppeteer-core";

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

/** The chromium binary, or null when none is installed. */
export function findChromium(): string | null {
  const fromEnv = Deno.env.get("CHROMIUM");
  for (const path of fromEnv ? [fromEnv, ...CANDIDATES] : CANDIDATES) {
    try {
      if (Deno.statSync(path).isFile) return path;
    } catch {
      // not there: try the next
    }
  }
  return null;
}

/** A headless chromium with a fresh profile, closed and removed by `close`. */
export async function launchChromium(
  executablePath: string,
): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const profile = await Deno.makeTempDir({ prefix: "gts-chromium-" });
  const browser = await puppeteer.launch({
    executablePath,
    pipe: true,
    headless: true,
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
  return {
    browser,
    close: async () => {
      await browser.close();
      await Deno.remove(profile, { recursive: true }).catch(() => {});
    },
  };
}

/** What a page reported while it was open. */
export interface PageLog {
  /** Console errors and uncaught exceptions of the page. */
  errors: string[];
  /** Every URL the page asked for, besides `file:` and `data:` ones (all refused). */
  external: string[];
}

/**
 * Records the page's console errors and uncaught exceptions, and refuses
 * every request that would leave the machine, noting its URL.
 */
export async function watchPage(page: Page): Promise<PageLog> {
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
    if (url.startsWith("file:") || url.startsWith("data:")) {
      request.continue();
    } else {
      log.external.push(url);
      request.abort();
    }
  });
  return log;
}
