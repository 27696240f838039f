import { describe, expect, it } from "vitest";
import { DatabaseFolderError, describeFolderFailure, errnoCodeOf, folderFailure, oneLineOf } from "../../src/db/pglite/folderFailure.ts";
import { PgliteOpenError } from "../../src/db/pglite/thread.ts";

/** What Node's fs throws. */
const nodeError = (code: string, message: string): NodeJS.ErrnoException => Object.assign(new Error(`${code}: ${message}`), { code, syscall: "open", path: "/x/data/PG_VERSION" });
/** What PGlite's (Emscripten's) file system throws: not an Error, a number for its cause. */
const emscriptenError = (errno: number): object => ({ name: "ErrnoError", errno });

const FOLDER = "/x/data";

describe("a PGlite folder's start failure in one line", () => {
  it.each([
    ["EACCES", "permission denied (EACCES): make it writable by this user or set DATABASE_URL=file:<another folder>"],
    ["EROFS", "read-only file system (EROFS): mount it read-write or set DATABASE_URL=file:<another folder>"],
    ["ENOTDIR", "a part of its path is a file, not a folder (ENOTDIR)"],
    ["ENOSPC", "no space left on the device (ENOSPC): free some space or set DATABASE_URL=file:<another folder>"],
  ])("Node's %s names the folder, the cause and the remedy", (code, words) => {
    const line = describeFolderFailure(FOLDER, nodeError(code, "something"));
    expect(line).toContain(`cannot open the database folder ${FOLDER}: ${words}`);
    expect(line).not.toContain("\n");
  });

  it.each([
    [2, "permission denied (EACCES)"],
    [69, "read-only file system (EROFS)"],
    [54, "(ENOTDIR)"],
    [51, "no space left on the device (ENOSPC)"],
  ])("PGlite's ErrnoError %i, as the worker reports it, names the cause rather than [object Object]", (errno, words) => {
    const failure = new PgliteOpenError(FOLDER, emscriptenError(errno));
    const line = describeFolderFailure(FOLDER, failure);
    expect(line).toContain(`cannot open the database folder ${FOLDER}: `);
    expect(line).toContain(words);
    expect(line).not.toContain("[object Object]");
  });

  it("a PGlite failure without a code names the folder and PGlite's message, on one line", () => {
    const failure = new PgliteOpenError(FOLDER, { name: "Error", message: "PGlite failed to initialize properly\n    at somewhere (x.js:1:1)" });
    expect(describeFolderFailure(FOLDER, failure)).toBe(`cannot open the database folder ${FOLDER}: PGlite could not open ${FOLDER}: PGlite failed to initialize properly at somewhere (x.js:1:1)`);
    expect(describeFolderFailure(FOLDER, emscriptenError(999))).toBe(`cannot open the database folder ${FOLDER}: errno 999: {"name":"ErrnoError","errno":999}`);
  });

  it("a step other than the folder itself is named before the cause", () => {
    expect(describeFolderFailure(FOLDER, nodeError("EROFS", "x"), "its lock file /x/data.lock (beside it) cannot be written")).toBe(
      `cannot open the database folder ${FOLDER}: its lock file /x/data.lock (beside it) cannot be written: read-only file system (EROFS): mount it read-write or set DATABASE_URL=file:<another folder>`,
    );
  });

  it("folderFailure keeps the code, and leaves a DatabaseFolderError as it is", () => {
    const failure = folderFailure("relative/data", nodeError("EACCES", "x"));
    expect(failure).toBeInstanceOf(DatabaseFolderError);
    expect(failure.code).toBe("EACCES");
    expect(failure.folder).toBe(`${process.cwd()}/relative/data`);
    expect(folderFailure("/elsewhere", failure)).toBe(failure);
  });

  it("the code is found through causes, and only where there is one", () => {
    expect(errnoCodeOf(new Error("outer", { cause: new Error("inner", { cause: emscriptenError(69) }) }))).toBe("EROFS");
    expect(errnoCodeOf(new Error("no code"))).toBeUndefined();
    expect(errnoCodeOf({ code: "not-an-errno" })).toBeUndefined();
    expect(errnoCodeOf("EACCES")).toBeUndefined();
  });

  it("oneLineOf says what any thrown value says, never [object Object]", () => {
    expect(oneLineOf(emscriptenError(69))).toBe('{"name":"ErrnoError","errno":69}');
    expect(oneLineOf({ message: "a\n  b" })).toBe("a b");
    expect(oneLineOf(42)).toBe("42");
    expect(oneLineOf(new Error(""))).toBe("no reason given");
    const circular: Record<string, unknown> = {};
    circular["self"] = circular;
    expect(oneLineOf(circular)).toBe("an object with the fields self");
  });
});
