import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import iconv from "iconv-lite";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/commands.ts";
import { STATION_COLUMNS } from "../../src/operators/stationsCsv.ts";
import { resetDatabase } from "../../src/db/client.ts";
import { blacklist, cities, inviteCodes, stations } from "../../src/db/schema.ts";
import { seedIfEmpty } from "../../src/seed/seed.ts";
import { openTestDatabase, type TestDatabase } from "../helpers/database.ts";

let database: TestDatabase;
let out: string[];
let err: string[];
const dir = mkdtempSync(join(tmpdir(), "fuel-cli-"));
const io = () => ({ db: database.handle.db, out: (t: string) => out.push(t), err: (t: string) => err.push(t), now: () => new Date("2026-11-22T10:00:00+08:00") });
const run = (...args: string[]) => runCli(args, io());
const file = (name: string, text: string | Uint8Array): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await resetDatabase(database.handle.db);
  out = [];
  err = [];
});

const header = STATION_COLUMNS.join(",");
const good = '深圳市,"Station, with comma","1 Road\nBuilding 2",114.05,22.54,,705,768,752,0#;92#,SZ1,0755-1,06:00,23:00';

describe("invite", () => {
  it("creates N codes and lists them", async () => {
    expect(await run("invite", "create", "3")).toBe(0);
    expect(out).toHaveLength(3);
    expect(await database.handle.db.select().from(inviteCodes)).toHaveLength(3);
    out = [];
    expect(await run("invite", "list")).toBe(0);
    expect(out).toHaveLength(4);
  });

  it.each([["0"], ["1001"], ["x"], [undefined]])("refuses count %s", async (n) => {
    expect(await run(...["invite", "create", ...(n === undefined ? [] : [n])])).toBe(1);
    expect(await database.handle.db.select().from(inviteCodes)).toHaveLength(0);
  });
});

describe("blacklist", () => {
  it("adds (twice is fine), lists and removes", async () => {
    expect(await run("blacklist", "add", "13800138000")).toBe(0);
    expect(await run("blacklist", "add", "13800138000")).toBe(0);
    expect(out).toEqual(["13800138000 is now blacklisted", "13800138000 was already blacklisted"]);
    out = [];
    await run("blacklist", "list");
    expect(out).toEqual(["13800138000"]);
    expect(await run("blacklist", "remove", "13800138000")).toBe(0);
    expect(await database.handle.db.select().from(blacklist)).toHaveLength(0);
  });

  it("refuses a bad phone with the spec's message", async () => {
    expect(await run("blacklist", "add", "12345")).toBe(1);
    expect(err).toEqual(["enter a correct phone number"]);
  });
});

