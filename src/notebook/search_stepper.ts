/**
 * The interactive stepper: one self-contained HTML string (SVG tree, inline
 * style and script, no network, nothing to install) that steps through a
 * recorded search with next / previous / play / reset buttons and the keys
 * → ← space Home. It works wherever a notebook's `text/html` output runs
 * scripts: JupyterLab, the classic notebook, VS Code, and the HTML that
 * `jupyter nbconvert --to html` exports.
 *
 * @module
 */

import { type JupyterDisplay, mimeBundle } from "../plot/_jupyter_display.ts";
import type { ArrayTree } from "../trees/explicit_tree.ts";
import { checkOptions } from "../validate.ts";
import {
  nodeViewsAt,
  type SearchSteps,
  searchSteps,
  type SearchStepsOptions,
} from "./search_steps.ts";

/** Options of {@linkcode searchStepper}: those of {@linkcode searchSteps}, and a title. */
export interface SearchStepperOptions extends SearchStepsOptions {
  /** A heading above the controls. */
  title?: string;
}

/** The stepper's page; the Deno kernel shows it as `text/html`. */
export interface SearchStepperView extends JupyterDisplay {
  /** The HTML fragment: a `<div>` with its style, SVG and script. */
  html: string;
  /** The recorded search it steps through. */
  recorded: SearchSteps;
}

const LEAF_GAP = 56;
const LEVEL_GAP = 78;
const TOP = 34;
const SIDE = 30;
const SIZE = 28;

let instances = 0;

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(
    />/g,
    "&gt;",
  ).replace(/"/g, "&quot;");
}

/** A short stable hash, so two cells' steppers get different ids. */
function hash(text: string): string {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  }
  return (h >>> 0).toString(36);
}

function layout(recorded: SearchSteps): { x: number[]; y: number[] } {
  const { nodes } = recorded;
  const kids: number[][] = nodes.map(() => []);
  nodes.forEach((node, id) => {
    if (node.parent >= 0) kids[node.parent]!.push(id);
  });
  const x: number[] = [], y: number[] = [];
  let leaf = 0;
  const place = (id: number, depth: number) => {
    kids[id]!.forEach((child) => place(child, depth + 1));
    const own = kids[id]!;
    x[id] = own.length === 0
      ? SIDE + LEAF_GAP * leaf++ + LEAF_GAP / 2
      : (x[own[0]!]! + x[own.at(-1)!]!) / 2;
    y[id] = TOP + depth * LEVEL_GAP;
  };
  place(0, 0);
  return { x, y };
}

/**
 * The stepper's HTML for a recorded search (see {@linkcode searchSteps}).
 * Stable hooks for tests and styling: the outer `<div>` carries `data-step`,
 * `data-steps` (the last step's number), `data-current-node` (the current
 * node's path, `""` for the root); each node's `<g>` carries `data-node`
 * (its path) and `data-state` (`unseen`, `open`, `done`, `cut`), and
 * `data-current="true"` on the current node; buttons carry `data-action`
 * (`reset`, `prev`, `play`, `next`); `[data-role=window]` shows the current
 * window and `[data-role=text]` what the step did.
 *
 * @param recorded the steps to show
 * @param title an optional heading
 *
 * @example The hooks a browser test reads
 * ```ts
 * import assert from "node:assert/strict";
 * import { searchSteps } from "./search_steps.ts";
 * import { stepperHtml } from "./search_stepper.ts";
 * const html = stepperHtml(searchSteps([[3, 5], [2, 9]]));
 * assert.match(html, /data-step="0" data-steps="12" data-current-node=""/);
 * assert.match(html, /<button[^>]*data-action="next"/);
 * assert.equal(html.match(/<g data-node=/g)!.length, 7);
 * ```
 */
