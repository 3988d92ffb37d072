/**
 * The site's exported functions refuse bad arguments with an error naming
 * the function, the argument, the value and the rule, rather than a bare
 * TypeError or a silently wrong page (a policy that allows workers, an
 * unknown option ignored).
 */

import assert from "node:assert/strict";
import {
  contentSecurityPolicy,
  policyMeta,
  scriptHash,
} from "../src/site/csp.ts";
import {
  buildSite,
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
import { stepperCss, stepperHtml } from "../src/notebook/search_stepper.ts";
import { searchSteps } from "../src/notebook/search_steps.ts";
import { walksCss, walkStepperHtml } from "../src/exercises/report_html.ts";
import { drawTree } from "../src/exercises/drawn_tree.ts";
import { ExplicitTree } from "../src/trees/explicit_tree.ts";
import { buildInto } from "../src/site/_out_folder.ts";
import { bundlePlay, workerShims } from "../src/site/bundle.ts";
import {
  dataImageProblem,
  imageDataProblem,
  imageFileProblem,
} from "../src/site/image.ts";
import {
  addSiteHooks,
  imageSourceProblem,
  isBuilderStyle,
} from "../src/site/sanitize_rules.ts";
import {
  cut,
  liveStepperScript,
  parseJson,
  scriptJson,
  stepperParts,
} from "../src/site/stepper.ts";
import { liveWalksScript, walksParts } from "../src/site/walks.ts";
import { inspectValue } from "../src/site/web/inspect.ts";

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

/** A genuine stepper's script and id, as the library writes them. */
function genuineStepper(): { script: string; id: string } {
  const html = stepperHtml(searchSteps([[3, 5], [2, 9]]));
  return {
    script: html.match(/<script>([^]*)<\/script>/)![1]!,
    id: html.match(/id="([^"]+)"/)![1]!,
  };
}

/** A genuine walk stepper's script and id. */
function genuineWalks(): { script: string; id: string } {
  const html = walkStepperHtml(drawTree(ExplicitTree.from([[1, 2], [3]]))!, {
    yours: ["", "0"],
    right: ["", "1"],
    rightName: "ab",
    parting: { index: 1, yours: "0", right: "1" },
  });
  return {
    script: html.match(/<script>([^]*)<\/script>/)![1]!,
    id: html.match(/id="([^"]+)"/)![1]!,
  };
}

