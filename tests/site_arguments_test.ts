/**
 * The site's exported functions refuse bad arguments with an error naming
 * the function, the argument, the value and the rule, rather than a bare
 * TypeError or a silently wrong page (a policy that allows workers, an
 * unknown option ignored).
 */

import assert from "node:assert/strict";
import { contentSecurityPolicy, policyMeta } from "../src/site/csp.ts";

Deno.test("contentSecurityPolicy and policyMeta: known options only, blobWorkers a boolean, inlineScripts an array of strings", () => {
  const refused: [() => unknown, RegExp][] = [
    [
      () => contentSecurityPolicy({ blobWorkers: "false" as never }),
      /^contentSecurityPolicy: options\.blobWorkers must be a boolean, got "false"$/,
    ],
    [
      () => contentSecurityPolicy({ inlineScript: ["go()"] } as never),
      /^contentSecurityPolicy: unknown option "inlineScript"; known options: inlineScripts, blobWorkers$/,
    ],
    [
      () => contentSecurityPolicy({ inlineScripts: "go()" as never }),
      /^contentSecurityPolicy: options\.inlineScripts must be an array of the scripts' texts, got "go\(\)"$/,
    ],
    [
      () => contentSecurityPolicy({ inlineScripts: ["go()", 5 as never] }),
      /^contentSecurityPolicy: options\.inlineScripts\[1\] must be a string, got 5$/,
    ],
    [
      () => contentSecurityPolicy(null as never),
      /^contentSecurityPolicy: options must be an object, got null$/,
    ],
    [
      () => policyMeta({ blobWorkers: 1 as never }),
      /^policyMeta: options\.blobWorkers must be a boolean, got 1$/,
    ],
  ];
  for (const [call, message] of refused) {
    assert.throws(call, (error: Error) => {
      assert.ok(!(error instanceof TypeError), String(error));
      assert.match(error.message, message);
      return true;
    });
  }
  // Absent and undefined options are the defaults.
  const plain = contentSecurityPolicy();
  assert.equal(
    contentSecurityPolicy({ inlineScripts: undefined, blobWorkers: undefined }),
    plain,
  );
  assert.match(plain, /worker-src 'none'/);
  assert.match(
    contentSecurityPolicy({ blobWorkers: true }),
    /worker-src blob:/,
  );
});
