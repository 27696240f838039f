import { realPathOf } from "../db/pglite/realPath.ts";

/**
 * The operator channel's wire format, shared by the server (./operatorChannel.ts) and the CLI
 * (./throughServer.ts): one JSON object per line over a Unix domain socket. The CLI sends one
 * request line and the server answers with the command's output lines, then its exit code:
 *
 *   -> {"args":["stations","import","new.csv"],"files":{"new.csv":"city,title,..."}}
 *   <- {"out":"imported 2 stations (2 new, 0 updated)"}
 *   <- {"exit":0}
 */

/**
 * `data/pglite` -> `/abs/data/pglite.sock`: beside the folder, like its lock (src/db/pglite/folderLock.ts),
 * and like it named after the real path, so a CLI given a symbolic link reaches the server.
 */
export const operatorSocketPathOf = (folder: string): string => `${realPathOf(folder)}.sock`;

/**
 * A Unix socket path is at most 107 bytes on Linux and 103 on macOS, and Node silently cuts a
 * longer one, so longer paths are refused up front.
 */
export const MAX_SOCKET_PATH_BYTES = 103;

/** A request bigger than this (a huge CSV) is refused rather than buffered. */
export const MAX_REQUEST_BYTES = 64 * 1024 * 1024;

export interface OperatorRequest {
  readonly args: string[];
  /** The contents of the files the command names (`stations import FILE`), by the path as typed. */
  readonly files: Record<string, string>;
}

export type OperatorAnswer = { readonly out: string } | { readonly err: string } | { readonly exit: number };

const isStringRecord = (v: unknown): v is Record<string, string> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === "string");

export const parseRequest = (line: string): OperatorRequest | undefined => {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const { args, files } = value as { args?: unknown; files?: unknown };
  if (!Array.isArray(args) || !args.every((a) => typeof a === "string")) return undefined;
  if (files !== undefined && !isStringRecord(files)) return undefined;
  return { args, files: files ?? {} };
};

export const parseAnswer = (line: string): OperatorAnswer | undefined => {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v["out"] === "string") return { out: v["out"] };
  if (typeof v["err"] === "string") return { err: v["err"] };
  if (typeof v["exit"] === "number" && Number.isInteger(v["exit"])) return { exit: v["exit"] };
  return undefined;
};

/** Splits a byte stream into lines (UTF-8 safe: a character cut between two chunks is kept whole). */
export const lineSplitter = (onLine: (line: string) => void): ((chunk: Buffer) => void) => {
  let pending: Buffer[] = [];
  return (chunk) => {
    let start = 0;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, start)) {
      pending.push(chunk.subarray(start, i));
      const line = Buffer.concat(pending).toString("utf8");
      pending = [];
      start = i + 1;
      onLine(line);
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  };
};
