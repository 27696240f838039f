import { describe, expect, it } from "vitest";
import { oneOf, optional, orNull, readSaved, record, text, wholeNumber } from "../../src/stores/savedShape.ts";

interface Card {
  readonly number: string;
  readonly ref?: string;
}

interface Draft {
  readonly id: number | null;
  readonly kind: "a" | "b";
  readonly card: Card | null;
}

const draft = record<Draft>({ id: orNull(wholeNumber), kind: oneOf(["a", "b"]), card: orNull(record<Card>({ number: text, ref: optional(text) })) });

const read = (value: unknown): Draft | undefined => readSaved(JSON.stringify(value), draft);

describe("savedShape: a kept draft is read back only in its shape", () => {
  it("a draft of the shape reads as written", () => {
    expect(read({ id: 3, kind: "a", card: { number: "1234567", ref: "r1" } })).toEqual({ id: 3, kind: "a", card: { number: "1234567", ref: "r1" } });
    expect(read({ id: null, kind: "b", card: null })).toEqual({ id: null, kind: "b", card: null });
  });

  it("nothing kept is no draft", () => {
    expect(readSaved(null, draft)).toBeUndefined();
  });

  it.each(["{", "", "undefined", "{'id':3}"])("text that is not JSON (%j) is no draft, not an error", (raw) => {
    expect(readSaved(raw, draft)).toBeUndefined();
  });

  it.each([
    ["a number as text", { id: "3", kind: "a", card: null }],
    ["a fraction for an id", { id: 3.5, kind: "a", card: null }],
    ["a value outside the literals", { id: 3, kind: "c", card: null }],
    ["a nested field of another type", { id: 3, kind: "a", card: { number: 1234567 } }],
    ["an optional field of another type", { id: 3, kind: "a", card: { number: "1234567", ref: 7 } }],
    ["an array for an object", { id: 3, kind: "a", card: ["1234567"] }],
  ])("a field of another type (%s) makes the whole draft unreadable", (_, value) => {
    expect(read(value)).toBeUndefined();
  });

  it.each([[null], [[]], ["text"], [42]])("a value that is no object (%j) is no draft", (value) => {
    expect(read(value)).toBeUndefined();
  });

  it("a draft missing a field (an older app's shape) is no draft", () => {
    expect(read({ id: 3, card: null })).toBeUndefined();
  });

  it("keys the shape does not name are dropped, nested ones too", () => {
    expect(read({ id: 3, kind: "a", card: { number: "1234567", old: true }, legacy: "x" })).toEqual({ id: 3, kind: "a", card: { number: "1234567" } });
  });

  it("a missing optional key stays missing (not present as undefined)", () => {
    expect(Object.keys(read({ id: 3, kind: "a", card: { number: "1234567" } })?.card ?? {})).toEqual(["number"]);
  });
});
