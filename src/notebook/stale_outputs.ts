/**
 * Whether a committed notebook's outputs are what its code prints today: the
 * committed notebook against a fresh execution of it, output by output.
 *
 * The rule for what may differ: nothing, except in a code cell tagged
 * {@linkcode VOLATILE_TAG} (cell metadata `tags`), which prints times or
 * rates. There every number (and a chart's base64 payload) is masked and
 * the padding of table columns folded before comparing, so the cell's
 * outputs, words and units must still agree; an SVG chart there is compared
 * by its presence only, as its axes follow the times. The execution count, output metadata
 * and which process wrote a stream are never compared.
 *
 * @module
 */

import type { Notebook, NotebookCell, NotebookOutput } from "./jupyter.ts";

/** The cell tag that marks outputs with times in them (numbers masked). */
export const VOLATILE_TAG = "volatile-output";

/** A code cell whose committed outputs differ from the fresh ones. */
export interface StaleCell {
  /** 1-based, counting every cell, as Jupyter numbers them. */
  cell: number;
  /** Where they first differ, in a sentence. */
  reason: string;
}

/** A cell with its metadata, as nbformat stores it. */
type CellWithTags = NotebookCell & { metadata?: { tags?: unknown } };

/** The text of a source, stream or MIME value (nbformat splits them into lines). */
function text(value: string | string[] | undefined): string {
  return Array.isArray(value) ? value.join("") : value ?? "";
}

/**
 * The text of one MIME value. nbformat stores a JSON MIME type
 * (`application/json`, `…+json`) as the value itself, not as text: it is
 * compared by its JSON, keys sorted. Two executions give equal objects,
 * never the same one, so comparing the objects found every such output
 * stale, and reading one as text threw.
 */
function mimeText(mime: string, value: unknown): string {
  if (
    !/[/+]json$/.test(mime) && (typeof value === "string" ||
      Array.isArray(value) && value.every((line) => typeof line === "string"))
  ) {
    return text(value);
  }
  return JSON.stringify(
    value ?? null,
    (_, inner: unknown) =>
      inner !== null && typeof inner === "object" && !Array.isArray(inner)
        ? Object.fromEntries(
          Object.entries(inner).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0),
        )
        : inner,
  );
}

/**
 * Every number, with its separators and decimals, as `#`; and every base64
 * payload (a chart as an `<img>` data URL), whose letters change with its
 * numbers.
 */
function maskNumbers(value: string): string {
  return value.replace(/base64,[A-Za-z0-9+/=]+/g, "base64,#")
    .replace(/\d[\d,.\u202f]*/g, "#");
}

/**
 * A volatile cell's text: numbers masked, and the padding that a table's
 * column width (which follows its longest number) adds folded away.
 */
function maskVolatile(value: string): string {
  return maskNumbers(value).replace(/-{3,}/g, "---").replace(/[ \t]+/g, " ");
}

/** One compared part of an output: its name in a message, and its text. */
interface OutputPart {
  /** `stream stdout`, `error TypeError` or a MIME type. */
  label: string;
  text: string;
}

/**
 * What is compared of one output: its kind and its text, MIME by MIME. A
 * display's kind is the list of its MIME types, so one MIME more or less is
 * a difference of kind.
 */
function shape(
  output: NotebookOutput,
  volatile: boolean,
): { kind: string; parts: OutputPart[] } {
  const mask = volatile ? maskVolatile : (value: string) => value;
  switch (output.output_type) {
    case "stream": {
      const label = `stream ${output.name ?? ""}`;
      return { kind: label, parts: [{ label, text: mask(text(output.text)) }] };
    }
    case "error": {
      const label = `error ${output.ename ?? ""}`;
      return {
        kind: label,
        parts: [{ label, text: mask(output.evalue ?? "") }],
      };
    }
    default: {
      const data = output.data ?? {};
      const mimes = Object.keys(data).sort();
      return {
        kind: `display of ${mimes.join(", ") || "nothing"}`,
        parts: mimes.map((mime) => ({
          label: mime,
          // A chart of times changes its ticks and scales: there only its
          // presence is compared.
          text: volatile && mime === "image/svg+xml"
            ? "(a chart)"
            : mask(mimeText(mime, data[mime])),
        })),
      };
    }
  }
}

/** The first line where two texts differ, both sides cut short, for a message. */
function firstDifference(committed: string, fresh: string): string {
  const a = committed.split("\n"), b = fresh.split("\n");
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) {
      const cut = (line: string | undefined) =>
        line === undefined ? "(nothing)" : JSON.stringify(
          line.length > 120 ? line.slice(0, 117) + "..." : line,
        );
      return `line ${i + 1}: committed ${cut(a[i])}, fresh ${cut(b[i])}`;
    }
  }
  return "";
}

/**
 * Where one output differs, in a sentence, or null when it does not: its
 * kind, else the first part that differs and the line within that part's
 * own text.
 */
function outputDifference(
  committed: NotebookOutput,
  fresh: NotebookOutput,
  volatile: boolean,
): string | null {
  const before = shape(committed, volatile), after = shape(fresh, volatile);
  if (before.kind !== after.kind) {
    return `is a ${before.kind} committed, a ${after.kind} now`;
  }
  for (let i = 0; i < before.parts.length; i++) {
    const a = before.parts[i]!, b = after.parts[i]!;
    if (a.text !== b.text) {
      return `differs in its ${a.label} at ${firstDifference(a.text, b.text)}`;
    }
  }
  return null;
}

/**
 * The code cells of `committed` whose outputs differ from `fresh` (the same
 * notebook executed now). Both must have the same cells: `fresh` is an
 * execution of `committed`.
 *
 * @example A time that changes is allowed only in a tagged cell
 * ```ts
 * import assert from "node:assert/strict";
 * import { staleOutputs, VOLATILE_TAG } from "./stale_outputs.ts";
 * const cell = (out: string, tags: string[] = []) => ({
 *   cell_type: "code", source: "f()", metadata: { tags },
 *   outputs: [{ output_type: "stream", name: "stdout", text: out }],
 * });
 * const committed = { cells: [cell("took 1.2 s"), cell("took 3.4 s", [VOLATILE_TAG])] };
 * const fresh = { cells: [cell("took 1.9 s"), cell("took 0.8 s", [VOLATILE_TAG])] };
 * assert.deepEqual(staleOutputs(committed, fresh).map((s) => s.cell), [1]);
 * ```
 */
export function staleOutputs(
  committed: Notebook,
  fresh: Notebook,
): StaleCell[] {
  if (committed.cells.length !== fresh.cells.length) {
    return [{
      cell: 0,
      reason:
        `${committed.cells.length} cells committed, ${fresh.cells.length} executed`,
    }];
  }
  const stale: StaleCell[] = [];
  committed.cells.forEach((cell, index) => {
    if (cell.cell_type !== "code") return;
    const tags = (cell as CellWithTags).metadata?.tags;
    const volatile = Array.isArray(tags) && tags.includes(VOLATILE_TAG);
    const before = cell.outputs ?? [];
    const after = fresh.cells[index]!.outputs ?? [];
    if (before.length !== after.length) {
      stale.push({
        cell: index + 1,
        reason: `${before.length} output(s) committed, ${after.length} now`,
      });
      return;
    }
    for (let i = 0; i < before.length; i++) {
      const difference = outputDifference(before[i]!, after[i]!, volatile);
      if (difference !== null) {
        stale.push({
          cell: index + 1,
          reason: `output ${i + 1} ${difference}`,
        });
        return;
      }
    }
  });
  return stale;
}
