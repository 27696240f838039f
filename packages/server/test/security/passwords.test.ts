import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { DEFAULT_SCRYPT_PARAMS, hashPassword, scryptParams, verifyPassword } from "../../src/security/passwords.ts";

/**
 * The scrypt parameters. Every other test hashes at the test cost (test/helpers/app.ts); the
 * first test here is the one that runs at the production cost, on purpose.
 */

describe("password hashes", () => {
  it("the default configuration hashes at OWASP's N = 2^17, r = 8, p = 1, and verifies", async () => {
    const cost = loadConfig({}).passwordHashCost;
    expect(cost).toBe(17);
    expect(scryptParams(cost)).toEqual(DEFAULT_SCRYPT_PARAMS);
    const stored = await hashPassword("production-pass", scryptParams(cost));
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword("production-pass", stored)).toBe(true);
    expect(await verifyPassword("production-pasS", stored)).toBe(false);
    // Three hashes at the production cost: about a second each on a quiet machine, 20 s and more
    // while other suites load both cores. Cut short, the hash would still hold the hashing gate and
    // the next tests' hashes would be refused behind it (GateFull), as seen once under load.
  }, 90_000);

  it("a configured cost is what new hashes carry", async () => {
    expect(await hashPassword("pass-word", scryptParams(4))).toMatch(/^scrypt\$16\$8\$1\$/);
  });

  it("a hash verifies with its own parameters whatever the cost is now", async () => {
    const cheap = await hashPassword("old-pass", scryptParams(5));
    const dearer = await hashPassword("old-pass", scryptParams(6));
    expect(await verifyPassword("old-pass", cheap)).toBe(true);
    expect(await verifyPassword("old-pass", dearer)).toBe(true);
    expect(await verifyPassword("new-pass", dearer)).toBe(false);
  });

  it("malformed stored values never match", async () => {
    for (const stored of ["", "plain", "scrypt$16$8$1$salt", "bcrypt$16$8$1$c2FsdA$aGFzaA", "scrypt$x$8$1$c2FsdA$aGFzaA"]) {
      expect(await verifyPassword("anything", stored)).toBe(false);
    }
  });
});
