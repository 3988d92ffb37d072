/**
 * "Edit and run" on the course site, in chromium from `file://`: a try-it
 * cell edited (another tree) runs in a Web Worker and shows the new table
 * and the new stepper (live, through the site's `stepper_live.js`); a
 * syntax error shows its message with the line and column; an infinite loop
 * is ended by the time budget and by Stop; an import the worker lacks says
 * which modules it has; the worker reaches no network (the page's policy
 * holds in it) and writes no file; every editable cell of the course runs
 * as committed, and every try-it cell shows the text of its committed
 * output; and no page logs an
 * error (a Content-Security-Policy violation is one) or asks the network.
 *
 * With GTS_SCREENSHOTS=1 it writes figures/screenshots/site_try_it.png.
 */

import assert from "node:assert/strict";
import type { Page } from "puppeteer-core";
import { ROOT } from "../_cli.ts";
import {
  buildSite,
  findChromium,
  launchChromium,
  watchPage,
} from "./_browser.ts";
import { lacks } from "../_programs.ts";

const chromium = findChromium();

/** The first try-it cell whose source holds `marker`, as a selector index. */
async function cellIndex(page: Page, marker: string): Promise<number> {
  const index = await page.evaluate(
    `[...document.querySelectorAll("section.cell.code")].findIndex((cell) =>
      cell.hasAttribute("data-editable") &&
      cell.querySelector("pre.source").textContent.includes(${
      JSON.stringify(marker)
    }))`,
  ) as number;
  assert.ok(index >= 0, `no editable cell holds ${marker}`);
  return index;
}

const cell = (index: number) =>
  `document.querySelectorAll("section.cell.code")[${index}]`;

/** Opens the cell's editor, puts `code` in it, presses Run. */
async function editAndRun(page: Page, index: number, code: string | null) {
  await page.evaluate(`(() => {
    const cell = ${cell(index)};
    const edit = cell.querySelector("button[data-action=edit]");
    if (edit) edit.click();
    const editor = cell.querySelector("textarea.cell-editor");
    ${code === null ? "" : `editor.value = ${JSON.stringify(code)};`}
    cell.querySelector("button[data-action=run]").click();
  })()`);
}

/** Waits until the cell's run is over; its state and outputs' text. */
async function runResult(page: Page, index: number, timeout = 60_000) {
  await page.waitForFunction(
    `["done", "error", "stopped"].includes(${cell(index)}.dataset.runState)`,
    { timeout },
  );
  return await page.evaluate(`(() => {
    const cell = ${cell(index)};
    return {
      state: cell.dataset.runState,
      status: cell.querySelector(".run-status").textContent,
      text: cell.querySelector(".run-outputs").textContent,
      errors: [...cell.querySelectorAll(".run-outputs .output.error")].map((e) => e.textContent),
    };
  })()`) as { state: string; status: string; text: string; errors: string[] };
}

