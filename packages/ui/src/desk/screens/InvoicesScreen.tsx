import { DeskList } from "@fuel/domain";
import Button from "antd-mobile/es/components/button";
import DotLoading from "antd-mobile/es/components/dot-loading";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { InvoiceActPopup } from "../invoices/InvoiceActPopup.tsx";
import { InvoiceCard } from "../invoices/InvoiceCard.tsx";
import { InvoiceFilters } from "../invoices/InvoiceFilters.tsx";
import "../invoices/invoices.css";
import { InvoiceTable } from "../invoices/InvoiceTable.tsx";
import { InvoiceViewPopup } from "../invoices/InvoiceViewPopup.tsx";
import "../records/records.css";
import { useSearchParams } from "../../router/index.tsx";
import { DeskPage } from "../shell/DeskPage.tsx";
import { DeskProblem } from "../shell/DeskProblem.tsx";
import { useDesk, useScreenStore } from "../stores/DeskContext.tsx";
import { NO_INVOICE_PARAMS, readInvoiceParams, writeInvoiceParams, type InvoiceListParams } from "../stores/invoices/invoiceListParams.ts";
import { InvoicesStore } from "../stores/invoices/InvoicesStore.ts";
import { DeskPager } from "../table/DeskPager.tsx";
import "../table/table.css";
import { useWide } from "../table/useWide.ts";

/**
 * /desk/invoices (issue 35 item 5): the invoice requests at the staff member's stations (an
 * admin's: every station), waiting ones oldest first; filters, sort and page in the address; the
 * export of exactly what the filters select. Cards on a phone, a table at 768 px and over; each
 * open request is issued (number, PDF) or refused (reason).
 */
export default observer(function InvoicesScreen() {
  const { i18n, session } = useDesk();
  const store = useScreenStore(({ ports, i18n: words, notices }) => new InvoicesStore(ports, words, notices));
  const [params, setParams] = useSearchParams();
  const search = params.toString();

  useEffect(() => {
    void store.show(readInvoiceParams(new URLSearchParams(search)));
  }, [store, search]);
  const mayListAll = session.may("manageStations");
  const own = session.me?.stations;
  useEffect(() => {
    void store.loadStations(mayListAll, own ?? []);
  }, [store, mayListAll, own]);

  const change = (next: Partial<InvoiceListParams>) => setParams(writeInvoiceParams({ ...store.params, page: 1, ...next }));

  return (
    <DeskPage title={i18n.t("desk.menu.invoices")} wide>
      <InvoiceFilters store={store} onChange={change} />
      {store.formProblemText === undefined ? null : (
        <p className="desk-error records-form-problem" role="alert">
          {store.formProblemText}
        </p>
      )}
      <div className="desk-filter-actions records-export-line">
        <a className="desk-export" href={store.exportHref} download="invoices.csv">
          {i18n.t("desk.table.exportCsv")}
        </a>
        <span className="records-hint">{i18n.t("desk.table.exportHint")}</span>
        <Button size="small" fill="none" color="primary" loading={store.loading} disabled={store.loading} onClick={() => void store.retry()}>
          {i18n.t("desk.invoices.refresh")}
        </Button>
        {store.filtered ? (
          <Button size="small" fill="none" color="primary" onClick={() => setParams(writeInvoiceParams(NO_INVOICE_PARAMS))}>
            {i18n.t("desk.table.clear")}
          </Button>
        ) : null}
      </div>
      {store.actProblemText === undefined ? null : (
        <p className="invoice-act-problem" role="alert">
          {store.actProblemText}
        </p>
      )}
      <Requests store={store} onChange={change} />
      <InvoiceViewPopup store={store} />
      <InvoiceActPopup store={store} />
    </DeskPage>
  );
});

const Requests = observer(function Requests({ store, onChange }: { readonly store: InvoicesStore; readonly onChange: (next: Partial<InvoiceListParams>) => void }) {
  const { i18n } = useDesk();
  const wide = useWide();
  const { load } = store;
  if (load.kind === "idle") return null;
  if (load.kind === "loading") {
    return (
      <div className="desk-loading" role="status" aria-label={i18n.t("desk.loading")}>
        <DotLoading color="primary" />
      </div>
    );
  }
  if (load.kind === "failed") return <DeskProblem text={store.problemText ?? ""} onRetry={() => void store.retry()} />;
  const { page } = load;
  if (page.total === 0) return <p className="records-none">{i18n.t("desk.invoices.none")}</p>;
  const oldestFirst = store.params.sort.column === "created_at" && store.params.sort.direction === "asc";
  return (
    <section className="records-results" aria-live="polite">
      {oldestFirst ? <p className="records-hint invoice-order-hint">{i18n.t("desk.invoices.oldestFirst")}</p> : null}
      {wide ? (
        <InvoiceTable store={store} sort={store.params.sort} onSort={(column) => onChange({ sort: DeskList.nextSort(store.params.sort, column) })} />
      ) : (
        <ul className="invoice-list">
          {page.invoices.map((invoice) => (
            <InvoiceCard key={invoice.invoice_id} store={store} invoice={invoice} />
          ))}
        </ul>
      )}
      <DeskPager page={page.page} pageSize={page.pageSize} total={page.total} onPage={(p) => onChange({ page: p })} onPageSize={(size) => onChange({ size })} />
    </section>
  );
});
