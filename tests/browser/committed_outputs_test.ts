/**
 * The committed notebooks as a student first meets them, in chromium: every
 * `text/html` output of every notebook in `notebooks/`, as committed (not
 * re-executed), with what JupyterLab's sanitiser removes from an untrusted
 * notebook taken out (scripts, `<style>` elements, `on…` handlers). Every
 * stepper must then show its line "Run the cell to step through the search"
 * and a picture of the finished search that loads, with no buttons; every
 * chart's `<img>` must load; and the page must log no error. A screenshot of
 * the first stepper goes to figures/screenshots/untrusted_stepper_committed.png
 * when GTS_SCREENSHOTS=1.
 */
import assert from "node:assert/strict";
import { basename, join } from "node:path";
import { listNotebooks, readNotebook } from "../../src/notebook/jupyter.ts";
import { findChromium, launchChromium, watchPage } from "./_browser.ts";
import { lacks } from "../_programs.ts";

const chromium = findChromium();
const NOTEBOOKS = join(import.meta.dirname!, "..", "..", "notebooks");

/** What JupyterLab's sanitiser takes out of untrusted HTML that matters here. */
function sanitise(html: string): string {
  return html.replace(/<script\b[^]*?<\/script>/gi, "")
    .replace(/<style\b[^]*?<\/style>/gi, "")
    .replace(/\son[a-z]+\s*=\s*("[^"]*"|'[^']*')/gi, "");
}

/** Every text/html output of the committed notebooks, with where it is. */
async function htmlOutputs(): Promise<{ where: string; html: string }[]> {
  const found: { where: string; html: string }[] = [];
  for (const path of await listNotebooks(NOTEBOOKS)) {
    const notebook = await readNotebook(path);
    notebook.cells.forEach((cell, index) => {
      for (const output of cell.outputs ?? []) {
        const html = output.data?.["text/html"];
        if (typeof html !== "string" && !Array.isArray(html)) continue;
        found.push({
          where: `${basename(path)} cell ${index + 1}`,
          html: typeof html === "string" ? html : html.join(""),
        });
      }
    });
  }
  return found;
}

Deno.test({
  name:
    "committed notebooks, untrusted: every stepper shows its line and a picture that loads, every chart's image loads, no buttons, no errors",
  ignore: lacks("chromium"),
  async fn() {
    const outputs = await htmlOutputs();
    const steppers = outputs.filter((o) => o.html.includes("gts-stepper"));
    const charts = outputs.filter((o) => o.html.includes("gts-chart"));
    assert.ok(steppers.length >= 5, `${steppers.length} steppers`);
    assert.ok(charts.length >= 10, `${charts.length} charts`);
    const dir = await Deno.makeTempDir({ prefix: "gts-committed-" });
    const file = `${dir}/untrusted.html`;
    const body = outputs.map((o, i) =>
      `<section data-index="${i}" style="width:900px">${
        sanitise(o.html)
      }</section>`
    ).join("\n");
    await Deno.writeTextFile(
      file,
      `<!doctype html><html><head><meta charset="utf-8"></head><body>${body}</body></html>`,
    );
    const { browser, close } = await launchChromium(chromium!);
    try {
      const page = await browser.newPage();
      const log = await watchPage(page);
      await page.setViewport({ width: 1000, height: 800 });
      await page.goto(`file://${file}`, { waitUntil: "load" });
      const seen = await page.evaluate(
        `(() => [...document.querySelectorAll("section")].map((section) => {
        const images = [...section.querySelectorAll("img")];
        return {
          text: section.innerText.trim(),
          buttons: section.querySelectorAll("button").length,
          stepper: section.querySelector(".gts-stepper") !== null,
          images: images.map((img) => ({
            cls: img.className,
            loaded: img.complete && img.naturalWidth > 0,
            width: img.getBoundingClientRect().width,
          })),
        };
      }))()`,
      ) as {
        text: string;
        buttons: number;
        stepper: boolean;
        images: { cls: string; loaded: boolean; width: number }[];
      }[];
      seen.forEach((section, i) => {
        const where = outputs[i]!.where;
        assert.equal(section.buttons, 0, `${where}: buttons without a script`);
        for (const image of section.images) {
          assert.ok(
            image.loaded,
            `${where}: an image (${image.cls}) did not load`,
          );
          assert.ok(
            image.width > 100,
            `${where}: an image is ${image.width} px wide`,
          );
        }
        if (section.stepper) {
          assert.match(
            section.text,
            /Run the cell to step through the search/,
            `${where}: ${section.text.slice(0, 200)}`,
          );
          assert.ok(
            section.images.some((image) => image.cls.includes("gts-tree")),
            `${where}: no picture of the tree`,
          );
          // No stray digits from a tree whose SVG the sanitiser flattened.
          assert.doesNotMatch(section.text, /^\d+$/m, `${where}: stray digits`);
        }
      });
      assert.deepEqual(log.errors, []);
      assert.deepEqual(log.external, []);
      if (Deno.env.get("GTS_SCREENSHOTS") === "1") {
        const first = await page.$(".gts-stepper");
        await first?.screenshot({
          path: join(
            import.meta.dirname!,
            "..",
            "..",
            "figures",
            "screenshots",
            "untrusted_stepper_committed.png",
          ),
        });
      }
    } finally {
      await close();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
