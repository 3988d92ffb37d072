/**
 * A site built from crafted notebooks (tests/_crafted_site.ts) in a real
 * browser: Debian's chromium (headless) opens every page from `file://`,
 * and the copied SVG file on its own. No payload runs (none sets
 * `window.__pwned` or the title, none opens a dialog), no page asks the
 * network, no page reports a Content-Security-Policy violation (the
 * sanitiser left nothing for the policy to stop), no link is `javascript:`;
 * the genuine stepper and the one with odd data step; the output folder
 * holds nothing from outside the repository; the crafted repository's own
 * play page is not the one shown; a notebook's `<style>` and style
 * attributes neither hide the code "Edit and run" runs nor draw other code
 * over it. Then a script written into a
 * built page by hand, as if the sanitiser had missed it: the page's policy
 * stops it, and the page's own stepper still steps.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Page } from "puppeteer-core";
import { buildSite } from "../../src/site/build.ts";
import { craftedRepository, DECOY_CODE, listFiles } from "../_crafted_site.ts";
import { launchChromium, watchPage } from "./_browser.ts";
import { lacks, pathOf } from "../_programs.ts";

/** Installed before any script of a page: records CSP violations. */
const RECORD_VIOLATIONS = `window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(event.violatedDirective + " " + event.blockedURI);
});`;

interface PageState {
  pwned: string | null;
  title: string;
  violations: string[];
  protocols: string[];
}

async function state(page: Page): Promise<PageState> {
  return await page.evaluate(`({
    pwned: window.__pwned ?? null,
    title: document.title,
    violations: window.__violations ?? [],
    protocols: [...document.querySelectorAll("a[href]")].map((a) => a.protocol),
  })`) as PageState;
}

/** Clicks "next" of the `index`-th stepper; its step afterwards. */
async function next(page: Page, index: number): Promise<string> {
  return await page.evaluate(`(() => {
    const root = document.querySelectorAll(".gts-stepper")[${index}];
    root.querySelector("button[data-action=next]").click();
    return root.getAttribute("data-step");
  })()`) as string;
}

const modes = (page: Page) =>
  page.evaluate(
    `[...document.querySelectorAll(".gts-stepper")].map((s) => s.getAttribute("data-mode"))`,
  ) as Promise<string[]>;

