/**
 * Sprague–Grundy theory (lesson 003, T003.6): the Grundy number of a position
 * of an impartial game is the mex (minimum excluded value) of its successors'
 * numbers, zero exactly when the side to move loses, and a sum of games has
 * the XOR of its parts' numbers.
 *
 * @module
 */

/**
 * The minimum excluded value: the least non-negative integer not in `values`.
 *
 * @param values non-negative integers, in any order, repeats allowed
 * @returns the least non-negative integer missing from `values`
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mex } from "../../mod.ts";
 * assert.ok(mex([0, 1, 3]) === 2 && mex([]) === 0 && mex([1, 2]) === 0);
 * ```
 */
export function mex(values: Iterable<number>): number {
  const seen = new Set(values);
  let value = 0;
  while (seen.has(value)) value++;
  return value;
}

/**
 * The Grundy number of a sum of games: the XOR of the parts' numbers
 * (Sprague–Grundy theorem).
 *
 * @param values the Grundy numbers of the parts
 * @returns their XOR (0 for no parts)
 *
 * @example Nim heaps 3, 4, 5 are a sum of three one-heap games
 * ```ts
 * import assert from "node:assert/strict";
 * import { grundySum } from "../../mod.ts";
 * assert.ok(grundySum(3, 4, 5) === 2);
 * ```
 */
export function grundySum(...values: number[]): number {
  let sum = 0;
  for (const value of values) sum ^= value;
  return sum;
}

/** Options of {@linkcode grundyFunction}. */
export interface GrundyOptions<S> {
  /** Memo key of a state (default: `String(state)`); equal states need equal keys. */
  key?: (state: S) => string | number;
}

/**
 * Grundy numbers of any finite impartial game given by its successor
 * function, memoised: each state is expanded once. The walk keeps its own
 * stack, so long chains of moves do not overflow the call stack. The game
 * must be finite and acyclic.
 *
 * @param successors the positions reachable in one move from a state
 * @param options `key`: how states are told apart in the memo
 * @returns a function from a state to its Grundy number
 *
 * @example Nim with one heap: the Grundy number of a heap of n is n
 * ```ts
 * import assert from "node:assert/strict";
 * import { grundyFunction } from "../../mod.ts";
 * const heap = grundyFunction((n: number) => Array.from({ length: n }, (_, i) => i));
 * assert.ok(heap(7) === 7);
 * ```
 */
export function grundyFunction<S>(
  successors: (state: S) => Iterable<S>,
  options?: GrundyOptions<S>,
): (state: S) => number {
  const keyOf = options?.key ?? ((state: S) => String(state));
  const memo = new Map<string | number, number>();
  return (root: S): number => {
    const rootKey = keyOf(root);
    const known = memo.get(rootKey);
    if (known !== undefined) return known;
    // Each frame holds a state and its successors; a frame is finished when
    // every successor has a number.
    const stack: { key: string | number; next: S[] }[] = [
      { key: rootKey, next: Array.from(successors(root)) },
    ];
    const open = new Set<string | number>([rootKey]);
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      let pending: S | undefined;
      let pendingKey: string | number | undefined;
      for (const next of frame.next) {
        const key = keyOf(next);
        if (!memo.has(key)) {
          pending = next;
          pendingKey = key;
          break;
        }
      }
      if (pendingKey === undefined) {
        memo.set(
          frame.key,
          mex(frame.next.map((next) => memo.get(keyOf(next))!)),
        );
        open.delete(frame.key);
        stack.pop();
        continue;
      }
      if (open.has(pendingKey)) {
        throw new Error(
          `grundyFunction: the game has a cycle through state ${
            String(pendingKey)
          }`,
        );
      }
      open.add(pendingKey);
      stack.push({ key: pendingKey, next: Array.from(successors(pending!)) });
    }
    return memo.get(rootKey)!;
  };
}

/**
 * The successor function of the sum of two games: a move is a move in one
 * of the two parts, the other part left as it is.
 *
 * @param first successors of the first game
 * @param second successors of the second game
 * @returns successors of pairs `[a, b]`
 *
 * @example The sum's Grundy number is the XOR of the parts'
 * ```ts
 * import assert from "node:assert/strict";
 * import { grundyFunction, sumOfGames } from "../../mod.ts";
 * const heap = (n: number) => Array.from({ length: n }, (_, i) => i);
 * const sum = grundyFunction(sumOfGames(heap, heap), { key: ([a, b]) => `${a},${b}` });
 * assert.ok(sum([5, 3]) === (5 ^ 3));
 * ```
 */
export function sumOfGames<A, B>(
  first: (state: A) => Iterable<A>,
  second: (state: B) => Iterable<B>,
): (state: readonly [A, B]) => [A, B][] {
  return ([a, b]) => {
    const next: [A, B][] = [];
    for (const a2 of first(a)) next.push([a2, b]);
    for (const b2 of second(b)) next.push([a, b2]);
    return next;
  };
}

/** One removal rule of a heap game: take `take` counters, leaving what `leave` allows. */
interface Removal {
  take: number;
  /** Octal digit: 1 = may take a whole heap of `take`, 2 = may leave one heap, 4 = may leave two. */
  leave: number;
}

/** Reads an octal game code such as ".77" or "0.07" into removal rules. */
function parseOctal(code: string): Removal[] {
  const match = /^0?\.([0-7]+)$/.exec(code);
  if (!match) {
    throw new Error(
      `Octal game code must look like ".77" (digits 0–7 after the point), got "${code}"`,
    );
  }
  const rules: Removal[] = [];
  Array.from(match[1]!).forEach((digit, index) => {
    if (digit !== "0") rules.push({ take: index + 1, leave: Number(digit) });
  });
  return rules;
}

