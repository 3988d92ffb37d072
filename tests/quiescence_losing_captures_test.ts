/**
 * skipLosingCaptures (issue 25): quiescence leaves out the captures that lose
 * material by static exchange, as engines prune them; the main search and
 * every other noisy move are unchanged; bad values and positions without a
 * static exchange are clear errors.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { chessAfterChoices } from "./_arbitraries.ts";
import {
  Chess,
  iterativeDeepening,
  quiescence,
  TicTacToe,
  UniformTree,
} from "../mod.ts";

/** Positions of 10 to 40 random moves from the start, with the engine evaluation. */
const enginePositions = fc.array(fc.nat(), { minLength: 10, maxLength: 40 })
  .map((choices) => chessAfterChoices(choices, { evaluation: "engine" }));

// White's only capture, Rxd5, loses the rook to cxd5.
const LOSING = "4k3/8/2p5/3p4/8/8/3R4/4K3 w - - 0 1";
// The same capture with no defender wins the pawn.
const WINNING = "4k3/8/8/3p4/8/8/3R4/4K3 w - - 0 1";

Deno.test("a capture that loses by static exchange is not searched in quiescence", () => {
  const position = Chess.fromFen(LOSING);
  const without = quiescence(position, { depth: 0 });
  const skipping = quiescence(position, {
    depth: 0,
    skipLosingCaptures: true,
  });
  // Without the option Rxd5 and cxd5 are searched; with it, the root stands pat.
  assert.equal(without.stats.nodes, 3);
  assert.equal(skipping.stats.nodes, 1);
  assert.equal(skipping.value, position.evaluate());
  assert.equal(without.value, skipping.value);
  assert.equal(position.toFen(), LOSING);
});

Deno.test("a capture that wins (or breaks even) is still searched", () => {
  const position = Chess.fromFen(WINNING);
  const plain = quiescence(position, { depth: 0 });
  const skipping = quiescence(position, {
    depth: 0,
    skipLosingCaptures: true,
  });
  assert.deepEqual(skipping.pv, plain.pv);
  assert.equal(position.moveToSan(skipping.pv[0]!), "Rxd5");
  assert.equal(skipping.value, plain.value);
  assert.ok(skipping.value > position.evaluate());
});

Deno.test("quiet checks among the noisy moves are kept (they have no exchange to lose)", () => {
  // White's only capture is Kxf2 (the knight is defended by nothing: it
  // wins); Ra8+ is a quiet check that noisyChecks adds.
  const position = Chess.fromFen("4k3/8/8/8/8/8/5n2/R3K3 w - - 0 1", {
    noisyChecks: true,
  });
  const plain = quiescence(position, { depth: 0 });
  const skipping = quiescence(position, {
    depth: 0,
    skipLosingCaptures: true,
  });
  assert.equal(skipping.stats.nodes, plain.stats.nodes);
  assert.equal(skipping.value, plain.value);
});

Deno.test("on random games, skipping leaves the position as found and searches fewer quiescence nodes in all", () => {
  // Per position fewer nodes is not a law (a changed value moves the window
  // of the next sibling); over 60 positions the sum is the measure.
  let plainNodes = 0, skippingNodes = 0;
  fc.assert(
    fc.property(
      enginePositions,
      (position) => {
        if (position.isTerminal()) return;
        const fen = position.toFen();
        const plain = quiescence(position, { depth: 1 });
        const skipping = quiescence(position, {
          depth: 1,
          skipLosingCaptures: true,
        });
        assert.equal(position.toFen(), fen);
        // The main search is the same: one node per legal move below the root.
        assert.equal(
          skipping.stats.nodes - skipping.stats.quiescenceNodes,
          plain.stats.nodes - plain.stats.quiescenceNodes,
          fen,
        );
        plainNodes += plain.stats.quiescenceNodes;
        skippingNodes += skipping.stats.quiescenceNodes;
      },
    ),
    { numRuns: 60, seed: 2512 },
  );
  assert.ok(
    skippingNodes < plainNodes,
    `${skippingNodes} against ${plainNodes}`,
  );
});

Deno.test("skipLosingCaptures: a bad value or a position without staticExchange is a named error, before the position is touched", () => {
  assert.throws(
    () => quiescence(Chess.start(), { skipLosingCaptures: 1 as never }),
    /quiescence: skipLosingCaptures must be a boolean, got 1/,
  );
  assert.throws(
    () =>
      iterativeDeepening(TicTacToe.empty(), {
        depth: 2,
        quiescence: true,
        skipLosingCaptures: true,
      }),
    /iterativeDeepening: skipLosingCaptures needs the position to implement staticExchange\(\), which TicTacToe lacks/,
  );
  const tree = new UniformTree({ branching: 2, depth: 3, seed: 1 });
  assert.throws(
    () => quiescence(tree, { skipLosingCaptures: true }),
    /quiescence: skipLosingCaptures needs the position to implement staticExchange\(\), which UniformTree lacks/,
  );
});

Deno.test("the searchers ask losesExchange for the sign when the position has it, with the results staticExchange gives", () => {
  let asked = 0;
  fc.assert(
    fc.property(
      enginePositions,
      (position) => {
        if (position.isTerminal()) return;
        const signOnly = position.clone();
        const loses = signOnly.losesExchange.bind(signOnly);
        signOnly.losesExchange = (move) => {
          asked++;
          return loses(move);
        };
        const valueOnly = position.clone();
        Object.assign(valueOnly, { losesExchange: undefined });
        const options = {
          depth: 3,
          skipLosingCaptures: true,
          order: ["captures", "quiet-history"] as const,
        };
        const fast = quiescence(signOnly, options);
        const slow = quiescence(valueOnly, options);
        assert.deepEqual(
          [fast.value, fast.pv, fast.stats],
          [slow.value, slow.pv, slow.stats],
        );
      },
    ),
    { numRuns: 40, seed: 2514 },
  );
  assert.ok(asked > 0);
});
