/// <reference lib="dom" />
/**
 * The notebook pages' "Edit and run": every try-it and exercise cell
 * (`section.cell.code[data-editable]`) gets an editor with Run and Stop.
 * Run makes the cell's program (`cell_program.ts`: sucrase strips the
 * types, here in the page), starts a Web Worker from a blob URL holding the
 * bundled library and the program (no `eval` anywhere: the page's policy
 * allows workers from `blob:` and nothing else new), and shows what the cell
 * prints and displays. Markup a cell displays goes through DOMPurify with
 * the site's rules before it lands in the page; a search stepper gets the
 * site's own `stepper_live.js` with its checked data, an exercise report's
 * walk stepper `walks_live.js`. A run is stopped by
 * Stop or by its time budget, the worker terminated either way.
 *
 * Bundled by `deno task site` into the classic script `run.js`, after the
 * worker's source in `self.GTS_LIBRARY_SOURCE`.
 *
 * @module
 */

import createDOMPurify from "dompurify";
import { Marked } from "marked";
import { cellProgram, CellSyntaxError } from "../cell_program.ts";
import {
  addSiteHooks,
  type PurifyRun,
  SITE_PURIFY_CONFIG,
} from "../sanitize_rules.ts";
import { stepperParts } from "../stepper.ts";
import { walksParts } from "../walks.ts";

const LIBRARY = (self as unknown as { GTS_LIBRARY_SOURCE?: string })
  .GTS_LIBRARY_SOURCE ?? "";
const LIBRARY_LINES = LIBRARY.split("\n").length;
const CELL_PREFIX = "\nself.__gtsCell = ";

/** The longest time budget a reader may set, in seconds. */
const MAX_BUDGET_SECONDS = 600;

/** Seconds a run may take unless the reader sets another budget. */
const DEFAULT_BUDGET_SECONDS = 20;

let purify: ReturnType<typeof createDOMPurify> | undefined;
let purifyRun: PurifyRun | undefined;
const marked = new Marked({ gfm: true });

/** Markup made safe; the steppers' scripts it held, kept aside. */
function clean(html: string): { fragment: DocumentFragment; run: PurifyRun } {
  const run: PurifyRun = { scripts: [], dropped: [] };
  purifyRun = run;
  try {
    if (purify === undefined) {
      purify = createDOMPurify(window);
      addSiteHooks(purify, () => purifyRun);
    }
    const fragment = purify.sanitize(html, {
      ...SITE_PURIFY_CONFIG,
      RETURN_DOM_FRAGMENT: true,
    }) as DocumentFragment;
    return { fragment, run };
  } finally {
    purifyRun = undefined;
  }
}

function cleanHtml(html: string): string {
  const holder = document.createElement("div");
  holder.appendChild(clean(html).fragment);
  return holder.innerHTML;
}

/** A display bundle as page elements: SVG, then HTML, Markdown, text. */
function renderDisplay(bundle: Record<string, string>): HTMLElement {
  const svg = bundle["image/svg+xml"];
  if (svg !== undefined) {
    const figure = document.createElement("figure");
    figure.className = "output chart";
    figure.dataset.mime = "image/svg+xml";
    figure.appendChild(clean(svg.replace(/^\s*<\?xml[^>]*\?>/, "")).fragment);
    return figure;
  }
  const html = bundle["text/html"];
  if (html !== undefined) {
    const div = document.createElement("div");
    div.className = "output html";
    div.dataset.mime = "text/html";
    const { fragment, run } = clean(html);
    div.appendChild(fragment);
    for (const { id, text } of run.scripts) {
      const stepper = [
        ...div.querySelectorAll("div.gts-stepper, div.gts-walks"),
      ]
        .find((d) => d.id === id);
      const walks = stepper?.classList.contains("gts-walks") ?? false;
      const parts = (walks ? walksParts : stepperParts)(text, id, cleanHtml);
      if (stepper === undefined || "dropped" in parts) continue;
      const script = document.createElement("script");
      script.setAttribute("data-gts-id", JSON.stringify(parts.id));
      script.setAttribute("data-gts-steps", JSON.stringify(parts.data));
      script.setAttribute("data-gts-live", parts.live);
      script.src = walks ? "walks_live.js" : "stepper_live.js";
      stepper.appendChild(script);
    }
    return div;
  }
  const markdown = bundle["text/markdown"];
  if (markdown !== undefined) {
    const div = document.createElement("div");
    div.className = "output markdown";
    div.dataset.mime = "text/markdown";
    div.appendChild(
      clean(marked.parse(markdown, { async: false }) as string).fragment,
    );
    return div;
  }
  return textOutput("output plain", bundle["text/plain"] ?? "");
}