export function stepperHtml(recorded: SearchSteps, title?: string): string {
  const data = JSON.stringify({
    nodes: recorded.nodes.map((n) => n.path),
    steps: recorded.steps.map((s) => ({
      node: s.node,
      window: s.window,
      text: s.text,
      changes: s.changes.map((c) => [c.node, c.state, c.value, c.window]),
    })),
  });
  const id = `gts-stepper-${hash(data)}-${instances++}`;
  const { x, y } = layout(recorded);
  const { nodes } = recorded;
  const leaves = nodes.filter((n) => n.leaf !== undefined).length;
  const depth = Math.max(...y);
  const width = Math.max(SIDE * 2 + LEAF_GAP * leaves, 360);
  const height = depth + SIZE / 2 + 26;
  const first = nodeViewsAt(recorded, 0);
  const parts: string[] = [];
  nodes.forEach((node, n) => {
    if (node.parent < 0) return;
    parts.push(
      `<line data-edge="${node.path}" x1="${x[node.parent]}" y1="${
        y[node.parent]! + SIZE / 2
      }" x2="${x[n]}" y2="${y[n]! - SIZE / 2}"/>`,
    );
  });
  nodes.forEach((node, n) => {
    const view = first[n]!;
    const isLeaf = node.leaf !== undefined;
    const shape = node.isMax || isLeaf
      ? `<rect x="${x[n]! - SIZE / 2}" y="${
        y[n]! - SIZE / 2
      }" width="${SIZE}" height="${SIZE}" rx="3"/>`
      : `<circle cx="${x[n]}" cy="${y[n]}" r="${SIZE / 2 + 1}"/>`;
    parts.push(
      `<g data-node="${node.path}" data-kind="${
        isLeaf ? "leaf" : node.isMax ? "max" : "min"
      }" data-state="${view.state}"${n === 0 ? ' data-current="true"' : ""}>` +
        shape +
        (isLeaf
          ? `<text class="gts-written" x="${x[n]}" y="${
            y[n]! + 4
          }">${node.leaf}</text>`
          : "") +
        `<text class="gts-value" x="${x[n]}" y="${y[n]! + 4}">${
          escapeHtml(view.value)
        }</text>` +
        `<text class="gts-window" x="${x[n]}" y="${
          isLeaf ? y[n]! + SIZE / 2 + 13 : y[n]! - SIZE / 2 - 5
        }">${escapeHtml(view.window)}</text>` +
        (node.name === undefined
          ? ""
          : `<text class="gts-name" x="${x[n]! - SIZE / 2 - 9}" y="${
            y[n]! + 4
          }">${escapeHtml(node.name)}</text>`) +
        `</g>`,
    );
  });
  const last = recorded.steps.length - 1;
  const step0 = recorded.steps[0]!;
  const css =
    `#${id}{font-family:system-ui,sans-serif;font-size:13px;outline:none;max-width:100%;overflow-x:auto}
#${id}:focus{box-shadow:0 0 0 2px #9cc3ea}
#${id} .gts-bar{margin:4px 0}
#${id} button{margin-right:4px;padding:2px 8px;font-size:13px;cursor:pointer}
#${id} .gts-status{margin:4px 0;min-height:1.4em}
#${id} [data-role=window]{font-family:ui-monospace,monospace;background:#fff4c2;padding:0 4px}
#${id} svg text{text-anchor:middle}
#${id} line{stroke:#444;stroke-width:1.5}
#${id} line[data-cut]{stroke:#bbb;stroke-dasharray:4 3;stroke-width:1}
#${id} g rect,#${id} g circle{stroke:#222;stroke-width:1.5;fill:#fff}
#${id} g[data-kind=max][data-state=open] rect,#${id} g[data-kind=max][data-state=done] rect{fill:#dbe9f6}
#${id} g[data-kind=min][data-state=open] circle,#${id} g[data-kind=min][data-state=done] circle{fill:#fbe3d6}
#${id} g[data-state=unseen] rect,#${id} g[data-state=unseen] circle{stroke:#999;fill:#fff}
#${id} g[data-state=cut] rect,#${id} g[data-state=cut] circle{stroke:#ccc;fill:#f2f2f2;stroke-dasharray:3 2}
#${id} g[data-current=true] rect,#${id} g[data-current=true] circle{stroke:#e07000;stroke-width:4}
#${id} .gts-value{font-weight:bold;font-size:12px;fill:#111}
#${id} .gts-written{font-size:12px;fill:#aaa}
#${id} g[data-state=open] .gts-written,#${id} g[data-state=done] .gts-written{display:none}
#${id} g[data-state=cut] .gts-written{fill:#ccc}
#${id} .gts-window{font-size:10px;fill:#555}
#${id} .gts-name{font-style:italic;font-size:12px;fill:#333}`;
  // The page's whole behaviour; `</` is escaped so the data cannot end the script.
  const script = `(function(){
var root=document.getElementById(${JSON.stringify(id)});if(!root)return;
var data=${data.replace(/<\//g, "<\\/")};
var groups={},edges={};
root.querySelectorAll("g[data-node]").forEach(function(g){groups[g.getAttribute("data-node")]=g;});
root.querySelectorAll("line[data-edge]").forEach(function(l){edges[l.getAttribute("data-edge")]=l;});
var step=0,timer=null,playButton=root.querySelector("[data-action=play]");
function show(k){
  step=Math.max(0,Math.min(data.steps.length-1,k));
  var views=data.nodes.map(function(){return ["unseen","",""];});
  for(var s=0;s<=step;s++){data.steps[s].changes.forEach(function(c){views[c[0]]=[c[1],c[2],c[3]];});}
  var current=data.steps[step];
  data.nodes.forEach(function(path,n){
    var g=groups[path],v=views[n];
    g.setAttribute("data-state",v[0]);
    g.querySelector(".gts-value").textContent=v[1];
    g.querySelector(".gts-window").textContent=v[2];
    if(n===current.node)g.setAttribute("data-current","true");else g.removeAttribute("data-current");
    if(edges[path]){if(v[0]==="cut")edges[path].setAttribute("data-cut","true");else edges[path].removeAttribute("data-cut");}
  });
  root.setAttribute("data-step",String(step));
  root.setAttribute("data-current-node",data.nodes[current.node]);
  root.querySelector("[data-role=step]").textContent=String(step);
  root.querySelector("[data-role=text]").textContent=current.text;
  var w=root.querySelector("[data-role=window]");
  w.textContent=current.window;w.style.display=current.window===""?"none":"";
}
function stop(){if(timer!==null){clearInterval(timer);timer=null;}playButton.textContent="\\u25B6 play";root.setAttribute("data-playing","false");}
function play(){
  if(timer!==null){stop();return;}
  if(step>=data.steps.length-1)show(0);
  playButton.textContent="\\u2016 pause";root.setAttribute("data-playing","true");
  timer=setInterval(function(){if(step>=data.steps.length-1){stop();return;}show(step+1);},700);
}
function act(action){
  if(action==="play"){play();return;}
  stop();
  if(action==="next")show(step+1);else if(action==="prev")show(step-1);else if(action==="reset")show(0);
}
root.querySelectorAll("button[data-action]").forEach(function(b){
  b.addEventListener("click",function(){act(b.getAttribute("data-action"));root.focus();});
});
root.addEventListener("keydown",function(e){
  var action={ArrowRight:"next",ArrowLeft:"prev"," ":"play",Home:"reset"}[e.key];
  if(!action)return;
  e.preventDefault();e.stopPropagation();act(action);
});
show(0);
})();`;
  return `<div class="gts-stepper" id="${id}" tabindex="0" data-algorithm="${recorded.algorithm}" data-step="0" data-steps="${last}" data-current-node="">` +
    `<style>${css}</style>` +
    (title === undefined ? "" : `<div><b>${escapeHtml(title)}</b></div>`) +
    `<div class="gts-bar">` +
    `<button type="button" data-action="reset" title="Home">|\u25C0 reset</button>` +
    `<button type="button" data-action="prev" title="\u2190">\u25C0 previous</button>` +
    `<button type="button" data-action="play" title="space">\u25B6 play</button>` +
    `<button type="button" data-action="next" title="\u2192">next \u25B6</button>` +
    ` step <span data-role="step">0</span> / ${last}` +
    ` <span style="color:#777">(click here, then \u2190 \u2192 space Home)</span></div>` +
    `<div class="gts-status"><span data-role="text">${
      escapeHtml(step0.text)
    }</span> <span data-role="window"${
      step0.window === "" ? ' style="display:none"' : ""
    }>${escapeHtml(step0.window)}</span></div>` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    parts.join("") + `</svg>` +
    `<script>${script}</script></div>`;
}

