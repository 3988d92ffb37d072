/**
 * Freezes the realm's built-ins for the grader's subprocess, in the spirit of
 * SES's `lockdown()`: the submission runs in the same JavaScript realm as the
 * checks that judge it and as the code that writes the verdicts, so any
 * built-in it could change (a prototype's method, an iterator's `next`, a
 * setting fast-check reads through `Object.prototype`, a `toJSON`) would be
 * changed for them too.
 *
 * {@linkcode hardenIntrinsics} freezes every object reachable, through own
 * properties (values, getters and setters) and prototypes, from the
 * standard globals ({@linkcode STANDARD_GLOBALS}) and from the intrinsics
 * that only instances lead to (the iterator, generator and async function
 * prototypes, `%TypedArray%`, …), and makes those globals' names read-only
 * on `globalThis`, so that `globalThis.Set = …` cannot replace the `Set`
 * the checks use either. Only the realm's own objects are frozen: instances
 * (a `Map` the checks build) are not.
 *
 * Freezing `Object.prototype` brings JavaScript's "override mistake": an
 * assignment such as `error.name = "WalkError"` or `object.toString = f`
 * then throws in strict code, because the inherited property is read-only.
 * As SES does, the few properties that code overrides by assignment are
 * turned into accessors ({@linkcode OVERRIDABLE}) whose getter returns the
 * built-in value and whose setter gives the object assigned to an own
 * property instead, and refuses an assignment to the built-in itself.
 *
 * @module
 */

/** The global names whose objects, and all they lead to, are frozen. */
export const STANDARD_GLOBALS: readonly string[] = [
  "Object",
  "Function",
  "Array",
  "String",
  "Number",
  "Boolean",
  "Symbol",
  "BigInt",
  "Error",
  "AggregateError",
  "EvalError",
  "RangeError",
  "ReferenceError",
  "SyntaxError",
  "TypeError",
  "URIError",
  "SuppressedError",
  "RegExp",
  "Date",
  "Map",
  "Set",
  "WeakMap",
  "WeakSet",
  "WeakRef",
  "FinalizationRegistry",
  "Promise",
  "Proxy",
  "ArrayBuffer",
  "SharedArrayBuffer",
  "DataView",
  "Int8Array",
  "Uint8Array",
  "Uint8ClampedArray",
  "Int16Array",
  "Uint16Array",
  "Int32Array",
  "Uint32Array",
  "Float16Array",
  "Float32Array",
  "Float64Array",
  "BigInt64Array",
  "BigUint64Array",
  "Iterator",
  "DisposableStack",
  "AsyncDisposableStack",
  "JSON",
  "Math",
  "Reflect",
  "Atomics",
  "Intl",
  "Temporal",
  "WebAssembly",
  "TextEncoder",
  "TextDecoder",
  "parseInt",
  "parseFloat",
  "isNaN",
  "isFinite",
  "encodeURI",
  "encodeURIComponent",
  "decodeURI",
  "decodeURIComponent",
  "escape",
  "unescape",
  "eval",
  // Not ECMAScript's, but the checks call it (the UCT exercise copies the
  // course's tree with it): replaced, it would hand the submission that tree.
  "structuredClone",
];

/**
 * The data properties turned into accessors that let an object that
 * inherits them take an own property by assignment (SES's "moderate"
 * enablements, less those that no code here needs): the prototype they are
 * on, named by how it is reached, and the property names.
 */
const OVERRIDABLE: readonly [() => object, readonly PropertyKey[]][] = [
  [() => Object.prototype, ["constructor", "toString", "valueOf"]],
  [() => Function.prototype, ["constructor", "toString"]],
  [() => Error.prototype, ["constructor", "name", "message", "toString"]],
  ...[
    EvalError,
    RangeError,
    ReferenceError,
    SyntaxError,
    TypeError,
    URIError,
    AggregateError,
  ].map((
    type,
  ): [() => object, readonly PropertyKey[]] => [() => type.prototype, [
    "constructor",
    "name",
    "message",
  ]]),
  [() => Promise.prototype, ["constructor"]],
  [() => Object.getPrototypeOf(Object.getPrototypeOf([].values())), [
    "toString",
  ]],
];

/**
 * The intrinsics that no global's properties lead to, each reached as the
 * prototype of an instance; one that this engine does not have is left
 * out. What they lead to (%GeneratorPrototype%, %AsyncIteratorPrototype%,
 * …) is reached from them.
 */
