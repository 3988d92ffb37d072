/**
 * The interactive stepper: one self-contained HTML string (SVG tree, inline
 * style and script, no network, nothing to install) that steps through a
 * recorded search with next / previous / play / reset buttons, a speed for
 * play and the keys → ← space Home. It works wherever a notebook's
 * `text/html` output runs scripts: JupyterLab, the classic notebook, VS
 * Code, and the HTML that `jupyter nbconvert --to html` exports. Where
 * scripts do not run (a notebook JupyterLab does not trust yet) it shows a
 * picture of the finished search and one line: run the cell to step
 * through it.
 *
 * @module
 */

import { type JupyterDisplay, mimeBundle } from "../plot/_jupyter_display.ts";
import type { ArrayTree } from "../trees/explicit_tree.ts";
import { base64Utf8 } from "../plot/_base64.ts";
import { CHAR_EM } from "../plot/label_layout.ts";
import {
  checkCssId,
  checkInteger,
  checkOptions,
  describe,
} from "../validate.ts";
import { checkSearchSteps } from "./_check_steps.ts";
import {
  type NodeView,
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
/** Values are drawn bold at 12 px, centred on their node; names at 12 px. */
const LABEL_SIZE = 12;
/**
 * How far left of its node's centre a name ends (it is anchored at its
 * end): past the node's box and past a value of six characters ("≥ −100")
 * centred on the node, by label_layout's estimate, and 4 px more. Names
 * were centred 23 px left of the node, over the box and over values such
 * as "≤ −12".
 */
const NAME_END = Math.ceil(
  Math.max(SIZE / 2, (6 * LABEL_SIZE * CHAR_EM) / 2) + 4,
);

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

function layout(
  recorded: SearchSteps,
): { x: number[]; y: number[]; shift: number } {
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
  // A long name left of a node near the left edge would start outside the
  // picture: the whole tree moves right to hold it.
  const shift = Math.ceil(Math.max(
    0,
    ...nodes.map((node, n) =>
      node.name === undefined ? 0 : NAME_END +
        [...node.name].length * LABEL_SIZE * CHAR_EM + 2 - x[n]!
    ),
  ));
  return { x: x.map((v) => v + shift), y, shift };
}

/** Above this many nodes the stepper warns that stepping is slow going. */
export const STEPPER_WARN_NODES = 100;

/** The play speeds offered, in milliseconds a step; the default is 700. */
export const STEPPER_SPEEDS: readonly { label: string; ms: number }[] = [
  { label: "slow", ms: 1500 },
  { label: "normal", ms: 700 },
  { label: "fast", ms: 300 },
  { label: "fastest", ms: 100 },
];

/** The tree's look, scoped by `scope` (`#id ` in a page, `` in an SVG file). */
function treeCss(scope: string): string {
  return `${scope}svg text{text-anchor:middle}
${scope}line{stroke:#444;stroke-width:1.5}
${scope}line[data-cut]{stroke:#bbb;stroke-dasharray:4 3;stroke-width:1}
${scope}g rect,${scope}g circle{stroke:#222;stroke-width:1.5;fill:#fff}
${scope}g[data-kind=max][data-state=open] rect,${scope}g[data-kind=max][data-state=done] rect{fill:#dbe9f6}
${scope}g[data-kind=min][data-state=open] circle,${scope}g[data-kind=min][data-state=done] circle{fill:#fbe3d6}
${scope}g[data-state=unseen] rect,${scope}g[data-state=unseen] circle{stroke:#999;fill:#fff}
${scope}g[data-state=cut] rect,${scope}g[data-state=cut] circle{stroke:#ccc;fill:#f2f2f2;stroke-dasharray:3 2}
${scope}g[data-current=true] rect,${scope}g[data-current=true] circle{stroke:#e07000;stroke-width:4}
${scope}.gts-value{font-weight:bold;font-size:12px;fill:#111}
${scope}.gts-written{font-size:12px;fill:#aaa}
${scope}g[data-state=open] .gts-written,${scope}g[data-state=done] .gts-written{display:none}
${scope}g[data-state=cut] .gts-written{fill:#ccc}
${scope}.gts-window{font-size:10px;fill:#555}
${scope}.gts-name{font-style:italic;font-size:12px;fill:#333;text-anchor:end}`;
}

/** The tree's edges and nodes as they show after a step. */
function treeMarkup(
  recorded: SearchSteps,
  place: { x: number[]; y: number[] },
  views: readonly NodeView[],
  current: number,
): string {
  const { x, y } = place;
  const { nodes } = recorded;
  const parts: string[] = [];
  nodes.forEach((node, n) => {
    if (node.parent < 0) return;
    parts.push(
      `<line data-edge="${escapeHtml(String(node.path))}" x1="${
        x[node.parent]
      }" y1="${y[node.parent]! + SIZE / 2}" x2="${x[n]}" y2="${
        y[n]! - SIZE / 2
      }"${views[n]!.state === "cut" ? ' data-cut="true"' : ""}/>`,
    );
  });
  nodes.forEach((node, n) => {
    const view = views[n]!;
    const isLeaf = node.leaf !== undefined;
    const shape = node.isMax || isLeaf
      ? `<rect x="${x[n]! - SIZE / 2}" y="${
        y[n]! - SIZE / 2
      }" width="${SIZE}" height="${SIZE}" rx="3"/>`
      : `<circle cx="${x[n]}" cy="${y[n]}" r="${SIZE / 2 + 1}"/>`;
    parts.push(
      `<g data-node="${escapeHtml(String(node.path))}" data-kind="${
        isLeaf ? "leaf" : node.isMax ? "max" : "min"
      }" data-state="${view.state}"${
        n === current ? ' data-current="true"' : ""
      }>` +
        shape +
        (isLeaf
          ? `<text class="gts-written" x="${x[n]}" y="${y[n]! + 4}">${
            escapeHtml(String(node.leaf))
          }</text>`
          : "") +
        `<text class="gts-value" x="${x[n]}" y="${y[n]! + 4}">${
          escapeHtml(view.value)
        }</text>` +
        `<text class="gts-window" x="${x[n]}" y="${
          isLeaf ? y[n]! + SIZE / 2 + 13 : y[n]! - SIZE / 2 - 5
        }">${escapeHtml(view.window)}</text>` +
        (node.name === undefined
          ? ""
          : `<text class="gts-name" x="${x[n]! - NAME_END}" y="${y[n]! + 4}">${
            escapeHtml(node.name)
          }</text>`) +
        `</g>`,
    );
  });
  return parts.join("");
}

function treeSize(
  recorded: SearchSteps,
  place: { y: number[]; shift: number },
): { width: number; height: number } {
  const leaves = recorded.nodes.filter((n) => n.leaf !== undefined).length;
  return {
    width: Math.max(SIDE * 2 + LEAF_GAP * leaves + place.shift, 360),
    height: Math.max(...place.y) + SIZE / 2 + 26,
  };
}

/**
 * The tree as a standalone SVG document after step `step` (default: the
 * last, the finished search): what the stepper shows where its script does
 * not run. Its style sheet is inside, so it reads the same as an `<img>` or
 * a file; labels are drawn at 10–12 px at its natural size.
 *
 * @param recorded the steps (see {@linkcode searchSteps})
 * @param step the step to draw, from 0 to the last
 * @returns the SVG document
 * @throws {Error} when `step` is not a step of `recorded`, or `recorded`
 *   does not have the shape {@linkcode searchSteps} gives (the field, its
 *   value and the rule named)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { searchSteps } from "./search_steps.ts";
 * import { stepperTreeSvg } from "./search_stepper.ts";
 * const svg = stepperTreeSvg(searchSteps([[3, 12, 8], [2, 4, 6], [14, 5, 2]]));
 * assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="564"/);
 * assert.equal(svg.match(/data-state="cut"/g)!.length, 2);
 * ```
 */
export function stepperTreeSvg(recorded: SearchSteps, step?: number): string {
  checkSearchSteps("stepperTreeSvg", recorded);
  const last = recorded.steps.length - 1;
  const at = step ?? last;
  checkInteger("stepperTreeSvg", "step", at, 0, last);
  const place = layout(recorded);
  const { width, height } = treeSize(recorded, place);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif">` +
    `<style>${treeCss("")}</style>` +
    `<rect width="100%" height="100%" fill="#fff"/>` +
    treeMarkup(
      recorded,
      place,
      nodeViewsAt(recorded, at),
      at === last ? -1 : recorded.steps[at]!.node,
    ) +
    `</svg>`;
}

/**
 * The style sheet of the stepper whose `<div>` has the id `id`: every rule
 * scoped to `#id`. The site keeps a stepper's `<style>` only when it is
 * this text (see `src/site/sanitize_rules.ts`).
 *
 * @param id the stepper's id, `gts-stepper-…`
 * @returns the CSS
 * @throws {Error} when `id` is not a letter then letters, digits, `-` and
 *   `_`: CSS in it (`x{}textarea`) would leave the rules after it unscoped
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { stepperCss } from "./search_stepper.ts";
 * assert.match(stepperCss("gts-stepper-a-0"), /^#gts-stepper-a-0\{font-family:/);
 * assert.throws(() => stepperCss("x{}textarea"), /stepperCss: id must be a letter then letters, digits, - and _/);
 * ```
 */
export function stepperCss(id: string): string {
  checkCssId("stepperCss", "id", id);
  return `#${id}{font-family:system-ui,sans-serif;font-size:13px;outline:none;max-width:100%}
#${id}:focus{box-shadow:0 0 0 2px #9cc3ea}
#${id} .gts-bar{margin:4px 0}
#${id} button{margin-right:4px;padding:2px 8px;font-size:13px;cursor:pointer}
#${id} select{font-size:13px}
#${id} .gts-status{margin:4px 0;min-height:1.4em}
#${id} .gts-warning{margin:4px 0;color:#8a4b00}
#${id} [data-role=window]{font-family:ui-monospace,monospace;background:#fff4c2;padding:0 4px}
#${id} [data-role=scroll]{overflow-x:auto;max-width:100%}
#${id} [data-role=scroll] svg,#${id} [data-role=scroll] img{max-width:none;height:auto;display:block}
${treeCss(`#${id} `)}`;
}

/** JSON for an inline script: no `<` at all, so no `</script>` or `<!--`. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/**
 * The stepper's HTML for a recorded search (see {@linkcode searchSteps}):
 * one `<div>` that reads well both where scripts run and where they do not.
 *
 * Without scripts (a notebook JupyterLab does not trust yet, whose HTML it
 * sanitises: no `<script>`, `<style>` or `<svg>`) it shows one line, "Run
 * the cell to step through the search", with what the search visited
 * (nodes entered and leaves evaluated, as the searchers' `stats.nodes` and
 * `stats.leaves` count them, beside the written tree's nodes and leaves)
 * and how many frames the stepper has, and a picture of the finished
 * search ({@linkcode stepperTreeSvg}, as an `<img>` with a `data:` source,
 * which the sanitiser keeps), in a box that scrolls sideways rather than
 * shrinking the labels. Its script replaces both with the interactive
 * stepper: the tree as inline SVG at its natural size in a box that scrolls
 * sideways (and follows the current node), next / previous / play / reset,
 * the keys → ← space Home, and a speed for play. Above
 * {@linkcode STEPPER_WARN_NODES} nodes a line warns that stepping is slow
 * going.
 *
 * Stable hooks for tests and styling: the outer `<div>` carries
 * `data-mode` (`static`, then `live` once the script ran), `data-step`,
 * `data-steps` (the last step's number), `data-current-node` (the current
 * node's path, `""` for the root) and `data-interval` (play's milliseconds a
 * step); `[data-role=static]` is the picture's part, `[data-role=note]` its
 * line, `[data-role=scroll]` the sideways-scrolling box, `[data-role=speed]`
 * the speed's `<select>`, `[data-role=warning]` the size warning; each
 * node's `<g>` carries `data-node` (its path) and `data-state` (`unseen`,
 * `open`, `done`, `cut`), and `data-current="true"` on the current node;
 * buttons carry `data-action` (`reset`, `prev`, `play`, `next`);
 * `[data-role=window]` shows the current window (`window (3, +∞)`) and
 * `[data-role=text]` what the step did (without the window: it is said
 * once).
 *
 * @param recorded the steps to show
 * @param title an optional heading
 * @throws {Error} when `recorded` does not have the shape
 *   {@linkcode searchSteps} gives (a path that is not child numbers joined
 *   by dots, a leaf that is not an integer, …: the field, its value and the
 *   rule named), or `title` is not a string
 *
 * @example The parts a page without scripts shows
 * ```ts
 * import assert from "node:assert/strict";
 * import { searchSteps } from "./search_steps.ts";
 * import { stepperHtml } from "./search_stepper.ts";
 * const html = stepperHtml(searchSteps([[3, 5], [2, 9]]));
 * assert.match(html, /data-mode="static" data-step="0" data-steps="12" data-current-node=""/);
 * assert.match(html, /Run the cell to step through the search/);
 * assert.match(html, /alpha-beta entered 6 of the tree's 7 nodes \(the root included\) and evaluated 3 of its 4 leaves; 13 frames to step through/);
 * assert.match(html, /<img class="gts-tree" src="data:image\/svg\+xml;base64,/);
 * assert.equal(html.replace(/<script>[^]*<\/script>/, "").includes("<button"), false);
 * ```
 */
export function stepperHtml(recorded: SearchSteps, title?: string): string {
  checkSearchSteps("stepperHtml", recorded);
  if (title !== undefined && typeof title !== "string") {
    throw new Error(
      `stepperHtml: title must be a string, got ${describe(title)}`,
    );
  }
  const place = layout(recorded);
  const data = {
    nodes: recorded.nodes.map((n) => n.path),
    x: place.x,
    steps: recorded.steps.map((s) => ({
      node: s.node,
      window: s.window,
      text: s.text,
      changes: s.changes.map((c) => [c.node, c.state, c.value, c.window]),
    })),
  };
  const json = scriptJson(data);
  const id = `gts-stepper-${hash(json)}-${instances++}`;
  const { nodes } = recorded;
  const { width, height } = treeSize(recorded, place);
  const last = recorded.steps.length - 1;
  const step0 = recorded.steps[0]!;
  const speed = STEPPER_SPEEDS.find((s) => s.label === "normal")!.ms;
  const frames = recorded.steps.length;
  const warning = nodes.length > STEPPER_WARN_NODES
    ? `<div class="gts-warning" data-role="warning">\u26A0 a tree of ${nodes.length} nodes, ${frames} frames: too many to follow one by one. Step through a smaller tree, or play it fastest to watch the cuts.</div>`
    : "";
  // What the search visited, counted as its stats count nodes and leaves,
  // beside the written tree's size: the picture draws the cut subtrees too.
  const leaves = nodes.filter((node) => node.leaf !== undefined).length;
  const searcher = recorded.algorithm === "minimax" ? "minimax" : "alpha-beta";
  const visited = `${searcher} entered ${recorded.visited.nodes} of the ` +
    `tree's ${nodes.length} nodes (the root included) and evaluated ` +
    `${recorded.visited.leaves} of its ${leaves} leaves`;
  const css = stepperCss(id);
  const live = `<div class="gts-bar">` +
    `<button type="button" data-action="reset" title="Home">|\u25C0 reset</button>` +
    `<button type="button" data-action="prev" title="\u2190">\u25C0 previous</button>` +
    `<button type="button" data-action="play" title="space">\u25B6 play</button>` +
    `<button type="button" data-action="next" title="\u2192">next \u25B6</button>` +
    ` frame <span data-role="step">0</span> / ${last}` +
    ` <label>speed <select data-role="speed">${
      STEPPER_SPEEDS.map((s) =>
        `<option value="${s.ms}"${
          s.ms === speed ? " selected" : ""
        }>${s.label}</option>`
      ).join("")
    }</select></label>` +
    ` <span style="color:#777">(click here, then \u2190 \u2192 space Home)</span></div>` +
    warning +
    `<div class="gts-status"><span data-role="text">${
      escapeHtml(step0.text)
    }</span> <span data-role="window"${
      step0.window === "" ? ' style="display:none"' : ""
    }>${
      step0.window === "" ? "" : `window ${escapeHtml(step0.window)}`
    }</span></div>` +
    `<div data-role="scroll" style="overflow-x:auto;max-width:100%">` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" style="max-width:none;display:block">` +
    treeMarkup(recorded, place, nodeViewsAt(recorded, 0), 0) +
    `</svg></div>`;
  const picture = base64Utf8(stepperTreeSvg(recorded));
  const staticPart = `<div data-role="static">` +
    `<div data-role="note" style="margin:4px 0"><b>\u25B6 Run the cell to step through the search</b> (scripts of a notebook that is not trusted yet do not run); below, the finished search: ${visited}; ${frames} frames to step through.</div>` +
    warning +
    `<div data-role="scroll" style="overflow-x:auto;max-width:100%">` +
    `<img class="gts-tree" src="data:image/svg+xml;base64,${picture}" width="${width}" height="${height}" alt="${
      escapeHtml(
        `The ${
          recorded.algorithm === "minimax" ? "minimax" : "alpha-beta"
        } search finished: ${recorded.steps.at(-1)!.text}`,
      )
    }" style="max-width:none;height:auto"></div></div>`;
  // The page's whole behaviour. It finds its stepper through its own script
  // element, so that it works before JupyterLab attaches the output to the
  // page, and falls back to the id.
  const script = `(function(){
var me=document.currentScript,id=${JSON.stringify(id)};
var root=me&&me.parentNode&&me.parentNode.id===id?me.parentNode:document.getElementById(id);
if(!root||root.getAttribute("data-mode")==="live")return;
var data=${json};
var pictured=root.querySelector("[data-role=static]");if(pictured)pictured.parentNode.removeChild(pictured);
var box=document.createElement("div");box.className="gts-live";box.innerHTML=${
    scriptJson(live)
  };
root.insertBefore(box,me&&me.parentNode===root?me:null);
root.setAttribute("data-mode","live");
var groups={},edges={};
root.querySelectorAll("g[data-node]").forEach(function(g){groups[g.getAttribute("data-node")]=g;});
root.querySelectorAll("line[data-edge]").forEach(function(l){edges[l.getAttribute("data-edge")]=l;});
var step=0,timer=null,playButton=root.querySelector("[data-action=play]");
var scroller=root.querySelector("[data-role=scroll]"),speed=root.querySelector("[data-role=speed]");
var interval=Number(speed.value);root.setAttribute("data-interval",String(interval));
function follow(n){
  var x=data.x[n],w=scroller.clientWidth;
  if(scroller.scrollWidth<=w)return;
  if(x<scroller.scrollLeft+40||x>scroller.scrollLeft+w-40)scroller.scrollLeft=Math.max(0,x-w/2);
}
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
  w.textContent=current.window===""?"":"window "+current.window;w.style.display=current.window===""?"none":"";
  follow(current.node);
}
function tick(){if(step>=data.steps.length-1){stop();return;}show(step+1);}
function stop(){if(timer!==null){clearInterval(timer);timer=null;}playButton.textContent="\\u25B6 play";root.setAttribute("data-playing","false");}
function play(){
  if(timer!==null){stop();return;}
  if(step>=data.steps.length-1)show(0);
  playButton.textContent="\\u2016 pause";root.setAttribute("data-playing","true");
  timer=setInterval(tick,interval);
}
speed.addEventListener("change",function(){
  interval=Number(speed.value);root.setAttribute("data-interval",String(interval));
  if(timer!==null){clearInterval(timer);timer=setInterval(tick,interval);}
});
function act(action){
  if(action==="play"){play();return;}
  stop();
  if(action==="next")show(step+1);else if(action==="prev")show(step-1);else if(action==="reset")show(0);
}
root.querySelectorAll("button[data-action]").forEach(function(b){
  b.addEventListener("click",function(){act(b.getAttribute("data-action"));root.focus();});
});
root.addEventListener("keydown",function(e){
  if(e.target===speed)return;
  var action={ArrowRight:"next",ArrowLeft:"prev"," ":"play",Home:"reset"}[e.key];
  if(!action)return;
  e.preventDefault();e.stopPropagation();act(action);
});
show(0);
})();`;
  return `<div class="gts-stepper" id="${id}" tabindex="0" data-algorithm="${
    escapeHtml(String(recorded.algorithm))
  }" data-mode="static" data-step="0" data-steps="${last}" data-current-node="">` +
    `<style>${css}</style>` +
    (title === undefined ? "" : `<div><b>${escapeHtml(title)}</b></div>`) +
    staticPart +
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
  if (title !== undefined && typeof title !== "string") {
    throw new Error(
      `searchStepper: options.title must be a string, got ${describe(title)}`,
    );
  }
  const recorded = searchSteps(tree, rest);
  const html = stepperHtml(recorded, title);
  return {
    html,
    recorded,
    ...mimeBundle({ "text/html": html }),
  };
}
