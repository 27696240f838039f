import type { DeskInvoice } from "@fuel/domain/api";
import { DeskInvoicesApi } from "@fuel/domain/api";
import type { DeskI18n } from "../i18n/DeskI18n.ts";

/** Where a request's invoice is for: its station, or the prepaid-card top-ups the platform sold. */
export const invoicePlaceText = (invoice: DeskInvoice, i18n: DeskI18n): string =>
  invoice.kind === "recharge" ? i18n.t("desk.invoices.kind.recharge") : (invoice.station_title ?? i18n.t("desk.places.stationNumber", { id: invoice.station_id ?? "" }));

/** The request's state in the desk's words. */
export const invoiceStateText = (invoice: Pick<DeskInvoice, "state">, i18n: DeskI18n): string => i18n.t(`desk.invoices.state.${invoice.state}`);

/** A state's tag colour: waiting stands out, issued is done, refused is a warning. */
export const STATE_COLOR = { requested: "warning", issuing: "primary", issued: "success", refused: "danger" } as const;

/** Litres with their unit; nothing on a prepaid-card line. */
export const litresText = (litres: string | null, i18n: DeskI18n): string | undefined => (litres === null ? undefined : i18n.t("desk.invoices.litresValue", { litres }));

/**
 * Where staff open an issued invoice's PDF: the e-invoice service's own address when the answer
 * names one (https), else the desk's download of the stored file (the staff cookie goes with it;
 * the customer's /api/invoice/pdf would refuse it). Undefined when there is none.
 */
export const deskPdfHref = (invoice: Pick<DeskInvoice, "invoice_id" | "pdf_url">): string | undefined => {
  if (invoice.pdf_url === null) return undefined;
  if (/^https:\/\//i.test(invoice.pdf_url)) return invoice.pdf_url;
  return `${DeskInvoicesApi.deskInvoicePdf.path}?invoice_id=${invoice.invoice_id}`;
};
