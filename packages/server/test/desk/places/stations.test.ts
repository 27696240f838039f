import { describe, expect, it } from "vitest";
import { auditLog, stations } from "../../../src/db/schema.ts";
import type { BootedApp } from "../../helpers/app.ts";
import { moneyTestSetUp } from "../../helpers/moneyApp.ts";
import { expectSuccess, post } from "../../identity/support.ts";
import { deskGet, deskPost, signedInStaff, tagOf } from "../support.ts";

/**
 * The admin's stations at the desk (issue 26): list, save one, import and export the CLI's CSV;
 * admin only, each change in the audit log with before and after, a refusal writes nothing, and
 * customers see a change at once (the catalogue cache is evicted).
 */

const SYSTEM_NOW = Date.parse("2024-11-26T02:00:00Z");

let booted: BootedApp;
moneyTestSetUp(SYSTEM_NOW, (world) => ({ booted } = world));

const audit = () => booted.db.select().from(auditLog).orderBy(auditLog.id);
const allStations = () => booted.db.select().from(stations).orderBy(stations.id);
const admin = async () => (await signedInStaff(booted, "ada.admin", "admin")).cookie;

const HEADER = "city,title,address,longitude,latitude,shop_image,now_price,nation_price,original_price,sell_type,code_id,tel,business_start_time,business_end_time";
const form = {
  city: "Testville",
  title: "Ring Road Station",
  address: "1 Ring Road",
  longitude: 113.5,
  latitude: 23.1,
  shop_image: "",
  now_price: 650,
  nation_price: 700,
  original_price: 700,
  sell_type: "0#;92#",
  code_id: "T1",
  tel: "",
  business_start_time: "06:00",
  business_end_time: "22:00",
};

/** The stations customers see in a city, through the cached catalogue. */
const customerStations = async (city: string) =>
  expectSuccess<Array<{ title: string; now_price?: number }>>(await post(booted, "/api/station/current_city_list", { city }));

