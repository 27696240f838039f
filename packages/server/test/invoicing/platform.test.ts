import { generateKeyPairSync } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoiceOrders, invoices } from "../../src/db/schema.ts";
import { issueThroughProvider, type PlatformDeps } from "../../src/invoicing/platformIssuing.ts";
import {
  InvoiceProviderUnavailable,
  MAX_ISSUE_ATTEMPTS,
  SANDBOX_FAIL_MARK,
  SANDBOX_NUMBER_PREFIX,
  SandboxInvoiceProvider,
  type InvoiceProvider,
  type IssueRequest,
} from "../../src/invoicing/provider/index.ts";
import { sandboxKeyMaterial } from "../../src/payments/sandbox/keys.ts";
import type { BootedApp } from "../helpers/app.ts";
import { moneyTestSetUp } from "../helpers/moneyApp.ts";
import { expectSuccess } from "../identity/support.ts";
import { call, customer, type Customer } from "../orders/support.ts";
import { deskPost, signedInStaff, tagOf } from "../desk/support.ts";
import { applied, customerGet, savedTitle, setPolicy, usedFuelOrder } from "./support.ts";

/**
 * Issue 35 item 6 through the server: a `platform` station's request goes to the e-invoice
 * provider (the sandbox here, as in development): sent, checked, issued with its number and PDF;
 * a failed attempt retried with a new apply id at most 4 times, then refused with the provider's
 * reason; its callback read only when its signature verifies; an outage changes nothing.
 */

const NOW = Date.parse("2024-11-26T02:00:00Z");
let booted: BootedApp;
let stationId: number;
moneyTestSetUp(NOW, (w) => ({ booted, stationId } = w));