function textOutput(className: string, text: string): HTMLElement {
  const pre = document.createElement("pre");
  pre.className = className;
  pre.textContent = text;
  return pre;
}

/** One editable cell's editor, controls and run. */
class CellEditor {
  readonly #section: HTMLElement;
  readonly #editor: HTMLTextAreaElement;
  readonly #run: HTMLButtonElement;
  readonly #stop: HTMLButtonElement;
  readonly #budget: HTMLInputElement;
  readonly #status: HTMLElement;
  readonly #outputs: HTMLElement;
  #worker: Worker | null = null;
  #url: string | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #started = 0;

  constructor(section: HTMLElement) {
    this.#section = section;
    const source = section.querySelector("pre.source")?.textContent ?? "";
    const panel = document.createElement("div");
    panel.className = "edit-run";
    this.#editor = document.createElement("textarea");
    this.#editor.className = "cell-editor";
    this.#editor.spellcheck = false;
    this.#editor.value = source;
    this.#editor.rows = Math.min(30, source.split("\n").length + 1);
    this.#editor.setAttribute("aria-label", "the cell's code, to edit");
    const controls = document.createElement("div");
    controls.className = "run-controls";
    this.#run = button("Run", "run");
    this.#stop = button("Stop", "stop");
    this.#stop.disabled = true;
    const label = document.createElement("label");
    label.textContent = "time budget (s) ";
    this.#budget = document.createElement("input");
    this.#budget.type = "number";
    this.#budget.min = "1";
    this.#budget.max = String(MAX_BUDGET_SECONDS);
    this.#budget.value = String(DEFAULT_BUDGET_SECONDS);
    this.#budget.className = "run-budget";
    label.appendChild(this.#budget);
    this.#status = document.createElement("span");
    this.#status.className = "run-status";
    this.#status.setAttribute("role", "status");
    controls.append(this.#run, this.#stop, label, this.#status);
    this.#outputs = document.createElement("div");
    this.#outputs.className = "outputs run-outputs";
    panel.append(this.#editor, controls, this.#outputs);
    const toggle = button("Edit and run", "edit");
    toggle.addEventListener("click", () => {
      section.classList.add("editing");
      toggle.remove();
      this.#editor.focus();
    });
    section.insertBefore(toggle, section.querySelector(".outputs"));
    section.appendChild(panel);
    this.#run.addEventListener("click", () => this.run());
    this.#stop.addEventListener("click", () => this.stop("stopped by you"));
    this.#editor.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        this.run();
      }
    });
  }

  /** The code this cell shows now (edited or as committed). */
  get source(): string {
    return this.#section.classList.contains("editing")
      ? this.#editor.value
      : this.#section.querySelector("pre.source")?.textContent ?? "";
  }