describe("the admin's stations at the desk", () => {
  it("lists every station with its city, in id order", async () => {
    const cookie = await admin();
    const listed = expectSuccess<{ stations: Array<{ id: number; city: string }> }>(await deskGet(booted, "/api/desk/stations", { cookie }));
    const rows = await allStations();
    expect(listed.stations.map((s) => [s.id, s.city])).toEqual(rows.map((s) => [s.id, s.city]));
    expect(rows.length).toBeGreaterThan(0);
  });

  it("adds a station in a new city (audit 'stationAdded', after only) and customers see it at once", async () => {
    const cookie = await admin();
    expect(await customerStations("Testville")).toEqual([]);
    const rowsBefore = (await audit()).length;
    const saved = expectSuccess<{ id: number; title: string }>(await deskPost(booted, "/api/desk/stations/save", form, { cookie }));
    expect(saved).toMatchObject({ title: "Ring Road Station", now_price: 650, city: "Testville" });
    expect((await customerStations("Testville")).map((s) => s.title)).toEqual(["Ring Road Station"]);
    const rows = (await audit()).slice(rowsBefore);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ staffName: "ada.admin", act: "stationAdded", subject: String(saved.id), before: null, after: { title: "Ring Road Station", now_price: 650 } });
  });

  it("changes a station by id (audit 'stationChanged' with before and after)", async () => {
    const cookie = await admin();
    const saved = expectSuccess<{ id: number }>(await deskPost(booted, "/api/desk/stations/save", form, { cookie }));
    await customerStations("Testville");
    const rowsBefore = (await audit()).length;
    const changed = expectSuccess<{ now_price: number }>(await deskPost(booted, "/api/desk/stations/save", { ...form, id: saved.id, now_price: 640 }, { cookie }));
    expect(changed.now_price).toBe(640);
    expect((await customerStations("Testville"))[0]?.now_price).toBe(640);
    const rows = (await audit()).slice(rowsBefore);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ act: "stationChanged", subject: String(saved.id), before: { now_price: 650 }, after: { now_price: 640 } });
  });

  it("a bad station is refused with every problem named (400 StationInvalid), nothing written, no audit row", async () => {
    const cookie = await admin();
    const before = await allStations();
    const rowsBefore = (await audit()).length;
    const res = await deskPost(booted, "/api/desk/stations/save", { ...form, title: " ", now_price: 800, latitude: 95 }, { cookie });
    expect([res.statusCode, tagOf(res)]).toEqual([400, "StationInvalid"]);
    const message = res.json<{ message: string }>().message;
    expect(message).toContain("title is empty");
    expect(message).toContain("latitude must be a number");
    expect(message).toContain("original_price (¥7.00/L) is below now_price (¥8.00/L)");
    expect(await allStations()).toEqual(before);
    expect(await audit()).toHaveLength(rowsBefore);
  });

  it("an unknown id is 404 StationNotFound; a second station of the same city and title is refused", async () => {
    const cookie = await admin();
    const unknown = await deskPost(booted, "/api/desk/stations/save", { ...form, id: 999_999 }, { cookie });
    expect([unknown.statusCode, tagOf(unknown)]).toEqual([404, "StationNotFound"]);
    expectSuccess(await deskPost(booted, "/api/desk/stations/save", form, { cookie }));
    const rowsBefore = (await audit()).length;
    const twin = await deskPost(booted, "/api/desk/stations/save", form, { cookie });
    expect([twin.statusCode, tagOf(twin)]).toEqual([400, "StationInvalid"]);
    expect(await audit()).toHaveLength(rowsBefore);
  });

  it("imports a CSV all or nothing: one bad row writes nothing and names its line", async () => {
    const cookie = await admin();
    const before = await allStations();
    const rowsBefore = (await audit()).length;
    const csv = `${HEADER}\nTestville,A,,113.5,23.1,,650,700,700,0#,,,06:00,22:00\nTestville,B,,113.5,23.1,,650,700,700,7#,,,06:00,22:00\n`;
    const res = await deskPost(booted, "/api/desk/stations/import", { csv }, { cookie });
    expect([res.statusCode, tagOf(res)]).toEqual([400, "StationsImportRefused"]);
    expect(res.json<{ message: string }>().message).toContain("line 3: sell_type has unknown grades '7#'");
    expect(await allStations()).toEqual(before);
    expect(await audit()).toHaveLength(rowsBefore);
  });

  it("names the problems tagged too (problem_list in x-error-params), each with its line, so the desk words them in Chinese", async () => {
    const cookie = await admin();
    const csv = `${HEADER}\nTestville,,,113.5,23.1,,650,700,700,0#,,,06:00,22:00\nTestville,B,,113.5,23.1,,650,700,600,0#,,,06:00,22:00\n`;
    const res = await deskPost(booted, "/api/desk/stations/import", { csv }, { cookie });
    expect([res.statusCode, tagOf(res)]).toEqual([400, "StationsImportRefused"]);
    const params = JSON.parse(decodeURIComponent(String(res.headers["x-error-params"]))) as { problems: string; problem_list: string };
    expect(params.problems).toBe("line 2: title is empty; line 3: original_price (¥6.00/L) is below now_price (¥6.50/L): the discount would be negative");
    expect(JSON.parse(params.problem_list)).toEqual([
      { line: 2, key: "StationFieldEmpty", params: { field: "title" } },
      { line: 3, key: "StationOriginalBelowNow", params: { field: "original_price", original: "¥6.00", other: "now_price", now: "¥6.50" } },
    ]);
  });

  it("a file of thousands of bad lines is answered with the first problems and a count of the rest, in a header any client reads", async () => {
    const cookie = await admin();
    const csv = `${HEADER}\n${"Testville,,,999,999,,x,x,x,7#,,,x,x\n".repeat(1500)}`;
    const res = await deskPost(booted, "/api/desk/stations/import", { csv }, { cookie });
    expect([res.statusCode, tagOf(res)]).toEqual([400, "StationsImportRefused"]);
    const header = String(res.headers["x-error-params"]);
    expect(header.length).toBeLessThanOrEqual(12_000);
    const list = JSON.parse(JSON.parse(decodeURIComponent(header)).problem_list as string) as Array<{ key: string; params: { count?: number } }>;
    const more = list.at(-1);
    expect(more?.key).toBe("StationProblemsMore");
    // Every bad line has 9 problems: the listed ones and the counted rest are all of them.
    expect(list.length - 1 + (more?.params.count ?? 0)).toBe(1500 * 9);
    expect(res.json<{ message: string }>().message).toMatch(/; and \d+ more problems$/);
  });

  it("imports a good CSV (audit 'stationsImported' with the counts) and exports what it reads", async () => {
    const cookie = await admin();
    const csv = `${HEADER}\nTestville,A,,113.5,23.1,,650,700,700,0#,,,06:00,22:00\n`;
    const rowsBefore = (await audit()).length;
    expect(expectSuccess(await deskPost(booted, "/api/desk/stations/import", { csv }, { cookie }))).toEqual({ added: 1, updated: 0 });
    expect((await customerStations("Testville")).map((s) => s.title)).toEqual(["A"]);
    const rows = (await audit()).slice(rowsBefore);
    expect(rows).toMatchObject([{ act: "stationsImported", before: null, after: { added: 1, updated: 0 } }]);

    const exported = await deskGet(booted, "/api/desk/stations/export", { cookie });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-type"]).toMatch(/^text\/csv/);
    // A UTF-8 BOM leads, so Chinese Excel opens the file as UTF-8; a re-import reads past it.
    expect(exported.body.startsWith("\uFEFF")).toBe(true);
    // Issue 35: the optional invoice_policy column follows the required ones.
    expect(exported.body.slice(1).split(/\r?\n/)[0]).toBe(`${HEADER},invoice_policy`);
    expect(exported.body).toContain("Testville,A,,113.5,23.1,,650,700,700,0#,,,06:00,22:00,station");
    // A round trip changes nothing.
    expect(expectSuccess(await deskPost(booted, "/api/desk/stations/import", { csv: exported.body }, { cookie }))).toEqual({ added: 0, updated: (await allStations()).length });
  });

  it("issue 35: the optional invoice_policy column sets a station's policy; absent or empty keeps it (new: 'station'); customers and the desk read it", async () => {
    const cookie = await admin();
    const row = (title: string) => `Testville,${title},,113.5,23.1,,650,700,700,0#,,,06:00,22:00`;
    const withPolicy = `${HEADER},invoice_policy\n${row("A")},platform\n${row("B")},none\n${row("C")},\n`;
    expect(expectSuccess(await deskPost(booted, "/api/desk/stations/import", { csv: withPolicy }, { cookie }))).toEqual({ added: 3, updated: 0 });
    const policies = async () => Object.fromEntries((await allStations()).filter((s) => s.city === "Testville").map((s) => [s.title, s.invoicePolicy]));
    expect(await policies()).toEqual({ A: "platform", B: "none", C: "station" });
    // A file without the column keeps every policy.
    expect(expectSuccess(await deskPost(booted, "/api/desk/stations/import", { csv: `${HEADER}\n${row("A")}\n${row("B")}\n` }, { cookie }))).toEqual({ added: 0, updated: 2 });
    expect(await policies()).toEqual({ A: "platform", B: "none", C: "station" });
    expect((await customerStations("Testville")).map((s) => [s.title, (s as { invoice_policy?: string }).invoice_policy])).toEqual([
      ["A", "platform"],
      ["B", "none"],
      ["C", "station"],
    ]);
    const listed = expectSuccess<{ stations: Array<{ title: string; invoice_policy: string }> }>(await deskGet(booted, "/api/desk/stations", { cookie }));
    expect(listed.stations.find((s) => s.title === "B")?.invoice_policy).toBe("none");
  });

  it("issue 35: an invalid invoice_policy is refused in words with its line; nothing is written", async () => {
    const cookie = await admin();
    const before = await allStations();
    const csv = `${HEADER},invoice_policy\nTestville,A,,113.5,23.1,,650,700,700,0#,,,06:00,22:00,Station\n`;
    const res = await deskPost(booted, "/api/desk/stations/import", { csv }, { cookie });
    expect([res.statusCode, tagOf(res)]).toEqual([400, "StationsImportRefused"]);
    expect(res.json<{ message: string }>().message).toContain("line 2: invoice_policy must be station, platform or none (or left empty), got 'Station'");
    expect(await allStations()).toEqual(before);
  });

  it("issue 35: the desk's station form sets and changes the policy; leaving it out keeps it", async () => {
    const cookie = await admin();
    const saved = expectSuccess<{ id: number; invoice_policy: string }>(await deskPost(booted, "/api/desk/stations/save", { ...form, invoice_policy: "none" }, { cookie }));
    expect(saved.invoice_policy).toBe("none");
    const kept = expectSuccess<{ invoice_policy: string }>(await deskPost(booted, "/api/desk/stations/save", { ...form, id: saved.id, now_price: 640 }, { cookie }));
    expect(kept.invoice_policy).toBe("none");
    const changed = expectSuccess<{ invoice_policy: string }>(await deskPost(booted, "/api/desk/stations/save", { ...form, id: saved.id, invoice_policy: "platform" }, { cookie }));
    expect(changed.invoice_policy).toBe("platform");
    const bad = await deskPost(booted, "/api/desk/stations/save", { ...form, invoice_policy: "nobody" }, { cookie });
    expect(bad.statusCode).toBe(400);
  });

  it("a header naming a station column twice is refused with the column's name; nothing is written", async () => {
    const cookie = await admin();
    const before = await allStations();
    const csv = `${HEADER},now_price\nTestville,A,,113.5,23.1,,650,700,700,0#,,,06:00,22:00,1\n`;
    const res = await deskPost(booted, "/api/desk/stations/import", { csv }, { cookie });
    expect([res.statusCode, tagOf(res)]).toEqual([400, "StationsImportRefused"]);
    expect(res.json<{ message: string }>().message).toBe("nothing was imported: line 1: the header names the column now_price twice");
    expect(await allStations()).toEqual(before);
  });

  it("exports exactly the stations the list's filters select: city, open or closed now (the customer's rule at the server's now), text", async () => {
    const cookie = await admin();
    // 10:00 China time: the night station is closed, the day station open.
    const csv = `${HEADER}\nTestville,Night Stop,9 Moon Road,113.5,23.1,,650,700,700,0#,,,20:00,06:00\nTestville,Day Stop,1 Sun Road,113.5,23.1,,650,700,700,0#,,,06:00,22:00\nOtherville,Sun Corner,2 Sun Road,113.5,23.1,,650,700,700,0#,,,00:00,24:00\n`;
    expectSuccess(await deskPost(booted, "/api/desk/stations/import", { csv }, { cookie }));
    const titles = async (query: string) => {
      const res = await deskGet(booted, `/api/desk/stations/export?${query}`, { cookie });
      expect(res.statusCode, query).toBe(200);
      return res.body.trim().split(/\r?\n/).slice(1).map((line) => line.split(",")[1]);
    };
    expect(await titles("city=Testville")).toEqual(["Night Stop", "Day Stop"]);
    expect(await titles("city=Testville&open=open")).toEqual(["Day Stop"]);
    expect(await titles("city=Testville&open=closed")).toEqual(["Night Stop"]);
    expect(await titles(`q=${encodeURIComponent("sun road")}`)).toEqual(["Day Stop", "Sun Corner"]);
    expect(await titles("q=stop&open=closed")).toEqual(["Night Stop"]);
    expect(await titles("city=Nowhere")).toEqual([]);
    expect((await titles("")).length).toBe((await allStations()).length);
    for (const query of ["open=maybe", `q=${"x".repeat(65)}`]) expect((await deskGet(booted, `/api/desk/stations/export?${query}`, { cookie })).statusCode, query).toBe(400);
  });

  it("malformed bodies answer 400, never 500", async () => {
    const cookie = await admin();
    for (const body of [{ csv: 42 }, {}, "not json"]) {
      const res = await deskPost(booted, "/api/desk/stations/import", body, { cookie });
      expect(res.statusCode, res.body).toBe(400);
    }
    for (const body of [{ ...form, id: "x" }, { ...form, now_price: "650" }, { ...form, city: 12 }]) {
      const res = await deskPost(booted, "/api/desk/stations/save", body, { cookie });
      expect(res.statusCode, res.body).toBe(400);
    }
    const half = await deskPost(booted, "/api/desk/stations/save", { ...form, now_price: 650.5 }, { cookie });
    expect([half.statusCode, tagOf(half)]).toEqual([400, "StationInvalid"]);
    expect(half.json<{ message: string }>().message).toContain("now_price is in cents per litre, got '650.5'");
    const tooLong = await deskPost(booted, "/api/desk/stations/import", { csv: `${HEADER}\n${"x".repeat(60_001)}` }, { cookie });
    expect(tooLong.statusCode).toBe(400);
  });

  it("only an admin: a distributor and a cashier are refused (403), no session is 401, a POST without Origin is 403", async () => {
    const distributor = (await signedInStaff(booted, "dee.distributor", "distributor")).cookie;
    const cashier = (await signedInStaff(booted, "cas.cashier", "cashier", [(await allStations())[0]?.id ?? 0])).cookie;
    const rowsBefore = (await audit()).length;
    for (const cookie of [distributor, cashier]) {
      for (const res of [
        await deskGet(booted, "/api/desk/stations", { cookie }),
        await deskGet(booted, "/api/desk/stations/export", { cookie }),
        await deskPost(booted, "/api/desk/stations/save", form, { cookie }),
        await deskPost(booted, "/api/desk/stations/import", { csv: HEADER }, { cookie }),
      ]) {
        expect([res.statusCode, tagOf(res)]).toEqual([403, "StaffActionForbidden"]);
      }
    }
    for (const res of [await deskGet(booted, "/api/desk/stations"), await deskPost(booted, "/api/desk/stations/save", form)]) {
      expect([res.statusCode, tagOf(res)]).toEqual([401, "StaffSignInRequired"]);
    }
    const cookie = await admin();
    const crossSite = await booted.app.inject({
      method: "POST",
      url: "/api/desk/stations/save",
      headers: { "content-type": "application/json", cookie },
      payload: JSON.stringify(form),
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await allStations()).some((s) => s.city === "Testville")).toBe(false);
    expect((await audit()).slice(rowsBefore).filter((r) => r.act.startsWith("station"))).toEqual([]);
  });
});
