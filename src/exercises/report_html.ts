/**
 * A check's report as one self-contained HTML block (inline style and
 * script, nothing loaded from anywhere), for a notebook's `text/html`
 * output and the HTML that `jupyter nbconvert --to html` exports. On
 * success it lists what was checked; on failure it shows the message, the
 * student's value beside the right one, the code that rebuilds the case,
 * and the counterexample drawn twice side by side — the student's search
 * and the course's — with a stepper that walks both, node by node, up to
 * the node where they part. Where scripts do not run (a notebook not
 * trusted yet) both trees are pictures at that node, with one line saying
 * to run the cell.
 *
 * @module
 */

import { base64Utf8 } from "../plot/_base64.ts";
import { checkCssId, describe } from "../validate.ts";
import { JUPYTER_DISPLAY } from "../plot/_jupyter_display.ts";
import {
  type DrawnTree,
  type PaneState,
  placeTree,
  treeCss,
  treeMarkup,
  treeSvg,
} from "./drawn_tree.ts";
import {
  checkReport,
  type ExerciseReport,
  type WalkComparison,
} from "./exercise.ts";
import { reportText } from "./report_text.ts";
import type { NodePath } from "./walk.ts";

/**
 * The style sheet of the walk stepper whose `<div>` has the id `id`: every
 * rule scoped to `#id`. The site keeps its `<style>` only when it is this
 * text (see `src/site/sanitize_rules.ts`).
 *
 * @param id the stepper's id, `gts-walks-…`
 * @returns the CSS
 * @throws {Error} when `id` is not a letter then letters, digits, `-` and
 *   `_`: CSS in it (`x{}textarea`) would leave the rules after it unscoped
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { walksCss } from "./report_html.ts";
 * assert.match(walksCss("gts-walks-a-0"), /^#gts-walks-a-0\{font-family:/);
 * assert.throws(() => walksCss("x,textarea"), /walksCss: id must be a letter then letters, digits, - and _/);
 * ```
 */
export function walksCss(id: string): string {
  checkCssId("walksCss", "id", id);
  return `#${id}{font-family:system-ui,sans-serif;font-size:13px;outline:none;max-width:100%}
#${id}:focus{box-shadow:0 0 0 2px #9cc3ea}
#${id} .gts-panes{display:flex;flex-wrap:wrap;gap:12px}
#${id} .gts-pane{border:1px solid #ddd;padding:4px;max-width:100%}
#${id} .gts-pane-title{font-weight:bold;margin-bottom:2px}
#${id} button{margin-right:4px;padding:2px 8px;font-size:13px;cursor:pointer}
#${id} .gts-status{margin:4px 0;min-height:1.4em}
${treeCss(`#${id} `)}`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(
    />/g,
    "&gt;",
  ).replace(/"/g, "&quot;");
}

/** JSON for an inline script: no `<` at all, so no `</script>` or `<!--`. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/** A short stable hash, so two outputs get different ids. */
function hash(text: string): string {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  }
  return (h >>> 0).toString(36);
}

let instances = 0;

/** The last step of the stepper: the parting node, or the end of the longer walk. */
export function lastStep(walks: WalkComparison): number {
  return walks.parting === null
    ? Math.max(walks.yours.length, walks.right.length)
    : walks.parting.index + 1;
}

/**
 * Each node's state in one pane after `step` nodes of `walk` are entered
 * (step ≥ 1): entered before, entered now, or the parting node; the nodes
 * of `never` (which the whole search never enters) are `never`.
 */
export function paneStates(
  walk: readonly NodePath[],
  step: number,
  parting: boolean,
  never: readonly NodePath[] = [],
): Map<NodePath, PaneState> {
  const states = new Map<NodePath, PaneState>();
  for (const path of never) states.set(path, "never");
  const shown = Math.min(step, walk.length);
  for (let i = 0; i < shown; i++) states.set(walk[i]!, "visited");
  if (step <= walk.length) {
    states.set(walk[step - 1]!, parting ? "parting" : "current");
  }
  return states;
}

