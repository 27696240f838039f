/**
 * The one way a draft kept in `tabValues` is read back (the fuel draft, the card top-up, the card
 * purchase): each draft declares its shape with these fields, and a value that is not JSON, has a
 * field of another type or misses one (a draft an older app wrote) reads as no draft at all, so
 * the page starts afresh instead of meeting a value it cannot use. Keys the shape does not name
 * are dropped.
 *
 * Why not effect's Schema, as the wire does: measured with `vite build` (2026-11), decoding the
 * fuel draft with `Schema.fromJsonString` moved Schema's core (15.1 KB gzip) out of the contract
 * chunk into a chunk /oneKeyGas's page chunk imports statically: what the page needs before it
 * can draw went from 28.5 to 43.4 KB gzip. The route preloads the contract chunk anyway (so only
 * +0.7 KB on the wire), but on weak 4G the page would wait for it; the card top-up's chunk is on
 * /recharge/2, the first screen after sign-in. This checker costs about 0.2 KB gzip per chunk.
 * The same reason keeps ./kept/shape.ts hand-written.
 */

const WRONG: unique symbol = Symbol("not of the shape");

/** Reads one field: its value, or `WRONG` when it is not of the field's type. */
export type Field<T> = (value: unknown) => T | typeof WRONG;

/** The field of every key of `T`: the compiler holds a shape to the type it reads. */
export type Shape<T> = { readonly [K in keyof T]-?: Field<T[K]> };

export const text: Field<string> = (value) => (typeof value === "string" ? value : WRONG);

/** An id or a count: JSON has no other numbers a draft keeps. */
export const wholeNumber: Field<number> = (value) => (typeof value === "number" && Number.isSafeInteger(value) ? value : WRONG);

export const oneOf =
  <const L extends ReadonlyArray<string>>(values: L): Field<L[number]> =>
  (value) =>
    values.find((v) => v === value) ?? WRONG;

export const orNull =
  <T>(field: Field<T>): Field<T | null> =>
  (value) =>
    value === null ? null : field(value);

/** A key that may be missing (an optional property). */
export const optional =
  <T>(field: Field<T>): Field<T | undefined> =>
  (value) =>
    value === undefined ? undefined : field(value);

/** An object with the keys of `shape` (nested shapes included); other keys are left out. */
export const record =
  <T>(shape: Shape<T>): Field<T> =>
  (value) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return WRONG;
    const read: Record<string, unknown> = {};
    for (const [key, field] of Object.entries<Field<unknown>>(shape)) {
      const v = field((value as Record<string, unknown>)[key]);
      if (v === WRONG) return WRONG;
      // An optional key that is missing stays missing (exactOptionalPropertyTypes).
      if (v !== undefined) read[key] = v;
    }
    return read as T;
  };

/** The draft kept as `raw` if it has the shape, else undefined (nothing kept, or not readable). */
export const readSaved = <T>(raw: string | null, shape: Field<T>): T | undefined => {
  if (raw === null) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const read = shape(parsed);
  return read === WRONG ? undefined : read;
};