  run(): void {
    this.stop(null);
    this.#outputs.replaceChildren();
    const earlier: string[] = [];
    for (const cell of document.querySelectorAll("section.cell.code")) {
      if (cell === this.#section) break;
      const editor = EDITORS.get(cell);
      earlier.push(
        editor
          ? editor.source
          : cell.querySelector("pre.source")?.textContent ?? "",
      );
    }
    let program;
    try {
      program = cellProgram(this.#editor.value, earlier);
    } catch (error) {
      const message = error instanceof CellSyntaxError
        ? `${error.name}: ${error.message}`
        : `Error: ${error instanceof Error ? error.message : String(error)}`;
      this.#outputs.appendChild(textOutput("output error", message));
      this.#setStatus("not run: the code does not parse", "error");
      return;
    }
    // The field's own range, 1…600 s, whatever was typed into it (a value
    // past about 2.1 million seconds overflowed the timer: no budget); the
    // field then shows the budget used.
    const typed = Math.round(Number(this.#budget.value));
    const seconds = Number.isFinite(typed) && this.#budget.value.trim() !== ""
      ? Math.min(MAX_BUDGET_SECONDS, Math.max(1, typed))
      : DEFAULT_BUDGET_SECONDS;
    this.#budget.value = String(seconds);
    this.#section.classList.add("has-run");
    this.#url = URL.createObjectURL(
      new Blob([LIBRARY, CELL_PREFIX, program.code, ";\n"], {
        type: "text/javascript",
      }),
    );
    const worker = new Worker(this.#url);
    this.#worker = worker;
    const offset = LIBRARY_LINES; // the prefix's line break starts line LIBRARY_LINES + 1
    const place = (line?: number, column?: number) => {
      if (line === undefined || column === undefined) return null;
      return program.place(line - offset, column);
    };
    worker.onmessage = (event: MessageEvent) => {
      if (worker !== this.#worker) return;
      const data = event.data as Record<string, unknown>;
      if (typeof data.stream === "string") {
        this.#outputs.appendChild(textOutput(
          `output stream ${data.stream === "stderr" ? "stderr" : "stdout"}`,
          String(data.text),
        ));
      } else if (typeof data.display === "object" && data.display !== null) {
        this.#outputs.appendChild(
          renderDisplay(data.display as Record<string, string>),
        );
      } else if (typeof data.error === "object" && data.error !== null) {
        const error = data.error as {
          name: string;
          message: string;
          places?: [number, number][];
        };
        // The innermost frame in the cell: an error the library throws is
        // shown where the cell called it.
        const at = (error.places ?? []).map(([line, column]) =>
          place(line, column)
        ).find((found) => found !== null) ?? null;
        this.#outputs.appendChild(textOutput(
          "output error",
          `${error.name}: ${error.message}${
            at ? ` (line ${at.line}, column ${at.column})` : ""
          }`,
        ));
      } else if (data.done) {
        const ms = performance.now() - this.#started;
        this.#finish(`finished in ${(ms / 1000).toFixed(1)} s`, "done");
      }
    };
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      if (worker !== this.#worker) return;
      const at = place(event.lineno, event.colno);
      this.#outputs.appendChild(textOutput(
        "output error",
        `${event.message}${
          at ? ` (line ${at.line}, column ${at.column})` : ""
        }`,
      ));
      this.#finish("failed", "error");
    };
    this.#started = performance.now();
    this.#run.disabled = true;
    this.#stop.disabled = false;
    this.#setStatus(`running (time budget ${seconds} s)…`, "running");
    this.#timer = setTimeout(
      () =>
        this.stop(
          `stopped: the time budget of ${seconds} s ran out (the worker was terminated)`,
        ),
      seconds * 1000,
    );
    worker.postMessage({ run: true });
  }

  /** Ends a run: `why` is said in the outputs, or nothing when null. */
  stop(why: string | null): void {
    if (this.#worker === null) return;
    this.#worker.terminate();
    if (why !== null) {
      const seconds = (performance.now() - this.#started) / 1000;
      const text = why === "stopped by you"
        ? `stopped by you after ${
          seconds.toFixed(1)
        } s (the worker was terminated)`
        : why;
      this.#outputs.appendChild(textOutput("output error stopped", text));
      this.#finish(text, "stopped");
    } else {
      this.#finish("", "");
    }
  }

  #finish(text: string, state: string): void {
    clearTimeout(this.#timer);
    this.#worker?.terminate();
    this.#worker = null;
    if (this.#url !== null) URL.revokeObjectURL(this.#url);
    this.#url = null;
    this.#run.disabled = false;
    this.#stop.disabled = true;
    this.#setStatus(text, state);
  }

  #setStatus(text: string, state: string): void {
    this.#status.textContent = text;
    this.#section.dataset.runState = state;
  }
}

function button(text: string, action: string): HTMLButtonElement {
  const element = document.createElement("button");
  element.type = "button";
  element.textContent = text;
  element.dataset.action = action;
  return element;
}

const EDITORS = new Map<Element, CellEditor>();
// Only on a page of the site (run.js sets the worker's source first).
if (LIBRARY !== "" && typeof document !== "undefined") {
  for (
    const section of document.querySelectorAll(
      "section.cell.code[data-editable]",
    )
  ) {
    EDITORS.set(section, new CellEditor(section as HTMLElement));
  }
}
