/**
 * A small runtime check for the learner's saved progress: the one boundary every page crosses in
 * the browser (localStorage on load, and progress files on import).
 *
 * Why not zod, as the content loaders use: with Turbopack, even zod/mini brings about 35 KiB
 * (gzipped) of zod's core into the JavaScript every route shares — measured with
 * `npm run bench:lessons` — more than the whole app's own client code. The progress format needs
 * only strict objects, records, arrays, a few scalars and one tagged union, which this covers, with
 * the same habits as the schemas elsewhere: unknown fields are refused, the type is inferred from
 * the shape, and a failure names the path of the first bad value.
 */

type Path = readonly (string | number)[];

/** A check that returns its value, typed, or throws a ShapeError naming where and why. */
export interface Shape<T> {
  (value: unknown, path: Path): T;
  /** Set by `optional`: the field may be missing from its object. */
  readonly optional?: true;
}

export type Infer<S> = S extends Shape<infer T> ? T : never;

class ShapeError extends Error {
  constructor(
    readonly path: Path,
    readonly reason: string,
  ) {
    super(`${path.length ? path.join(".") : "(top level)"}: ${reason}`);
    this.name = "ShapeError";
  }
}

export type CheckResult<T> =
  { success: true; data: T } | { success: false; path: Path; message: string };

/** Runs `shape` on `value` without throwing. */
export function check<T>(shape: Shape<T>, value: unknown): CheckResult<T> {
  try {
    return { success: true, data: shape(value, []) };
  } catch (error) {
    if (error instanceof ShapeError) {
      return { success: false, path: error.path, message: error.reason };
    }
    throw error;
  }
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return `the string ${JSON.stringify(value.slice(0, 40))}`;
  if (typeof value === "object") return "an object";
  return `${typeof value} ${String(value)}`;
}

function fail(path: Path, expected: string, value: unknown): never {
  throw new ShapeError(path, `expected ${expected}, got ${describe(value)}`);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function string(options: { min?: number } = {}): Shape<string> {
  const min = options.min ?? 0;
  return (value, path) => {
    if (typeof value !== "string") fail(path, "a string", value);
    if (value.length < min) fail(path, `a string of at least ${min} characters`, value);
    return value;
  };
}

export const boolean: Shape<boolean> = (value, path) =>
  typeof value === "boolean" ? value : fail(path, "true or false", value);

export function number(
  options: { integer?: boolean; min?: number; max?: number; positive?: boolean } = {},
): Shape<number> {
  const { integer = false, min, max, positive = false } = options;
  const what = [
    integer ? "an integer" : "a number",
    positive ? "above 0" : min !== undefined ? `of at least ${min}` : "",
    max !== undefined ? `of at most ${max}` : "",
  ]
    .filter(Boolean)
    .join(" ");
  return (value, path) => {
    if (typeof value !== "number" || !Number.isFinite(value)) fail(path, what, value);
    if (integer && !Number.isSafeInteger(value)) fail(path, what, value);
    if (positive && value <= 0) fail(path, what, value);
    if (min !== undefined && value < min) fail(path, what, value);
    if (max !== undefined && value > max) fail(path, what, value);
    return value;
  };
}

/** A count: a non-negative integer. */
export const count = number({ integer: true, min: 0 });

/**
 * A count a learner makes by hand, at most a million: nobody answers a question a million times,
 * so a larger number in a file is damage or a forgery, and would outweigh every honest record in
 * a merge.
 */
const MAX_COUNT = 1_000_000;
export const handCount = number({ integer: true, min: 0, max: MAX_COUNT });

const ISO_DATE_TIME =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?Z$/;

/** A UTC date-time as `Date.prototype.toISOString` writes it. */
export const isoDateTime: Shape<string> = (value, path) =>
  typeof value === "string" && ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value))
    ? value
    : fail(path, "a UTC ISO date-time such as 2026-01-26T12:00:00.000Z", value);

/** One of a fixed list of strings or numbers. */
export function oneOf<const T extends readonly (string | number)[]>(values: T): Shape<T[number]> {
  const list = values.map((v) => JSON.stringify(v)).join(", ");
  return (value, path) =>
    (values as readonly unknown[]).includes(value)
      ? (value as T[number])
      : fail(path, `one of ${list}`, value);
}

