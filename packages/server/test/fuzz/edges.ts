import fc from "fast-check";

/**
 * The inputs that broke the server before issue 9 (a 500 from input), for the fuzz tests to aim
 * at: integers at the edges of PostgreSQL `integer` and of JavaScript's safe integers, -0 and
 * 1e308, written as raw JSON text (JSON.stringify cannot write -0 or 2^53 + 1), and every control
 * character and an unpaired surrogate of each half, which PostgreSQL `text` cannot store or may
 * mangle.
 */

/** Raw JSON number texts: around 2^31 (int4), 2^53 (and 2^53 + 1, which parses to 2^53), -0, 1e308. */
export const EDGE_NUMBER_TEXTS: ReadonlyArray<string> = [
  "2147483647",
  "2147483648",
  "2147483649",
  "-2147483648",
  "-2147483649",
  "9007199254740992",
  "9007199254740993",
  "-0",
  "1e308",
  "-1e308",
  "0.5",
];

/** The same edges as strings of digits, which integer fields of a request also read. */
export const EDGE_DIGIT_STRINGS: ReadonlyArray<string> = ["2147483647", "2147483648", "9007199254740993", "99999999999999999999", "-0", "0"];

/** U+0000 to U+001F, U+007F, and a lone high and a lone low surrogate. */
export const EDGE_CHARACTERS: ReadonlyArray<string> = [
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)),
  "\u007f",
  "\ud800",
  "\udfff",
];

/** A value for fast-check generators: an edge number (as a JS number where one exists), a digit string, or a string holding an edge character. */
export const edgeValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(2 ** 31 - 1, 2 ** 31, 2 ** 31 + 1, -(2 ** 31) - 1, 2 ** 53, -0, 1e308),
  fc.constantFrom(...EDGE_DIGIT_STRINGS),
  fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...EDGE_CHARACTERS), fc.string({ maxLength: 8 })).map(([a, c, b]) => `${a}${c}${b}`),
);

/**
 * Runs `f` over `items`, `size` at a time: the variants are independent, and endpoints that hash
 * a password (scrypt, ~100 ms) would otherwise take one after another.
 */
export const inBatches = async <A>(items: ReadonlyArray<A>, size: number, f: (item: A) => Promise<void>): Promise<void> => {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(f));
};

type Path = ReadonlyArray<string>;

/** The paths to every primitive member of a JSON value (nested objects included; arrays left whole). */
export const leafPaths = (value: unknown, prefix: Path = []): ReadonlyArray<Path> => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return prefix.length === 0 ? [] : [prefix];
  return Object.entries(value).flatMap(([k, v]) => leafPaths(v, [...prefix, k]));
};

export const getAt = (value: unknown, path: Path): unknown =>
  path.reduce<unknown>((v, k) => (typeof v === "object" && v !== null ? (v as Record<string, unknown>)[k] : undefined), value);

export const setAt = (value: unknown, path: Path, leaf: unknown): unknown => {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path as [string, ...string[]];
  const obj = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  return { ...obj, [head]: setAt(obj[head], rest, leaf) };
};

const MARK = "__fuzz_edge_number__";

/** One variant of a body: a description for the failure message, and the JSON text to send. */
export interface Variant {
  readonly label: string;
  /** The body as JSON text (raw numbers spliced in). */
  readonly json: string;
  /** The body as an object (for GET query strings): raw numbers as their text. */
  readonly query: Record<string, string>;
}

const queryOf = (body: unknown, numberText?: string): Record<string, string> => {
  const out: Record<string, string> = {};
  if (typeof body === "object" && body !== null) {
    for (const [k, v] of Object.entries(body)) out[k] = v === MARK && numberText !== undefined ? numberText : typeof v === "string" ? v : (JSON.stringify(v) ?? "");
  }
  return out;
};

/** The edge characters PostgreSQL text stores (every control character but NUL). */
const STORABLE_EDGE_CHARACTERS = EDGE_CHARACTERS.filter((c) => c !== "\u0000" && !/^[\ud800-\udfff]$/u.test(c));
const UNSTORABLE_EDGE_CHARACTERS = EDGE_CHARACTERS.filter((c) => !STORABLE_EDGE_CHARACTERS.includes(c));

export interface VariantOptions {
  /**
   * Send the storable control characters together in one variant per member (the unstorable ones
   * still one by one). For endpoints that hash a password (scrypt, ~100 ms) on every valid body,
   * where 33 variants per member would cost seconds and the members are hashed or checked, never
   * used as text characters one at a time.
   */
  readonly groupStorableCharacters?: boolean;
}

const hex = (c: string): string => `U+${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

/**
 * Every edge variant of a valid body, one member changed at a time: each edge number (raw JSON)
 * and digit string in every member, and each edge character appended to every string member.
 */
export const edgeVariants = (body: unknown, options: VariantOptions = {}): ReadonlyArray<Variant> => {
  const out: Variant[] = [];
  for (const path of leafPaths(body)) {
    const name = path.join(".");
    for (const text of EDGE_NUMBER_TEXTS) {
      const marked = setAt(body, path, MARK);
      out.push({ label: `${name} = ${text}`, json: JSON.stringify(marked).replace(`"${MARK}"`, text), query: queryOf(marked, text) });
    }
    for (const digits of EDGE_DIGIT_STRINGS) {
      const changed = setAt(body, path, digits);
      out.push({ label: `${name} = ${JSON.stringify(digits)}`, json: JSON.stringify(changed), query: queryOf(changed) });
    }
    const current = getAt(body, path);
    if (typeof current === "string") {
      const suffixes = options.groupStorableCharacters === true ? [...UNSTORABLE_EDGE_CHARACTERS, STORABLE_EDGE_CHARACTERS.join("")] : EDGE_CHARACTERS;
      for (const suffix of suffixes) {
        const changed = setAt(body, path, `${current}${suffix}`);
        out.push({ label: `${name} + ${[...suffix].map(hex).join(" ")}`, json: JSON.stringify(changed), query: queryOf(changed) });
      }
    }
  }
  return out;
};