/**
 * Records minimax or alpha-beta on a written tree and returns the stepper
 * for it: as the last expression of a notebook cell it shows the tree with
 * next / previous / play / reset and the keys → ← space Home; the current
 * node ringed in orange, each node's window (α, β) and value as known at
 * that step, subtrees greyed when they are cut.
 *
 * @param tree the tree as the course writes it (leaves from MAX's view)
 * @param options {@linkcode SearchStepperOptions}
 * @throws {Error} as {@linkcode searchSteps} does, and on an unknown option
 *
 * @example Lesson 001's tree, stepped through alpha-beta
 * ```ts
 * import assert from "node:assert/strict";
 * import { searchStepper } from "./search_stepper.ts";
 * const stepper = searchStepper([[3, 12, 8], [2, 4, 6], [14, 5, 2]], {
 *   names: { "": "A", "0": "B", "1": "C", "2": "D" },
 * });
 * const html = stepper[Symbol.for("Jupyter.display")]!()["text/html"]!;
 * assert.match(html, /^<div class="gts-stepper"/);
 * assert.equal(stepper.recorded.steps.filter((s) => s.kind === "cut").length, 1);
 * ```
 */
export function searchStepper(
  tree: ArrayTree,
  options: SearchStepperOptions = {},
): SearchStepperView {
  checkOptions("searchStepper", options, [
    "algorithm",
    "names",
    "alpha",
    "beta",
    "title",
  ]);
  const { title, ...rest } = options;
  const recorded = searchSteps(tree, rest);
  const html = stepperHtml(recorded, title);
  return {
    html,
    recorded,
    ...mimeBundle({ "text/html": html }),
  };
}
