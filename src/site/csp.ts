/**
 * The Content-Security-Policy of every page of the site, as a `<meta>`
 * element (a page opened from the file system gets no headers): scripts
 * only from the site's own files and the inline scripts the builder wrote
 * itself (by their SHA-256), nothing from the network, no plugins, no
 * `<base>`, no form submissions. A script that slips into a page anyway
 * (an inline `<script>`, an `onerror=`, a `javascript:` link) does not run.
 *
 * The play page and the notebook pages with "Edit and run" start Web Workers
 * from `blob:` URLs (chromium refuses workers from `file:` URLs): they add
 * `worker-src blob:` and nothing else. An edited cell's program is written
 * into the worker's script itself, not evaluated, so no page needs
 * `'unsafe-eval'`; a worker from a `blob:` URL is held by its page's policy,
 * so it cannot load a script (`importScripts`) or reach the network either.
 *
 * @module
 */

import { createHash } from "node:crypto";
import {
  checkBoolean,
  checkString,
  describe,
  readOptions,
} from "../validate.ts";

/**
 * The CSP source of an inline script: `'sha256-…'` of its text, which the
 * browser computes over the script element's text as parsed.
 *
 * @param text the script's text, exactly as written between the tags
 * @returns the source expression, quotes included
 * @throws {Error} when `text` is not a string (a script's text is one; the
 *   hash of bytes or of a number's text would allow no script the page has)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { scriptHash } from "./csp.ts";
 * assert.equal(scriptHash(""), "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
 * assert.throws(() => scriptHash(42 as never), /scriptHash: text must be a string, got 42/);
 * ```
 */
export function scriptHash(text: string): string {
  checkString("scriptHash", "text", text);
  return `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
}

/** Options of {@linkcode contentSecurityPolicy}. */
export interface PolicyOptions {
  /** Inline scripts the builder wrote into the page, allowed by their hash. */
  inlineScripts?: readonly string[];
  /**
   * Whether the page starts Web Workers from `blob:` URLs (the play page,
   * the notebook pages with "Edit and run").
   */
  blobWorkers?: boolean;
}

/**
 * The policy of one page.
 *
 * @param options the page's own inline scripts and whether it starts workers
 * @returns the policy's text, for the `content` attribute
 * @throws {Error} naming the option, its value and the rule: an unknown
 *   option, `inlineScripts` not an array of strings, `blobWorkers` not a
 *   boolean (`"false"` would allow workers)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { contentSecurityPolicy } from "./csp.ts";
 * const policy = contentSecurityPolicy({ inlineScripts: ["go()"] });
 * assert.match(policy, /^default-src 'self'; script-src 'self' 'sha256-[A-Za-z0-9+/]+=*';/);
 * assert.match(policy, /worker-src 'none'/);
 * assert.doesNotMatch(policy, /script-src[^;]*unsafe/);
 * assert.throws(
 *   () => contentSecurityPolicy({ blobWorkers: "false" as never }),
 *   /contentSecurityPolicy: options\.blobWorkers must be a boolean, got "false"/,
 * );
 * ```
 */
export function contentSecurityPolicy(options: PolicyOptions = {}): string {
  return policy("contentSecurityPolicy", options);
}

/**
 * The policy of {@linkcode contentSecurityPolicy}, its options checked in
 * the name of `where`: a misspelled option or a string where a boolean
 * goes would give a page a policy other than the one asked for.
 */
function policy(where: string, options: unknown): string {
  const read = readOptions(where, options, ["inlineScripts", "blobWorkers"]);
  const scripts = read.inlineScripts ?? [];
  if (!Array.isArray(scripts)) {
    throw new Error(
      `${where}: options.inlineScripts must be an array of the scripts' texts, got ${
        describe(scripts)
      }`,
    );
  }
  scripts.forEach((script: unknown, i) => {
    if (typeof script !== "string") {
      throw new Error(
        `${where}: options.inlineScripts[${i}] must be a string, got ${
          describe(script)
        }`,
      );
    }
  });
  const blobWorkers = read.blobWorkers === undefined
    ? false
    : checkBoolean(where, "options.blobWorkers", read.blobWorkers);
  const hashes = [...new Set((scripts as string[]).map(scriptHash))];
  return [
    "default-src 'self'",
    ["script-src 'self'", ...hashes].join(" "),
    // The charts and steppers carry <style> elements and style attributes;
    // a style runs no script and, with img-src and font-src as they are,
    // loads nothing from the network.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'none'",
    `worker-src ${blobWorkers ? "blob:" : "'none'"}`,
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
}

/**
 * The policy as the `<meta>` element that goes first in a page's `<head>`.
 *
 * @param options as for {@linkcode contentSecurityPolicy}
 * @returns the element
 * @throws {Error} as {@linkcode contentSecurityPolicy}, naming `policyMeta`
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { policyMeta } from "./csp.ts";
 * assert.match(policyMeta(), /^<meta http-equiv="Content-Security-Policy" content="default-src 'self'; /);
 * ```
 */
export function policyMeta(options: PolicyOptions = {}): string {
  // The policy holds no `"`, `&` or `<`: it goes into the attribute as it is.
  return `<meta http-equiv="Content-Security-Policy" content="${
    policy("policyMeta", options)
  }">`;
}
