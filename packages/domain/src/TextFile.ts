import { Data, Result } from "effect";

/**
 * A text file's bytes read into text (issue 34): the station CSV an operator chose at the desk or
 * named to the CLI. Spreadsheets save CSV in the encoding of the computer's language, so both of
 * those people have are read:
 * - UTF-8, with or without a byte-order mark (Excel's "CSV UTF-8", every editor, our own export);
 * - GB18030, which contains GBK (Excel's "CSV" on a Chinese Windows writes code page 936 = GBK).
 *
 * Anything else (a Western Excel's Latin-1 / Windows-1252, UTF-16, a binary file) is refused before
 * a row is read: read as GBK it would import as garbage Chinese ('������' for a city).
 *
 * **Why a plausibility rule.** A fatal UTF-8 decode tells UTF-8 apart reliably, but a fatal GB18030
 * decode does not tell GBK from Latin-1: GBK takes a lead byte 0x81-0xFE followed by any trail
 * 0x40-0x7E or 0x80-0xFE, so an accented letter followed by an ASCII letter ('é' 0xE9 + 't' 0x74)
 * is a valid GBK pair, a rare ideograph. So the bytes must also look like Chinese text:
 * - real Chinese is almost entirely GB2312's characters: lead 0xB0-0xF7 (the 6,763 common
 *   ideographs) or 0xA1-0xA9 (punctuation, full-width forms, symbols), trail 0xA1-0xFE;
 * - Latin-1 text has its accented letters one at a time between ASCII letters, spaces and
 *   punctuation, which gives GBK's extension pairs (trail below 0xA1) or invalid sequences.
 *
 * The rule: of the file's multi-byte characters (two-byte pairs and GB18030's four-byte sequences),
 * at least {@link MIN_COMMON_SHARE_PERCENT}% are GB2312 pairs. A file of Chinese with a few rare
 * characters (a name with 堃 or 喆) passes; Latin-1 with an accented letter at a time never does
 * (it has no GB2312 pair at all). What the rule cannot tell is a Latin-1 file whose accented
 * letters mostly come two in a row ('ÀÉ'): such bytes are equally GB2312 Chinese. A file with a
 * NUL byte is refused too: text never holds one, UTF-16 does (every ASCII letter), and the
 * database cannot store it.
 * @module
 */

/** The encodings a text file may be in. */
export type Encoding = "UTF-8" | "GB18030";

/** A file's text and the encoding it was read in. */
export interface DecodedText {
  readonly text: string;
  readonly encoding: Encoding;
}

/**
 * The file is neither UTF-8 nor Chinese GBK/GB18030 text; `line` is the first line (from 1) that
 * is not UTF-8, so the person can find what their spreadsheet wrote.
 */
export class TextEncodingUnknown extends /* @__PURE__ */ Data.TaggedError("TextEncodingUnknown")<{ readonly line: number }> {}

/** The least share, in percent, of a GB18030 file's multi-byte characters that are GB2312's. */
export const MIN_COMMON_SHARE_PERCENT = 80;

// The WHATWG Encoding Standard's decoder, in every browser and in Node (full ICU, the default
// build). The domain's lib (ES2023) does not describe it, so only what is used is typed here.
interface Decoder {
  decode(bytes: Uint8Array): string;
}
type DecoderConstructor = new (label: string, options: { readonly fatal: boolean }) => Decoder;
const decoderOf = (label: string): Decoder =>
  new (globalThis as unknown as { readonly TextDecoder: DecoderConstructor }).TextDecoder(label, { fatal: true });

/** The text of `bytes` in `label`, or undefined when they are not valid in it. */
const strictDecode = (label: string, bytes: Uint8Array): string | undefined => {
  try {
    return decoderOf(label).decode(bytes);
  } catch {
    return undefined;
  }
};

const isCommonPair = (lead: number, trail: number): boolean =>
  ((lead >= 0xa1 && lead <= 0xa9) || (lead >= 0xb0 && lead <= 0xf7)) && trail >= 0xa1 && trail <= 0xfe;

/** How many of the multi-byte characters of GB18030 `bytes` (already known valid) are GB2312 pairs. */
export const multiByteCounts = (bytes: Uint8Array): { readonly common: number; readonly other: number } => {
  let common = 0;
  let other = 0;
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i += 1;
    } else if (lead === 0x80 || lead === 0xff) {
      // 0x80 is the euro sign in GB18030's single bytes; 0xFF never occurs in a valid file.
      other += 1;
      i += 1;
    } else {
      const second = bytes[i + 1] ?? 0;
      if (second >= 0x30 && second <= 0x39) {
        other += 1;
        i += 4;
      } else {
        if (isCommonPair(lead, second)) common += 1;
        else other += 1;
        i += 2;
      }
    }
  }
  return { common, other };
};

/** Whether valid GB18030 `bytes` read as Chinese text by the rule of this module. */
export const looksChinese = (bytes: Uint8Array): boolean => {
  const { common, other } = multiByteCounts(bytes);
  return common > 0 && common * 100 >= (common + other) * MIN_COMMON_SHARE_PERCENT;
};

const LF = 0x0a;

/** The first line (from 1) of `bytes` that is not UTF-8 or holds a NUL byte; 1 when every line is. */
const firstBadLine = (bytes: Uint8Array): number => {
  let start = 0;
  let line = 1;
  for (let i = 0; i <= bytes.length; i++) {
    if (i === bytes.length || bytes[i] === LF) {
      const part = bytes.subarray(start, i);
      if (part.includes(0) || strictDecode("utf-8", part) === undefined) return line;
      start = i + 1;
      line += 1;
    }
  }
  return 1;
};

const BOM = "\uFEFF";

/**
 * A file's bytes as text, by the rules of this module: UTF-8 (a byte-order mark dropped), else
 * GB18030 when the bytes read as Chinese, else {@link TextEncodingUnknown} naming the first line
 * that is not UTF-8.
 * @example Result.getOrThrow(TextFile.decode(new Uint8Array([0xb7, 0xf0, 0xc9, 0xbd]))).text // "佛山"
 */
export const decode = (bytes: Uint8Array): Result.Result<DecodedText, TextEncodingUnknown> => {
  if (bytes.includes(0)) return Result.fail(new TextEncodingUnknown({ line: firstBadLine(bytes) }));
  const utf8 = strictDecode("utf-8", bytes);
  // The decoder drops UTF-8's byte-order mark itself.
  if (utf8 !== undefined) return Result.succeed({ text: utf8, encoding: "UTF-8" });
  const chinese = strictDecode("gb18030", bytes);
  if (chinese !== undefined && looksChinese(bytes)) {
    // GB18030's own byte-order mark (0x84 0x31 0x95 0x33) decodes to U+FEFF.
    return Result.succeed({ text: chinese.startsWith(BOM) ? chinese.slice(1) : chinese, encoding: "GB18030" });
  }
  return Result.fail(new TextEncodingUnknown({ line: firstBadLine(bytes) }));
};
