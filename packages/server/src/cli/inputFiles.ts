import { readFile } from "node:fs/promises";

/**
 * The files a command reads. Through the running server the CLI reads them and sends their
 * contents along (the server's working directory, even its machine account's view of the disk,
 * may differ from the operator's), so both sides must agree on which arguments are files.
 * Kept apart from ./commands.ts so that the CLI's way through the server loads nothing heavy.
 */

/** The files a command reads (the paths as typed). */
export const inputFiles = (args: ReadonlyArray<string>): string[] => {
  const [group, action, arg] = args;
  return group === "stations" && action === "import" && arg !== undefined ? [arg] : [];
};

/** The refusal for a file that cannot be read, the same wherever it is read. */
export const cannotRead = (path: string, e: unknown): string => `cannot read ${path}: ${e instanceof Error ? e.message : String(e)}`;

/**
 * Reads a file the operator named as text: UTF-8, or GBK/GB18030 as a Chinese Excel saves CSV
 * (the domain's TextFile rule, the desk's too); any other encoding is refused in words, naming
 * what to do, before a row is read. The domain is loaded only by a command that reads a file.
 */
export const readTextFile = async (path: string): Promise<string> => {
  const bytes = await readFile(path);
  const [{ Messages, TextFile }, { Result }] = await Promise.all([import("@fuel/domain"), import("effect")]);
  const decoded = TextFile.decode(bytes);
  if (Result.isFailure(decoded)) throw new Error(Messages.describe(decoded.failure));
  return decoded.success.text;
};
