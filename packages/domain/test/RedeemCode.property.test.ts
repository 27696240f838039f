import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALPHABET, display, ENTROPY_BITS, fromBytes, GROUP_LENGTH, isCanonical, isLegacy, LENGTH, lookupKey, normalise, RANDOM_BYTES, shownText } from "../src/RedeemCode.ts";

/** The 10 random bytes a code is made from. */
const bytes = fc.uint8Array({ minLength: RANDOM_BYTES, maxLength: RANDOM_BYTES });
const code = bytes.map(fromBytes);

/** What a person may put between characters: nothing, spaces (ASCII, no-break, ideographic), dashes, tabs. */
const separator = fc.constantFrom("", "", "", " ", "  ", "-", " - ", "\u00a0", "\u3000", "\t", "\u2013", "\uff0d");

/** `text` with a random separator before each character and after the last, each character in a random case. */
const typedFrom = (text: string): fc.Arbitrary<string> =>
  fc
    .tuple(fc.array(separator, { minLength: text.length + 1, maxLength: text.length + 1 }), fc.array(fc.boolean(), { minLength: text.length, maxLength: text.length }))
    .map(([gaps, lower]) => [...text].map((ch, i) => `${gaps[i] ?? ""}${lower[i] === true ? ch.toLowerCase() : ch}`).join("") + (gaps[text.length] ?? ""));

describe("RedeemCode properties (issue 34 item 2)", () => {
  it("a code is 16 characters of Crockford's alphabet: never I, L, O or U", () => {
    fc.assert(
      fc.property(code, (c) => {
        expect(c).toHaveLength(LENGTH);
        expect(isCanonical(c)).toBe(true);
        expect(c).not.toMatch(/[ILOU]/);
        for (const ch of c) expect(ALPHABET).toContain(ch);
      }),
    );
  });

  it("distinct bytes give distinct codes", () => {
    fc.assert(
      fc.property(bytes, bytes, (a, b) => {
        fc.pre(a.some((x, i) => x !== b[i]));
        expect(fromBytes(a)).not.toBe(fromBytes(b));
      }),
    );
  });

  it("each byte's bits are in the code: flipping any one bit of the 80 changes the code", () => {
    fc.assert(
      fc.property(bytes, fc.integer({ min: 0, max: ENTROPY_BITS - 1 }), (b, bit) => {
        const flipped = Uint8Array.from(b);
        flipped[Math.floor(bit / 8)] = (flipped[Math.floor(bit / 8)] ?? 0) ^ (1 << (bit % 8));
        expect(fromBytes(flipped)).not.toBe(fromBytes(b));
      }),
    );
  });

  it("the display form is groups of 4 separated by single spaces, and normalises to the code", () => {
    fc.assert(
      fc.property(code, (c) => {
        const shown = display(c);
        const groups = shown.split(" ");
        expect(groups).toHaveLength(LENGTH / GROUP_LENGTH);
        for (const group of groups) expect(group).toHaveLength(GROUP_LENGTH);
        expect(groups.join("")).toBe(c);
        expect(normalise(shown)).toBe(c);
        expect(shownText(c)).toBe(shown);
      }),
    );
  });

  it("a code's display form in lower case normalises to the code", () => {
    fc.assert(
      fc.property(code, (c) => {
        expect(normalise(display(c).toLowerCase())).toBe(c);
      }),
    );
  });

  it("a code typed in any case with any spaces and dashes between and around its characters normalises to the code", () => {
    fc.assert(
      fc.property(
        code.chain((c) => typedFrom(c).map((typed) => [c, typed] as const)),
        ([c, typed]) => {
          expect(normalise(typed)).toBe(c);
          expect(lookupKey(typed)).toBe(c);
        },
      ),
    );
  });

  it("a 0 typed as O and a 1 typed as I or L (either case) read as the digit", () => {
    fc.assert(
      fc.property(code, fc.array(fc.constantFrom("O", "o"), { minLength: 16, maxLength: 16 }), fc.array(fc.constantFrom("I", "i", "L", "l"), { minLength: 16, maxLength: 16 }), (c, zeros, ones) => {
        const typed = [...c].map((ch, i) => (ch === "0" ? zeros[i] : ch === "1" ? ones[i] : ch)).join("");
        expect(normalise(typed)).toBe(c);
      }),
    );
  });

  it("the code typed in full-width characters (a Chinese keyboard's) normalises to the code", () => {
    const fullWidth = (s: string): string => [...s].map((ch) => (ch === " " ? "\u3000" : String.fromCodePoint((ch.codePointAt(0) ?? 0) + 0xfee0))).join("");
    fc.assert(
      fc.property(code, (c) => {
        expect(normalise(fullWidth(display(c)))).toBe(c);
      }),
    );
  });

  it("normalising is idempotent", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 40 }), code.map(display)), (text) => {
        const once = normalise(text);
        if (once !== undefined) expect(normalise(once)).toBe(once);
      }),
    );
  });

  it("a code missing a character, with one too many, or with a U reads as no code", () => {
    fc.assert(
      fc.property(code, fc.integer({ min: 0, max: LENGTH - 1 }), (c, i) => {
        expect(normalise(c.slice(0, i) + c.slice(i + 1))).toBeUndefined();
        expect(normalise(`${c}7`)).toBeUndefined();
        expect(normalise(c.slice(0, i) + "U" + c.slice(i + 1))).toBeUndefined();
      }),
    );
  });

  it("an old-format code is looked up exactly as typed, trimmed, and never read as a new code", () => {
    const legacy = fc.stringMatching(/^KP[A-Za-z0-9_-]{32}$/).filter((s) => normalise(s) === undefined);
    fc.assert(
      fc.property(legacy, fc.constantFrom("", " ", "\n"), (old, blank) => {
        expect(isLegacy(old)).toBe(true);
        expect(lookupKey(`${blank}${old}${blank}`)).toBe(old);
        expect(shownText(old)).toBe(old);
        // Case-sensitive, as before: the code in lower case is not the code.
        expect(lookupKey(old.toLowerCase())).not.toBe(old);
      }),
    );
  });
});

