import fc from "fast-check";
import iconv from "iconv-lite";
import { Result } from "effect";
import { describe, expect, it } from "vitest";
import { decode, TextEncodingUnknown } from "../src/TextFile.ts";

/**
 * Issue 34: a file's bytes read as text. The encoder is iconv-lite's (an implementation of
 * GB18030 and code page 936 independent of the platform's TextDecoder), so these check what a
 * Chinese Excel writes, not a round trip through one table.
 */

const bytesOf = (text: string, encoding: string): Uint8Array => Uint8Array.from(iconv.encode(text, encoding));
const fromGb18030 = (...bytes: number[]): string => iconv.decode(Uint8Array.from(bytes) as Parameters<typeof iconv.decode>[0], "gb18030");
/** Whether `bytes` are valid UTF-8 (decodeURIComponent refuses any that are not). */
const isUtf8 = (bytes: Uint8Array): boolean => {
  try {
    decodeURIComponent([...bytes].map((b) => `%${b.toString(16).padStart(2, "0")}`).join(""));
    return true;
  } catch {
    return false;
  }
};

/** A character of GB2312 (the common ideographs and Chinese punctuation), as Chinese text is made of. */
const commonChinese = fc
  .oneof(
    { weight: 9, arbitrary: fc.tuple(fc.integer({ min: 0xb0, max: 0xf7 }), fc.integer({ min: 0xa1, max: 0xfe })) },
    { weight: 1, arbitrary: fc.tuple(fc.constant(0xa3), fc.integer({ min: 0xa1, max: 0xfe })) },
  )
  // Row 0xD7 ends at 0xF9: its last five cells are unassigned in GB2312.
  .filter(([lead, trail]) => !(lead === 0xd7 && trail > 0xf9))
  .map(([lead, trail]) => fromGb18030(lead, trail));

/** A rare ideograph of GBK's extension (lead 0x81-0xA0), such as names sometimes hold. */
const rareChinese = fc
  .tuple(fc.integer({ min: 0x81, max: 0xa0 }), fc.integer({ min: 0x40, max: 0xfe }))
  .filter(([, trail]) => trail !== 0x7f)
  .map(([lead, trail]) => fromGb18030(lead, trail));

const asciiPart = fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789 ,.;:#-\n"), maxLength: 6 });

/** Chinese text: at least one common character per rare one in four, between ASCII (commas, digits, line breaks). */
const chineseText = fc
  .array(commonChinese, { minLength: 4, maxLength: 40 })
  .chain((common) =>
    fc.tuple(fc.constant(common), fc.array(rareChinese, { maxLength: Math.floor(common.length / 4) })).chain(([c, r]) =>
      fc.shuffledSubarray([...c, ...r], { minLength: c.length + r.length }).chain((chars) =>
        fc.array(asciiPart, { minLength: chars.length, maxLength: chars.length }).map((ascii) => chars.map((ch, i) => `${ascii[i]}${ch}`).join("")),
      ),
    ),
  );

const LATIN_ACCENTED = "ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿ";
/** A Latin-1 word: ASCII letters with accented ones, one at a time (as European words have them), at least one. */
const latinWord = fc
  .array(fc.tuple(fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"), minLength: 1, maxLength: 6 }), fc.constantFrom(...LATIN_ACCENTED)), {
    minLength: 1,
    maxLength: 4,
  })
  .chain((parts) => fc.boolean().map((accentFirst) => parts.map(([ascii, accent]) => (accentFirst ? `${accent}${ascii}` : `${ascii}${accent}`)).join("")));
const latinText = fc.array(fc.tuple(latinWord, fc.constantFrom(" ", ",", ", ", "\n", ";", "1", "")), { minLength: 1, maxLength: 12 }).map((words) => words.map(([w, sep]) => `${w}${sep}`).join(""));

/** Text a file may hold: any Unicode but NUL and unpaired surrogates. */
const unicodeText = fc.string({ unit: "grapheme", maxLength: 60 }).filter((s) => !s.includes("\u0000"));

describe("reading a text file's bytes (TextFile.decode)", () => {
  it("UTF-8 text decodes to itself, with or without a byte-order mark", () => {
    fc.assert(
      fc.property(unicodeText, fc.boolean(), (text, bom) => {
        const bytes = bytesOf(bom ? `\uFEFF${text}` : text, "utf8");
        expect(decode(bytes)).toEqual(Result.succeed({ text, encoding: "UTF-8" }));
      }),
    );
  });

  it("Chinese text in GB18030 decodes to itself (when its bytes are not also UTF-8)", () => {
    fc.assert(
      fc.property(chineseText, fc.constantFrom("gb18030", "cp936"), (text, encoding) => {
        const bytes = bytesOf(text, encoding);
        fc.pre(!isUtf8(bytes));
        expect(decode(bytes)).toEqual(Result.succeed({ text, encoding: "GB18030" }));
      }),
    );
  });

  it("Latin-1 text with accented letters one at a time is refused", () => {
    fc.assert(
      fc.property(latinText, (text) => {
        const result = decode(bytesOf(text, "latin1"));
        expect(Result.isFailure(result) && result.failure).toBeInstanceOf(TextEncodingUnknown);
      }),
    );
  });

  it("a refusal names the first line that is not UTF-8", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: fc.constantFrom(..."abc,;0123456789 ") }), { maxLength: 5 }), latinText, (before, bad) => {
        const lines = before.filter((l) => !l.includes("\n"));
        const bytes = bytesOf(`${[...lines, bad].join("\n")}\n`, "latin1");
        // The bad text's own line breaks before its first accented letter count too.
        const line = lines.length + bad.slice(0, bad.search(/[^ -~\n]/)).split("\n").length;
        expect(decode(bytes)).toEqual(Result.fail(new TextEncodingUnknown({ line })));
      }),
    );
  });
});
