import { resolve } from "node:path";
import fc from "fast-check";
import { expect, it } from "vitest";
import { describeFolderFailure } from "../../src/db/pglite/folderFailure.ts";
import { PgliteOpenError } from "../../src/db/pglite/thread.ts";

/** Messages with line breaks of every kind, as stacks and multi-line messages have them. */
const message = fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom("a", " ", "\n", "\r", "\r\n", "\u2028", "at x (y.js:1:1)") }));

/** Anything a start can throw: Node errors, PGlite's ErrnoError objects, plain values, nested causes. */
const thrown = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    message.map((m) => new Error(m)),
    fc.record({ code: fc.constantFrom("EACCES", "EROFS", "ENOTDIR", "ENOSPC", "EIO", "EWHATEVER"), message }),
    fc.record({ name: fc.constant("ErrnoError"), errno: fc.integer({ min: 0, max: 200 }) }),
    fc.record({ message }, { requiredKeys: [] }).map((failure) => new PgliteOpenError("/x/data", failure)),
    fc.anything(),
    tie("value").map((cause) => new Error("outer", { cause })),
  ),
}));

it("every start failure is one line that begins with the folder and never says [object Object]", () => {
  fc.assert(
    fc.property(fc.stringMatching(/^\/[a-z0-9/ ]{1,30}$/), thrown.value, (folder, err) => {
      const line = describeFolderFailure(folder, err);
      expect(line).not.toMatch(/[\r\n\u2028\u2029]/);
      expect(line.startsWith(`cannot open the database folder ${resolve(folder)}: `)).toBe(true);
      expect(line).not.toContain("[object Object]");
    }),
  );
});