describe("RedeemCode examples", () => {
  it("10 zero bytes are sixteen 0s; 10 bytes of ones are sixteen Zs", () => {
    expect(fromBytes(new Uint8Array(10))).toBe("0000000000000000");
    expect(fromBytes(new Uint8Array(10).fill(255))).toBe("ZZZZZZZZZZZZZZZZ");
  });

  it("the bits are read most significant first, 5 at a time", () => {
    // 0x08 = 00001 000..., then zeros: the first character is 1, the rest 0.
    expect(fromBytes(Uint8Array.of(0x08, 0, 0, 0, 0, 0, 0, 0, 0, 0))).toBe("1000000000000000");
    // The last byte's low 5 bits are the last character: 0x1f -> Z.
    expect(fromBytes(Uint8Array.of(0, 0, 0, 0, 0, 0, 0, 0, 0, 0x1f))).toBe("000000000000000Z");
  });

  it("a code is made from exactly 10 bytes", () => {
    expect(() => fromBytes(new Uint8Array(9))).toThrow(RangeError);
    expect(() => fromBytes(new Uint8Array(11))).toThrow(RangeError);
  });

  it("reads the driver's code as the cashier types it", () => {
    expect(display("7K3M9QXR2D4FHJ8T" as Parameters<typeof display>[0])).toBe("7K3M 9QXR 2D4F HJ8T");
    expect(normalise(" 7k3m-9qxr 2d4f hj8t ")).toBe("7K3M9QXR2D4FHJ8T");
    expect(normalise("7K3M\u30009QXR\u3000２Ｄ４Ｆ－ＨＪ８Ｔ")).toBe("7K3M9QXR2D4FHJ8T");
    expect(normalise("7K3M\u200b9QXR\n2D4F\tHJ8T")).toBe("7K3M9QXR2D4FHJ8T");
    expect(normalise("OOOO IIII LLLL oil1")).toBe("0000111111110111");
    expect(normalise("7K3M 9QXR 2D4F HJ8")).toBeUndefined();
    expect(normalise("")).toBeUndefined();
    expect(normalise("KPq3Zx8LmN0pR5tVwY2aBcDeFgHiJkLmNo")).toBeUndefined();
  });

  it("an unknown text names no code", () => {
    expect(lookupKey("not a code")).toBeUndefined();
    expect(lookupKey("KP\u0000")).toBeUndefined();
    expect(lookupKey("KPq3 Zx8L")).toBeUndefined();
  });
});
