/**
 * Sprague–Grundy theory (lesson 003, T003.6): the Grundy number of a position
 * of an impartial game is the mex (minimum excluded value) of its successors'
 * numbers, zero exactly when the side to move loses, and a sum of games has
 * the XOR of its parts' numbers.
 *
 * @module
 */

import { checkInteger, checkOptions, describe } from "../validate.ts";

/** Largest Grundy number or heap a helper takes: 32-bit, as XOR keeps them. */
const MAX_GRUNDY_VALUE = 2 ** 31 - 1;

/**
 * Largest heap the one-heap helpers ({@linkcode kayles},
 * {@linkcode octalGame}, {@linkcode subtractionGame}) compute up to: their
 * table of numbers 0…n stays within a few megabytes. A game's own limit may
 * be lower (see {@linkcode GRUNDY_WORK}).
 */
export const MAX_GRUNDY_HEAP = 2 ** 20;

/**
 * Steps a one-heap helper may spend filling its table: the table up to n
 * costs about rules·n steps, plus splitRules·n²/4 for the rules that split a
 * heap in two (Kayles is quadratic), so each game takes heaps up to the
 * largest n within this budget — 8,190 for Kayles, 11,583 for Dawson's
 * Kayles, 1,048,576 for a subtraction game of up to 32 moves — and a first
 * call finishes in well under a second.
 */
export const GRUNDY_WORK = 2 ** 25;

/** Default of {@linkcode GrundyOptions.maxStates}. */
export const DEFAULT_MAX_STATES = 2 ** 20;

/**
 * The minimum excluded value: the least non-negative integer not in `values`.
 *
 * @param values an iterable (an array, a `Set`) of non-negative integers, in
 *   any order, repeats allowed
 * @returns the least non-negative integer missing from `values`
 * @throws {Error} when `values` is not iterable, or holds anything else
 *   than a non-negative integer, naming its index and value (a `"1"` or a
 *   `NaN` would silently count as missing)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mex } from "../../mod.ts";
 * assert.ok(mex([0, 1, 3]) === 2 && mex([]) === 0 && mex([1, 2]) === 0);
 * assert.throws(() => mex([0, "1", 2] as never), /mex: values\[1\] must be a non-negative integer, got "1"/);
 * ```
 */
export function mex(values: Iterable<number>): number {
  if (
    values === null || values === undefined || typeof values === "string" ||
    typeof (values as Partial<Iterable<number>>)[Symbol.iterator] !==
      "function"
  ) {
    throw new Error(
      `mex: values must be an iterable of non-negative integers (an array, a Set), got ${
        describe(values)
      }`,
    );
  }
  const seen = new Set<number>();
  let index = 0;
  for (const value of values) {
    if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
      throw new Error(
        `mex: values[${index}] must be a non-negative integer, got ${
          describe(value)
        }`,
      );
    }
    seen.add(value);
    index++;
  }
  return mexOfNumbers(seen);
}

/** {@linkcode mex} of numbers known to be Grundy numbers, unchecked: grundyFunction's inner loop. */
function mexOfNumbers(seen: ReadonlySet<number>): number {
  let value = 0;
  while (seen.has(value)) value++;
  return value;
}

/**
 * The Grundy number of a sum of games: the XOR of the parts' numbers
 * (Sprague–Grundy theorem).
 *
 * @param values the Grundy numbers of the parts: integers in 0…2^31 − 1
 * @returns their XOR (0 for no parts)
 * @throws {Error} on a value out of that range (XOR would wrap it), naming it
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
  for (let i = 0; i < values.length; i++) {
    sum ^= checkInteger(
      "grundySum",
      `values[${i}]`,
      values[i],
      0,
      MAX_GRUNDY_VALUE,
    );
  }
  return sum;
}

/** Options of {@linkcode grundyFunction}. */
export interface GrundyOptions<S> {
  /**
   * Memo key of a state: equal states need equal keys, and different states
   * different keys (two states of one key share one number, and a state
   * that meets its own key below it is reported as a cycle). Default: a
   * number is its own key, anything else its `JSON.stringify` text, which
   * tells apart numbers, strings, arrays and plain objects of them (`[[1,
   * 2], [3]]` from `[[1], [2, 3]]`, `"1"` from `1`), but not what JSON
   * drops or merges: a `Map`, `Set` or class instance's hidden fields, or
   * `NaN`/`Infinity` inside an array (`[NaN]` and `[null]`). Give such
   * states a key here; a state JSON cannot write at all (a `bigint`, a
   * function, `undefined`) is an error naming the option.
   */
  key?: (state: S) => string | number;
  /**
   * Most states the memo may hold (default {@linkcode DEFAULT_MAX_STATES},
   * 1,048,576): a game larger than expected becomes an error instead of
   * filling the memory. An integer in 1…2^31 − 1.
   */
  maxStates?: number;
}