describe("stations", () => {
  it("imports quoted fields, creating the city, and updates on a second import", async () => {
    const path = file("one.csv", `${header}\n${good}\n`);
    expect(await run("stations", "import", path)).toBe(0);
    expect(out).toEqual(["imported 1 stations (1 new, 0 updated)"]);
    const [row] = await database.handle.db.select().from(stations);
    expect(row).toMatchObject({ city: "深圳市", title: "Station, with comma", address: "1 Road\nBuilding 2", nowPrice: 705, sellType: "0#;92#" });
    expect(await database.handle.db.select().from(cities)).toHaveLength(1);
    out = [];
    expect(await run("stations", "import", path)).toBe(0);
    expect(out).toEqual(["imported 1 stations (0 new, 1 updated)"]);
  });

  it("reports every bad row by line and imports nothing", async () => {
    const rows = [
      good,
      "深圳市,B,addr,200,22.5,,705,768,752,0#,c,t,06:00,23:00",
      "深圳市,C,addr,114,22.5,,7.05,768,752,0#,c,t,06:00,23:00",
      "深圳市,D,addr,114,22.5,,705,768,752,0#;93#,c,t,25:00,23:00",
      "深圳市,E,too,few",
      ",F,addr,114,22.5,,800,768,752,0#,c,t,06:00,23:00",
    ];
    expect(await run("stations", "import", file("bad.csv", `${header}\n${rows.join("\n")}\n`))).toBe(1);
    expect(err).toEqual([
      "line 4: longitude must be a number from -180 to 180, got '200'",
      "line 5: now_price is in cents per litre, got '7.05': for ¥7.05/L write 705",
      "line 6: sell_type has unknown grades '93#' (known: 0#;92#;95#;98#)",
      "line 6: business_start_time must be HH:mm (or 24:00), got '25:00'",
      "line 7: 4 fields, the header has 14",
      "line 8: city is empty",
      "line 8: original_price (¥7.52/L) is below now_price (¥8.00/L): the discount would be negative",
      "nothing imported: 7 problem(s)",
    ]);
    expect(await database.handle.db.select().from(stations)).toHaveLength(0);
    expect(await database.handle.db.select().from(cities)).toHaveLength(0);
  });

  it("export then import round-trips the demo catalogue", async () => {
    await seedIfEmpty(database.handle.db, new Date());
    const before = await database.handle.db.select().from(stations);
    await run("stations", "export");
    const csv = `${out.join("\n")}\n`;
    out = [];
    expect(await run("stations", "import", file("export.csv", csv))).toBe(0);
    expect(out).toEqual(["imported 30 stations (0 new, 30 updated)"]);
    expect(await database.handle.db.select().from(stations)).toEqual(before);
  });

  it.each([
    ["a Chinese Excel's CSV (code page 936, GBK)", "cp936"],
    ["GB18030", "gb18030"],
    ["UTF-8 with Excel's byte-order mark", "utf8-bom"],
  ])("imports %s with its Chinese intact", async (_name, encoding) => {
    const csv = `${header}\r\n佛山市,禅城季华路加油站,季华五路 88 号,113.12,23.02,,700,760,750,0#,FS1,0757-1,00:00,24:00\r\n`;
    const bytes = encoding === "utf8-bom" ? Buffer.from(`\uFEFF${csv}`, "utf8") : iconv.encode(csv, encoding);
    expect(await run("stations", "import", file(`${encoding}.csv`, bytes))).toBe(0);
    expect(await database.handle.db.select({ city: stations.city, title: stations.title, address: stations.address }).from(stations)).toEqual([
      { city: "佛山市", title: "禅城季华路加油站", address: "季华五路 88 号" },
    ]);
    expect((await database.handle.db.select().from(cities)).map((c) => c.name)).toEqual(["佛山市"]);
  });

  it("refuses a Latin-1 file in words, naming its line and what to do; nothing imported", async () => {
    const csv = `${header}\r\nMünchen,Tankstelle Süd,Großstraße 5,11.5,48.1,,745,760,750,0#,M1,089,06:00,22:00\r\n`;
    const path = file("latin1.csv", Buffer.from(csv, "latin1"));
    expect(await run("stations", "import", path)).toBe(1);
    expect(err).toEqual([
      `cannot read ${path}: the file is not UTF-8 or Chinese GBK/GB18030 text (line 2 is neither): in Excel, save it as 'CSV UTF-8 (Comma delimited)', or on a Chinese Excel as 'CSV (Comma delimited)', then try again`,
    ]);
    expect(await database.handle.db.select().from(stations)).toHaveLength(0);
    expect(await database.handle.db.select().from(cities)).toHaveLength(0);
  });

  it("refuses a missing file clearly", async () => {
    expect(await run("stations", "import", join(dir, "nope.csv"))).toBe(1);
    expect(err[0]).toMatch(/^cannot read /);
  });
});

describe("usage", () => {
  it("prints usage for help and exits 2 on an unknown command", async () => {
    expect(await run("help")).toBe(0);
    expect(out[0]).toMatch(/^usage: npm run fuel/);
    expect(await run("frobnicate")).toBe(2);
    expect(err[0]).toMatch(/^unknown command: frobnicate/);
  });
});
