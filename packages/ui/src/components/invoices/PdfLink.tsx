import type { Invoice } from "@fuel/domain/api";
import Button from "antd-mobile/es/components/button";
import { observer } from "mobx-react-lite";
import { useStore, useStores } from "../../stores/StoresContext.tsx";
import { invoiceDetailStore } from "../../stores/invoices/InvoiceDetailStore.ts";

/**
 * 'Open the PDF' of an issued invoice. Our copy is behind the customer's token, which a link
 * cannot carry: the button fetches it (the `documents` port) and shows it; the provider's link
 * opens as it is.
 */
export const PdfLink = observer(function PdfLink({ invoice }: { readonly invoice: Invoice }) {
  const detail = useStore(invoiceDetailStore);
  const { i18n } = useStores();
  if (invoice.pdf_url === null) return null;
  return (
    <Button block color="primary" fill="outline" loading={detail.openingPdf} disabled={detail.openingPdf} onClick={() => void detail.openPdf()}>
      {i18n.t("invoices.openPdf")}
    </Button>
  );
});
