import { Offline, ServerRefused, TimedOut } from "@fuel/adapters/ports";
import { Invoice } from "@fuel/domain";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { base64Of } from "../../../src/desk/stores/invoices/invoicePdf.ts";
import { invoicesListQueryOf, NO_INVOICE_PARAMS, readInvoiceParams, writeInvoiceParams } from "../../../src/desk/stores/invoices/invoiceListParams.ts";
import { InvoicesStore } from "../../../src/desk/stores/invoices/InvoicesStore.ts";
import { bytesFile } from "../places/files.ts";
import { deskStores } from "../support/renderDesk.tsx";
import { issuedInvoice, pageOf, pdfBytes, pdfFile, waitingInvoice } from "./invoices.ts";

const paramsOf = (query: string) => readInvoiceParams(new URLSearchParams(query));
const QUEUE = { state: "requested", sort: "created_at", dir: "asc", page: 1, page_size: 20 } as const;

const storeWith = (options: Parameters<typeof deskStores>[0] = {}) => {
  const stores = deskStores(options);
  stores.api.on("deskInvoices", pageOf(waitingInvoice));
  return { stores, store: new InvoicesStore(stores.ports, stores.i18n, stores.notices) };
};

describe("the invoice queue's address (issue 35)", () => {
  it("opens on the waiting requests, oldest first, and writes nothing for that", () => {
    expect(paramsOf("")).toEqual(NO_INVOICE_PARAMS);
    expect(writeInvoiceParams(NO_INVOICE_PARAMS)).toEqual({});
    expect(invoicesListQueryOf(NO_INVOICE_PARAMS)).toEqual(QUEUE);
  });

  it("reads the filters, sort and page, writes them back, and sends them as the contract's query", () => {
    const params = paramsOf("state=issued&station=12&from=2024-11-24&to=2024-11-28&sort=amount&dir=desc&page=2&size=50");
    expect(writeInvoiceParams(params)).toEqual({ state: "issued", station: "12", from: "2024-11-24", to: "2024-11-28", sort: "amount", dir: "desc", page: "2", size: "50" });
    expect(invoicesListQueryOf(params)).toEqual({ state: "issued", station_id: 12, from: "2024-11-24", to: "2024-11-28", sort: "amount", dir: "desc", page: 2, page_size: 50 });
  });

  it("'every state' sends no state", () => {
    expect(invoicesListQueryOf(paramsOf("state=any"))).toEqual({ sort: "created_at", dir: "asc", page: 1, page_size: 20 });
  });

  it("drops what a hand-edited address gets wrong", () => {
    expect(paramsOf("state=paid&station=x&from=2024-02-30&sort=phone&page=0&size=7")).toEqual(NO_INVOICE_PARAMS);
  });
});

describe("the invoice queue (issue 35)", () => {
  it("asks for the address's page and keeps the answer", async () => {
    const { stores, store } = storeWith();
    await store.show(paramsOf("station=12"));
    expect(stores.api.callsTo("deskInvoices")[0]?.input).toEqual({ ...QUEUE, station_id: 12 });
    expect(store.invoices.map((i) => i.invoice_id)).toEqual([41]);
  });

  it("exports exactly the filters and sort, every page, in the staff member's language", async () => {
    const { store } = storeWith({ locale: "zh-CN" });
    await store.show(paramsOf("state=any&station=12&from=2024-11-24&sort=amount&dir=desc&page=3"));
    expect(store.exportHref).toBe("/api/desk/invoices/export?station_id=12&from=2024-11-24&sort=amount&dir=desc&lang=zh-CN");
  });

  it("refuses a reversed day range in words before any call", async () => {
    const { stores, store } = storeWith();
    await store.show(paramsOf("from=2024-11-28&to=2024-11-24"));
    expect(store.formProblemText).toBe("the first day is after the last");
    expect(stores.api.callsTo("deskInvoices")).toHaveLength(0);
  });

  it("no network says so with nothing stale; retry asks again", async () => {
    const { stores, store } = storeWith({ locale: "zh-CN" });
    stores.api.fail("deskInvoices", new Offline({ path: "/api/desk/invoices" }));
    await store.show(NO_INVOICE_PARAMS);
    expect(store.problemText).toBe("网络不可用：未做任何更改。请在网络恢复后重试。");
    expect(store.invoices).toEqual([]);
    stores.api.on("deskInvoices", pageOf(waitingInvoice));
    await store.retry();
    expect(store.invoices).toHaveLength(1);
  });

  it("an admin filters by every station; a cashier by theirs, named from their requests", async () => {
    const admin = storeWith();
    await admin.store.loadStations(true, []);
    expect(admin.store.stations.map((s) => s.id)).toEqual([12]);
    const cashier = storeWith({ role: "cashier", stations: [12, 14] });
    await cashier.store.loadStations(false, [12, 14]);
    await cashier.store.show(NO_INVOICE_PARAMS);
    expect(cashier.stores.api.callsTo("deskStations")).toHaveLength(0);
    expect(cashier.store.stations.map((s) => [s.id, cashier.store.stationTitle(s)])).toEqual([
      [12, "Futian Energy Station"],
      [14, undefined],
    ]);
  });
});