/** Grundy numbers of one heap under `rules`, computed bottom-up and cached. */
function heapGame(
  rules: readonly Removal[],
  name: string,
): (n: number) => number {
  const values: number[] = [];
  const seen: number[] = [];
  let stamp = 0;
  return (n: number): number => {
    if (!Number.isSafeInteger(n) || n < 0) {
      throw new Error(
        `${name}: heap size must be a non-negative integer, got ${n}`,
      );
    }
    while (values.length <= n) {
      const size = values.length;
      stamp++;
      for (const { take, leave } of rules) {
        if ((leave & 1) !== 0 && size === take) seen[0] = stamp;
        if ((leave & 2) !== 0 && size > take) {
          seen[values[size - take]!] = stamp;
        }
        if ((leave & 4) !== 0) {
          // Split what is left into two non-empty heaps a + b, a <= b.
          const rest = size - take;
          for (let a = 1; 2 * a <= rest; a++) {
            seen[values[a]! ^ values[rest - a]!] = stamp;
          }
        }
      }
      let value = 0;
      while (seen[value] === stamp) value++;
      values.push(value);
    }
    return values[n]!;
  };
}

/**
 * Grundy numbers of an octal game on one heap (Guy and Smith's notation):
 * digit k after the point says how k counters may be removed — 1: a whole
 * heap of k, 2: leaving one heap, 4: splitting what is left into two
 * non-empty heaps (digits add up).
 *
 * @param code the game's code, e.g. `".77"` (Kayles) or `".07"` (Dawson's Kayles)
 * @returns a function from a heap size to its Grundy number
 * @throws {Error} on a code that is not of that form
 *
 * @example Kayles is the octal game .77
 * ```ts
 * import assert from "node:assert/strict";
 * import { kayles, octalGame } from "../../mod.ts";
 * assert.ok(octalGame(".77")(27) === kayles(27));
 * ```
 */
export function octalGame(code: string): (n: number) => number {
  return heapGame(parseOctal(code), `octalGame("${code}")`);
}

/**
 * The positions one move away from a position of an octal game with several
 * heaps: the successor function to hand to {@linkcode grundyFunction}.
 * Positions are sorted arrays of non-empty heap sizes.
 *
 * @param code the game's code, as in {@linkcode octalGame}
 * @returns the successor function on sorted heap arrays
 *
 * @example A Kayles row of 3 pins: knock 1 or 2 from the end or the middle
 * ```ts
 * import assert from "node:assert/strict";
 * import { octalSuccessors } from "../../mod.ts";
 * const next = octalSuccessors(".77")([3]).map((heaps) => heaps.join("+"));
 * assert.ok(next.join(" ") === "2 1+1 1");
 * ```
 */
export function octalSuccessors(
  code: string,
): (heaps: readonly number[]) => number[][] {
  const rules = parseOctal(code);
  return (heaps) => {
    const next: number[][] = [];
    const seen = new Set<string>();
    const add = (index: number, parts: number[]): void => {
      const result = heaps.filter((_, i) => i !== index).concat(parts)
        .sort((a, b) => a - b);
      const key = result.join();
      if (!seen.has(key)) {
        seen.add(key);
        next.push(result);
      }
    };
    heaps.forEach((size, index) => {
      for (const { take, leave } of rules) {
        if ((leave & 1) !== 0 && size === take) add(index, []);
        if ((leave & 2) !== 0 && size > take) add(index, [size - take]);
        if ((leave & 4) !== 0) {
          const rest = size - take;
          for (let a = 1; 2 * a <= rest; a++) add(index, [a, rest - a]);
        }
      }
    });
    return next;
  };
}

/**
 * The subtraction game with set S: a move takes s counters from the heap,
 * for some s in S. With S = {1, 2, 3} the numbers are n mod 4.
 *
 * @param set the allowed removals: positive integers
 * @returns a function from a heap size to its Grundy number
 * @throws {Error} on a set with an element that is not a positive integer
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { subtractionGame } from "../../mod.ts";
 * const game = subtractionGame([1, 2, 3]);
 * assert.ok(game(9) === 1 && game(12) === 0);
 * ```
 */
export function subtractionGame(set: readonly number[]): (n: number) => number {
  for (const take of set) {
    if (!Number.isSafeInteger(take) || take < 1) {
      throw new Error(
        `subtractionGame: ${take} is not a positive integer in {${
          set.join(", ")
        }}`,
      );
    }
  }
  const rules = [...new Set(set)].map((take) => ({ take, leave: 3 }));
  return heapGame(rules, `subtractionGame({${set.join(", ")}})`);
}

/**
 * Kayles (octal game .77): a row of n pins; a move knocks down one pin or two
 * adjacent pins, which may split the row in two. OEIS A002186.
 *
 * @param n pins in the row
 * @returns the row's Grundy number
 * @throws {Error} when `n` is not a non-negative integer
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { kayles } from "../../mod.ts";
 * assert.ok([0, 1, 2, 3, 4, 5].map(kayles).join() === "0,1,2,3,1,4");
 * ```
 */
export const kayles: (n: number) => number = heapGame(
  parseOctal(".77"),
  "kayles",
);

/**
 * Dawson's Kayles (octal game .07): a row of n pins; a move knocks down two
 * adjacent pins. Its value at n is OEIS A002187 at n − 1 (Dawson's chess).
 *
 * @param n pins in the row
 * @returns the row's Grundy number
 * @throws {Error} when `n` is not a non-negative integer
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { dawsonsKayles } from "../../mod.ts";
 * assert.ok([0, 1, 2, 3, 4, 5].map(dawsonsKayles).join() === "0,0,1,1,2,0");
 * ```
 */
export const dawsonsKayles: (n: number) => number = heapGame(
  parseOctal(".07"),
  "dawsonsKayles",
);
