import type { ChosenFile } from "../../../src/desk/stores/places/chosenFile.ts";

/** A chosen file of `text` (its size in UTF-8 bytes, as the browser reports it), read as that text. */
export const textFile = (name: string, text: string, type = "text/csv"): ChosenFile => ({
  name,
  type,
  size: new TextEncoder().encode(text).length,
  read: () => Promise.resolve(text),
});

/** A chosen image of `bytes` bytes, read as a data URL of that many bytes. */
export const imageFile = (name: string, type: string, bytes: number): ChosenFile => ({
  name,
  type,
  size: bytes,
  read: () => Promise.resolve(`data:${type};base64,${"A".repeat(4 * Math.ceil(bytes / 3))}`),
});