/**
 * Grundy numbers of any finite impartial game given by its successor
 * function, memoised: each state is expanded once. The walk keeps its own
 * stack, so long chains of moves do not overflow the call stack. The game
 * must be finite and acyclic.
 *
 * @param successors the positions reachable in one move from a state
 * @param options `key`: how states are told apart in the memo (default: a
 *   number as itself, anything else its JSON text; different states need
 *   different keys: see {@linkcode GrundyOptions.key}); `maxStates`: the
 *   memo's limit
 * @returns a function from a state to its Grundy number; it throws when the
 *   game has a cycle or more than `maxStates` states, or when `successors`
 *   returns something not iterable (a number, an array-like object)
 * @throws {Error} on a successor function that is not a function, or a bad option
 *
 * @example Nim with one heap: the Grundy number of a heap of n is n
 * ```ts
 * import assert from "node:assert/strict";
 * import { grundyFunction } from "../../mod.ts";
 * const heap = grundyFunction((n: number) => Array.from({ length: n }, (_, i) => i));
 * assert.ok(heap(7) === 7);
 * ```
 *
 * @example Array states need no key: Kayles rows 1+2 beside 3, then 1 beside 2+3
 * ```ts
 * import assert from "node:assert/strict";
 * import { grundyFunction, kayles, octalSuccessors, sumOfGames } from "../../mod.ts";
 * const rows = octalSuccessors(".77");
 * const sum = grundyFunction(sumOfGames(rows, rows));
 * assert.ok(sum([[1, 2], [3]]) === (kayles(1) ^ kayles(2) ^ kayles(3)));
 * assert.ok(sum([[1], [2, 3]]) === (kayles(1) ^ kayles(2) ^ kayles(3)));
 * ```
 */
export function grundyFunction<S>(
  successors: (state: S) => Iterable<S>,
  options?: GrundyOptions<S>,
): (state: S) => number {
  const where = "grundyFunction";
  if (typeof successors !== "function") {
    throw new Error(
      `${where}: successors must be a function, got ${describe(successors)}`,
    );
  }
  checkOptions(where, options, ["key", "maxStates"]);
  if (options?.key !== undefined && typeof options.key !== "function") {
    throw new Error(
      `${where}: key must be a function, got ${describe(options.key)}`,
    );
  }
  const maxStates = options?.maxStates === undefined
    ? DEFAULT_MAX_STATES
    : checkInteger(where, "maxStates", options.maxStates, 1, 2 ** 31 - 1);
  const keyOf: (state: S) => string | number = options?.key ?? defaultKey;
  const memo = new Map<string | number, number>();
  /** The successors of `state` as an array; anything not iterable is refused (Array.from made 3 or {length: 2} a state without moves). */
  const successorsOf = (state: S): S[] => {
    const next: unknown = successors(state);
    if (
      next === null || next === undefined ||
      typeof (next as { [Symbol.iterator]?: unknown })[Symbol.iterator] !==
        "function"
    ) {
      throw new Error(
        `${where}: successors must return an iterable of states, got ${
          describe(next)
        } for state ${describe(state)}`,
      );
    }
    return Array.from(next as Iterable<S>);
  };
  return (root: S): number => {
    const rootKey = keyOf(root);
    const known = memo.get(rootKey);
    if (known !== undefined) return known;
    // Each frame holds a state and its successors; a frame is finished when
    // every successor has a number.
    const stack: { key: string | number; next: S[] }[] = [
      { key: rootKey, next: successorsOf(root) },
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
          mexOfNumbers(
            new Set(frame.next.map((next) => memo.get(keyOf(next))!)),
          ),
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
      if (memo.size + open.size >= maxStates) {
        throw new Error(
          `${where}: the game has more than ${maxStates} states (maxStates); raise maxStates if it is meant to be this large`,
        );
      }
      open.add(pendingKey);
      stack.push({ key: pendingKey, next: successorsOf(pending!) });
    }
    return memo.get(rootKey)!;
  };
}