describe("issuing a request (issue 35)", () => {
  it("refuses a missing or malformed number before any call, by the domain's rule", async () => {
    const { stores, store } = storeWith();
    await store.show(NO_INVOICE_PARAMS);
    store.startAct(waitingInvoice, "issue");
    expect(await store.sendAct()).toBe(false);
    expect(store.acting?.numberProblem).toEqual({ _tag: "desk.invoices.numberMissing" });
    store.acting?.setNumber("1234567");
    expect(await store.sendAct()).toBe(false);
    expect(store.acting?.numberProblem).toEqual({ _tag: "InvoiceNumberInvalid" });
    expect(stores.api.callsTo("deskInvoiceIssue")).toHaveLength(0);
  });

  it("sends the number as the domain reads it and the PDF as a data URL; the row becomes the answer", async () => {
    const { stores, store } = storeWith();
    await store.show(NO_INVOICE_PARAMS);
    store.startAct(waitingInvoice, "issue");
    const act = store.acting!;
    act.setNumber(" 2444 2000-0000 1234 5678 ");
    await act.choosePdf(pdfFile("41.pdf"));
    expect(act.pdf?.name).toBe("41.pdf");
    expect(await store.sendAct()).toBe(true);
    expect(stores.api.callsTo("deskInvoiceIssue")[0]?.input).toEqual({
      invoice_id: 41,
      number: "24442000000012345678",
      pdf: `data:application/pdf;base64,${base64Of(pdfBytes())}`,
    });
    expect(store.acting).toBeUndefined();
    expect(store.invoices[0]?.state).toBe("issued");
    expect(stores.notices.latest).toMatchObject({ kind: "success", text: "Request No. 41 is issued: invoice 24442000000012345678." });
  });

  it("takes no PDF that is too large (unread) or not a PDF by its bytes", async () => {
    const { store } = storeWith({ locale: "zh-CN" });
    store.startAct(waitingInvoice, "issue");
    const act = store.acting!;
    let read = false;
    await act.choosePdf({ name: "big.pdf", type: "application/pdf", size: Invoice.INVOICE_PDF_MAX_BYTES + 1, read: () => ((read = true), Promise.resolve(pdfBytes())) });
    expect(read).toBe(false);
    expect(act.pdfProblem).toEqual({ _tag: "InvoicePdfTooLarge", params: { maxKb: 1024 } });
    await act.choosePdf(bytesFile("scan.pdf", new Uint8Array([0x89, 0x50, 0x4e, 0x47, ...new Array<number>(40).fill(0)]), "application/pdf"));
    expect(act.pdfProblem).toEqual({ _tag: "InvoicePdfInvalid" });
    // A cut-off download: the header, but no %%EOF.
    await act.choosePdf(bytesFile("cut.pdf", pdfBytes().slice(0, 30), "application/pdf"));
    expect(act.pdfProblem).toEqual({ _tag: "InvoicePdfInvalid" });
    expect(act.pdf).toBeUndefined();
  });

  it("sends once: a second send while the first is on its way does nothing", async () => {
    const { stores, store } = storeWith();
    let answer: (() => void) | undefined;
    stores.api.on("deskInvoiceIssue", () => Effect.promise(() => new Promise<void>((resolve) => (answer = resolve))).pipe(Effect.as(issuedInvoice)));
    store.startAct(waitingInvoice, "issue");
    store.acting!.setNumber("24442000000012345678");
    const first = store.sendAct();
    expect(await store.sendAct()).toBe(false);
    store.cancelAct();
    expect(store.acting).toBeDefined();
    await Promise.resolve();
    answer?.();
    expect(await first).toBe(true);
    expect(stores.api.callsTo("deskInvoiceIssue")).toHaveLength(1);
  });

  it("issued by someone else first (409 InvoiceNotOpen): says so above the list, closes the form, reads the list again", async () => {
    const { stores, store } = storeWith({ locale: "zh-CN" });
    await store.show(NO_INVOICE_PARAMS);
    stores.api.fail("deskInvoiceIssue", new ServerRefused({ message: "not open", status: 409, tag: "InvoiceNotOpen" }));
    stores.api.on("deskInvoices", pageOf(issuedInvoice));
    store.startAct(waitingInvoice, "issue");
    store.acting!.setNumber("24442000000012345678");
    expect(await store.sendAct()).toBe(false);
    expect(store.acting).toBeUndefined();
    expect(store.actProblemText).toBe("该开票申请已开具或已驳回");
    expect(stores.api.callsTo("deskInvoices")).toHaveLength(2);
    expect(store.invoices[0]?.state).toBe("issued");
  });

  it("taken by the e-invoice service meanwhile (409 InvoiceWithProvider): said in words, the list read again", async () => {
    const { stores, store } = storeWith();
    stores.api.fail("deskInvoiceRefuse", new ServerRefused({ message: "with provider", status: 409, tag: "InvoiceWithProvider" }));
    store.startAct({ ...waitingInvoice, issuer: "platform" }, "refuse");
    store.acting!.setReason("stuck");
    expect(await store.sendAct()).toBe(false);
    expect(store.actProblemText).toBe("this invoice is being issued by the e-invoice provider: wait for its result");
    expect(store.acting).toBeUndefined();
    expect(stores.api.callsTo("deskInvoices")).toHaveLength(1);
  });

  it("no network keeps the form open with the number and the PDF, to send again", async () => {
    const { stores, store } = storeWith();
    stores.api.fail("deskInvoiceIssue", new Offline({ path: "/api/desk/invoices/issue" }));
    store.startAct(waitingInvoice, "issue");
    const act = store.acting!;
    act.setNumber("24442000000012345678");
    await act.choosePdf(pdfFile());
    expect(await store.sendAct()).toBe(false);
    expect(store.acting).toBe(act);
    expect(act.number).toBe("24442000000012345678");
    expect(act.pdf).toBeDefined();
    expect(act.problem?._tag).toBe("Offline");
    stores.api.on("deskInvoiceIssue", issuedInvoice);
    expect(await store.sendAct()).toBe(true);
  });

  it("no answer in time: the list is read again and the desk says to check before acting again", async () => {
    const { stores, store } = storeWith();
    stores.api.fail("deskInvoiceIssue", new TimedOut({ afterMs: 10_000 }));
    store.startAct(waitingInvoice, "issue");
    store.acting!.setNumber("24442000000012345678");
    await store.sendAct();
    expect(store.acting).toBeUndefined();
    expect(store.actProblemText).toMatch(/^No answer in time/);
    expect(stores.api.callsTo("deskInvoices")).toHaveLength(1);
  });
});

describe("refusing a request (issue 35)", () => {
  it("a blank reason is refused before any call; a reason is sent cleaned", async () => {
    const { stores, store } = storeWith({ locale: "zh-CN" });
    stores.api.on("deskInvoiceRefuse", { ...issuedInvoice, state: "refused", number: null, issued_at: null, pdf_url: null, reason: "税号不符" });
    store.startAct(waitingInvoice, "refuse");
    store.acting!.setReason("   ");
    expect(await store.sendAct()).toBe(false);
    expect(store.acting?.reasonProblem).toEqual({ _tag: "InvoiceRefusalReasonMissing" });
    store.acting!.setReason("  税号不符 ");
    expect(await store.sendAct()).toBe(true);
    expect(stores.api.callsTo("deskInvoiceRefuse")[0]?.input).toEqual({ invoice_id: 41, reason: "税号不符" });
    expect(stores.notices.latest?.text).toBe("41 号申请已驳回。");
  });
});