export function array<T>(item: Shape<T>, options: { min?: number } = {}): Shape<T[]> {
  const min = options.min ?? 0;
  return (value, path) => {
    if (!Array.isArray(value)) fail(path, "an array", value);
    if (value.length < min) fail(path, `an array of at least ${min} items`, value);
    return value.map((v, i) => item(v, [...path, i]));
  };
}

/** Keys that would reach an object's prototype when used on a plain object: never a valid id. */
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * An object used as a map from string keys to values of one shape. Keys such as `__proto__` are
 * refused (not dropped silently, as assigning them would), so the learner is told.
 */
export function record<T>(
  item: Shape<T>,
  options: { max?: number } = {},
): Shape<Record<string, T>> {
  return (value, path) => {
    if (!isPlainObject(value)) fail(path, "an object", value);
    if (options.max !== undefined) {
      const n = Object.keys(value).length;
      if (n > options.max) throw new ShapeError(path, `at most ${options.max} entries, got ${n}`);
    }
    const out: Record<string, T> = {};
    for (const [k, v] of Object.entries(value)) {
      if (FORBIDDEN_KEYS.has(k))
        throw new ShapeError([...path, k], `the key "${k}" is not allowed`);
      out[k] = item(v, [...path, k]);
    }
    return out;
  };
}

/** `shape`, then a check across its fields; `why` says what is wrong when `ok` is false. */
export function refine<T>(
  shape: Shape<T>,
  ok: (value: T) => boolean,
  why: (value: T) => string,
): Shape<T> {
  return (value, path) => {
    const checked = shape(value, path);
    if (!ok(checked)) throw new ShapeError(path, why(checked));
    return checked;
  };
}

export function nullable<T>(shape: Shape<T>): Shape<T | null> {
  return (value, path) => (value === null ? null : shape(value, path));
}

/** Marks an object field that may be absent (but not `undefined` or `null` when present). */
export function optional<T>(shape: Shape<T>): Shape<T> & { readonly optional: true } {
  return Object.assign((value: unknown, path: Path) => shape(value, path), {
    optional: true as const,
  });
}

type Fields = Record<string, Shape<unknown>>;
type OptionalKeys<F extends Fields> = {
  [K in keyof F]: F[K] extends { readonly optional: true } ? K : never;
}[keyof F];
type Flatten<T> = { [K in keyof T]: T[K] };
export type ObjectOf<F extends Fields> = Flatten<
  { [K in Exclude<keyof F, OptionalKeys<F>>]: Infer<F[K]> } & {
    [K in OptionalKeys<F>]?: Infer<F[K]>;
  }
>;

/** An object with exactly these fields: a missing required field or an unknown one is refused. */
export function object<F extends Fields>(fields: F): Shape<ObjectOf<F>> {
  return (value, path) => {
    if (!isPlainObject(value)) fail(path, "an object", value);
    for (const key of Object.keys(value)) {
      if (!Object.hasOwn(fields, key)) throw new ShapeError([...path, key], "unknown field");
    }
    const out: Record<string, unknown> = {};
    for (const [key, shape] of Object.entries(fields)) {
      if (!Object.hasOwn(value, key)) {
        if (shape.optional) continue;
        throw new ShapeError([...path, key], "missing");
      }
      out[key] = shape(value[key], [...path, key]);
    }
    return out as ObjectOf<F>;
  };
}

/**
 * One of several object shapes, chosen by the string in `key` (as `type` chooses a response's
 * shape). Each option must declare that key with a one-value `oneOf`.
 */
export function tagged<K extends string, const O extends Record<string, Shape<unknown>>>(
  key: K,
  options: O,
): Shape<Infer<O[keyof O]>> {
  const tags = Object.keys(options);
  return (value, path) => {
    if (!isPlainObject(value)) fail(path, "an object", value);
    const tag = value[key];
    const shape = typeof tag === "string" && Object.hasOwn(options, tag) ? options[tag] : undefined;
    if (!shape)
      fail([...path, key], `one of ${tags.map((t) => JSON.stringify(t)).join(", ")}`, tag);
    return shape(value, path) as Infer<O[keyof O]>;
  };
}