Deno.test({
  name:
    "crafted notebooks in chromium: no injected script runs, nothing asks the network, the policy stops a script written in by hand",
  ignore: lacks("chromium"),
  async fn() {
    const repo = await craftedRepository();
    const out = await Deno.makeTempDir({ prefix: "gts-crafted-site-" });
    const { browser, close } = await launchChromium(pathOf("chromium"));
    try {
      const build = await buildSite({ out, root: repo.root });
      const files = await listFiles(out);
      for (const file of files) {
        const text = new TextDecoder().decode(
          await Deno.readFile(join(out, file)),
        );
        assert.ok(!text.includes(repo.secret), `${file} is from outside`);
      }

      const page = await browser.newPage();
      const log = await watchPage(page);
      const dialogs: string[] = [];
      page.on("dialog", (dialog) => {
        dialogs.push(dialog.message());
        dialog.dismiss().catch(() => {});
      });
      await page.evaluateOnNewDocument(RECORD_VIOLATIONS);
      const url = (file: string) => pathToFileURL(join(out, file)).href;

      const opened = [
        ...build.pages.map((p) => p.file),
        "assets/notebooks/evil.svg",
      ];
      for (const file of opened) {
        await page.goto(url(file), { waitUntil: "load" });
        const shown = await state(page);
        assert.equal(shown.pwned, null, `${file}: a payload ran`);
        const title = build.pages.find((p) => p.file === file)?.title;
        if (title !== undefined) {
          assert.equal(shown.title, `${title} · Game-tree search`, file);
        }
        assert.deepEqual(shown.violations, [], `${file}: CSP violations`);
        for (const protocol of shown.protocols) {
          assert.ok(
            ["file:", "http:", "https:"].includes(protocol),
            `${file}: a ${protocol} link`,
          );
        }
      }

      // The genuine stepper steps; so does the one whose data and live
      // markup were changed (its step text shows as text).
      await page.goto(url("10_fine.html"), { waitUntil: "load" });
      assert.deepEqual(await modes(page), ["live"]);
      assert.equal(await next(page, 0), "1");
      const evil = build.pages.find((p) => p.file.startsWith("99_"))!.file;
      await page.goto(url(evil), { waitUntil: "load" });
      assert.deepEqual(await modes(page), ["static", "live"]);
      assert.match(
        await page.evaluate(
          `document.querySelectorAll(".gts-stepper")[1].querySelector("[data-role=text]").textContent`,
        ) as string,
        /^<\/script><script>window\.__pwned='stepper-data'<\/script>$/,
      );
      for (let step = 1; step <= 3; step++) {
        assert.equal(await next(page, 1), String(step));
      }
      const after = await state(page);
      assert.equal(after.pwned, null, "stepping ran a payload");
      assert.deepEqual(after.violations, []);

      // The play page is this checkout's, not the crafted repository's.
      await page.goto(url("play.html"), { waitUntil: "load" });
      assert.equal(
        await page.evaluate(`document.getElementById("crafted-play")`),
        null,
      );
      assert.equal(await page.title(), "Play · Game-tree search");

      // The code "Edit and run" runs is the code the page shows: the
      // notebook's <style> (transparent text, a ::before with other code)
      // and its element fixed over the page change nothing there.
      await page.goto(url("20_restyle.html"), { waitUntil: "load" });
      const shownCode = (selector: string) =>
        page.evaluate(`(() => {
          const element = document.querySelector(${JSON.stringify(selector)});
          element.scrollIntoView({ block: "center" });
          const box = element.getBoundingClientRect();
          const top = document.elementFromPoint(
            box.left + box.width / 2,
            box.top + box.height / 2,
          );
          const style = getComputedStyle(element);
          return {
            color: style.color,
            fill: style.webkitTextFillColor,
            before: getComputedStyle(element, "::before").content,
            after: getComputedStyle(element, "::after").content,
            onTop: element.closest("pre, textarea").contains(top),
          };
        })()`);
      const ink = "rgb(29, 35, 43)";
      const shown = {
        color: ink,
        fill: ink,
        before: "none",
        after: "none",
        onTop: true,
      };
      const editable = "section.cell.code[data-editable]";
      for (const selector of [`${editable} pre.source`, `${editable} code`]) {
        assert.deepEqual(await shownCode(selector), shown, selector);
      }
      await page.evaluate(
        `document.querySelector("${editable} button[data-action=edit]").click()`,
      );
      assert.deepEqual(
        await shownCode(`${editable} textarea.cell-editor`),
        shown,
      );
      assert.match(
        await page.evaluate(
          `document.querySelector("${editable} textarea.cell-editor").value`,
        ) as string,
        /console\.log\("other code"\)/,
      );
      assert.ok(
        (await page.evaluate(`document.body.innerText`) as string).includes(
          DECOY_CODE,
        ),
      );

      assert.deepEqual(dialogs, [], "a page opened a dialog");
      assert.deepEqual(log.external, [], "a page asked the network");
      // Relative images of the payloads (src="x") are missing files; nothing
      // else may be logged.
      assert.deepEqual(
        log.errors.filter((line) => !/ERR_FILE_NOT_FOUND/.test(line)),
        [],
      );

      // A script written into a built page by hand: the policy stops it.
      const fine = await Deno.readTextFile(join(out, "10_fine.html"));
      const injected = fine.replace(
        "<main>",
        `<main><script>window.__pwned='injected'</script>` +
          `<img src="x" onerror="window.__pwned='injected-img'">` +
          `<a id="injected" href="javascript:window.__pwned='injected-link'">x</a>`,
      );
      assert.notEqual(injected, fine);
      await Deno.writeTextFile(join(out, "injected.html"), injected);
      await page.goto(url("injected.html"), { waitUntil: "load" });
      await page.click("#injected");
      const stopped = await state(page);
      assert.equal(stopped.pwned, null, "the policy let a script run");
      for (const directive of ["script-src-elem", "script-src-attr"]) {
        assert.ok(
          stopped.violations.some((v) => v.startsWith(directive)),
          `${directive}: ${stopped.violations}`,
        );
      }
      assert.deepEqual(await modes(page), ["live"]);
      assert.equal(await next(page, 0), "1");
      await page.close();
    } finally {
      await close();
      await Deno.remove(out, { recursive: true });
      await repo.remove();
    }
  },
});
