// The atlas's power-against-cost chart on the committed full run's rows: its
// axes are read as numbers a reader knows, never with SI prefixes.
import assert from "node:assert/strict";
import { powerCostChart, readAtlasFile } from "../src/course/atlas/report.ts";
import { type Box, boxesOverlap, textBox } from "../src/plot/label_layout.ts";

/** The text of an axis's tick labels, in order (unlabelled ticks left out). */
function tickLabels(svg: string, axis: "x" | "y"): string[] {
  const group = new RegExp(
    `<g[^>]* aria-label="${axis}-axis tick label"[^>]*>([^]*?)</g>`,
  ).exec(svg);
  assert.ok(group, `the chart has ${axis}-axis tick labels`);
  return [...group[1]!.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) =>
    m[1]!
  );
}

Deno.test("atlas power-cost chart: the y-axis ratios read as decimals (0.3, not 300m)", () => {
  const file = readAtlasFile();
  assert.ok(file !== null, "figures/atlas/rows.json");
  const { svg } = powerCostChart(file.rows);
  for (const axis of ["x", "y"] as const) {
    const labels = tickLabels(svg, axis);
    assert.ok(labels.length >= 3, `${axis}: ${labels}`);
    for (const label of labels) {
      // "300m" is 0.3 in SI milli: a ratio must not read as a length.
      assert.match(label, /^\d+(\.\d+)?$/, `${axis}-axis tick "${label}"`);
    }
  }
  const ys = tickLabels(svg, "y").map(Number);
  assert.ok(ys.some((y) => y < 1) && ys.includes(1), ys.join(" "));
});

/** The number a chart's attribute holds, or `fallback`. */
function numberAttr(attrs: string, name: string, fallback = 0): number {
  const found = new RegExp(`(?:^|\\s)${name}="([-\\d.]+)"`).exec(attrs);
  return found ? Number(found[1]) : fallback;
}

/** A `translate(x,y)` in `attrs`, or [0, 0]. */
function translation(attrs: string): [number, number] {
  const t = /transform="translate\(([-\d.]+),([-\d.]+)\)"/.exec(attrs);
  return t ? [Number(t[1]), Number(t[2])] : [0, 0];
}

/**
 * Every label of the chart (Plot's text marks and the key) as a box in the
 * SVG's own pixels, by its position, anchor and estimated width, and every
 * dot: what a reader sees overlapping, measured without a browser.
 */
function measure(svg: string) {
  const root = /^<svg([^>]*)>/.exec(svg)![1]!;
  const width = numberAttr(root, "width");
  const height = numberAttr(root, "height");
  const plot = /<svg([^>]*)class="plot-/.exec(svg)![1]!;
  const [px, py] = [numberAttr(plot, "x"), numberAttr(plot, "y")];
  const labels: { text: string; box: Box }[] = [];
  for (
    const group of svg.matchAll(
      /<g([^>]*aria-label="(?:text|key)"[^>]*)>([^]*?)<\/g>/g,
    )
  ) {
    const attrs = group[1]!;
    const inPlot = attrs.includes('aria-label="text"');
    const [gx, gy] = translation(attrs);
    const size = numberAttr(attrs, "font-size", 10);
    // A text mark without its own anchor takes the plot's (Plot: middle).
    const inherited = inPlot
      ? /text-anchor="(\w+)"/.exec(plot)?.[1] ?? "start"
      : "start";
    const anchor = (/text-anchor="(\w+)"/.exec(attrs)?.[1] ?? inherited) as
      | "start"
      | "middle"
      | "end";
    for (const text of group[2]!.matchAll(/<text([^>]*)>([^<]*)<\/text>/g)) {
      const [tx, ty] = translation(text[1]!);
      const x = (inPlot ? px : 0) + gx + tx + numberAttr(text[1]!, "x");
      const y = (inPlot ? py : 0) + gy + ty + numberAttr(text[1]!, "y");
      labels.push({
        text: text[2]!,
        box: textBox(x, y, anchor, text[2]!, size),
      });
    }
  }
  const dots = [...svg.matchAll(/<circle([^>]*)\/?>/g)].map((c) => {
    const [x, y, r] = ["cx", "cy", "r"].map((n) => numberAttr(c[1]!, n));
    return {
      left: px + x! - r!,
      right: px + x! + r!,
      top: py + y! - r!,
      bottom: py + y! + r!,
    };
  });
  return { width, height, labels, dots };
}

/** What overlaps or sticks out, one line each. */
function layoutProblems(svg: string): string[] {
  const { width, height, labels, dots } = measure(svg);
  const problems: string[] = [];
  const round = (b: Box) =>
    [b.left, b.right, b.top, b.bottom].map((v) => Math.round(v)).join(",");
  for (const [i, a] of labels.entries()) {
    if (a.box.left < 0 || a.box.right > width) {
      problems.push(`"${a.text}" (${round(a.box)}) leaves the width ${width}`);
    }
    if (a.box.top < 0 || a.box.bottom > height) {
      problems.push(
        `"${a.text}" (${round(a.box)}) leaves the height ${height}`,
      );
    }
    for (const b of labels.slice(i + 1)) {
      if (boxesOverlap(a.box, b.box)) {
        problems.push(`"${a.text}" overlaps "${b.text}"`);
      }
    }
    if (dots.some((dot) => boxesOverlap(a.box, dot))) {
      problems.push(`"${a.text}" covers a dot`);
    }
  }
  return problems;
}

Deno.test("atlas power-cost chart: no label overlaps another label or a dot, and none leaves the chart", () => {
  const file = readAtlasFile();
  assert.ok(file !== null, "figures/atlas/rows.json");
  const { svg } = powerCostChart(file.rows);
  assert.deepEqual(layoutProblems(svg), []);
  const { labels, dots } = measure(svg);
  // One number per dot, and a key entry naming each.
  const numbers = labels.filter((l) => /^\d+$/.test(l.text));
  assert.equal(numbers.length, 2 * dots.length, "a tag and a key number each");
  assert.ok(labels.some((l) => l.text === "PVS / NegaScout"));
  assert.ok(labels.some((l) => l.text.startsWith("null-move pruning")));
});

Deno.test("the label measure finds what the atlas chart used to show: names over each other and past the right edge", () => {
  // The old layout: each name written at its dot, 6 px to the right.
  const dot = (cx: number, cy: number) =>
    `<circle cx="${cx}" cy="${cy}" r="5" />`;
  const name = (x: number, y: number, text: string) =>
    `<text transform="translate(${x},${y})" y="0.32em">${text}</text>`;
  const svg = `<svg viewBox="0 0 760 517" height="517" width="760">` +
    `<svg y="57" x="0" viewBox="0 0 760 460" height="460" width="760" class="plot-x">` +
    `<g aria-label="dot">${dot(335.8, 140.5)}${dot(414.5, 141)}${
      dot(720, 169.9)
    }</g>` +
    `<g transform="translate(6,0)" font-size="9" text-anchor="start" aria-label="text">` +
    `${name(335.8, 140.5, "PVS / NegaScout")}${
      name(414.5, 141, "null-move pruning (R = 2)")
    }${name(720, 169.9, "solver: every feature")}</g></svg></svg>`;
  assert.deepEqual(layoutProblems(svg), [
    `"PVS / NegaScout" overlaps "null-move pruning (R = 2)"`,
    `"PVS / NegaScout" covers a dot`,
    `"solver: every feature" (726,849,221,232) leaves the width 760`,
  ]);
});