/**
 * {@linkcode GrundyOptions.key}'s default. Numbers are keyed as themselves,
 * so that one-heap games pay nothing; `String(state)` keyed the rest and
 * merged states ("1,2,3" for both `[[1, 2], [3]]` and `[[1], [2, 3]]`,
 * "[object Object]" for every object).
 */
function defaultKey(state: unknown): string | number {
  if (typeof state === "number") return state;
  let text: string | undefined;
  try {
    text = JSON.stringify(state);
  } catch {
    // A bigint, or an object that holds itself: reported below.
  }
  if (text === undefined) {
    throw new Error(
      `grundyFunction: the default key (JSON text) cannot key the state ${
        describe(state)
      }; pass options.key, a function giving different states different keys`,
    );
  }
  return text;
}

/**
 * The successor function of the sum of two games: a move is a move in one
 * of the two parts, the other part left as it is.
 *
 * @param first successors of the first game
 * @param second successors of the second game
 * @returns successors of pairs `[a, b]`
 * @throws {Error} when either is not a function
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
  for (const [name, f] of [["first", first], ["second", second]] as const) {
    if (typeof f !== "function") {
      throw new Error(
        `sumOfGames: ${name} must be a successor function, got ${describe(f)}`,
      );
    }
  }
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
function parseOctal(code: string, where: string): Removal[] {
  const match = typeof code === "string" ? /^0?\.([0-7]+)$/.exec(code) : null;
  if (!match) {
    throw new Error(
      `${where}: Octal game code must look like ".77" (digits 0–7 after the point), got ${
        describe(code)
      }`,
    );
  }
  const rules: Removal[] = [];
  Array.from(match[1]!).forEach((digit, index) => {
    if (digit !== "0") rules.push({ take: index + 1, leave: Number(digit) });
  });
  return rules;
}

/**
 * The largest heap whose table fits {@linkcode GRUNDY_WORK}: about
 * rules·n + splitRules·n²/4 steps, and at most {@linkcode MAX_GRUNDY_HEAP}.
 */
function heapLimit(rules: readonly Removal[]): number {
  const all = rules.length;
  const splits = rules.filter(({ leave }) => (leave & 4) !== 0).length;
  const work = (n: number) => all * n + splits * n * n / 4;
  let n = MAX_GRUNDY_HEAP;
  if (work(n) > GRUNDY_WORK) {
    n = splits === 0 ? Math.floor(GRUNDY_WORK / all) : Math.floor(
      (-all + Math.sqrt(all * all + splits * GRUNDY_WORK)) /
        (splits / 2),
    );
    while (work(n) > GRUNDY_WORK) n--;
  }
  return n;
}

/**
 * Grundy numbers of one heap under `rules`, computed bottom-up and cached
 * up to the largest heap asked for, which is at most {@linkcode heapLimit}.
 */