const silent = { error: () => {}, warn: () => {}, info: () => {} };
const depsWith = (provider: InvoiceProvider): PlatformDeps => ({ db: booted.db, provider, clock: booted.clock, log: silent });
const sandbox = () => booted.app.deps.providers.invoice as SandboxInvoiceProvider;
const row = async (id: number) => (await booted.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;

// The app's sandbox provider remembers attempts by apply id for the whole file, while each test
// empties the tables: each request gets ids no earlier test used, as on a database never reset.
let nextInvoiceId = 1;

/** A platform station's request for one used order, to a title named `name`. */
const platformRequest = async (who: Customer, name = "Pearl River Logistics Co., Ltd."): Promise<number> => {
  await booted.db.execute(sql`SELECT setval('invoices_id_seq', ${nextInvoiceId}, false)`);
  nextInvoiceId += 100;
  await setPolicy(booted, stationId, "platform");
  const order = await usedFuelOrder(booted, who, stationId);
  return applied(booted, who, [order.orderId], await savedTitle(booted, who, { type: "company", name, tax_id: "91440101MA5CXXXX2K" }));
};

describe("platform issuing through the sandbox provider", () => {
  it("the provider is the sandbox in sandbox mode", () => {
    expect(sandbox()).toBeInstanceOf(SandboxInvoiceProvider);
  });

  it("requested → issuing (attempt 1) → issued after the sandbox's delay, with a sandbox number and its PDF, which the customer opens", async () => {
    const me = await customer(booted);
    const id = await platformRequest(me);
    const deps = depsWith(sandbox());
    expect(await issueThroughProvider(deps)).toMatchObject({ sent: 1, issued: 0 });
    expect(await row(id)).toMatchObject({ state: "issuing", attempt: 1, applyId: `${id}-1` });
    expect((await issueThroughProvider(deps)).issued).toBe(0);
    booted.clock.advance(sandbox().delayMs / 1000);
    expect(await issueThroughProvider(deps)).toMatchObject({ checked: 1, issued: 1 });
    const issued = await row(id);
    expect(issued.state).toBe("issued");
    expect(issued.number).toMatch(new RegExp(`^${SANDBOX_NUMBER_PREFIX}[0-9]{12}$`));
    expect(issued.actedBy).toBeNull();
    const seen = expectSuccess<{ state: string; number: string; pdf_url: string }>(await call(booted, me, "/api/invoice/detail", { invoice_id: id }));
    expect(seen).toMatchObject({ state: "issued", number: issued.number, pdf_url: `/api/invoice/pdf?invoice_id=${id}` });
    const pdf = await customerGet(booted, me, `/api/invoice/pdf?invoice_id=${id}`);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // Nothing more to do: a run changes nothing.
    expect(await issueThroughProvider(deps)).toEqual({ sent: 0, checked: 0, issued: 0, retried: 0, refused: 0 });
  });

  it("what is sent: the title as asked for, the line of what was paid, the station as seller, the order's WeChat payment", async () => {
    const me = await customer(booted);
    const id = await platformRequest(me);
    const sent: IssueRequest[] = [];
    const recording: InvoiceProvider = { ...sandbox(), kind: "sandbox", issue: (r) => (sent.push(r), Promise.resolve({ state: "issuing" as const })), query: () => Promise.resolve({ state: "issuing" as const }), titleUrl: () => Promise.reject(new Error("unused")), readCallback: () => Promise.reject(new Error("unused")) };
    await issueThroughProvider(depsWith(recording));
    const stored = await row(id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      invoiceId: id,
      attempt: 1,
      applyId: `${id}-1`,
      buyer: { type: "company", name: "Pearl River Logistics Co., Ltd.", taxId: "91440101MA5CXXXX2K" },
      seller: { stationId },
      totalCents: stored.amount,
      lines: [{ litres: stored.litres, unitPrice: stored.unitPrice, amountCents: stored.amount, taxRatePercent: 13, taxCents: stored.tax }],
    });
    expect(sent[0]?.payments).toEqual([expect.objectContaining({ channel: "wechat", amountCents: stored.amount })]);
  });

  it(`a failing provider is asked ${MAX_ISSUE_ATTEMPTS} times, each with a new apply id; then the request is refused with its reason and the order is free`, async () => {
    const me = await customer(booted);
    const id = await platformRequest(me, `Fleet ${SANDBOX_FAIL_MARK} Co.`);
    const deps = depsWith(sandbox());
    const ids = new Set<string>();
    await issueThroughProvider(deps);
    for (let i = 0; i < MAX_ISSUE_ATTEMPTS + 2 && (await row(id)).state === "issuing"; i++) {
      ids.add((await row(id)).applyId!);
      booted.clock.advance(sandbox().delayMs / 1000);
      await issueThroughProvider(deps);
    }
    const refused = await row(id);
    expect(refused.state).toBe("refused");
    expect(refused.attempt).toBe(MAX_ISSUE_ATTEMPTS);
    expect([...ids]).toEqual(Array.from({ length: MAX_ISSUE_ATTEMPTS }, (_, i) => `${id}-${i + 1}`));
    expect(refused.reason).toContain(SANDBOX_FAIL_MARK);
    expect(await booted.db.select({ holds: invoiceOrders.holds }).from(invoiceOrders).where(eq(invoiceOrders.invoiceId, id))).toEqual([{ holds: false }]);
    expect(expectSuccess<{ state: string; reason: string }>(await call(booted, me, "/api/invoice/detail", { invoice_id: id })).reason).toContain(SANDBOX_FAIL_MARK);
  });

  it("a failure the provider calls final is refused at once, without a retry", async () => {
    const me = await customer(booted);
    const id = await platformRequest(me);
    sandbox().failNext("the buyer's taxpayer id is not registered", false);
    const deps = depsWith(sandbox());
    await issueThroughProvider(deps);
    booted.clock.advance(sandbox().delayMs / 1000);
    expect((await issueThroughProvider(deps)).refused).toBe(1);
    expect(await row(id)).toMatchObject({ state: "refused", attempt: 1, reason: "the buyer's taxpayer id is not registered" });
  });

  it("an outage changes nothing: the attempt waits unsent and goes out under the same apply id once the provider answers", async () => {
    const me = await customer(booted);
    const id = await platformRequest(me);
    const down: InvoiceProvider = {
      kind: "sandbox",
      issue: () => Promise.reject(new InvoiceProviderUnavailable("connection refused")),
      query: () => Promise.reject(new InvoiceProviderUnavailable("connection refused")),
      titleUrl: () => Promise.reject(new InvoiceProviderUnavailable("connection refused")),
      readCallback: () => Promise.reject(new InvoiceProviderUnavailable("connection refused")),
    };
    for (let i = 0; i < 3; i++) expect(await issueThroughProvider(depsWith(down))).toMatchObject({ sent: 0, retried: 0, refused: 0 });
    expect(await row(id)).toMatchObject({ state: "issuing", attempt: 1, applyId: `${id}-1`, providerCheckedAt: null });
    expect((await issueThroughProvider(depsWith(sandbox()))).sent).toBe(1);
    expect(await row(id)).toMatchObject({ attempt: 1, applyId: `${id}-1` });
  });

  it("the desk leaves a request the provider is issuing to it: 409 InvoiceWithProvider", async () => {
    const me = await customer(booted);
    const id = await platformRequest(me);
    await issueThroughProvider(depsWith(sandbox()));
    const admin = (await signedInStaff(booted, "ada.admin", "admin")).cookie;
    for (const res of [
      await deskPost(booted, "/api/desk/invoices/issue", { invoice_id: id, number: "24442000000012345678" }, { cookie: admin }),
      await deskPost(booted, "/api/desk/invoices/refuse", { invoice_id: id, reason: "no" }, { cookie: admin }),
    ]) {
      expect([res.statusCode, tagOf(res)]).toEqual([409, "InvoiceWithProvider"]);
    }
    expect((await row(id)).state).toBe("issuing");
  });
});