/** What step `k` does, in words (without "node number k: "). */
function stepText(walks: WalkComparison, k: number, last: number): string {
  const entry = (walk: readonly NodePath[]) => {
    const path = walk[k - 1];
    return path === undefined
      ? "is over"
      : `enters ${path === "" ? "the root" : `node ${path}`}`;
  };
  const parts = `yours ${entry(walks.yours)}; ${walks.rightName} ${
    entry(walks.right)
  }`;
  return k === last && walks.parting !== null
    ? `here the searches part: ${parts}`
    : parts;
}

/**
 * The stepper through both walks, side by side, up to where they part.
 *
 * Hooks for tests: the outer `<div data-role="walks">` carries `data-mode`
 * (`static`, then `live`), `data-step` (nodes entered so far, from 1) and
 * `data-steps` (the last step); each pane is `[data-side=yours]` or
 * `[data-side=right]` with `g[data-node]` whose `data-state` is `unseen`,
 * `visited`, `current` or `parting`; buttons carry `data-action`
 * (`reset`, `prev`, `next`, `end`); `[data-role=text]` says what the step did.
 *
 * @param tree the counterexample, drawn
 * @param walks both walks
 * @returns the HTML block
 * @throws {Error} on a tree without nodes or a walk that is not a list of paths
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ExplicitTree } from "../../mod.ts";
 * import { drawTree } from "./drawn_tree.ts";
 * import { walkStepperHtml } from "./report_html.ts";
 * const tree = drawTree(ExplicitTree.from([[3, 5], [2, 9]]))!;
 * const html = walkStepperHtml(tree, {
 *   yours: ["", "0", "0.0", "0.1", "1", "1.0", "1.1"],
 *   right: ["", "0", "0.0", "0.1", "1", "1.0"],
 *   rightName: "the course's ab",
 *   parting: { index: 6, yours: "1.1", right: null },
 * });
 * assert.match(html, /data-role="walks" data-mode="static" data-step="7" data-steps="7"/);
 * assert.match(html, /Run the cell to step through both searches/);
 * ```
 */
