import type { Invoice } from "@fuel/domain/api";
import { observer } from "mobx-react-lite";
import { useStores } from "../../stores/StoresContext.tsx";

/**
 * 'Open the PDF' of an issued invoice: a link to its `pdf_url` (the provider's, or our
 * `/api/invoice/pdf`), opened beside the app so Back still finds the request.
 */
export const PdfLink = observer(function PdfLink({ invoice }: { readonly invoice: Invoice }) {
  const { i18n } = useStores();
  if (invoice.pdf_url === null) return null;
  return (
    <a className="adm-button adm-button-primary adm-button-fill-outline adm-button-block adm-button-shape-default invoice-pdf-link" href={invoice.pdf_url} target="_blank" rel="noopener">
      {i18n.t("invoices.openPdf")}
    </a>
  );
});
