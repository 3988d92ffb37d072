/**
 * The key under a chart: what each short tag placed on the chart stands
 * for, laid out without fonts.
 *
 * @module
 */

import { wrapText } from "./label_layout.ts";
import { escapeXmlText } from "./_xml.ts";
import { checkOptions, describe } from "../validate.ts";

/** Options of {@linkcode appendKey}. */
export interface KeyOptions {
  /** Columns of entries, an integer ≥ 1 (default 2). */
  columns?: number;
  /** Font size in pixels, > 0 (default 10). */
  fontSize?: number;
}

const WHERE = "appendKey";
/** Space around the key, and between a column's names and the next column. */
const MARGIN = 10;

/**
 * Appends a key under a chart rendered by `renderSvg`: one entry per tag,
 * `tag  name`, in columns, names wrapped to their column; the chart's
 * height and viewBox grow to hold it. The key is a `<g aria-label="key">`
 * of `<text>` lines (anchored at their start, centred on their `y`).
 *
 * @param svg a standalone SVG whose root has `width`, `height` and a viewBox,
 *   ending in `</svg>` (blanks after it are kept)
 * @param entries the tags and what they stand for, in reading order
 * @param options {@linkcode KeyOptions}
 * @throws {Error} naming the argument, its value and the rule: an svg
 *   without a numeric width and height or not ending in `</svg>`, columns
 *   not an integer ≥ 1, a fontSize not > 0, a tag or name not a string
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { appendKey } from "./chart_key.ts";
 * const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 100" height="100" width="300"></svg>';
 * const keyed = appendKey(svg, [{ tag: "1", name: "minimax" }, { tag: "2", name: "alpha-beta" }]);
 * assert.match(keyed, /viewBox="0 0 300 134" height="134"/);
 * assert.match(keyed, /<g aria-label="key"[^>]*><text x="10" y="117">1<\/text><text x="30" y="117">minimax<\/text><text x="150" y="117">2<\/text>/);
 * assert.throws(() => appendKey(svg, [], { columns: 0 }), /options\.columns must be an integer ≥ 1, got 0/);
 * ```
 */
export function appendKey(
  svg: string,
  entries: readonly { tag: string; name: string }[],
  options: KeyOptions = {},
): string {
  const { columns, fontSize } = checkKeyOptions(options);
  if (typeof svg !== "string") {
    throw new Error(`${WHERE}: svg must be a string, got ${describe(svg)}`);
  }
  checkEntries(entries);
  const root = /^<svg[^>]*>/.exec(svg)?.[0] ?? "";
  const width = Number(/ width="([\d.]+)"/.exec(root)?.[1]);
  const height = Number(/ height="([\d.]+)"/.exec(root)?.[1]);
  if (!Number.isFinite(width) || !Number.isFinite(height)) {
    throw new Error(
      `${WHERE}: svg must start with an <svg> root with a numeric width and height, got ${
        root.slice(0, 80)
      }`,
    );
  }
  // A file ends in a newline (saveSvg writes one): the key goes before it.
  if (!/<\/svg>\s*$/.test(svg)) {
    throw new Error(
      `${WHERE}: svg must end with "</svg>" (blanks after it aside), got ${
        JSON.stringify(svg.slice(-40))
      }`,
    );
  }
  const line = fontSize + 4;
  const columnWidth = (width - 2 * MARGIN) / columns;
  const indent = 2 * fontSize;
  const perColumn = Math.ceil(entries.length / columns);
  const texts: string[] = [];
  let tallest = 0;
  for (let c = 0; c < columns; c++) {
    let y = height + MARGIN + line / 2;
    const x = MARGIN + c * columnWidth;
    for (const entry of entries.slice(c * perColumn, (c + 1) * perColumn)) {
      texts.push(`<text x="${x}" y="${y}">${escapeXmlText(entry.tag)}</text>`);
      for (
        const part of wrapText(
          entry.name,
          fontSize,
          columnWidth - indent - MARGIN,
        )
      ) {
        texts.push(
          `<text x="${x + indent}" y="${y}">${escapeXmlText(part)}</text>`,
        );
        y += line;
      }
    }
    tallest = Math.max(tallest, y - height - line / 2);
  }
  const total = Math.ceil(height + tallest + MARGIN);
  const grown = root
    .replace(/ height="[\d.]+"/, ` height="${total}"`)
    .replace(/ viewBox="0 0 ([\d.]+) [\d.]+"/, ` viewBox="0 0 $1 ${total}"`);
  const key = `<g aria-label="key" font-size="${fontSize}" ` +
    `text-anchor="start" dominant-baseline="middle">${texts.join("")}</g>`;
  return grown +
    svg.slice(root.length).replace(/<\/svg>(\s*)$/, `${key}</svg>$1`);
}

function checkKeyOptions(
  options: KeyOptions,
): { columns: number; fontSize: number } {
  checkOptions(WHERE, options, ["columns", "fontSize"]);
  const columns = options.columns ?? 2;
  if (
    typeof columns !== "number" || !Number.isInteger(columns) || columns < 1
  ) {
    throw new Error(
      `${WHERE}: options.columns must be an integer ≥ 1, got ${
        describe(columns)
      }`,
    );
  }
  const fontSize = options.fontSize ?? 10;
  if (
    typeof fontSize !== "number" || !Number.isFinite(fontSize) || fontSize <= 0
  ) {
    throw new Error(
      `${WHERE}: options.fontSize must be a finite number > 0, got ${
        describe(fontSize)
      }`,
    );
  }
  return { columns, fontSize };
}

function checkEntries(entries: unknown): void {
  if (!Array.isArray(entries)) {
    throw new Error(
      `${WHERE}: entries must be an array of { tag, name }, got ${
        describe(entries)
      }`,
    );
  }
  entries.forEach((entry: unknown, i) => {
    if (entry === null || typeof entry !== "object") {
      throw new Error(
        `${WHERE}: entries[${i}] must be an object { tag, name }, got ${
          describe(entry)
        }`,
      );
    }
    for (const field of ["tag", "name"] as const) {
      const value = (entry as Record<string, unknown>)[field];
      if (typeof value !== "string") {
        throw new Error(
          `${WHERE}: entries[${i}].${field} must be a string, got ${
            describe(value)
          }`,
        );
      }
    }
  });
}