function heapGame(
  rules: readonly Removal[],
  name: string,
): (n: number) => number {
  const values: number[] = [];
  const seen: number[] = [];
  let stamp = 0;
  const limit = heapLimit(rules);
  const splits = rules.filter(({ leave }) => (leave & 4) !== 0).length;
  return (n: number): number => {
    if (
      typeof n !== "number" || !Number.isInteger(n) || n < 0 || n > limit
    ) {
      throw new Error(
        `${name}: n must be an integer in 0…${limit}, got ${describe(n)}${
          n > limit && Number.isInteger(n)
            ? `: the table up to n costs about ${rules.length}·n${
              splits > 0 ? ` + ${splits}·n²/4` : ""
            } steps, kept within GRUNDY_WORK (2^25) and MAX_GRUNDY_HEAP (2^20)`
            : ""
        }`,
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
 * @returns a function from a heap size to its Grundy number; it takes heaps
 *   up to the game's limit (within {@linkcode GRUNDY_WORK}) and throws
 *   beyond it, saying the rule
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
  const where = `octalGame(${describe(code)})`;
  return heapGame(parseOctal(code, where), where);
}

/**
 * The positions one move away from a position of an octal game with several
 * heaps: the successor function to hand to {@linkcode grundyFunction}.
 * Positions are sorted arrays of non-empty heap sizes.
 *
 * @param code the game's code, as in {@linkcode octalGame}
 * @returns the successor function on sorted heap arrays; it throws on heaps
 *   that are not an array of integers in 0…{@linkcode MAX_GRUNDY_HEAP}, or
 *   when heap count × counters passes {@linkcode GRUNDY_WORK} (each of about
 *   that many successors copies every heap)
 * @throws {Error} on a code that is not of the form of {@linkcode octalGame}
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
  const where = `octalSuccessors(${describe(code)})`;
  const rules = parseOctal(code, where);
  return (heaps) => {
    if (!Array.isArray(heaps)) {
      throw new Error(
        `${where}: heaps must be an array of heap sizes, got ${
          describe(heaps)
        }`,
      );
    }
    let counters = 0;
    for (let i = 0; i < heaps.length; i++) {
      if (!(i in heaps)) {
        throw new Error(`${where}: heaps[${i}] is a hole in a sparse array`);
      }
      counters += checkInteger(
        where,
        `heaps[${i}]`,
        heaps[i],
        0,
        MAX_GRUNDY_HEAP,
      );
    }
    if (heaps.length * counters > GRUNDY_WORK) {
      throw new Error(
        `${where}: ${heaps.length} heaps holding ${counters} counters: heap count × counters must be at most ${GRUNDY_WORK} (GRUNDY_WORK), as each successor copies every heap`,
      );
    }
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
 * @param set the allowed removals: an array of integers in
 *   1…{@linkcode MAX_GRUNDY_HEAP} (repeats are ignored)
 * @returns a function from a heap size to its Grundy number; it takes heaps
 *   up to 2^25 / |S| (at most {@linkcode MAX_GRUNDY_HEAP}: see
 *   {@linkcode GRUNDY_WORK}) and throws beyond, saying the rule
 * @throws {Error} on a set that is not an array, or an element that is not
 *   an integer in that range, naming it (`set[1]`)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { subtractionGame } from "../../mod.ts";
 * const game = subtractionGame([1, 2, 3]);
 * assert.ok(game(9) === 1 && game(12) === 0);
 * assert.throws(() => subtractionGame([1, 0]), /set\[1\] must be an integer in 1…1048576, got 0/);
 * ```
 */
export function subtractionGame(set: readonly number[]): (n: number) => number {
  const where = "subtractionGame";
  if (!Array.isArray(set)) {
    throw new Error(
      `${where}: set must be an array of removals, got ${describe(set)}`,
    );
  }
  for (let i = 0; i < set.length; i++) {
    if (!(i in set)) {
      throw new Error(`${where}: set[${i}] is a hole in a sparse array`);
    }
    checkInteger(where, `set[${i}]`, set[i], 1, MAX_GRUNDY_HEAP);
  }
  const distinct = [...new Set(set)];
  const rules = distinct.map((take) => ({ take, leave: 3 }));
  return heapGame(
    rules,
    `subtractionGame({${
      distinct.length > 8
        ? `${distinct.slice(0, 8).join(", ")}, … ${distinct.length} in all`
        : distinct.join(", ")
    }})`,
  );
}

/**
 * Kayles (octal game .77): a row of n pins; a move knocks down one pin or two
 * adjacent pins, which may split the row in two. OEIS A002186.
 *
 * @param n pins in the row: an integer in 0…8,190 (the table up to n is
 *   quadratic: see {@linkcode GRUNDY_WORK})
 * @returns the row's Grundy number
 * @throws {Error} when `n` is not an integer in that range, saying the rule
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { kayles } from "../../mod.ts";
 * assert.ok([0, 1, 2, 3, 4, 5].map(kayles).join() === "0,1,2,3,1,4");
 * ```
 */
export const kayles: (n: number) => number = heapGame(
  parseOctal(".77", "kayles"),
  "kayles",
);

/**
 * Dawson's Kayles (octal game .07): a row of n pins; a move knocks down two
 * adjacent pins. Its value at n is OEIS A002187 at n − 1 (Dawson's chess).
 *
 * @param n pins in the row: an integer in 0…11,583 (the table up to n is
 *   quadratic: see {@linkcode GRUNDY_WORK})
 * @returns the row's Grundy number
 * @throws {Error} when `n` is not an integer in that range, saying the rule
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { dawsonsKayles } from "../../mod.ts";
 * assert.ok([0, 1, 2, 3, 4, 5].map(dawsonsKayles).join() === "0,0,1,1,2,0");
 * ```
 */
export const dawsonsKayles: (n: number) => number = heapGame(
  parseOctal(".07", "dawsonsKayles"),
  "dawsonsKayles",
);
