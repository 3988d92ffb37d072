// The stepper's tree labels, measured by label_layout's estimate (an
// em-width per character, textBox): a node's name sits left of its box,
// anchored at its end, clear of the box, of every other label and of a
// value of six characters centred on the node ("≥ −100"). (Windows of
// neighbouring leaves are not compared: by this estimate, which is wide for
// "∞" and "−", "(−∞, −12)" and "(−∞, −15)" overlap; chromium draws them
// apart, tests/browser/stepper_test.ts.)
import assert from "node:assert/strict";
import { type Box, boxesOverlap, textBox } from "../src/plot/mod.ts";
import { searchSteps, stepperTreeSvg } from "../src/notebook/mod.ts";

const TREE = [[-12, -15, -11], [-13, -14], [-16, -10]];
const NAMES = { "": "root", "0": "B", "1": "C", "2": "D" };

/** Font size of each label class, as the stepper's CSS sets them. */
const SIZES: Record<string, number> = {
  "gts-value": 12,
  "gts-written": 12,
  "gts-window": 10,
  "gts-name": 12,
};

/** A label class's text-anchor in the SVG's own style sheet (`svg text`: middle). */
function anchorOf(svg: string, kind: string): "start" | "middle" | "end" {
  const rule = new RegExp(`\\.${kind}\\{([^}]*)\\}`).exec(svg)?.[1] ?? "";
  return (/text-anchor:(start|middle|end)/.exec(rule)?.[1] ?? "middle") as
    | "start"
    | "middle"
    | "end";
}

interface Label {
  kind: string;
  text: string;
  box: Box;
}

/** The visible labels and the node shapes of one drawn step. */
function measure(svg: string): { labels: Label[]; shapes: Box[] } {
  const labels: Label[] = [], shapes: Box[] = [];
  for (
    const g of svg.matchAll(
      /<g data-node="[^"]*"[^>]*data-state="(\w+)"[^>]*>(.*?)<\/g>/g,
    )
  ) {
    const state = g[1]!;
    for (
      const t of g[2]!.matchAll(
        /<text class="([\w-]+)" x="([-\d.]+)" y="([-\d.]+)">([^<]*)<\/text>/g,
      )
    ) {
      const [, kind, x, y, text] = t as unknown as string[];
      // A leaf's written value hides once the search has reached it.
      if (kind === "gts-written" && (state === "open" || state === "done")) {
        continue;
      }
      if (text === "") continue;
      labels.push({
        kind: kind!,
        text: text!,
        box: textBox(
          Number(x),
          Number(y),
          anchorOf(svg, kind!),
          text!,
          SIZES[kind!]!,
        ),
      });
    }
    const rect =
      /<rect x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" height="([\d.]+)"/
        .exec(g[2]!);
    const circle = /<circle cx="([-\d.]+)" cy="([-\d.]+)" r="([\d.]+)"/.exec(
      g[2]!,
    );
    if (rect) {
      const [x, y, w, h] = rect.slice(1).map(Number) as [
        number,
        number,
        number,
        number,
      ];
      shapes.push({ left: x, right: x + w, top: y, bottom: y + h });
    } else if (circle) {
      const [x, y, r] = circle.slice(1).map(Number) as [number, number, number];
      shapes.push({ left: x - r, right: x + r, top: y - r, bottom: y + r });
    }
  }
  return { labels, shapes };
}

Deno.test("stepper tree: at every step no name overlaps a label or a node, and values are clear of each other", () => {
  const recorded = searchSteps(TREE, { names: NAMES });
  const width = (svg: string) => Number(/ width="(\d+)"/.exec(svg)![1]);
  recorded.steps.forEach((_, k) => {
    const svg = stepperTreeSvg(recorded, k);
    const { labels, shapes } = measure(svg);
    assert.equal(labels.filter((l) => l.kind === "gts-name").length, 4);
    labels.forEach((a, i) => {
      assert.ok(
        a.box.left >= 0 && a.box.right <= width(svg),
        `step ${k}: "${a.text}" leaves the tree`,
      );
      for (const b of labels.slice(i + 1)) {
        if (a.kind === "gts-window" && b.kind === "gts-window") continue;
        assert.ok(
          !boxesOverlap(a.box, b.box),
          `step ${k}: "${a.text}" overlaps "${b.text}"`,
        );
      }
      if (a.kind === "gts-name") {
        for (const shape of shapes) {
          assert.ok(
            !boxesOverlap(a.box, shape),
            `step ${k}: name "${a.text}" overlaps a node`,
          );
        }
      }
    });
  });
});

Deno.test("stepper tree: a name leaves room for a value of six characters centred on its node; a long name at the left edge stays in the picture", () => {
  const recorded = searchSteps(TREE, {
    names: { ...NAMES, "0.0": "first leaf" },
  });
  const svg = stepperTreeSvg(recorded);
  const { labels } = measure(svg);
  for (const g of svg.matchAll(/<g data-node="[^"]*"[^>]*>(.*?)<\/g>/g)) {
    const name = /<text class="gts-name" x="([-\d.]+)" y="([-\d.]+)">([^<]*)</
      .exec(g[1]!);
    if (!name) continue;
    const value = /<text class="gts-value" x="([-\d.]+)" y="([-\d.]+)"/.exec(
      g[1]!,
    )!;
    const wide = textBox(
      Number(value[1]),
      Number(value[2]),
      "middle",
      "≥ −100",
      12,
    );
    const named = textBox(
      Number(name[1]),
      Number(name[2]),
      anchorOf(svg, "gts-name"),
      name[3]!,
      12,
    );
    assert.ok(
      !boxesOverlap(wide, named),
      `"${name[3]}" and a six-character value`,
    );
  }
  const first = labels.find((l) => l.text === "first leaf")!;
  assert.ok(first.box.left >= 0, `"first leaf" starts at ${first.box.left}`);
});
