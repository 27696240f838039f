import { createPublicKey, type KeyObject } from "node:crypto";
import { pemBlocksOf } from "../secretForms.ts";

/**
 * The platform certificates a channel accepts, by serial: the `Wechatpay-Serial` header of a
 * notification (and of an API answer) names the certificate that signed it. Usually one; during
 * a rotation two (the current and the next), so that the channel's switch from one to the other
 * needs no deploy at that moment and loses no notification (docs/operations.md).
 */
export type PlatformKeys = ReadonlyMap<string, KeyObject>;

/** Serials compare without regard to case: the merchant platform shows them in capitals, some tools in small letters. */
export const serialKey = (serial: string): string => serial.trim().toUpperCase();

/** The key a serial names, or undefined when it is not one of ours (a header missing counts as not ours). */
export const platformKeyFor = (keys: PlatformKeys, serial: string | undefined): KeyObject | undefined =>
  serial === undefined ? undefined : keys.get(serialKey(serial));

/** `A,B` -> ["A", "B"]: the configured serials, in order, blanks dropped. */
export const serialList = (value: string): string[] =>
  value
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");

/**
 * The serial-to-key map from the two settings, paired in order: the first serial names the first
 * PEM block. loadConfig has checked the forms and that the counts agree (src/secretForms.ts).
 */
export const platformKeysFrom = (serials: string, pems: string): PlatformKeys => {
  const list = serialList(serials);
  const blocks = pemBlocksOf(pems);
  if (list.length !== blocks.length) throw new Error(`${list.length} platform serials for ${blocks.length} platform keys`);
  return new Map(list.map((serial, i) => [serialKey(serial), createPublicKey(blocks[i] ?? "")]));
};
