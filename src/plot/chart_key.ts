/**
 * The key under a chart: what each short tag placed on the chart stands
 * for. Laid out without fonts by label_layout.ts's estimate (an em-width per
 * character), so that no line of it overlaps another.
 *
 * @module
 */

import { CHAR_EM, wrapText } from "./label_layout.ts";
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
 * Names start after the widest tag and a gap (at least two ems in): a
 * name never runs into its tag. A word wider than its column is broken
 * inside, so that it never runs into the next column.
 *
 * @param svg a standalone SVG whose root has `width`, `height` and a viewBox,
 *   ending in `</svg>` (blanks after it are kept)
 * @param entries the tags and what they stand for, in reading order
 * @param options {@linkcode KeyOptions}
 * @throws {Error} naming the argument, its value and the rule: an svg
 *   without a numeric width and height or not ending in `</svg>`, entries
 *   not a non-empty array, columns
 *   not an integer ≥ 1, a fontSize not > 0, a tag or name not a string, or
 *   columns too narrow to hold one character after the widest tag
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
  const char = fontSize * CHAR_EM;
  const line = fontSize + 4;
  const columnWidth = (width - 2 * MARGIN) / columns;
  // Each tag is estimated as textBox estimates it; the names start one
  // character past the widest, and never closer than two ems as before.
  const widest = entries.reduce(
    (most, entry) =>
      [...entry.tag].length > [...most].length ? entry.tag : most,
    "",
  );
  const indent = Math.max(2 * fontSize, ([...widest].length + 1) * char);
  const room = columnWidth - indent - MARGIN;
  if (room < char) {
    const px = (value: number) => Math.round(value * 10) / 10;
    throw new Error(
      `${WHERE}: ${columns} columns of ${
        px(columnWidth)
      } px leave no room for a name after the tag ${JSON.stringify(widest)} (${
        px([...widest].length * char)
      } px) at fontSize ${fontSize}; use fewer columns, a smaller fontSize or shorter tags`,
    );
  }
  const perColumn = Math.ceil(entries.length / columns);
  const texts: string[] = [];
  let tallest = 0;
  for (let c = 0; c < columns; c++) {
    let y = height + MARGIN + line / 2;
    const x = MARGIN + c * columnWidth;
    for (const entry of entries.slice(c * perColumn, (c + 1) * perColumn)) {
      texts.push(`<text x="${x}" y="${y}">${escapeXmlText(entry.tag)}</text>`);
      const words = breakLongWords(entry.name, Math.floor(room / char));
      for (const part of wrapText(words, fontSize, room)) {
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

/** `text` with every word longer than `most` characters cut into pieces of `most`. */
function breakLongWords(text: string, most: number): string {
  return text.split(/\s+/).map((word) => {
    const characters = [...word];
    const pieces: string[] = [];
    for (let i = 0; i < characters.length; i += most) {
      pieces.push(characters.slice(i, i + most).join(""));
    }
    return pieces.join(" ");
  }).join(" ");
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
  if (!Array.isArray(entries) || entries.length === 0) {
    // An empty key would grow the chart by a blank band.
    throw new Error(
      `${WHERE}: entries must be a non-empty array of { tag, name }, got ${
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
