/**
 * The course site in a real browser: `deno task site` builds into a temp
 * folder, Debian's chromium (headless) opens every page from `file://`
 * with every non-file request refused, and checks: no console errors (a
 * Content-Security-Policy violation is one) and no network request on any
 * page; every chart of every notebook page has marks, every stepper is
 * live; a stepper steps; on the play page the Connect Four hints of the
 * empty board are the book's, the hints of a solved position are the
 * solver's exact scores, and scripted games against the engine end as the
 * solver predicts (a win from a won position against random replies, a draw
 * from a drawn position against the solver's best replies); tic-tac-toe and
 * Nim engines never lose from positions they should not lose.
 *
 * With GTS_SCREENSHOTS=1 it also writes figures/screenshots/site_front.png
 * and site_play.png.
 */

import assert from "node:assert/strict";
import type { Page } from "puppeteer-core";
import {
  ConnectFour,
  ConnectFourBook,
  ConnectFourSolver,
  Random,
} from "../../mod.ts";
import { listNotebooks, readNotebook } from "../../src/notebook/jupyter.ts";
import { formatHint } from "../../src/play/web/c4_hints.ts";
import { ROOT } from "../_cli.ts";
import {
  buildSite,
  findChromium,
  launchChromium,
  type PageLog,
  watchPage,
} from "./_browser.ts";
import { lacks } from "../_programs.ts";

const chromium = findChromium();
if (chromium === null) {
  console.warn(
    "tests/browser: SKIPPED, no chromium (apt-get install chromium, or set CHROMIUM)",
  );
}

/** 14 stones, the first player to move wins (score 4, solved in 36 k nodes). */
const WON = "17275723533532";
/** 12 stones, the first player to move draws (solved in 389 k nodes). */
const DRAWN = "271642732523";
/** The nodes a column may take on the page: every solve above finishes within it. */
const BUDGET = 4_000_000;

function assertClean(log: PageLog, what: string) {
  assert.deepEqual(log.errors, [], `${what}: the page logged errors`);
  assert.deepEqual(log.external, [], `${what}: the page asked the network`);
}

/** Chart outputs (image/svg+xml) of a committed notebook. */
function chartsOf(notebook: { cells: { outputs?: { data?: object }[] }[] }) {
  let charts = 0;
  for (const cell of notebook.cells) {
    for (const output of cell.outputs ?? []) {
      if (output.data && "image/svg+xml" in output.data) charts++;
    }
  }
  return charts;
}

/** Marks of each chart figure of the page (the white background rect not counted). */
const MARKS = `[...document.querySelectorAll("figure.chart")].map((figure) =>
  [...figure.querySelectorAll("circle, path, rect, line, polyline, polygon, ellipse")]
    .filter((mark) => !(mark.tagName === "rect" && mark.getAttribute("width") === "100%"))
    .length)`;

const c4 = "document.querySelector('#connect-four')";

async function c4State(page: Page) {
  return await page.evaluate(`(() => {
    const root = ${c4};
    return {
      turn: root.dataset.turn, result: root.dataset.result,
      moves: root.dataset.moves, hints: root.dataset.hints,
      proven: root.dataset.proven,
      labels: [...root.querySelectorAll(".c4-hint")].map((label) => label.textContent),
    };
  })()`) as {
    turn: string;
    result: string;
    moves: string;
    hints: string;
    proven: string;
    labels: string[];
  };
}

/** Waits until the human is to move (hints done when `hints`) or the game is over. */
async function humanTurn(page: Page, hints: boolean) {
  await page.waitForFunction(
    `(() => { const root = ${c4};
      return root.dataset.turn === "over" ||
        (root.dataset.turn === "human" && ${
      hints ? 'root.dataset.hints === "done"' : "true"
    }); })()`,
    { timeout: 60_000 },
  );
}

/** Each column's score from the side to move after `moves` (null when full). */
function exactScores(solver: ConnectFourSolver, moves: string) {
  const position = ConnectFour.parse(moves);
  const scores: (number | null)[] = [];
  for (let column = 0; column < 7; column++) {
    if (!position.canPlay(column)) {
      scores.push(null);
    } else if (position.isWinningMove(column)) {
      scores.push((43 - position.moveCount) >> 1);
    } else {
      scores.push(
        -solver.solve(ConnectFour.parse(moves + String(column + 1))).score,
      );
    }
  }
  return scores;
}

