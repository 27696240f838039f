import { ServerRefused } from "@fuel/adapters/ports";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { DeskInvoicesResponse } from "@fuel/domain/api";
import { exampleDeskStation } from "@fuel/domain/api";
import { describe, expect, it } from "vitest";
import InvoicesScreen from "../../../src/desk/screens/InvoicesScreen.tsx";
import { deskStores, renderDesk } from "../support/renderDesk.tsx";
import { issuedInvoice, pageOf, pdfBytes, waitingInvoice } from "./invoices.ts";

const QUEUE = { state: "requested", sort: "created_at", dir: "asc", page: 1, page_size: 20 } as const;

const platformInvoice = { ...waitingInvoice, invoice_id: 43, issuer: "platform" as const, state: "issuing" as const };

// antd-mobile's popups animate in: pointer-events stay off until the animation ends, which jsdom never runs.
const tap = userEvent.setup({ pointerEventsCheck: 0 });

const open = (
  options: { readonly locale?: "en" | "zh-CN"; readonly wide?: boolean; readonly role?: "admin" | "cashier"; readonly path?: string; readonly page?: DeskInvoicesResponse } = {},
) => {
  const stores = deskStores({ locale: options.locale ?? "en", role: options.role ?? "cashier", stations: [12] });
  stores.api.on("deskInvoices", options.page ?? pageOf(waitingInvoice));
  stores.api.on("deskStations", { stations: [exampleDeskStation, { ...exampleDeskStation, id: 14, title: "Huangpu East Station" }] });
  renderDesk(<InvoicesScreen />, { stores, path: options.path ?? "/desk/invoices", route: "/desk/invoices", wide: options.wide ?? false });
  return stores;
};

