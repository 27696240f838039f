/**
 * An audit row's values before and after, as lines a person reads on a phone: for two objects
 * (a station, some settings) one line per field, `key: before → after`, only the fields that
 * differ or appear on one side; anything else one line of the whole values. Values are compact
 * JSON, a string without its quotes.
 */
export interface ChangeLine {
  /** The field, or undefined for the whole value. */
  readonly key: string | undefined;
  /** Undefined: the side had no value. */
  readonly before: string | undefined;
  readonly after: string | undefined;
}

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> => typeof value === "object" && value !== null && !Array.isArray(value);

/** A value as one short line; null and undefined are no value. */
const shown = (value: unknown): string | undefined => {
  if (value === null || value === undefined) return undefined;
  return typeof value === "string" ? value : JSON.stringify(value);
};

export const changeLines = (before: unknown, after: unknown): ReadonlyArray<ChangeLine> => {
  const hasBefore = before !== null && before !== undefined;
  const hasAfter = after !== null && after !== undefined;
  if (!hasBefore && !hasAfter) return [];
  if ((isRecord(before) || !hasBefore) && (isRecord(after) || !hasAfter)) {
    const was: Readonly<Record<string, unknown>> = isRecord(before) ? before : {};
    const now: Readonly<Record<string, unknown>> = isRecord(after) ? after : {};
    const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])];
    return keys
      .map((key) => ({ key, before: shown(was[key]), after: shown(now[key]) }))
      .filter((line) => !(hasBefore && hasAfter) || line.before !== line.after);
  }
  return [{ key: undefined, before: shown(before), after: shown(after) }];
};