const asText = (score: number | null) =>
  score === null ? "" : formatHint({
    column: 0,
    lower: score,
    upper: score,
    min: -21,
    max: 21,
    source: "solver",
    nodes: 0,
  });

/** Plays the human side by clicking columns until the game ends. */
async function playOut(
  page: Page,
  choose: (moves: string) => number,
  waitForHints: boolean,
) {
  for (let turn = 0; turn < 42; turn++) {
    await humanTurn(page, waitForHints);
    const state = await c4State(page);
    if (state.turn === "over") return state;
    const column = choose(state.moves);
    await page.click(`#connect-four button.c4-col[data-col="${column}"]`);
    await page.waitForFunction(
      `${c4}.dataset.moves !== ${JSON.stringify(state.moves)}`,
      { timeout: 10_000 },
    );
  }
  throw new Error("the game did not end in 42 turns");
}

Deno.test({
  name:
    "site in chromium: every page clean offline, charts have marks, a stepper steps, the engines play as solved",
  ignore: lacks("chromium"),
  async fn() {
    const { out } = await buildSite("gts-site-");
    const names = (await listNotebooks(`${ROOT}/notebooks`)).map((path) =>
      path.replace(/^.*\//, "").replace(/\.ipynb$/, "")
    );
    assert.ok(names.length >= 9, `notebooks: ${names.join(", ")}`);
    const { browser, close } = await launchChromium(chromium!);
    const screenshots = Deno.env.get("GTS_SCREENSHOTS") === "1";
    try {
      const page = await browser.newPage();
      const log = await watchPage(page);
      await page.setViewport({ width: 1200, height: 900 });

      // The front page: the course map, the figures, links to every page.
      await page.goto(`file://${out}/index.html`, { waitUntil: "load" });
      const links = await page.evaluate(
        `[...document.querySelectorAll(".front a")].map((a) => a.getAttribute("href"))`,
      ) as string[];
      for (const name of names) assert.ok(links.includes(`${name}.html`), name);
      const images = await page.evaluate(
        `[...document.querySelectorAll("#figures img")].map((img) => img.complete && img.naturalWidth > 0)`,
      ) as boolean[];
      assert.ok(images.length > 0 && images.every(Boolean), "figures load");
      assert.ok(
        await page.evaluate(`!!document.querySelector("#course-map table")`),
        "the course map's table",
      );
      if (screenshots) {
        await page.screenshot({
          path: `${ROOT}/figures/screenshots/site_front.png`,
        });
      }
      assertClean(log, "index.html");

      // Every notebook page: its charts, each with marks; its steppers live.
      let steppers = 0;
      for (const name of names) {
        await page.goto(`file://${out}/${name}.html`, { waitUntil: "load" });
        const marks = await page.evaluate(MARKS) as number[];
        const expected = chartsOf(
          await readNotebook(`${ROOT}/notebooks/${name}.ipynb`),
        );
        assert.equal(marks.length, expected, `${name}: charts shown`);
        marks.forEach((count, i) =>
          assert.ok(count > 0, `${name}: chart ${i + 1} has no marks`)
        );
        // Every stepper's script (an exercise report's walks too), rebuilt
        // by the builder, ran under the page's Content-Security-Policy.
        const modes = await page.evaluate(
          `[...document.querySelectorAll(".gts-stepper, .gts-walks")].map((s) => s.getAttribute("data-mode"))`,
        ) as string[];
        assert.deepEqual(
          modes.filter((mode) => mode !== "live"),
          [],
          `${name}: steppers not live`,
        );
        steppers += modes.length;
        assertClean(log, `${name}.html`);
      }

      assert.ok(steppers > 0, "the notebooks show steppers");

      // A stepper steps.
      await page.goto(`file://${out}/02_alpha_beta.html`, {
        waitUntil: "load",
      });
      const step =
        `document.querySelector(".gts-stepper").getAttribute("data-step")`;
      assert.equal(await page.evaluate(step), "0");
      await page.click(".gts-stepper button[data-action=next]");
      assert.equal(await page.evaluate(step), "1");
      await page.click(".gts-stepper button[data-action=next]");
      assert.equal(await page.evaluate(step), "2");
      assertClean(log, "02_alpha_beta.html stepper");

      // The play page. The empty board's hints are the book's.
      await page.goto(`file://${out}/play.html#c4=&engine=none`, {
        waitUntil: "load",
      });
      await humanTurn(page, true);
      const book = ConnectFourBook.parse(
        await Deno.readTextFile(`${ROOT}/data/connect4/book.txt`),
      );
      assert.deepEqual(
        (await c4State(page)).labels,
        [1, 2, 3, 4, 5, 6, 7].map((column) =>
          asText(-book.lookup(ConnectFour.parse(String(column)))!)
        ),
        "the empty board's hints",
      );
      assertClean(log, "play.html");

      // A position of the book's cover of sensible play (44, the engine's
      // reply to the centre): every column from the book at once, even with
      // a budget of one node a column (they took 29-44 s when only the
      // two-move positions were in the book).
      await page.goto(`file://${out}/play.html#c4=44&engine=none&budget=1`, {
        waitUntil: "load",
      });
      await humanTurn(page, true);
      assert.deepEqual(
        (await c4State(page)).labels,
        [1, 2, 3, 4, 5, 6, 7].map((column) =>
          asText(-book.lookup(ConnectFour.parse(`44${column}`))!)
        ),
        "the hints of 44",
      );
      assertClean(log, "play.html at 44");

      // A budget in the address that no solve can take: a note says so, the
      // page's own budget is used, and the engine still answers a move.
      await page.goto(
        `file://${out}/play.html#c4=44&engine=second&budget=abc`,
        { waitUntil: "load" },
      );
      assert.match(
        await page.$eval(
          "#connect-four [data-role=notice]",
          (node) => node.textContent ?? "",
        ),
        /^The address's budget "abc" is not a node count in 1…268435456: the page's \d+ nodes a column are used\.$/,
      );
      await humanTurn(page, true);
      await page.click(`#connect-four button.c4-col[data-col="0"]`);
      await page.waitForFunction(
        `${c4}.dataset.moves.length === 4 && ${c4}.dataset.turn === "human"`,
      );
      assertClean(log, "play.html with a bad budget");

      // The solver runs in a Web Worker: the page takes a move while the
      // columns of 11 are still being solved (7 × up to 16 M nodes; 11 is
      // no position of the book's cover of sensible play, whose columns
      // are all in the book).
      await page.goto(
        `file://${out}/play.html#c4=11&engine=none&budget=16000000`,
        { waitUntil: "load" },
      );
      await page.waitForFunction(`${c4}.dataset.turn === "human"`);
      assert.equal(await page.evaluate(`${c4}.dataset.solver`), "worker");
      await page.evaluate(`${c4}.addEventListener("click", () => {
        globalThis.hintsAtClick = ${c4}.dataset.hints; }, true)`);
      await page.click(`#connect-four button.c4-col[data-col="2"]`);
      assert.equal((await c4State(page)).moves, "113");
      assert.equal(await page.evaluate("globalThis.hintsAtClick"), "");
      assertClean(log, "play.html while solving");

      // A won position: the engine (first player) wins against random replies.
      const solver = new ConnectFourSolver({ entries: 1 << 20 });
      assert.equal(solver.solve(ConnectFour.parse(WON)).score, 4);
      await page.goto(
        `file://${out}/play.html#c4=${WON}&engine=first&budget=${BUDGET}`,
        { waitUntil: "load" },
      );
      const random = new Random(7);
      const won = await playOut(page, (moves) => {
        const position = ConnectFour.parse(moves);
        const legal = [0, 1, 2, 3, 4, 5, 6].filter((c) => position.canPlay(c));
        return legal[random.int(0, legal.length - 1)]!;
      }, false);
      assert.equal(won.result, "engine", `won game ${won.moves}`);
      assert.equal(won.proven, "true", "every engine move proven best");
      assertClean(log, "play.html won game");

      // A drawn position: against the solver's best replies, a draw; every
      // hint the human sees is the exact score.
      assert.equal(solver.solve(ConnectFour.parse(DRAWN)).score, 0);
      await page.goto(
        `file://${out}/play.html#c4=${DRAWN}&engine=first&budget=${BUDGET}`,
        { waitUntil: "load" },
      );
      let checked = 0;
      const drawn = await playOut(page, (moves) => {
        const scores = exactScores(solver, moves);
        const best = Math.max(...scores.filter((s) => s !== null) as number[]);
        return scores.indexOf(best);
      }, true);
      assert.equal(drawn.result, "draw", `drawn game ${drawn.moves}`);
      assert.equal(drawn.proven, "true", "every engine move proven best");
      // The hints shown at one human turn, against the solver's scores.
      await page.goto(
        `file://${out}/play.html#c4=${DRAWN}4&engine=none&budget=${BUDGET}`,
        { waitUntil: "load" },
      );
      await humanTurn(page, true);
      assert.deepEqual(
        (await c4State(page)).labels,
        exactScores(solver, `${DRAWN}4`).map(asText),
        "hints of a solved position",
      );
      checked++;
      assert.equal(checked, 1);
      if (screenshots) {
        await page.setViewport({ width: 1100, height: 1500 });
        await page.click("#tic-tac-toe input[name=hints]");
        await page.click("#tic-tac-toe .ttt-cell[data-cell='0']");
        await page.click("#nim input[name=hints]");
        await page.evaluate("scrollTo(0, 0)");
        await page.waitForFunction(
          `document.querySelector("#tic-tac-toe").dataset.turn === "human"`,
        );
        await page.screenshot({
          path: `${ROOT}/figures/screenshots/site_play.png`,
        });
        await page.setViewport({ width: 1200, height: 900 });
      }
      assertClean(log, "play.html drawn game");

      // Tic-tac-toe: the engine (O) never loses; Nim from a nim-sum of 0 with
      // the human first: the engine wins.
      await page.goto(`file://${out}/play.html`, { waitUntil: "load" });
      for (let game = 0; game < 3; game++) {
        await page.click("#tic-tac-toe button[name=new]");
        for (;;) {
          const free = await page.evaluate(
            `[...document.querySelectorAll("#tic-tac-toe .ttt-cell")].filter((b) => !b.disabled).map((b) => b.dataset.cell)`,
          ) as string[];
          const turn = await page.evaluate(
            `document.querySelector("#tic-tac-toe").dataset.turn`,
          );
          if (turn === "over") break;
          if (turn !== "human" || free.length === 0) {
            await new Promise((resolve) => setTimeout(resolve, 20));
            continue;
          }
          await page.click(
            `#tic-tac-toe .ttt-cell[data-cell="${
              free[random.int(0, free.length - 1)]
            }"]`,
          );
        }
        assert.notEqual(
          await page.evaluate(
            `document.querySelector("#tic-tac-toe").dataset.result`,
          ),
          "human",
        );
      }
      await page.evaluate(
        `document.querySelector("#nim input[name=heaps]").value = "1 2 3"`,
      );
      await page.click("#nim button[name=new]");
      for (;;) {
        const turn = await page.evaluate(
          `document.querySelector("#nim").dataset.turn`,
        );
        if (turn === "over") break;
        const tokens = await page.evaluate(
          `document.querySelectorAll("#nim .nim-token:not(:disabled)").length`,
        ) as number;
        if (turn !== "human" || tokens === 0) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          continue;
        }
        await page.evaluate(
          `document.querySelectorAll("#nim .nim-token:not(:disabled)")[${
            random.int(0, tokens - 1)
          }].click()`,
        );
      }
      assert.equal(
        await page.evaluate(`document.querySelector("#nim").dataset.result`),
        "engine",
      );
      assertClean(log, "play.html tic-tac-toe and Nim");
      await page.close();
    } finally {
      await close();
      await Deno.remove(out, { recursive: true });
    }
  },
});