export function walkStepperHtml(
  tree: DrawnTree,
  walks: WalkComparison,
): string {
  const where = "walkStepperHtml";
  if (!Array.isArray(tree?.nodes) || tree.nodes.length === 0) {
    throw new Error(
      `${where}: tree must be a drawn tree with nodes, got ${describe(tree)}`,
    );
  }
  for (const side of ["yours", "right"] as const) {
    const walk = walks?.[side];
    if (!Array.isArray(walk) || walk.some((p) => typeof p !== "string")) {
      throw new Error(
        `${where}: walks.${side} must be a list of node paths, got ${
          describe(walk)
        }`,
      );
    }
  }
  const last = lastStep(walks);
  const place = placeTree(tree);
  const paths = tree.nodes.map((node) => node.path);
  const data = {
    paths,
    yours: walks.yours.slice(0, last),
    right: walks.right.slice(0, last),
    last,
    parting: walks.parting !== null,
    // Whole walks: a node neither enters is drawn dashed in its pane.
    neverYours: paths.filter((path) => !walks.yours.includes(path)),
    neverRight: paths.filter((path) => !walks.right.includes(path)),
    texts: Array.from(
      { length: last },
      (_, k) => `node number ${k + 1}: ${stepText(walks, k + 1, last)}`,
    ),
  };
  const json = scriptJson(data);
  const id = `gts-walks-${hash(json)}-${instances++}`;
  const parting = walks.parting !== null;
  const picture = (walk: readonly NodePath[], never: readonly NodePath[]) =>
    base64Utf8(treeSvg(tree, paneStates(walk, last, parting, never)));
  const pane = (side: "yours" | "right", title: string, body: string) =>
    `<div class="gts-pane" data-side="${side}"><div class="gts-pane-title">${
      escapeHtml(title)
    }</div><div data-role="scroll" style="overflow-x:auto;max-width:100%">${body}</div></div>`;
  const img = (
    walk: readonly NodePath[],
    never: readonly NodePath[],
    alt: string,
  ) =>
    `<img src="data:image/svg+xml;base64,${
      picture(walk, never)
    }" width="${place.width}" height="${place.height}" alt="${
      escapeHtml(alt)
    }" style="max-width:none;height:auto">`;
  const liveSvg = (
    side: string,
    walk: readonly NodePath[],
    never: readonly NodePath[],
  ) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${place.width}" height="${place.height}" viewBox="0 0 ${place.width} ${place.height}" style="max-width:none;display:block" data-pane="${side}">` +
    treeMarkup(tree, place, paneStates(walk, 1, false, never)) + `</svg>`;
  const css = walksCss(id);
  const live = `<div class="gts-bar">` +
    `<button type="button" data-action="reset" title="Home">|\u25C0 first</button>` +
    `<button type="button" data-action="prev" title="\u2190">\u25C0 previous</button>` +
    `<button type="button" data-action="next" title="\u2192">next \u25B6</button>` +
    `<button type="button" data-action="end" title="End">${
      parting ? "where they part" : "last node"
    } \u25B6|</button>` +
    ` node <span data-role="step">1</span> / ${last}` +
    ` <span style="color:#777">(click here, then \u2190 \u2192 Home End)</span></div>` +
    `<div class="gts-status" data-role="text">${
      escapeHtml(data.texts[0] ?? "")
    }</div>` +
    `<div class="gts-panes">${
      pane(
        "yours",
        "your search",
        liveSvg("yours", data.yours, data.neverYours),
      )
    }${
      pane(
        "right",
        walks.rightName,
        liveSvg("right", data.right, data.neverRight),
      )
    }</div>`;
  const staticPart = `<div data-role="static">` +
    `<div data-role="note" style="margin:4px 0"><b>\u25B6 Run the cell to step through both searches</b> (scripts of a notebook that is not trusted yet do not run); below, both searches at node number ${last}: ${
      escapeHtml(stepText(walks, last, last))
    }.${
      parting ? "" : " Both enter the same nodes in the same order."
    } Dashed: nodes a search never enters.</div>` +
    `<div class="gts-panes">${
      pane(
        "yours",
        "your search",
        img(data.yours, data.neverYours, "your search"),
      )
    }${
      pane(
        "right",
        walks.rightName,
        img(data.right, data.neverRight, walks.rightName),
      )
    }</div></div>`;
  const script = `(function(){
var me=document.currentScript,id=${JSON.stringify(id)};
var root=me&&me.parentNode&&me.parentNode.id===id?me.parentNode:document.getElementById(id);
if(!root||root.getAttribute("data-mode")==="live")return;
var data=${json};
var pictured=root.querySelector("[data-role=static]");if(pictured)pictured.parentNode.removeChild(pictured);
var box=document.createElement("div");box.innerHTML=${scriptJson(live)};
root.insertBefore(box,me&&me.parentNode===root?me:null);
root.setAttribute("data-mode","live");
var panes={yours:{},right:{}};
["yours","right"].forEach(function(side){
  root.querySelectorAll("[data-side="+side+"] g[data-node]").forEach(function(g){panes[side][g.getAttribute("data-node")]=g;});
});
var step=1;
function paint(side,walk,never){
  var groups=panes[side];
  for(var p in groups)groups[p].setAttribute("data-state","unseen");
  never.forEach(function(p){if(groups[p])groups[p].setAttribute("data-state","never");});
  var n=Math.min(step,walk.length);
  for(var i=0;i<n;i++){var g=groups[walk[i]];if(g)g.setAttribute("data-state","visited");}
  if(step<=walk.length){var c=groups[walk[step-1]];if(c)c.setAttribute("data-state",data.parting&&step===data.last?"parting":"current");}
}
function show(k){
  step=Math.max(1,Math.min(data.last,k));
  paint("yours",data.yours,data.neverYours);paint("right",data.right,data.neverRight);
  root.setAttribute("data-step",String(step));
  root.querySelector("[data-role=step]").textContent=String(step);
  root.querySelector("[data-role=text]").textContent=data.texts[step-1];
}
function act(a){if(a==="next")show(step+1);else if(a==="prev")show(step-1);else if(a==="reset")show(1);else if(a==="end")show(data.last);}
root.querySelectorAll("button[data-action]").forEach(function(b){
  b.addEventListener("click",function(){act(b.getAttribute("data-action"));root.focus();});
});
root.addEventListener("keydown",function(e){
  var a={ArrowRight:"next",ArrowLeft:"prev",Home:"reset",End:"end"}[e.key];
  if(!a)return;e.preventDefault();e.stopPropagation();act(a);
});
show(1);
})();`;
  return `<div class="gts-walks" id="${id}" tabindex="0" data-role="walks" data-mode="static" data-step="${last}" data-steps="${last}">` +
    `<style>${css}</style>` + staticPart +
    `<script>${script}</script></div>`;
}

