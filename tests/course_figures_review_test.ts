// Rows whose "course" cell once held our own computed value: the course
// cell now holds the course's printed figure (or "—" / its statement), and
// the comparison is made against it, so the row fails when ours is wrong.
import assert from "node:assert/strict";
import {
  COURSE_TIC_TAC_TOE,
  type CourseRow,
  exactRow,
  lesson002,
} from "../src/course/mod.ts";

function row(rows: readonly CourseRow[], id: string): CourseRow {
  const found = rows.find((r) => r.id === id);
  assert.ok(found, `no row ${id}`);
  return found;
}

Deno.test("T002.4: the course's figures are lesson 000's printed value of X on 0 + O on 1, not ours", () => {
  const printed = COURSE_TIC_TAC_TOE.find((c) => c.cells === "XO.......");
  assert.ok(printed);
  assert.equal(printed.value, 1);
  const t0024 = row(lesson002().rows, "T002.4");
  assert.equal(t0024.course, `${printed.value} / ${printed.value}`);
  assert.equal(t0024.ours, "1 / 1");
  assert.ok(t0024.agrees);
  // The same row with a wrong score of ours disagrees.
  assert.equal(
    exactRow("T002.4", "x", [printed.value, printed.value], [0, 1]).agrees,
    false,
  );
});
