import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.ts";
import { productionSecrets } from "../helpers/productionSecrets.ts";

/** Production needs every secret, each of the right form (src/secretForms.ts). */
const allSecrets = productionSecrets();

const problemsOf = (env: Record<string, string>): readonly string[] => {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  throw new Error("expected a ConfigError");
};

describe("PASSWORD_HASH_COST", () => {
  it("defaults to 17 (N = 2^17), in both modes", () => {
    expect(loadConfig({}).passwordHashCost).toBe(17);
    expect(loadConfig({ FUEL_MODE: "production", ...allSecrets }).passwordHashCost).toBe(17);
  });

  it("a sandbox server may lower it (tests do) or raise it", () => {
    expect(loadConfig({ PASSWORD_HASH_COST: "4" }).passwordHashCost).toBe(4);
    expect(loadConfig({ PASSWORD_HASH_COST: "20" }).passwordHashCost).toBe(20);
  });

  it("production may raise it, never lower it", () => {
    expect(loadConfig({ FUEL_MODE: "production", ...allSecrets, PASSWORD_HASH_COST: "18" }).passwordHashCost).toBe(18);
    expect(problemsOf({ FUEL_MODE: "production", ...allSecrets, PASSWORD_HASH_COST: "16" })).toEqual([
      "FUEL_MODE=production refuses PASSWORD_HASH_COST below 17 (got 16): weaker hashes are quicker to crack",
    ]);
  });

  it.each(["3", "21", "17.5", "abc", "-1", "0x11"])("refuses %s with a clear message", (raw) => {
    expect(problemsOf({ PASSWORD_HASH_COST: raw })).toEqual([`PASSWORD_HASH_COST must be an integer from 4 to 20 (log2 of scrypt's N), got '${raw}'`]);
  });
});