describe("POST /api/invoice/notify: the provider's callback", () => {
  const notify = (body: string, headers: Record<string, string>) =>
    booted.app.inject({ method: "POST", url: "/api/invoice/notify", headers: { ...headers, "content-type": "application/json" }, payload: body });

  it("a callback signed by the platform key records the result; delivered again, it changes nothing more", async () => {
    const me = await customer(booted);
    const id = await platformRequest(me);
    await issueThroughProvider(depsWith(sandbox()));
    booted.clock.advance(sandbox().delayMs / 1000);
    const callback = await sandbox().callbackFor({ invoiceId: id, applyId: `${id}-1`, stationId });
    if (callback === undefined) throw new Error("the sandbox has no result yet");
    const res = await notify(callback.body, callback.headers);
    expect(res.statusCode, res.body).toBe(200);
    const issued = await row(id);
    expect(issued.state).toBe("issued");
    expect((await notify(callback.body, callback.headers)).statusCode).toBe(200);
    expect(await row(id)).toEqual(issued);
  });

  it("refused 4xx and nothing recorded when the body is altered, the signature is another key's, the serial unknown, or the timestamp stale", async () => {
    const me = await customer(booted);
    const id = await platformRequest(me);
    await issueThroughProvider(depsWith(sandbox()));
    booted.clock.advance(sandbox().delayMs / 1000);
    const good = (await sandbox().callbackFor({ invoiceId: id, applyId: `${id}-1`, stationId }))!;
    const impostor = new SandboxInvoiceProvider(booted.clock, { keys: { ...sandboxKeyMaterial(), ...freshPlatformKeys() } });
    const cases: Array<[string, string, Record<string, string>, string]> = [
      ["altered body", good.body.replace('"FAPIAO.ISSUED"', '"FAPIAO.REVERSED"'), good.headers, "NotificationRefused"],
      ["another key's signature", good.body, { ...good.headers, "Wechatpay-Signature": Buffer.alloc(256, 1).toString("base64") }, "NotificationRefused"],
      ["an unknown serial", good.body, { ...good.headers, "Wechatpay-Serial": "NOT-OURS" }, "NotificationRefused"],
      ["no signature headers", good.body, {}, "NotificationRefused"],
    ];
    for (const [what, body, headers, tag] of cases) {
      const res = await notify(body, headers);
      expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, what).toBeLessThan(500);
      expect(tagOf(res), what).toBe(tag);
    }
    // Signed with a key that is not the platform's.
    await impostor.issue({ ...(await requestOf(id)), applyId: `${id}-1` });
    booted.clock.advance(sandbox().delayMs / 1000);
    const forged = (await impostor.callbackFor({ invoiceId: id, applyId: `${id}-1`, stationId }))!;
    expect((await notify(forged.body, forged.headers)).statusCode).toBe(401);
    // Stale: more than 5 minutes after it was signed.
    booted.clock.advance(6 * 60);
    expect((await notify(good.body, good.headers)).statusCode).toBe(401);
    expect((await row(id)).state).toBe("issuing");
  });

  it("a callback about an attempt no longer awaited (an old apply id) is acknowledged and changes nothing", async () => {
    const me = await customer(booted);
    const id = await platformRequest(me, `Fleet ${SANDBOX_FAIL_MARK} Co.`);
    const deps = depsWith(sandbox());
    await issueThroughProvider(deps);
    booted.clock.advance(sandbox().delayMs / 1000);
    await issueThroughProvider(deps);
    expect((await row(id)).applyId).toBe(`${id}-2`);
    const old = (await sandbox().callbackFor({ invoiceId: id, applyId: `${id}-1`, stationId }))!;
    const before = await row(id);
    expect((await notify(old.body, old.headers)).statusCode).toBe(200);
    expect(await row(id)).toEqual(before);
  });
});

/** A platform key pair that is not the sandbox's. */
const freshPlatformKeys = () => {
  const other = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return { platformPrivateKey: other.privateKey, platformPublicKey: other.publicKey };
};

/** A minimal issue request of a stored request (for the impostor provider). */
const requestOf = async (id: number): Promise<IssueRequest> => {
  const r = await row(id);
  return {
    invoiceId: id,
    attempt: 1,
    applyId: `${id}-1`,
    payerOpenid: null,
    buyer: { type: "company", name: r.titleName, taxId: r.titleTaxId, email: null, phone: null, address: null, bank: null, account: null },
    seller: { stationId, title: "", code: "" },
    lines: [{ description: r.description, litres: r.litres ?? "0", unitPrice: r.unitPrice ?? "0", amountCents: r.amount, taxRatePercent: 13, taxCents: r.tax }],
    totalCents: r.amount,
    payments: [],
  };
};
