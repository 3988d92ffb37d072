/**
 * Labels that neither overlap nor leave the chart, laid out without fonts:
 * a text's box is estimated from its length (an em-width per character),
 * the same estimate the tests measure rendered charts with. Points are
 * labelled with short tags (numbers) placed around their dots, away from
 * every other tag and dot, and the long names go to a key under the chart
 * (`appendKey`, in chart_key.ts).
 *
 * @module
 */

import {
  checkNonNegative,
  checkString,
  describe,
  readOptions,
} from "../validate.ts";

/** Estimated advance of one character, in ems: digits in DejaVu Sans are 0.64 em. */
export const CHAR_EM = 0.65;

/** The anchors of an SVG `<text>`, as {@linkcode textBox} takes them. */
const ANCHORS: readonly string[] = ["start", "middle", "end"];

/** `value` when it is a finite number; a NaN would make every box miss every other. */
function checkFinite(where: string, name: string, value: unknown): number {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new Error(
      `${where}: ${name} must be a finite number, got ${describe(value)}`,
    );
  }
  return value;
}

/** `value` when it is a finite number > 0 (a font size, a width). */
function checkPositive(where: string, name: string, value: unknown): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
    throw new Error(
      `${where}: ${name} must be a finite number > 0, got ${describe(value)}`,
    );
  }
  return value;
}

/** `value` when it is a {@linkcode Box} of finite numbers, left ≤ right and top ≤ bottom. */
function checkBox(where: string, name: string, value: unknown): Box {
  if (value === null || typeof value !== "object") {
    throw new Error(
      `${where}: ${name} must be a box { left, right, top, bottom }, got ${
        describe(value)
      }`,
    );
  }
  const box = value as Record<string, unknown>;
  const read = {
    left: checkFinite(where, `${name}.left`, box.left),
    right: checkFinite(where, `${name}.right`, box.right),
    top: checkFinite(where, `${name}.top`, box.top),
    bottom: checkFinite(where, `${name}.bottom`, box.bottom),
  };
  if (read.left > read.right || read.top > read.bottom) {
    throw new Error(
      `${where}: ${name} must have left ≤ right and top ≤ bottom, got left ${read.left}, right ${read.right}, top ${read.top}, bottom ${read.bottom}`,
    );
  }
  return read;
}