/**
 * The report as one HTML block: a green line listing what was checked, or
 * a red block with the failure and, where the case is a small tree, the
 * stepper through both walks ({@linkcode walkStepperHtml}).
 *
 * Hooks: the outer `<div class="gts-exercise">` carries `data-exercise` and
 * `data-verdict` (`passed` or `failed`); `[data-role=message]` is the
 * failure's message, `[data-role=yours]` and `[data-role=right]` the values.
 *
 * @throws {Error} when `report` is not what `checkExercise` returned
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mex } from "../textbook/mod.ts";
 * import { checkExercise } from "./check.ts";
 * import { reportHtml } from "./report_html.ts";
 * const html = reportHtml(checkExercise("mex", mex));
 * assert.match(html, /data-verdict="passed"/);
 * assert.match(html, /checked 200 lists up to 12 values/);
 * ```
 */
export function reportHtml(report: ExerciseReport): string {
  checkReport("reportHtml", report);
  const head = `<b>${escapeHtml(report.exercise)}</b> (${
    escapeHtml(report.title)
  })`;
  const box = (color: string, body: string) =>
    `<div class="gts-exercise" data-exercise="${
      escapeHtml(report.exercise)
    }" data-verdict="${
      report.passed ? "passed" : "failed"
    }" style="font-family:system-ui,sans-serif;font-size:13px;border-left:4px solid ${color};padding:4px 10px;margin:4px 0">${body}</div>`;
  const checks = `fast-check, seed ${report.seed}`;
  if (report.failure === null) {
    return box(
      "#2a8a2a",
      `<div>\u2714 ${head}: passed; checked ${
        escapeHtml(report.checked)
      } <span style="color:#777">(${checks})</span></div>`,
    );
  }
  const f = report.failure;
  // Left-aligned by hand: JupyterLab's own table style right-aligns cells.
  const row = (name: string, role: string, value: string) =>
    value === ""
      ? ""
      : `<tr><th style="text-align:left;padding-right:8px;vertical-align:top">${name}</th><td data-role="${role}" style="text-align:left"><code>${
        escapeHtml(value)
      }</code></td></tr>`;
  const parts = [
    `<div>\u2718 ${head}: failed on case ${report.cases} (shrunk ${f.shrinks} times to the smallest case that still fails)</div>`,
    `<div data-role="message" style="margin:6px 0;color:#a00000">${
      escapeHtml(f.message)
    }</div>`,
    `<table style="border-collapse:collapse;margin:4px 0">${
      row("setup", "setup", f.setup)
    }${row("call", "call", f.call)}${row("yours", "yours", f.yours)}${
      row("right", "right", f.right)
    }</table>`,
  ];
  if (f.board !== undefined) {
    parts.push(
      `<pre data-role="board" style="font-size:15px;line-height:1.1;margin:4px 0">${
        escapeHtml(f.board)
      }</pre>`,
    );
  }
  if (f.tree !== undefined && f.walks !== undefined) {
    parts.push(walkStepperHtml(f.tree, f.walks));
  } else if (f.tree !== undefined) {
    parts.push(
      `<img src="data:image/svg+xml;base64,${
        base64Utf8(treeSvg(f.tree))
      }" alt="the counterexample" style="max-width:none">`,
    );
  }
  parts.push(
    `<div style="color:#777;margin-top:4px">checks: ${
      escapeHtml(report.checked)
    } (${checks})</div>`,
  );
  return box("#c00000", parts.join(""));
}

/**
 * The report with a display method for the Deno kernel (not enumerable, so
 * the report stays plain data for JSON): `text/html` and `text/plain`.
 */
export function displayReport(
  report: ExerciseReport,
): ExerciseReport & { [key: symbol]: () => Record<string, string> } {
  Object.defineProperty(report, JUPYTER_DISPLAY, {
    value: () => ({
      "text/html": reportHtml(report),
      "text/plain": reportText(report),
    }),
    enumerable: false,
  });
  return report as ExerciseReport & {
    [key: symbol]: () => Record<string, string>;
  };
}
