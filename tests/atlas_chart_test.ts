// The atlas's power-against-cost chart on the committed full run's rows: its
// axes are read as numbers a reader knows, never with SI prefixes.
import assert from "node:assert/strict";
import { powerCostChart, readAtlasFile } from "../src/course/atlas/report.ts";

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
