import { Invoice } from "@fuel/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, invoices } from "../../src/db/schema.ts";
import type { BootedApp } from "../helpers/app.ts";
import { moneyTestSetUp } from "../helpers/moneyApp.ts";
import { expectSuccess } from "../identity/support.ts";
import { parseCsv } from "../../src/operators/csv.ts";
import { FORMULA_START, OWASP_PAYLOADS, rawCells } from "../operators/csvCells.ts";
import { customer, type Customer } from "../orders/support.ts";
import { deskGet, deskPost, signedInStaff, tagOf } from "../desk/support.ts";
import { applied, customerGet, savedTitle, usedFuelOrder } from "./support.ts";

/**
 * Issue 35 item 5: the desk's invoice queue. Who sees what (admin all, a cashier their stations,
 * a distributor nothing), filters, sort and pages, the CSV, 'issued' and 'refused' with every
 * refusal they declare, each act audited, and the PDF checked by its bytes and size.
 */

const NOW = Date.parse("2024-11-26T02:00:00Z");
let booted: BootedApp;
let stationId: number;
moneyTestSetUp(NOW, (w) => ({ booted, stationId } = w));

const NUMBER = "24442000000012345678";
/** The smallest bytes Invoice.isPdf accepts: the header and the end-of-file marker. */
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n", "latin1");
const dataUrl = (bytes: Buffer) => `data:application/pdf;base64,${bytes.toString("base64")}`;

type Listed = { invoices: Array<{ invoice_id: number; state: string; station_id: number | null; customer_phone: string | null; acted_by: string | null; line: { amount: number } }>; total: number; page: number; page_size: number };

const otherStationId = async (): Promise<number> => {
  const all = await booted.db.query.stations.findMany();
  return all.find((s) => s.id !== stationId && s.sellType.split(";").includes("0#"))!.id;
};

/** A request for one used order of `at`; answers its id. */
const request = async (who: Customer, at: number, amount = "10040"): Promise<number> =>
  applied(booted, who, [(await usedFuelOrder(booted, who, at, amount)).orderId], await savedTitle(booted, who, { type: "personal", name: `Driver ${who.id}` }));

const audit = () => booted.db.select().from(auditLog).orderBy(auditLog.id);