describe("/desk/invoices on a phone (issue 35)", () => {
  it("a card shows the request whole: title, taxpayer id, station, orders, the line, and its acts", async () => {
    const stores = open();
    const card = await screen.findByRole("listitem", { name: "Request No. 41" });
    const text = card.textContent ?? "";
    for (const part of ["Waiting", "Futian Energy Station", "Company", "Pearl River Logistics Co., Ltd.", "91440101MA5CXXXX2K", "finance@pearl-logistics.example"]) expect(text).toContain(part);
    for (const part of ["Order 5001", "paid ¥188.55", "26.420 L", "Order 5007", "paid ¥94.28", "13.210 L"]) expect(text).toContain(part);
    for (const part of ["*成品油*柴油 0#", "39.630", "¥7.13676508 per litre", "¥282.83", "VAT 13%", "¥32.54", "¥250.29", "13800138000"]) expect(text).toContain(part);
    expect(within(card).getByRole("button", { name: "Mark issued" })).toBeTruthy();
    expect(within(card).getByRole("button", { name: "Refuse" })).toBeTruthy();
    expect(stores.api.callsTo("deskInvoices")[0]?.input).toEqual(QUEUE);
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("an issued request shows its number, date, who, and the desk's PDF link; no acts", async () => {
    open({ locale: "zh-CN", path: "/desk/invoices?state=issued", page: pageOf(issuedInvoice) });
    const card = await screen.findByRole("listitem", { name: "申请 41 号" });
    const text = card.textContent ?? "";
    for (const part of ["已开具", "24442000000012345678", "2024-11-28 15:20:00", "li.cashier"]) expect(text).toContain(part);
    expect(within(card).getByRole("link", { name: "查看 PDF" }).getAttribute("href")).toBe("/api/desk/invoices/pdf?invoice_id=41");
    expect(within(card).queryByRole("button", { name: "登记已开具" })).toBeNull();
  });

  it("a request for the e-invoice service not yet sent says so, and may still be acted on", async () => {
    open({ page: pageOf({ ...platformInvoice, state: "requested" }) });
    const card = await screen.findByRole("listitem", { name: "Request No. 43" });
    expect(card.textContent).toContain("The e-invoice service issues this request by itself. Issue or refuse it here only if it is stuck.");
    expect(within(card).getByRole("button", { name: "Mark issued" })).toBeTruthy();
  });

  it("a request the e-invoice service is issuing has no acts: it is the service's", async () => {
    const stores = open();
    stores.api.on("deskInvoices", pageOf(platformInvoice));
    fireEvent.change(await screen.findByLabelText("State"), { target: { value: "issuing" } });
    const card = await screen.findByRole("listitem", { name: "Request No. 43" });
    expect(card.textContent).toContain("The e-invoice service is issuing this request");
    expect(within(card).queryByRole("button")).toBeNull();
  });

  it("issues with a number and a PDF chosen from the device; the card turns issued", async () => {
    const stores = open();
    stores.api.on("deskInvoiceIssue", issuedInvoice);
    await tap.click(await screen.findByRole("button", { name: "Mark issued" }));
    const form = await screen.findByRole("form", { name: "Issue request No. 41" });
    expect(form.textContent).toContain("Issue ¥282.83 to Pearl River Logistics Co., Ltd. in the tax system");
    await tap.click(within(form).getByRole("button", { name: "Mark issued" }));
    expect(within(form).getByRole("alert").textContent).toBe("enter the invoice number");
    await tap.type(within(form).getByLabelText("Invoice number (8 to 20 digits)"), "2444 2000 0000 1234 5678");
    const file = new File([pdfBytes()], "41.pdf", { type: "application/pdf" });
    await tap.upload(within(form).getByLabelText("Choose the PDF"), file);
    await within(form).findByText(/^41\.pdf \(1 KB\)$/);
    await tap.click(within(form).getByRole("button", { name: "Mark issued" }));
    await waitFor(() => expect(stores.api.callsTo("deskInvoiceIssue")).toHaveLength(1));
    expect(stores.api.callsTo("deskInvoiceIssue")[0]?.input).toMatchObject({ invoice_id: 41, number: "24442000000012345678", pdf: expect.stringMatching(/^data:application\/pdf;base64,JVBERi0xLjQK/) });
    const card = await screen.findByRole("listitem", { name: "Request No. 41" });
    await waitFor(() => expect(card.textContent).toContain("24442000000012345678"));
  });

  it("a file that is not a PDF is refused in words before anything is sent", async () => {
    open({ locale: "zh-CN" });
    await tap.click(await screen.findByRole("button", { name: "登记已开具" }));
    const form = await screen.findByRole("form", { name: "开具 41 号申请" });
    await tap.upload(within(form).getByLabelText("选择 PDF 文件"), new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, ...new Array<number>(40).fill(0)])], "scan.pdf", { type: "application/pdf" }));
    expect((await within(form).findByRole("alert")).textContent).toBe("文件不是 PDF");
  });

  it("already issued by someone else: says so and shows the list as it is now", async () => {
    const stores = open({ locale: "zh-CN" });
    stores.api.fail("deskInvoiceIssue", new ServerRefused({ message: "not open", status: 409, tag: "InvoiceNotOpen" }));
    await tap.click(await screen.findByRole("button", { name: "登记已开具" }));
    const form = await screen.findByRole("form", { name: "开具 41 号申请" });
    await tap.type(within(form).getByLabelText("发票号码（8 到 20 位数字）"), "24442000000012345678");
    stores.api.on("deskInvoices", pageOf());
    await tap.click(within(form).getByRole("button", { name: "确认已开具" }));
    expect((await screen.findByText("该开票申请已开具或已驳回", { selector: ".invoice-act-problem" })).getAttribute("role")).toBe("alert");
    expect(await screen.findByText("没有符合条件的开票申请。")).toBeTruthy();
  });

  it("refuses with a required reason", async () => {
    const stores = open();
    stores.api.on("deskInvoiceRefuse", { ...issuedInvoice, state: "refused", number: null, issued_at: null, pdf_url: null, reason: "taxpayer id does not match" });
    await tap.click(await screen.findByRole("button", { name: "Refuse" }));
    const form = await screen.findByRole("form", { name: "Refuse request No. 41" });
    await tap.click(within(form).getByRole("button", { name: "Refuse the request" }));
    expect(within(form).getByRole("alert").textContent).toBe("a refusal needs a reason");
    await tap.type(within(form).getByLabelText("Reason (required)"), "taxpayer id does not match");
    await tap.click(within(form).getByRole("button", { name: "Refuse the request" }));
    await waitFor(() => expect(stores.api.callsTo("deskInvoiceRefuse")[0]?.input).toEqual({ invoice_id: 41, reason: "taxpayer id does not match" }));
    const card = await screen.findByRole("listitem", { name: "Request No. 41" });
    await waitFor(() => expect(card.textContent).toContain("taxpayer id does not match"));
  });

  it("the filters go into the address and the query, from the first page; the export follows", async () => {
    const stores = open({ locale: "zh-CN", role: "admin", path: "/desk/invoices?page=2" });
    await screen.findByRole("listitem", { name: "申请 41 号" });
    fireEvent.change(screen.getByLabelText("状态"), { target: { value: "any" } });
    fireEvent.change(await screen.findByLabelText("油站"), { target: { value: "12" } });
    fireEvent.input(screen.getByLabelText("开始日期"), { target: { value: "2024-11-24" } });
    fireEvent.input(screen.getByLabelText("结束日期"), { target: { value: "2024-11-28" } });
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/desk/invoices?state=any&station=12&from=2024-11-24&to=2024-11-28"));
    await waitFor(() => expect(stores.api.callsTo("deskInvoices").at(-1)?.input).toEqual({ station_id: 12, from: "2024-11-24", to: "2024-11-28", sort: "created_at", dir: "asc", page: 1, page_size: 20 }));
    expect(screen.getByRole("link", { name: "导出 CSV" }).getAttribute("href")).toBe("/api/desk/invoices/export?station_id=12&from=2024-11-24&to=2024-11-28&sort=created_at&dir=asc&lang=zh-CN");
  });
});

describe("/desk/invoices at 768 px and over (issue 35)", () => {
  it("a table sorted on the server; details show the request whole with its acts", async () => {
    const stores = open({ wide: true });
    const table = await screen.findByRole("table", { name: "Invoice requests" });
    expect(within(table).getByRole("columnheader", { name: /Asked at/ }).getAttribute("aria-sort")).toBe("ascending");
    const row = within(table).getAllByRole("row")[1];
    for (const part of ["41", "Waiting", "Futian Energy Station", "Pearl River Logistics Co., Ltd.", "91440101MA5CXXXX2K", "5001, 5007", "39.630", "¥282.83"]) expect(row?.textContent).toContain(part);
    await tap.click(within(within(table).getByRole("columnheader", { name: /Amount/ })).getByRole("button"));
    await waitFor(() => expect(stores.api.callsTo("deskInvoices").at(-1)?.input).toEqual({ ...QUEUE, sort: "amount", dir: "asc" }));
    await tap.click(await screen.findByRole("button", { name: "Details · Request No. 41" }));
    const sheet = await screen.findByRole("region", { name: "Request No. 41" });
    expect(sheet.textContent).toContain("¥7.13676508 per litre");
    await tap.click(within(sheet).getByRole("button", { name: "Refuse" }));
    expect(await screen.findByRole("form", { name: "Refuse request No. 41" })).toBeTruthy();
  });
});