Deno.test({
  name:
    "site in chromium: a try-it cell edited and run, its syntax error placed, a loop stopped by the budget and by Stop",
  ignore: lacks("chromium"),
  async fn() {
    const { out, stdout } = await buildSite("gts-site-try-");
    assert.match(stdout, /[1-9]\d* cells to edit and run/);
    const { browser, close } = await launchChromium(chromium!);
    try {
      const page = await browser.newPage();
      const log = await watchPage(page);
      await page.setViewport({ width: 1100, height: 1000 });
      await page.goto(`file://${out}/01_minimax.html`, { waitUntil: "load" });

      // The table cell: another tree, another value (the max of the mins
      // 7, 1, 8: 8 by move 2; the committed tree's value is 3).
      const table = await cellIndex(page, "// Try it: your own tree.");
      const source = await page.evaluate(
        `${cell(table)}.querySelector("pre.source").textContent`,
      ) as string;
      assert.match(
        source,
        /const myTree = "\[\[3, 12, 8\], \[2, 4, 6\], \[14, 5, 2\]\]";/,
      );
      await editAndRun(
        page,
        table,
        source.replace(
          /const myTree = "[^"]*";/,
          'const myTree = "[[9, 7], [1, 20], [8, 30]]";',
        ),
      );
      const ran = await runResult(page, table);
      assert.equal(ran.state, "done", JSON.stringify(ran));
      const row = await page.evaluate(
        `[...${
          cell(table)
        }.querySelectorAll(".run-outputs table tbody td")].map((td) => td.textContent)`,
      ) as string[];
      assert.equal(row[0], "8", `the value of the edited tree: ${row}`);
      assert.equal(row[1], "2", "its best move");
      assert.equal(row[2], "2 0", "its PV");
      assert.match(ran.text, /finished within the budget/);

      // The stepper cell uses the edited tree (the kernel's state: myTree of
      // the cell above, as edited) and is live.
      const stepped = await cellIndex(page, "// Try it: your tree, stepped.");
      await editAndRun(page, stepped, null);
      const steppedRun = await runResult(page, stepped);
      assert.equal(steppedRun.state, "done", JSON.stringify(steppedRun));
      // stepper_live.js loads as a file: the stepper turns live soon after.
      await page.waitForFunction(
        `${
          cell(stepped)
        }.querySelector(".run-outputs .gts-stepper")?.getAttribute("data-mode") === "live"`,
        { timeout: 10_000 },
      ).catch(() => {});
      const stepper = await page.evaluate(`(() => {
        const root = ${
        cell(stepped)
      }.querySelector(".run-outputs .gts-stepper");
        return root && {
          mode: root.getAttribute("data-mode"),
          leaves: [...root.querySelectorAll("g[data-node]")].length,
          next: !!root.querySelector("button[data-action]"),
        };
      })()`) as { mode: string; leaves: number; next: boolean } | null;
      assert.ok(stepper, "a stepper is shown");
      assert.equal(stepper.mode, "live", "the stepper's script ran");
      assert.equal(stepper.leaves, 10, "root, 3 inner nodes, 6 leaves");
      // The screenshot: the edited tree, its table, and its stepper below.
      await page.setViewport({ width: 1100, height: 1500 });
      await page.evaluate(
        `${cell(table)}.scrollIntoView(); window.scrollBy(0, -60)`,
      );
      if (Deno.env.get("GTS_SCREENSHOTS") === "1") {
        await page.screenshot({
          path: `${ROOT}/figures/screenshots/site_try_it.png`,
        });
      }

      // A syntax error: its message, with the line and column in the cell.
      await editAndRun(page, table, "const a = 1;\nconst b = (a +;\n");
      const syntax = await runResult(page, table);
      assert.equal(syntax.state, "error");
      assert.match(
        syntax.errors[0]!,
        /^SyntaxError: Unexpected token \(line 2, column 16\)$/,
      );

      // An error the library throws is placed where the cell called it.
      await editAndRun(
        page,
        table,
        'import { ExplicitTree } from "../mod.ts";\nconst x: number = 1;\nconst tree = ExplicitTree.parse("[[1,");\n',
      );
      const thrown = await runResult(page, table);
      assert.equal(thrown.errors.length, 1, JSON.stringify(thrown));
      assert.match(
        thrown.errors[0]!,
        /^Error: parseTree: .*\(line 3, column 27\)$/,
      );

      // An import the worker does not have is named, with what it has.
      await editAndRun(
        page,
        table,
        'import { x } from "../src/nowhere.ts";\nx',
      );
      const missing = await runResult(page, table);
      assert.match(
        missing.errors.join("\n"),
        /src\/nowhere\.ts.*only \.\.\/mod\.ts/,
      );

      // An endless loop: the budget ends it.
      await page.evaluate(
        `${cell(table)}.querySelector("input.run-budget").value = "2"`,
      );
      await editAndRun(page, table, "while (true) {}");
      const budget = await runResult(page, table, 30_000);
      assert.equal(budget.state, "stopped");
      assert.match(
        budget.text,
        /time budget of 2 s ran out \(the worker was terminated\)/,
      );

      // And Stop ends it. A budget typed past the field's 600 s is run
      // as 600 s, and the field says so (3,000,000 s overflowed the timer).
      await page.evaluate(
        `${cell(table)}.querySelector("input.run-budget").value = "3000000"`,
      );
      await editAndRun(page, table, "let n = 0;\nfor (;;) n++;");
      await page.waitForFunction(
        `${cell(table)}.dataset.runState === "running"`,
      );
      assert.equal(
        await page.evaluate(
          `${cell(table)}.querySelector("input.run-budget").value`,
        ),
        "600",
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      await page.evaluate(
        `${cell(table)}.querySelector("button[data-action=stop]").click()`,
      );
      const stopped = await runResult(page, table, 10_000);
      assert.equal(stopped.state, "stopped");
      assert.match(stopped.text, /stopped by you after \d+\.\d s/);

      // Then the cell runs again.
      await editAndRun(page, table, source);
      const again = await runResult(page, table);
      assert.equal(again.state, "done", JSON.stringify(again));

      // The worker is held by the page's policy (connect-src 'none'), and
      // its Deno writes nothing.
      await editAndRun(
        page,
        table,
        [
          'let said = "";',
          'self.addEventListener("securitypolicyviolation", (event: any) => { said += ` | refused by ${event.effectiveDirective}`; });',
          'try { await fetch("https://example.org/x"); said += "fetched"; } catch (error) { said += String(error); }',
          'try { Deno.writeTextFileSync("x", "y"); } catch (error) { said += " | " + String(error); }',
          "await new Promise((resolve) => setTimeout(resolve, 200));",
          "said",
        ].join("\n"),
      );
      const held = await runResult(page, table);
      assert.equal(held.state, "done", JSON.stringify(held));
      assert.match(held.text, /TypeError: Failed to fetch/);
      assert.match(held.text, /refused by connect-src/);
      assert.doesNotMatch(held.text, /fetched/);
      assert.match(
        held.text,
        /Deno\.writeTextFileSync is not available in the site's worker/,
      );

      assert.deepEqual(log.errors, [], "the page logged errors");
      assert.deepEqual(log.external, [], "the page asked the network");

      // Every try-it cell of the course, run as committed, shows what its
      // committed output shows (the text; scripts aside, stepper ids named
      // alike): the browser's library computes what the kernel did.
      const names = (await Array.fromAsync(Deno.readDir(out)))
        .map((entry) => entry.name).filter((name) =>
          /^\d+_.*\.html$/.test(name)
        )
        .sort();
      let cellsRun = 0, tryItsCompared = 0;
      for (const name of names) {
        const notebookPage = await browser.newPage();
        const pageLog = await watchPage(notebookPage);
        await notebookPage.goto(`file://${out}/${name}`, { waitUntil: "load" });
        const cells = await notebookPage.evaluate(
          `[...document.querySelectorAll("section.cell.code")].flatMap((cell, i) => cell.hasAttribute("data-editable") ? [i] : [])`,
        ) as number[];
        for (const index of cells) {
          await editAndRun(notebookPage, index, null);
          const result = await runResult(notebookPage, index, 120_000);
          assert.equal(
            result.state,
            "done",
            `${name} cell ${index}: ${result.text}`,
          );
          await notebookPage.waitForFunction(
            `[...${
              cell(index)
            }.querySelectorAll(".gts-stepper, .gts-walks")].every((s) => s.getAttribute("data-mode") === "live")`,
            { timeout: 10_000 },
          );
          cellsRun++;
          // An exercise cell's committed output is the stub's report (or
          // none): only the try-it cells are held to theirs.
          const kind = await notebookPage.evaluate(
            `${cell(index)}.getAttribute("data-editable")`,
          );
          if (kind !== "try-it") continue;
          const [committed, shown] = await notebookPage.evaluate(`(() => {
            const text = (element) => {
              if (element === null) return "";
              const copy = element.cloneNode(true);
              copy.querySelectorAll("script").forEach((script) => script.remove());
              return copy.textContent.replace(/gts-stepper-[0-9a-z]+-\\d+/g, "ID").replace(/\\s+/g, " ").trim();
            };
            const cell = ${cell(index)};
            return [text(cell.querySelector(".outputs:not(.run-outputs)")), text(cell.querySelector(".run-outputs"))];
          })()`) as [string, string];
          assert.equal(shown, committed, `${name} cell ${index}`);
          tryItsCompared++;
        }
        assert.deepEqual(pageLog.errors, [], `${name}: the page logged errors`);
        assert.deepEqual(
          pageLog.external,
          [],
          `${name}: the page asked the network`,
        );
        await notebookPage.close();
      }
      console.log(
        `${cellsRun} editable cells of ${names.length} notebooks ran as committed, ${tryItsCompared} try-it cells showed their committed output`,
      );
      const editable = Number(
        stdout.match(/(\d+) cells to edit and run/)![1],
      );
      assert.equal(cellsRun, editable, "every editable cell ran");
      let tryIts = 0;
      for (const name of names) {
        const html = await Deno.readTextFile(`${out}/${name}`);
        tryIts += html.split('data-editable="try-it"').length - 1;
      }
      assert.ok(tryIts > 0, "the course has try-it cells");
      assert.equal(tryItsCompared, tryIts, "every try-it cell was compared");
    } finally {
      await close();
      await Deno.remove(out, { recursive: true });
    }
  },
});