describe("the desk's invoice queue", () => {
  it("an admin sees every request, a cashier only their stations', a distributor is refused 403", async () => {
    const me = await customer(booted);
    const here = await request(me, stationId);
    const there = await request(me, await otherStationId());
    const admin = (await signedInStaff(booted, "ada.admin", "admin")).cookie;
    const cashier = (await signedInStaff(booted, "li.cashier", "cashier", [stationId])).cookie;
    const stranger = (await signedInStaff(booted, "wu.cashier", "cashier", [])).cookie;
    const distributor = (await signedInStaff(booted, "dee.distributor", "distributor")).cookie;
    const ids = async (cookie: string, query = "") => expectSuccess<Listed>(await deskGet(booted, `/api/desk/invoices${query}`, { cookie })).invoices.map((i) => i.invoice_id);
    expect(await ids(admin)).toEqual([here, there]);
    expect(await ids(cashier)).toEqual([here]);
    expect(await ids(cashier, `?station_id=${await otherStationId()}`)).toEqual([]);
    expect(await ids(stranger)).toEqual([]);
    for (const res of [await deskGet(booted, "/api/desk/invoices", { cookie: distributor }), await deskPost(booted, "/api/desk/invoices/refuse", { invoice_id: here, reason: "x" }, { cookie: distributor })]) {
      expect([res.statusCode, tagOf(res)]).toEqual([403, "StaffActionForbidden"]);
    }
    const none = await deskGet(booted, "/api/desk/invoices");
    expect([none.statusCode, tagOf(none)]).toEqual([401, "StaffSignInRequired"]);
    // Another station's request is not the cashier's to act on, nor to read the PDF of.
    for (const res of [
      await deskPost(booted, "/api/desk/invoices/issue", { invoice_id: there, number: NUMBER }, { cookie: cashier }),
      await deskPost(booted, "/api/desk/invoices/refuse", { invoice_id: there, reason: "not mine" }, { cookie: cashier }),
      await deskGet(booted, `/api/desk/invoices/pdf?invoice_id=${there}`, { cookie: cashier }),
    ]) {
      expect([res.statusCode, tagOf(res)]).toEqual([404, "InvoiceNotFound"]);
    }
  });

  it("oldest first by default; sorts by amount either way; filters by state, station and China days; pages", async () => {
    const me = await customer(booted);
    const small = await request(me, stationId, "5000");
    booted.clock.advance(60);
    const large = await request(me, stationId, "30000");
    booted.clock.advance(86_400);
    const later = await request(me, stationId, "10000");
    const admin = (await signedInStaff(booted, "ada.admin", "admin")).cookie;
    expectSuccess(await deskPost(booted, "/api/desk/invoices/refuse", { invoice_id: large, reason: "duplicate" }, { cookie: admin }));
    const ids = async (query: string) => expectSuccess<Listed>(await deskGet(booted, `/api/desk/invoices?${query}`, { cookie: admin })).invoices.map((i) => i.invoice_id);
    expect(await ids("")).toEqual([small, large, later]);
    expect(await ids("dir=desc")).toEqual([later, large, small]);
    expect(await ids("sort=amount")).toEqual([small, later, large]);
    expect(await ids("sort=amount&dir=desc")).toEqual([large, later, small]);
    expect(await ids("state=requested")).toEqual([small, later]);
    expect(await ids("state=refused")).toEqual([large]);
    expect(await ids(`station_id=${stationId}`)).toEqual([small, large, later]);
    expect(await ids("from=2024-11-27&to=2024-11-27")).toEqual([later]);
    expect(await ids("to=2024-11-26")).toEqual([small, large]);
    const page = expectSuccess<Listed>(await deskGet(booted, "/api/desk/invoices?page=2&page_size=10", { cookie: admin }));
    expect(page).toMatchObject({ total: 3, page: 1, page_size: 10 });
    const reversed = await deskGet(booted, "/api/desk/invoices?from=2024-11-27&to=2024-11-26", { cookie: admin });
    expect([reversed.statusCode, tagOf(reversed)]).toEqual([400, "DayRangeReversed"]);
    const reversedExport = await deskGet(booted, "/api/desk/invoices/export?from=2024-11-27&to=2024-11-26", { cookie: admin });
    expect([reversedExport.statusCode, tagOf(reversedExport)]).toEqual([400, "DayRangeReversed"]);
    for (const query of ["state=lost", "page_size=7", "sort=title", "from=2024-13-01", "station_id=x"]) expect((await deskGet(booted, `/api/desk/invoices?${query}`, { cookie: admin })).statusCode, query).toBe(400);
  });

  it("the CSV holds the list's selection in the list's order, in either language, UTF-8 with a BOM, and no cell a spreadsheet would run", async () => {
    const admin = (await signedInStaff(booted, "ada.admin", "admin")).cookie;
    const ids: number[] = [];
    for (const [i, payload] of OWASP_PAYLOADS.slice(0, 5).entries()) {
      const who = await customer(booted);
      const title = await savedTitle(booted, who, { type: "personal", name: payload.trim() === "" ? `x${i}` : payload.replace(/[\t\r]/g, "") });
      const id = await applied(booted, who, [(await usedFuelOrder(booted, who, stationId)).orderId], title);
      ids.push(id);
      expectSuccess(await deskPost(booted, "/api/desk/invoices/refuse", { invoice_id: id, reason: payload.replace(/[\t\r]/g, "") || "=1+1" }, { cookie: admin }));
    }
    const res = await deskGet(booted, "/api/desk/invoices/export?lang=zh-CN&state=refused", { cookie: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="invoices.csv"');
    expect(res.body.startsWith("\uFEFF")).toBe(true);
    for (const cell of rawCells(res.body.slice(1)).flat()) expect(cell, JSON.stringify(cell)).not.toMatch(FORMULA_START);
    const rows = parseCsv(res.body).map((r) => r.fields);
    expect(rows[0]?.[0]).toBe("申请编号");
    expect(rows.slice(1).map((r) => Number(r[0]))).toEqual(ids);
    expect(rows.slice(1).every((r) => r[1] === "已驳回")).toBe(true);
    const en = parseCsv((await deskGet(booted, "/api/desk/invoices/export", { cookie: admin })).body).map((r) => r.fields);
    expect(en[0]?.slice(0, 2)).toEqual(["Invoice", "State"]);
    expect(en).toHaveLength(ids.length + 1);
  });

  it("'issued' with a number and a PDF: checked, stored, audited, shown to the customer with its PDF; a second 'issued' is 409 InvoiceNotOpen", async () => {
    const me = await customer(booted);
    const id = await request(me, stationId);
    const cashier = (await signedInStaff(booted, "li.cashier", "cashier", [stationId])).cookie;
    const before = (await audit()).length;
    const issued = expectSuccess<{ state: string; number: string; acted_by: string; pdf_url: string; customer_phone: string }>(
      await deskPost(booted, "/api/desk/invoices/issue", { invoice_id: id, number: " 2444 2000-0000 1234 5678 ", pdf: dataUrl(PDF) }, { cookie: cashier }),
    );
    expect(issued).toMatchObject({ state: "issued", number: NUMBER, acted_by: "li.cashier", pdf_url: `/api/desk/invoices/pdf?invoice_id=${id}`, customer_phone: me.phone });
    expect((await audit()).slice(before)).toMatchObject([{ act: "invoiceIssued", staffName: "li.cashier", subject: String(id), before: { state: "requested" }, after: { state: "issued", number: NUMBER } }]);
    const again = await deskPost(booted, "/api/desk/invoices/issue", { invoice_id: id, number: NUMBER }, { cookie: cashier });
    expect([again.statusCode, tagOf(again)]).toEqual([409, "InvoiceNotOpen"]);
    const refuseIssued = await deskPost(booted, "/api/desk/invoices/refuse", { invoice_id: id, reason: "too late" }, { cookie: cashier });
    expect([refuseIssued.statusCode, tagOf(refuseIssued)]).toEqual([409, "InvoiceNotOpen"]);
    expect((await audit()).slice(before)).toHaveLength(1);

    const seen = expectSuccess<{ state: string; number: string; issued_at: string; pdf_url: string }>(await customerGet(booted, me, `/api/invoice/list`));
    expect((seen as unknown as { invoices: Array<Record<string, unknown>> }).invoices[0]).toMatchObject({ state: "issued", number: NUMBER, pdf_url: `/api/invoice/pdf?invoice_id=${id}` });
    for (const res of [await customerGet(booted, me, `/api/invoice/pdf?invoice_id=${id}`), await deskGet(booted, `/api/desk/invoices/pdf?invoice_id=${id}`, { cookie: cashier })]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/pdf");
      expect(res.headers["content-disposition"]).toMatch(/^inline; filename="invoice-24442000000012345678\.pdf"$/);
      expect(res.rawPayload.equals(PDF)).toBe(true);
    }
  });

  it("'issued' without a PDF is issued; the PDF is then missing (404 InvoicePdfMissing)", async () => {
    const me = await customer(booted);
    const id = await request(me, stationId);
    const admin = (await signedInStaff(booted, "ada.admin", "admin")).cookie;
    expect(expectSuccess<{ pdf_url: string | null }>(await deskPost(booted, "/api/desk/invoices/issue", { invoice_id: id, number: "12345678" }, { cookie: admin })).pdf_url).toBeNull();
    const res = await customerGet(booted, me, `/api/invoice/pdf?invoice_id=${id}`);
    expect([res.statusCode, tagOf(res)]).toEqual([404, "InvoicePdfMissing"]);
  });

  it.each([
    ["a number of 7 digits", 400, "InvoiceNumberInvalid", { number: "1234567" }],
    ["a number with letters", 400, "InvoiceNumberInvalid", { number: "2444200000001234567X" }],
    ["a PNG labelled a PDF", 400, "InvoicePdfInvalid", { pdf: `data:application/pdf;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, 0, 0, 0, 0, 0]).toString("base64")}` }],
    ["a truncated PDF (no %%EOF)", 400, "InvoicePdfInvalid", { pdf: dataUrl(PDF.subarray(0, PDF.length - 7)) }],
    ["an image data URL", 400, "InvoicePdfInvalid", { pdf: "data:image/png;base64,iVBORw0KGgo=" }],
    ["a PDF over 1 MiB", 400, "InvoicePdfTooLarge", { pdf: dataUrl(Buffer.concat([PDF.subarray(0, 9), Buffer.alloc(Invoice.INVOICE_PDF_MAX_BYTES), PDF.subarray(9)])) }],
    ["an unknown request", 404, "InvoiceNotFound", { invoice_id: 999_999 }],
  ])("'issued' with %s is refused %i %s; nothing changes, no audit row", async (_what, status, tag, change) => {
    const me = await customer(booted);
    const id = await request(me, stationId);
    const admin = (await signedInStaff(booted, "ada.admin", "admin")).cookie;
    const before = (await audit()).length;
    const res = await deskPost(booted, "/api/desk/invoices/issue", { invoice_id: id, number: NUMBER, ...change }, { cookie: admin });
    expect([res.statusCode, tagOf(res)], res.body.slice(0, 200)).toEqual([status, tag]);
    expect((await booted.db.select().from(invoices).where(eq(invoices.id, id)))[0]).toMatchObject({ state: "requested", number: null, pdf: null });
    expect(await audit()).toHaveLength(before);
  });

  it("a PDF of 1 MiB exactly is taken: the issue route alone reads a body above the server's 64 KB", async () => {
    const me = await customer(booted);
    const id = await request(me, stationId);
    const admin = (await signedInStaff(booted, "ada.admin", "admin")).cookie;
    const big = Buffer.concat([PDF.subarray(0, 9), Buffer.alloc(Invoice.INVOICE_PDF_MAX_BYTES - PDF.length), PDF.subarray(9)]);
    expect(big.length).toBe(Invoice.INVOICE_PDF_MAX_BYTES);
    expectSuccess(await deskPost(booted, "/api/desk/invoices/issue", { invoice_id: id, number: NUMBER, pdf: dataUrl(big) }, { cookie: admin }));
    const [row] = await booted.db.select().from(invoices).where(eq(invoices.id, id));
    expect(row?.pdf?.length).toBe(Invoice.INVOICE_PDF_MAX_BYTES);
    // Other desk routes keep the 64 KB limit.
    const refused = await deskPost(booted, "/api/desk/invoices/refuse", { invoice_id: id, reason: "x".repeat(70_000) }, { cookie: admin });
    expect(refused.statusCode).toBe(413);
  });

  it("'refused' needs a reason (400 InvoiceRefusalReasonMissing); refused, it is audited, the customer reads why, and its orders are free", async () => {
    const me = await customer(booted);
    const id = await request(me, stationId);
    const admin = (await signedInStaff(booted, "ada.admin", "admin")).cookie;
    const before = (await audit()).length;
    for (const reason of ["", "   "]) {
      const res = await deskPost(booted, "/api/desk/invoices/refuse", { invoice_id: id, reason }, { cookie: admin });
      expect([res.statusCode, tagOf(res)], JSON.stringify(reason)).toEqual([400, "InvoiceRefusalReasonMissing"]);
    }
    const unknown = await deskPost(booted, "/api/desk/invoices/refuse", { invoice_id: 999_999, reason: "x" }, { cookie: admin });
    expect([unknown.statusCode, tagOf(unknown)]).toEqual([404, "InvoiceNotFound"]);
    expect(await audit()).toHaveLength(before);
    const refused = expectSuccess<{ state: string; reason: string; acted_by: string }>(await deskPost(booted, "/api/desk/invoices/refuse", { invoice_id: id, reason: " taxpayer id does not match " }, { cookie: admin }));
    expect(refused).toMatchObject({ state: "refused", reason: "taxpayer id does not match", acted_by: "ada.admin" });
    expect((await audit()).slice(before)).toMatchObject([{ act: "invoiceRefused", subject: String(id), after: { state: "refused", reason: "taxpayer id does not match" } }]);
    const again = await deskPost(booted, "/api/desk/invoices/refuse", { invoice_id: id, reason: "twice" }, { cookie: admin });
    expect([again.statusCode, tagOf(again)]).toEqual([409, "InvoiceNotOpen"]);
    const seen = expectSuccess<{ state: string; reason: string }>(await booted.app.inject({ method: "POST", url: "/api/invoice/detail", headers: { "content-type": "application/json", authorization: `Bearer ${me.token}` }, payload: JSON.stringify({ invoice_id: id }) }));
    expect(seen).toMatchObject({ state: "refused", reason: "taxpayer id does not match" });
  });

  it("malformed bodies are 400, never 500", async () => {
    const admin = (await signedInStaff(booted, "ada.admin", "admin")).cookie;
    for (const body of [{}, { invoice_id: "x", number: NUMBER }, { invoice_id: 1, number: 12 }, { invoice_id: 1, number: NUMBER, pdf: 5 }, "nope"]) {
      expect((await deskPost(booted, "/api/desk/invoices/issue", body, { cookie: admin })).statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const body of [{}, { invoice_id: 1 }, { invoice_id: 1, reason: "x".repeat(201) }]) {
      expect((await deskPost(booted, "/api/desk/invoices/refuse", body, { cookie: admin })).statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});