function hiddenIntrinsics(): unknown[] {
  const found: unknown[] = [];
  const prototypeOf = Object.getPrototypeOf;
  const attempt = (instance: () => unknown) => {
    try {
      found.push(prototypeOf(instance()));
    } catch { /* not in this engine */ }
  };
  attempt(() => function* () {}); // %GeneratorFunction.prototype%
  attempt(() => async function () {}); // %AsyncFunction.prototype%
  attempt(() => async function* () {}); // %AsyncGeneratorFunction.prototype%
  attempt(() => [].values()); // %ArrayIteratorPrototype%
  attempt(() => new Map().entries()); // %MapIteratorPrototype%
  attempt(() => new Set().values()); // %SetIteratorPrototype%
  attempt(() => ""[Symbol.iterator]()); // %StringIteratorPrototype%
  attempt(() => /a/[Symbol.matchAll]("")); // %RegExpStringIteratorPrototype%
  attempt(() => Int8Array); // %TypedArray%
  attempt(() => [].values().map((x) => x)); // %IteratorHelperPrototype%
  attempt(() => Iterator.from({ next: () => ({ done: true, value: 0 }) })); // %WrapForValidIteratorPrototype%
  attempt(() => new Intl.Segmenter().segment("")); // %SegmentsPrototype%
  attempt(() => new Intl.Segmenter().segment("")[Symbol.iterator]()); // %SegmentIteratorPrototype%
  return found;
}

/**
 * Freezes the built-ins of this realm (see the module's documentation) and
 * makes the standard globals' names read-only. Call it once, after the code
 * to protect has loaded and before the code to guard against does.
 */
export function hardenIntrinsics(): void {
  const {
    defineProperty,
    freeze,
    getOwnPropertyDescriptor,
    getPrototypeOf,
    isFrozen,
    preventExtensions,
  } = Object;
  const { ownKeys } = Reflect;
  const hasOwn = Object.hasOwn;
  for (const [reach, keys] of OVERRIDABLE) {
    const object = reach();
    for (const key of keys) enableOverride(object, key);
  }
  const roots: unknown[] = [];
  for (const name of STANDARD_GLOBALS) {
    const property = getOwnPropertyDescriptor(globalThis, name);
    if (property === undefined || !("value" in property)) continue;
    roots.push(property.value);
    if (property.configurable || property.writable) {
      defineProperty(globalThis, name, {
        value: property.value,
        writable: false,
        enumerable: property.enumerable ?? false,
        configurable: false,
      });
    }
  }
  const seen = new Set<unknown>();
  const queue: unknown[] = [...roots, ...hiddenIntrinsics()];
  while (queue.length > 0) {
    const value = queue.pop();
    if (
      value === null ||
      (typeof value !== "object" && typeof value !== "function") ||
      seen.has(value)
    ) continue;
    seen.add(value);
    queue.push(getPrototypeOf(value));
    if (value === Error) {
      // V8 reads Error.stackTraceLimit as a data property: left writable
      // (it only shortens stack traces), everything else fixed.
      for (const key of ownKeys(value)) {
        const property = getOwnPropertyDescriptor(value, key)!;
        const fixed = hasOwn(property, "value") && key !== "stackTraceLimit";
        defineProperty(
          value,
          key,
          fixed ? { configurable: false, writable: false } : {
            configurable: false,
          },
        );
      }
      preventExtensions(value);
    } else if (!isFrozen(value)) {
      freeze(value);
    }
    for (const key of ownKeys(value)) {
      const property = getOwnPropertyDescriptor(value, key);
      if (property === undefined) continue;
      if (hasOwn(property, "value")) queue.push(property.value);
      if (hasOwn(property, "get")) queue.push(property.get);
      if (hasOwn(property, "set")) queue.push(property.set);
    }
  }
}

/**
 * Turns `object`'s data property `key` into an accessor: reading it gives
 * the value it had; assigning it on an object that inherits it defines an
 * own property there, as it would if the property were writable; assigning
 * it on `object` itself throws, as on a frozen object.
 */
function enableOverride(object: object, key: PropertyKey): void {
  const defineProperty = Object.defineProperty;
  const hasOwn = Object.hasOwn;
  const property = Object.getOwnPropertyDescriptor(object, key);
  if (property === undefined || !("value" in property)) return;
  if (!property.configurable) return;
  const value: unknown = property.value;
  const name = typeof key === "symbol" ? "a symbol" : `'${key}'`;
  defineProperty(object, key, {
    get: function () {
      return value;
    },
    set: function (this: unknown, replacement: unknown) {
      if (this === object) {
        throw new TypeError(
          `Cannot assign to read only property ${name} of a built-in (frozen for grading)`,
        );
      }
      if (
        this === null ||
        (typeof this !== "object" && typeof this !== "function")
      ) {
        throw new TypeError(`Cannot create property ${name} on ${typeof this}`);
      }
      if (hasOwn(this, key)) {
        (this as Record<PropertyKey, unknown>)[key] = replacement;
      } else {
        defineProperty(this, key, {
          value: replacement,
          writable: true,
          enumerable: true,
          configurable: true,
        });
      }
    },
    enumerable: property.enumerable ?? false,
    configurable: false,
  });
}
