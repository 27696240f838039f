import { BODY_LIMIT_BYTES } from "@fuel/domain/api";

/**
 * A file the admin chose in the browser, as a store sees it: what the browser says of it before
 * reading (name, type, size in bytes), and how to read it. The screen makes one from a `File`
 * (`read` gives its bytes for a CSV, decoded by the store; a data URL for an image), a test from a
 * string: the store never touches the DOM.
 */
export interface ChosenFile<Content = string> {
  readonly name: string;
  readonly type: string;
  readonly size: number;
  readonly read: () => Promise<Content>;
}

/**
 * The server's request body limit (the contract's): a larger body is answered 413 without being
 * read, so the desk says so before sending rather than after.
 */
export const DESK_BODY_LIMIT_BYTES = BODY_LIMIT_BYTES;

/** Whether `body`, sent as JSON (UTF-8: a Chinese character is 3 bytes), fits in the server's body limit. */
export const fitsInBody = (body: unknown): boolean => new TextEncoder().encode(JSON.stringify(body)).length <= DESK_BODY_LIMIT_BYTES;

/** Reads a chosen file, or undefined when the browser could not (moved, permission lost). */
export const readChosen = async <Content>(file: ChosenFile<Content>): Promise<Content | undefined> => {
  try {
    return await file.read();
  } catch {
    return undefined;
  }
};
