/**
 * The rule every runner of games between players shares: players' names
 * differ. Records, PGN tags, tables and lines name players, so two with one
 * name could not be told apart in anything a match leaves.
 *
 * @module
 */

import { describe } from "../validate.ts";

/**
 * Refuses two equal names among `names`, naming both players by `label`
 * (`players[1]`, `baseline`).
 *
 * @param where the function the user called, for the message
 * @param names the players' names, in order
 * @param label how the message names player i (default `players[i]`)
 * @throws {Error} `<where>: <label j> has the name "x" of <label i>; names must differ`
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkDistinctNames } from "./_player_names.ts";
 * checkDistinctNames("here", ["a", "b"]);
 * assert.throws(
 *   () => checkDistinctNames("here", ["a", "b", "a"]),
 *   /^Error: here: players\[2\] has the name "a" of players\[0\]; names must differ$/,
 * );
 * ```
 */
export function checkDistinctNames(
  where: string,
  names: readonly unknown[],
  label: (i: number) => string = (i) => `players[${i}]`,
): void {
  const twice = names.findIndex((name, i) => names.indexOf(name) !== i);
  if (twice >= 0) {
    throw new Error(
      `${where}: ${label(twice)} has the name ${describe(names[twice])} of ${
        label(names.indexOf(names[twice]))
      }; names must differ`,
    );
  }
}
