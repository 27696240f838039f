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