Deno.test("the image checks, the steppers' readers and the CSP hash name the argument, its value and the rule", () => {
  const stepper = genuineStepper(), walks = genuineWalks();
  const same = (html: string) => html;
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  assertRefused([
    [
      () => imageDataProblem(42 as never, "AAAA"),
      /^imageDataProblem: mime must be a string, got 42$/,
    ],
    [
      () => imageDataProblem("image/png", null as never),
      /^imageDataProblem: base64 must be a string, got null$/,
    ],
    [
      // A string's characters are not the file's bytes: it read as "not a PNG".
      () => imageFileProblem("\x89PNG" as never, "png"),
      /^imageFileProblem: bytes must be a Uint8Array \(the file's content\), got "\x89PNG"$/,
    ],
    [
      () => imageFileProblem(new Uint8Array(4), undefined as never),
      /^imageFileProblem: extension must be a string, got undefined$/,
    ],
    [
      () => dataImageProblem(undefined as never),
      /^dataImageProblem: url must be a string, got undefined$/,
    ],
    [
      () => imageSourceProblem(7 as never),
      /^imageSourceProblem: src must be a string, got 7$/,
    ],
    [() => cut(42 as never), /^cut: script must be a string, got 42$/],
    [
      () => scriptJson(undefined),
      /^scriptJson: value must be JSON data \(no undefined, function, symbol, BigInt or cycle\), got undefined$/,
    ],
    [
      () => scriptJson(() => 1),
      /^scriptJson: value must be JSON data .*, got a function$/,
    ],
    [
      () => scriptJson(1n),
      /^scriptJson: value must be JSON data .*, got 1n \(/,
    ],
    [
      () => scriptJson(cyclic),
      /^scriptJson: value must be JSON data .*, got an object \(/,
    ],
    [
      // JSON.parse(42) reads the number as the JSON text "42".
      () => parseJson(42 as never),
      /^parseJson: text must be a string, got 42$/,
    ],
    [
      () => stepperParts(undefined as never, stepper.id, same),
      /^stepperParts: script must be a string, got undefined$/,
    ],
    [
      () => stepperParts(stepper.script, 1 as never, same),
      /^stepperParts: id must be a string, got 1$/,
    ],
    [
      () => stepperParts(stepper.script, stepper.id, "no" as never),
      /^stepperParts: sanitize must be a function \(html\) => safe html, got "no"$/,
    ],
    [
      // What sanitize returns is written into the page's script.
      () => stepperParts(stepper.script, stepper.id, (() => 5) as never),
      /^stepperParts: sanitize must return the safe markup \(a string\), got 5$/,
    ],
    [
      () => liveStepperScript(stepper.script, stepper.id, null as never),
      /^liveStepperScript: sanitize must be a function/,
    ],
    [
      () =>
        liveStepperScript(stepper.script, stepper.id, (() => null) as never),
      /^liveStepperScript: sanitize must return the safe markup \(a string\), got null$/,
    ],
    [
      () => walksParts(walks.script, [] as never, same),
      /^walksParts: id must be a string, got an array of 0$/,
    ],
    [
      () => walksParts(walks.script, walks.id, (() => ({})) as never),
      /^walksParts: sanitize must return the safe markup \(a string\), got an object$/,
    ],
    [
      () => liveWalksScript(3 as never, walks.id, same),
      /^liveWalksScript: script must be a string, got 3$/,
    ],
    [
      () => scriptHash(42 as never),
      /^scriptHash: text must be a string, got 42$/,
    ],
    [
      () => isBuilderStyle(42 as never, null),
      /^isBuilderStyle: css must be a string, got 42$/,
    ],
    [
      () => isBuilderStyle("a{}", undefined as never),
      /^isBuilderStyle: parent must be null or the element the <style> is in \(an object with a localName and an id, strings\), got undefined$/,
    ],
    [
      () => addSiteHooks({} as never, () => undefined),
      /^addSiteHooks: purify must be a DOMPurify instance \(createDOMPurify\(window\)\), got an object$/,
    ],
    [
      () => addSiteHooks({ addHook() {} } as never, "run" as never),
      /^addSiteHooks: current must be a function \(\) => the run or undefined, got "run"$/,
    ],
    [
      () => inspectValue([], NaN),
      /^inspectValue: depth must be an integer in 0…\d+, got NaN$/,
    ],
    [
      () => inspectValue([], -1),
      /^inspectValue: depth must be an integer in 0…\d+, got -1$/,
    ],
    [
      () => workerShims(null as never),
      /^workerShims: files must be an object of texts by path, got null$/,
    ],
    [
      () => workerShims({ "data/a.txt": 1 } as never),
      /^workerShims: files\["data\/a\.txt"\] must be a string, got 1$/,
    ],
  ]);
  // What the checks let through is unchanged.
  assert.equal(parseJson("[1]")?.value instanceof Array, true);
  assert.ok("script" in liveStepperScript(stepper.script, stepper.id, same));
  assert.ok("script" in liveWalksScript(walks.script, walks.id, same));
  assert.equal(inspectValue([[1]], 0), "[ [Array] ]");
  assert.equal(isBuilderStyle("a{}", null), false);
});

Deno.test("buildSite, buildInto and bundlePlay check their arguments before they read or write anything", async () => {
  const parent = await Deno.makeTempDir({ prefix: "gts-site-arguments-" });
  const out = `${parent}/site`;
  try {
    for (
      const [call, message] of [
        [
          // A misspelled root would publish this checkout instead.
          () => buildSite({ out, roots: parent } as never),
          /^buildSite: unknown option "roots"; known options: out, root$/,
        ],
        [
          () => buildSite({ outt: out } as never),
          /^buildSite: unknown option "outt"; known options: out, root$/,
        ],
        [
          () => buildSite({} as never),
          /^buildSite: options\.out must be a non-empty string, got undefined$/,
        ],
        [
          () => buildSite({ out: "" }),
          /^buildSite: options\.out must be a non-empty string, got ""$/,
        ],
        [
          () => buildSite({ out, root: 42 as never }),
          /^buildSite: options\.root must be a non-empty string, got 42$/,
        ],
        [
          () => buildSite(null as never),
          /^buildSite: options must be an object, got null$/,
        ],
        [
          () => buildInto(undefined as never, () => Promise.resolve()),
          /^buildInto: out must be a non-empty string, got undefined$/,
        ],
        [
          () => buildInto(out, "build" as never),
          /^buildInto: build must be a function \(folder\) => a promise, got "build"$/,
        ],
        [
          () => bundlePlay("", "book"),
          /^bundlePlay: web must be a non-empty string, got ""$/,
        ],
        [
          () => bundlePlay("src/play/web", 5 as never),
          /^bundlePlay: book must be a string, got 5$/,
        ],
      ] as [() => Promise<unknown>, RegExp][]
    ) {
      await assert.rejects(call, (error: Error) => {
        assert.ok(!(error instanceof TypeError), String(error));
        assert.match(error.message, message);
        return true;
      });
    }
    // Nothing was written.
    assert.deepEqual([...Deno.readDirSync(parent)], []);
  } finally {
    await Deno.remove(parent, { recursive: true });
  }
});
