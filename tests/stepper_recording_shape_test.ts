// stepperHtml and stepperTreeSvg take a recording that may come from
// elsewhere than searchSteps (saved as JSON and edited, built by hand): its
// shape is checked on entry, so that a path or a leaf holding markup is an
// error naming the field, never markup written into the page.
import assert from "node:assert/strict";
import {
  type SearchSteps,
  searchSteps,
  stepperHtml,
  stepperTreeSvg,
} from "../src/notebook/mod.ts";

const ATTACK = `x"/><script>alert(1)</script><line a="`;

/** The recording of a small tree, through JSON as a saved one would be. */
function saved(): SearchSteps {
  return JSON.parse(JSON.stringify(searchSteps([[1, 2], [3]])));
}

/** `change` applied to a saved recording. */
function forged(change: (r: Record<string, unknown> & SearchSteps) => void) {
  const recording = saved() as Record<string, unknown> & SearchSteps;
  change(recording);
  return recording;
}

Deno.test("stepper: a saved recording (through JSON) is drawn as the original is", () => {
  const original = searchSteps([[1, 2], [3]]);
  assert.equal(stepperTreeSvg(saved()), stepperTreeSvg(original));
  assert.equal(
    stepperHtml(saved()).replace(/gts-stepper-\w+-\d+/g, "ID"),
    stepperHtml(original).replace(/gts-stepper-\w+-\d+/g, "ID"),
  );
});

Deno.test("stepperHtml and stepperTreeSvg refuse a recording of the wrong shape, naming the field, its value and the rule", () => {
  const cases: [SearchSteps, RegExp][] = [
    [
      forged((r) => r.nodes[1]!.path = ATTACK),
      /recorded\.nodes\[1\]\.path must be child numbers joined by dots \(\"\" for the root, "1\.0"\), got "x\\"\/><script>/,
    ],
    [
      forged((r) => r.nodes[2]!.leaf = "<img src=x onerror=alert(2)>" as never),
      /recorded\.nodes\[2\]\.leaf must be an integer or absent, got "<img src=x/,
    ],
    [
      forged((r) => r.nodes[2]!.leaf = 1.5),
      /recorded\.nodes\[2\]\.leaf must be an integer or absent, got 1\.5$/,
    ],
    [
      forged((r) => r.nodes[0]!.path = "0"),
      /recorded\.nodes\[0\]\.path must be "" \(the root\), got "0"$/,
    ],
    [
      forged((r) => r.nodes[3]!.path = r.nodes[2]!.path),
      /recorded\.nodes\[3\]\.path must be "0\.1" \(its parent's path, then its place among the parent's children\), got "0\.0"$/,
    ],
    [
      forged((r) => r.nodes[1]!.parent = 5),
      /recorded\.nodes\[1\]\.parent must be an integer in 0…0, got 5$/,
    ],
    [
      forged((r) => r.nodes[1]!.isMax = "no" as never),
      /recorded\.nodes\[1\]\.isMax must be a boolean, got "no"$/,
    ],
    [
      forged((r) => r.nodes[1]!.name = 7 as never),
      /recorded\.nodes\[1\]\.name must be a string or absent, got 7$/,
    ],
    [
      forged((r) => r.algorithm = ATTACK as never),
      /recorded\.algorithm must be "minimax" or "alphaBeta", got "x\\"/,
    ],
    [
      forged((r) => r.steps[1]!.node = 99),
      /recorded\.steps\[1\]\.node must be an integer in 0…5, got 99$/,
    ],
    [
      forged((r) => r.steps[1]!.changes[0]!.state = "gone" as never),
      /recorded\.steps\[1\]\.changes\[0\]\.state must be one of unseen, open, done, cut, got "gone"$/,
    ],
    [
      forged((r) => r.steps[1]!.changes[0]!.value = 3 as never),
      /recorded\.steps\[1\]\.changes\[0\]\.value must be a string, got 3$/,
    ],
    [
      forged((r) => r.steps[0]!.text = null as never),
      /recorded\.steps\[0\]\.text must be a string, got null$/,
    ],
    [
      forged((r) => r.steps = []),
      /recorded\.steps must be a non-empty array, got an array of 0$/,
    ],
    [
      forged((r) => r.nodes = "nodes" as never),
      /recorded\.nodes must be a non-empty array, got "nodes"$/,
    ],
    [
      forged((r) => delete (r as Partial<SearchSteps>).visited),
      /recorded\.visited must be the counts \{ nodes, leaves \}, got undefined$/,
    ],
    [
      forged((r) => r.visited.nodes = 99),
      /recorded\.visited\.nodes must be an integer in 1…6, got 99$/,
    ],
    [
      forged((r) => r.visited.leaves = "<b>3</b>" as never),
      /recorded\.visited\.leaves must be an integer in 0…3, got "<b>3<\/b>"$/,
    ],
    [null as never, /recorded must be a recording of searchSteps, got null$/],
  ];
  for (const [recording, message] of cases) {
    for (
      const [where, draw] of [
        ["stepperHtml", () => stepperHtml(recording)],
        ["stepperTreeSvg", () => stepperTreeSvg(recording)],
      ] as const
    ) {
      assert.throws(draw, (error: Error) => {
        assert.ok(error.message.startsWith(`${where}: `), error.message);
        assert.match(error.message, message);
        return true;
      });
    }
  }
});