/** A box in pixels. */
export interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * The box a text takes, by its anchor (`start`, `middle` or `end`) and its
 * vertical middle `y` (Plot's text marks centre the line on `y`).
 *
 * @throws {Error} naming the argument, its value and the rule: `x` or `y`
 *   not a finite number, an anchor other than the three (SVG has no
 *   `"center"`), a text not a string, a fontSize not a finite number > 0
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { textBox } from "./label_layout.ts";
 * assert.deepEqual(textBox(100, 50, "middle", "12", 10), { left: 93.5, right: 106.5, top: 44, bottom: 56 });
 * assert.throws(() => textBox(100, 50, "center" as never, "12", 10), /textBox: anchor must be one of start, middle, end, got "center"/);
 * ```
 */
export function textBox(
  x: number,
  y: number,
  anchor: "start" | "middle" | "end",
  text: string,
  fontSize: number,
): Box {
  const where = "textBox";
  checkFinite(where, "x", x);
  checkFinite(where, "y", y);
  if (!ANCHORS.includes(anchor)) {
    throw new Error(
      `${where}: anchor must be one of ${ANCHORS.join(", ")}, got ${
        describe(anchor)
      }`,
    );
  }
  checkString(where, "text", text);
  checkPositive(where, "fontSize", fontSize);
  return estimateBox(x, y, anchor, text, fontSize);
}

/** {@linkcode textBox} of checked arguments: placeTags's hot loop. */
function estimateBox(
  x: number,
  y: number,
  anchor: "start" | "middle" | "end",
  text: string,
  fontSize: number,
): Box {
  const width = [...text].length * fontSize * CHAR_EM;
  const left = anchor === "start"
    ? x
    : anchor === "end"
    ? x - width
    : x - width / 2;
  const half = fontSize / 2 + 1;
  return { left, right: left + width, top: y - half, bottom: y + half };
}

/**
 * Whether two boxes overlap (touching edges do not).
 *
 * @throws {Error} naming the box whose edge is not a finite number (a NaN
 *   edge would make it overlap nothing), or whose left is right of its
 *   right or top below its bottom
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { boxesOverlap } from "./label_layout.ts";
 * const a = { left: 0, right: 10, top: 0, bottom: 10 };
 * assert.equal(boxesOverlap(a, { left: 5, right: 15, top: 5, bottom: 15 }), true);
 * assert.equal(boxesOverlap(a, { left: 10, right: 20, top: 0, bottom: 10 }), false);
 * ```
 */
export function boxesOverlap(a: Box, b: Box): boolean {
  checkBox("boxesOverlap", "a", a);
  checkBox("boxesOverlap", "b", b);
  return overlap(a, b);
}

/** {@linkcode boxesOverlap} of checked boxes: placeTags's hot loop. */
function overlap(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom &&
    b.top < a.bottom;
}

/** A point to tag, in pixels. */
export interface TagPoint {
  x: number;
  y: number;
  tag: string;
}

/** Where a tag went: its centre, and whether it needs a line to its dot. */
export interface PlacedTag {
  x: number;
  y: number;
  tag: string;
  /** Far enough from its dot that a leader line shows which dot it names. */
  leader: boolean;
}

/** Options of {@linkcode placeTags}. */
export interface PlaceTagsOptions {
  /** The area the tags must stay inside. */
  area: Box;
  /** The tags' font size in pixels. */
  fontSize: number;
  /** The dots' radius in pixels (tags keep off every dot). */
  radius: number;
}

/**
 * Places a short tag by every point: right, left, above or below its dot
 * when there is room, otherwise further out (with a leader line), never
 * over another tag or dot, never outside `area`. Points are taken from top
 * to bottom; a point with no free place within 12 rings keeps the ring-1
 * place on its right and is reported by the tests that measure the chart.
 *
 * @throws {Error} naming the argument, its value and the rule: points not
 *   an array of `{ x, y, tag }` (finite numbers, a string), an unknown
 *   option, an area not a box of finite numbers, a fontSize not a finite
 *   number > 0, a radius not a finite number ≥ 0
 *
 * @example Two dots at the same place: the second tag goes elsewhere
 * ```ts
 * import assert from "node:assert/strict";
 * import { placeTags, textBox, boxesOverlap } from "./label_layout.ts";
 * const area = { left: 0, right: 200, top: 0, bottom: 100 };
 * const tags = placeTags([{ x: 50, y: 50, tag: "1" }, { x: 50, y: 50, tag: "2" }], { area, fontSize: 9, radius: 5 });
 * const [a, b] = tags.map((t) => textBox(t.x, t.y, "middle", t.tag, 9));
 * assert.equal(boxesOverlap(a!, b!), false);
 * ```
 */
export function placeTags(
  points: readonly TagPoint[],
  options: PlaceTagsOptions,
): PlacedTag[] {
  const { area, fontSize, radius } = checkPlaceTags(points, options);
  const dots = points.map((p) => ({
    left: p.x - radius,
    right: p.x + radius,
    top: p.y - radius,
    bottom: p.y + radius,
  }));
  const placed: Box[] = [];
  const result: PlacedTag[] = new Array(points.length);
  const order = points.map((_, i) => i).sort((a, b) =>
    points[a]!.y - points[b]!.y || points[a]!.x - points[b]!.x
  );
  const inside = (box: Box) =>
    box.left >= area.left && box.right <= area.right &&
    box.top >= area.top && box.bottom <= area.bottom;
  const free = (box: Box) =>
    inside(box) && !placed.some((other) => overlap(box, other)) &&
    !dots.some((dot) => overlap(box, dot));
  for (const i of order) {
    const p = points[i]!;
    const width = [...p.tag].length * fontSize * CHAR_EM;
    const step = fontSize + 3;
    const candidates: { x: number; y: number; leader: boolean }[] = [];
    for (let ring = 1; ring <= 12; ring++) {
      const dx = radius + 2 + width / 2 + (ring - 1) * step;
      const dy = radius + fontSize / 2 + 2 + (ring - 1) * step;
      const leader = ring > 1;
      candidates.push(
        { x: p.x + dx, y: p.y, leader },
        { x: p.x - dx, y: p.y, leader },
        { x: p.x, y: p.y - dy, leader },
        { x: p.x, y: p.y + dy, leader },
        { x: p.x + dx, y: p.y - dy, leader: true },
        { x: p.x + dx, y: p.y + dy, leader: true },
        { x: p.x - dx, y: p.y - dy, leader: true },
        { x: p.x - dx, y: p.y + dy, leader: true },
      );
    }
    const found = candidates.find((c) =>
      free(estimateBox(c.x, c.y, "middle", p.tag, fontSize))
    ) ?? candidates[0]!;
    placed.push(estimateBox(found.x, found.y, "middle", p.tag, fontSize));
    result[i] = { x: found.x, y: found.y, tag: p.tag, leader: found.leader };
  }
  return result;
}

/** placeTags's options, checked and read once; every point checked. */
function checkPlaceTags(
  points: unknown,
  options: unknown,
): { area: Box; fontSize: number; radius: number } {
  const where = "placeTags";
  if (!Array.isArray(points)) {
    throw new Error(
      `${where}: points must be an array of { x, y, tag }, got ${
        describe(points)
      }`,
    );
  }
  points.forEach((point: unknown, i) => {
    if (point === null || typeof point !== "object") {
      throw new Error(
        `${where}: points[${i}] must be an object { x, y, tag }, got ${
          describe(point)
        }`,
      );
    }
    const { x, y, tag } = point as Record<string, unknown>;
    checkFinite(where, `points[${i}].x`, x);
    checkFinite(where, `points[${i}].y`, y);
    checkString(where, `points[${i}].tag`, tag);
  });
  if (options === undefined) {
    throw new Error(
      `${where}: options { area, fontSize, radius } are required, got undefined`,
    );
  }
  const read = readOptions(where, options, ["area", "fontSize", "radius"]);
  return {
    area: checkBox(where, "options.area", read.area),
    fontSize: checkPositive(where, "options.fontSize", read.fontSize),
    radius: checkNonNegative(where, "options.radius", read.radius),
  };
}

/**
 * `text` broken at spaces into lines of at most `width` pixels (estimated);
 * a word longer than a line gets a line of its own.
 *
 * @throws {Error} naming the argument, its value and the rule: a text not
 *   a string, a fontSize or width not a finite number > 0 (a NaN width put
 *   every word on a line of its own)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { wrapText } from "./label_layout.ts";
 * assert.deepEqual(wrapText("aa bb cc", 10, 33), ["aa bb", "cc"]);
 * assert.throws(() => wrapText("aa bb", 10, NaN), /wrapText: width must be a finite number > 0, got NaN/);
 * ```
 */
export function wrapText(
  text: string,
  fontSize: number,
  width: number,
): string[] {
  checkString("wrapText", "text", text);
  checkPositive("wrapText", "fontSize", fontSize);
  checkPositive("wrapText", "width", width);
  const fits = (line: string) => [...line].length * fontSize * CHAR_EM <= width;
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter((w) => w !== "")) {
    const longer = line === "" ? word : `${line} ${word}`;
    if (line === "" || fits(longer)) line = longer;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line !== "") lines.push(line);
  return lines;
}
