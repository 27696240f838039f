import { Invoice } from "@fuel/domain";
import { describe, expect, it } from "vitest";
import { invoiceTitles } from "../../src/db/schema.ts";
import type { BootedApp } from "../helpers/app.ts";
import { moneyTestSetUp } from "../helpers/moneyApp.ts";
import { expectSuccess } from "../identity/support.ts";
import { call, customer } from "../orders/support.ts";
import { tagOf } from "../desk/support.ts";
import { COMPANY_TITLE, customerGet, savedTitle } from "./support.ts";

/**
 * Issue 35 item 2: a customer's invoice titles through the API: the domain's rules (the first
 * problem is the refusal), at most 5, one default, and another customer's title is a 404.
 */

let booted: BootedApp;
moneyTestSetUp(Date.parse("2024-11-26T02:00:00Z"), (w) => ({ booted } = w));

type Title = { title_id: number; name: string; tax_id: string | null; is_default: boolean; type: string };
const titlesOf = async (who: Awaited<ReturnType<typeof customer>>) => expectSuccess<{ titles: Title[]; max: number }>(await customerGet(booted, who, "/api/invoice/titles"));
const save = (who: Awaited<ReturnType<typeof customer>>, body: Record<string, unknown>) => call(booted, who, "/api/invoice/titles/save", body);

describe("invoice titles", () => {
  it("saves a company title cleaned (taxpayer id trimmed and upper-cased, empty optional fields null); the first is the default", async () => {
    const me = await customer(booted);
    const saved = expectSuccess<Title & Record<string, unknown>>(await save(me, { ...COMPANY_TITLE, phone: "", bank: "  " }));
    expect(saved).toMatchObject({ type: "company", name: COMPANY_TITLE.name, tax_id: "91440101MA5CXXXX2K", phone: null, bank: null, is_default: true });
    expect(await titlesOf(me)).toEqual({ titles: [saved], max: Invoice.MAX_TITLES });
  });

  it("a personal title keeps no taxpayer id", async () => {
    const me = await customer(booted);
    const saved = expectSuccess<Title>(await save(me, { type: "personal", name: "Zhang San", tax_id: "91440101MA5CXXXX2K" }));
    expect(saved.tax_id).toBeNull();
  });

  it.each([
    [{ type: "personal", name: "  " }, "InvoiceTitleNameEmpty"],
    [{ type: "personal", name: "长".repeat(101) }, "InvoiceTitleNameTooLong"],
    [{ type: "company", name: "A Co." }, "InvoiceTaxIdEmpty"],
    [{ type: "company", name: "A Co.", tax_id: "12345" }, "InvoiceTaxIdInvalid"],
    [{ type: "personal", name: "A", email: "not-an-address" }, "InvoiceEmailInvalid"],
    [{ type: "personal", name: "A", phone: "call me" }, "InvoicePhoneInvalid"],
    [{ type: "personal", name: "A", account: "IBAN x" }, "InvoiceAccountInvalid"],
    [{ type: "personal", name: "A", address: "x".repeat(101) }, "InvoiceTitleFieldTooLong"],
  ])("%j is refused 400 %s, nothing saved", async (body, tag) => {
    const me = await customer(booted);
    const res = await save(me, body);
    expect([res.statusCode, tagOf(res)]).toEqual([400, tag]);
    expect((await titlesOf(me)).titles).toEqual([]);
  });

  it("a type other than personal or company is refused 400 by the contract's schema before the rules (naming the field)", async () => {
    const me = await customer(booted);
    const res = await save(me, { type: "fleet", name: "A" });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain("type");
    expect((await titlesOf(me)).titles).toEqual([]);
  });

  it("a sixth title is refused 400 InvoiceTitleLimit naming the most", async () => {
    const me = await customer(booted);
    for (let i = 0; i < Invoice.MAX_TITLES; i++) await savedTitle(booted, me, { type: "personal", name: `Person ${i}` });
    const res = await save(me, { type: "personal", name: "One too many" });
    expect([res.statusCode, tagOf(res)]).toEqual([400, "InvoiceTitleLimit"]);
    expect(res.json<{ message: string }>().message).toContain(String(Invoice.MAX_TITLES));
    expect((await titlesOf(me)).titles).toHaveLength(Invoice.MAX_TITLES);
  });

  it("is_default moves the default: exactly one, listed first", async () => {
    const me = await customer(booted);
    const first = await savedTitle(booted, me, { type: "personal", name: "First" });
    const second = await savedTitle(booted, me, { type: "personal", name: "Second", is_default: true });
    let titles = (await titlesOf(me)).titles;
    expect(titles.map((t) => [t.title_id, t.is_default])).toEqual([
      [second, true],
      [first, false],
    ]);
    expectSuccess(await save(me, { title_id: first, type: "personal", name: "First, renamed", is_default: true }));
    titles = (await titlesOf(me)).titles;
    expect(titles.map((t) => [t.name, t.is_default])).toEqual([
      ["First, renamed", true],
      ["Second", false],
    ]);
    // Saving without is_default leaves the default where it is.
    expectSuccess(await save(me, { title_id: first, type: "personal", name: "First again" }));
    expect((await titlesOf(me)).titles.filter((t) => t.is_default).map((t) => t.title_id)).toEqual([first]);
  });

  it("deleting the default makes the oldest left the default", async () => {
    const me = await customer(booted);
    const a = await savedTitle(booted, me, { type: "personal", name: "A" });
    const b = await savedTitle(booted, me, { type: "personal", name: "B" });
    const c = await savedTitle(booted, me, { type: "personal", name: "C", is_default: true });
    expectSuccess(await call(booted, me, "/api/invoice/titles/delete", { title_id: c }));
    expect((await titlesOf(me)).titles.map((t) => [t.title_id, t.is_default])).toEqual([
      [a, true],
      [b, false],
    ]);
  });

  it("another customer's title is 404 InvoiceTitleNotFound to change or delete, and unchanged", async () => {
    const owner = await customer(booted);
    const other = await customer(booted);
    const id = await savedTitle(booted, owner);
    for (const res of [await save(other, { ...COMPANY_TITLE, title_id: id, name: "Stolen" }), await call(booted, other, "/api/invoice/titles/delete", { title_id: id })]) {
      expect([res.statusCode, tagOf(res)]).toEqual([404, "InvoiceTitleNotFound"]);
    }
    expect((await titlesOf(owner)).titles.map((t) => t.name)).toEqual([COMPANY_TITLE.name]);
    expect((await titlesOf(other)).titles).toEqual([]);
  });

  it("at most one default per customer even written around the API (the partial unique index)", async () => {
    const me = await customer(booted);
    await savedTitle(booted, me);
    await expect(
      booted.db.insert(invoiceTitles).values({ userId: me.id, type: "personal", name: "Twin default", isDefault: true, createdAt: new Date(booted.clock.now()) }),
    ).rejects.toThrow();
  });

  it("malformed bodies are 400, never 500", async () => {
    const me = await customer(booted);
    for (const body of [{}, { type: "company" }, { type: "company", name: 12 }, { title_id: "x", type: "personal", name: "A" }, "nope"]) {
      expect((await save(me, body as Record<string, unknown>)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call(booted, me, "/api/invoice/titles/delete", { title_id: -1 })).statusCode).toBe(400);
  });
});
