import type { ChosenFile } from "../../../src/desk/stores/places/chosenFile.ts";

/** A chosen file of `bytes`, read as those bytes. */
export const bytesFile = (name: string, bytes: Uint8Array, type = "text/csv"): ChosenFile<Uint8Array> => ({
  name,
  type,
  size: bytes.length,
  read: () => Promise.resolve(bytes),
});

/** A chosen file of `text` in UTF-8 (its size in bytes, as the browser reports it). */
export const textFile = (name: string, text: string, type = "text/csv"): ChosenFile<Uint8Array> => bytesFile(name, new TextEncoder().encode(text), type);

// The first bytes of each format, as the settings' rule reads them (SiteSettingsRules.isQrImage).
const SIGNATURES: Readonly<Record<string, ReadonlyArray<number>>> = {
  "image/png": [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  "image/jpeg": [0xff, 0xd8, 0xff, 0xe0],
  "image/gif": [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
};

/** The base64 of `bytes`. */
export const base64Of = (bytes: ReadonlyArray<number>): string => {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
};

/**
 * A chosen image of `bytes` bytes, read as a data URL of `type` whose bytes begin with the
 * signature of `format` (by default the type's own: a PNG's bytes for image/png).
 */
export const imageFile = (name: string, type: string, bytes: number, format = type): ChosenFile => {
  const content = [...(SIGNATURES[format] ?? [])];
  while (content.length < bytes) content.push(0);
  return { name, type, size: bytes, read: () => Promise.resolve(`data:${type};base64,${base64Of(content)}`) };
};
