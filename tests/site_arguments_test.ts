/**
 * The site's exported functions refuse bad arguments with an error naming
 * the function, the argument, the value and the rule, rather than a bare
 * TypeError or a silently wrong page (a policy that allows workers, an
 * unknown option ignored).
 */

import assert from "node:assert/strict";
import { contentSecurityPolicy, policyMeta } from "../src/site/csp.ts";
import {
  editableKind,
  escapeHtml,
  notebookTitle,
  pageHref,
  renderNotebook,
  siteLink,
} from "../src/site/build.ts";
import {
  isLocalCss,
  isSafeLink,
  sanitizeHtml,
  sanitizeSvg,
  sanitizeSvgFile,
} from "../src/site/sanitize.ts";
import { stepperCss } from "../src/notebook/search_stepper.ts";
import { walksCss } from "../src/exercises/report_html.ts";

/** Asserts that each call throws an Error, not a TypeError, with its message. */
function assertRefused(refused: [() => unknown, RegExp][]): void {
  for (const [call, message] of refused) {
    assert.throws(call, (error: Error) => {
      assert.ok(!(error instanceof TypeError), String(error));
      assert.match(error.message, message);
      return true;
    });
  }
}

Deno.test("contentSecurityPolicy and policyMeta: known options only, blobWorkers a boolean, inlineScripts an array of strings", () => {
  const refused: [() => unknown, RegExp][] = [
    [
      () => contentSecurityPolicy({ blobWorkers: "false" as never }),
      /^contentSecurityPolicy: options\.blobWorkers must be a boolean, got "false"$/,
    ],
    [
      () => contentSecurityPolicy({ inlineScript: ["go()"] } as never),
      /^contentSecurityPolicy: unknown option "inlineScript"; known options: inlineScripts, blobWorkers$/,
    ],
    [
      () => contentSecurityPolicy({ inlineScripts: "go()" as never }),
      /^contentSecurityPolicy: options\.inlineScripts must be an array of the scripts' texts, got "go\(\)"$/,
    ],
    [
      () => contentSecurityPolicy({ inlineScripts: ["go()", 5 as never] }),
      /^contentSecurityPolicy: options\.inlineScripts\[1\] must be a string, got 5$/,
    ],
    [
      () => contentSecurityPolicy(null as never),
      /^contentSecurityPolicy: options must be an object, got null$/,
    ],
    [
      () => policyMeta({ blobWorkers: 1 as never }),
      /^policyMeta: options\.blobWorkers must be a boolean, got 1$/,
    ],
  ];
  assertRefused(refused);
  // Absent and undefined options are the defaults.
  const plain = contentSecurityPolicy();
  assert.equal(
    contentSecurityPolicy({ inlineScripts: undefined, blobWorkers: undefined }),
    plain,
  );
  assert.match(plain, /worker-src 'none'/);
  assert.match(
    contentSecurityPolicy({ blobWorkers: true }),
    /worker-src blob:/,
  );
});

Deno.test("the site's helpers name the argument, its value and the rule of bad input", () => {
  const cell = { cell_type: "markdown", source: "# T" };
  assertRefused([
    [
      () => escapeHtml(42 as never),
      /^escapeHtml: text must be a string, got 42$/,
    ],
    [
      () => pageHref(undefined as never),
      /^pageHref: name must be a non-empty string, got undefined$/,
    ],
    [() => pageHref(""), /^pageHref: name must be a non-empty string, got ""$/],
    [
      () => siteLink("a.png", "docs/course.md", "01_a" as never),
      /^siteLink: notebooks must be an array of notebook names, got "01_a"$/,
    ],
    [
      () => siteLink(undefined as never, "docs/course.md", []),
      /^siteLink: href must be a string, got undefined$/,
    ],
    [
      () => editableKind(null as never),
      /^editableKind: source must be a string, got null$/,
    ],
    [
      () => notebookTitle({} as never, "x"),
      /^notebookTitle: notebook must be a notebook, an object with a "cells" list, got an object$/,
    ],
    [
      () => notebookTitle({ cells: [cell] }, 1 as never),
      /^notebookTitle: name must be a string, got 1$/,
    ],
    [
      () => renderNotebook({} as never, "n", [], new Set()),
      /^renderNotebook: notebook must be a notebook, an object with a "cells" list, got an object$/,
    ],
    [
      () =>
        renderNotebook({ cells: [cell, null] } as never, "n", [], new Set()),
      /^renderNotebook: notebook\.cells\[1\] must be a cell, an object with a "cell_type", got null$/,
    ],
    [
      () => renderNotebook({ cells: [] }, "n", [], [] as never),
      /^renderNotebook: copies must be a Set \(it receives the files to copy\), got an array of 0$/,
    ],
    [
      () => renderNotebook({ cells: [] }, "n", [3] as never, new Set()),
      /^renderNotebook: notebooks\[0\] must be a string, got 3$/,
    ],
    [
      () => sanitizeHtml("<a href='x'>a</a>", { relinks: () => null } as never),
      /^sanitizeHtml: unknown option "relinks"; known options: steppers, relink$/,
    ],
    [
      () => sanitizeHtml("<a href='x'>a</a>", { relink: "no" } as never),
      /^sanitizeHtml: options\.relink must be a function \(url\) => url or null, got "no"$/,
    ],
    [
      () => sanitizeHtml("<p>", { steppers: "yes" } as never),
      /^sanitizeHtml: options\.steppers must be a boolean, got "yes"$/,
    ],
    [
      () => sanitizeHtml(undefined as never),
      /^sanitizeHtml: html must be a string, got undefined$/,
    ],
    [
      () => sanitizeSvg("<svg></svg>", { relink: 1 } as never),
      /^sanitizeSvg: options\.relink must be a function/,
    ],
    [
      () => sanitizeSvgFile(42 as never),
      /^sanitizeSvgFile: svg must be a string, got 42$/,
    ],
    [
      () => isSafeLink(null as never),
      /^isSafeLink: href must be a string, got null$/,
    ],
    [() => isLocalCss(7 as never), /^isLocalCss: css must be a string, got 7$/],
    [
      () => stepperCss("x{}textarea"),
      /^stepperCss: id must be a letter then letters, digits, - and _ \(it scopes every rule as #id\), got "x\{\}textarea"$/,
    ],
    [
      () => walksCss("x,textarea"),
      /^walksCss: id must be a letter then letters, digits, - and _/,
    ],
  ]);
  // What the checks let through is unchanged.
  assert.equal(escapeHtml("<&>"), "&lt;&amp;&gt;");
  assert.equal(
    sanitizeHtml("<a href='x'>a</a>", { relink: () => null, steppers: false })
      .html,
    '<span class="repo-link" title="x (in the repository)">a</span>',
  );
  assert.match(stepperCss("gts-stepper-abc123-0"), /^#gts-stepper-abc123-0\{/);
});
