import { describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client.ts";
import { preparedPerDatabase } from "../../src/db/prepared.ts";
import "../../src/identity/sessions.ts";

/** src/db/prepared.ts: one prepared query per database, and no name used twice (pg refuses one name for two texts). */

const fakeDatabase = () => ({}) as unknown as Database;

describe("preparedPerDatabase", () => {
  it("builds a database's query once, with its name, and another database's separately", () => {
    const built: string[] = [];
    const query = preparedPerDatabase("test_prepared_once", (_db, name) => {
      built.push(name);
      return { n: built.length };
    });
    const [a, b] = [fakeDatabase(), fakeDatabase()];
    expect(query(a)).toBe(query(a));
    expect(query(b)).not.toBe(query(a));
    expect(built).toEqual(["test_prepared_once", "test_prepared_once"]);
  });

  it("refuses a name already in use", () => {
    preparedPerDatabase("test_prepared_twice", () => 1);
    expect(() => preparedPerDatabase("test_prepared_twice", () => 2)).toThrow(/used twice/);
    // The app's own names are taken when their modules load.
    expect(() => preparedPerDatabase("auth_facts", () => 3)).toThrow(/used twice/);
  });
});
