import { DeskList } from "@fuel/domain";
import Button from "antd-mobile/es/components/button";
import DotLoading from "antd-mobile/es/components/dot-loading";
import { observer } from "mobx-react-lite";
import { useEffect, type FormEvent } from "react";
import { useSearchParams } from "../../router/index.tsx";
import { DeskField } from "../shell/DeskField.tsx";
import { DeskPage } from "../shell/DeskPage.tsx";
import { DeskProblem } from "../shell/DeskProblem.tsx";
import { useDesk, useScreenStore } from "../stores/DeskContext.tsx";
import { NO_ORDER_PARAMS, readOrderParams, writeOrderParams, type OrderListParams } from "../stores/records/orderListParams.ts";
import { OrdersStore } from "../stores/records/OrdersStore.ts";
import { DeskPager } from "../table/DeskPager.tsx";
import "../table/table.css";
import { useWide } from "../table/useWide.ts";
import { OrderFilters } from "./OrderFilters.tsx";
import { OrderList } from "./OrderList.tsx";
import { OrderTable } from "./OrderTable.tsx";

/** The detail's address, carrying the list's parameters so its back link returns to the same list. */
export const orderDetailPath = (orderId: number, search: string): string => `/desk/orders/${orderId}${search === "" ? "" : `?${search}`}`;

/**
 * /desk/orders (issues 26, 34): one box for a phone, an order number or a merchant number, the
 * filter bar, the export of what they select, and the orders a page at a time: a table sorted on
 * the server at 768 px and over, cards on a phone. The whole list lives in the address, so back
 * from a detail, a reload or a shared link shows the same list.
 */
export const OrderSearchPanel = observer(function OrderSearchPanel() {
  const { i18n } = useDesk();
  const store = useScreenStore(({ ports, i18n: language }) => new OrdersStore(ports, language));
  const [params, setParams] = useSearchParams();
  const search = params.toString();

  useEffect(() => {
    void store.show(readOrderParams(new URLSearchParams(search)));
  }, [store, search]);
  useEffect(() => {
    void store.loadStations();
  }, [store]);

  const change = (next: Partial<OrderListParams>) => setParams(writeOrderParams({ ...store.params, page: 1, ...next }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = store.submitted();
    if (text === undefined) return;
    if (text === store.params.q) void store.retry();
    else change({ q: text });
  };

  return (
    <DeskPage title={i18n.t("desk.menu.orders")} wide>
      <form className="desk-card records-search" role="search" onSubmit={submit}>
        <DeskField
          id="records-search"
          label={i18n.t("desk.records.search")}
          type="search"
          value={store.typed}
          onChange={store.setTyped}
          placeholder={i18n.t("desk.records.searchPlaceholder")}
          autoComplete="off"
          maxLength={64}
        />
        <div className="records-actions">
          <Button type="submit" color="primary" loading={store.loading} disabled={store.loading}>
            {i18n.t("desk.records.find")}
          </Button>
          {store.params.q === "" ? null : (
            <Button type="button" fill="outline" onClick={() => change({ q: "" })}>
              {i18n.t("desk.records.allOrders")}
            </Button>
          )}
        </div>
      </form>
      <OrderFilters store={store} onChange={change} />
      {store.formProblemText === undefined ? null : (
        <p className="desk-error records-form-problem" role="alert">
          {store.formProblemText}
        </p>
      )}
      <div className="desk-filter-actions records-export-line">
        <a className="desk-export" href={store.exportHref} download="orders.csv">
          {i18n.t("desk.table.exportCsv")}
        </a>
        <span className="records-hint">{i18n.t("desk.table.exportHint")}</span>
        {store.filtered ? (
          <Button size="small" fill="none" color="primary" onClick={() => setParams(writeOrderParams({ ...NO_ORDER_PARAMS, q: store.params.q }))}>
            {i18n.t("desk.table.clear")}
          </Button>
        ) : null}
      </div>
      <ListOutcome store={store} search={search} onChange={change} />
    </DeskPage>
  );
});

const ListOutcome = observer(function ListOutcome({ store, search, onChange }: { readonly store: OrdersStore; readonly search: string; readonly onChange: (next: Partial<OrderListParams>) => void }) {
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
  const found = store.search;
  return (
    <section className="records-results" aria-live="polite">
      {found === undefined ? null : <h2 className="records-caption">{i18n.t(`desk.records.searchedBy.${found.by}`, { value: found.value })}</h2>}
      {page.total === 0 ? (
        <p className="records-none">{i18n.t("desk.records.noOrders")}</p>
      ) : wide ? (
        <OrderTable entries={page.entries} detailPath={(id) => orderDetailPath(id, search)} sort={store.params.sort} onSort={(column) => onChange({ sort: DeskList.nextSort(store.params.sort, column) })} />
      ) : (
        <OrderList entries={page.entries} detailPath={(id) => orderDetailPath(id, search)} />
      )}
      {page.total === 0 ? null : (
        <DeskPager page={page.page} pageSize={page.pageSize} total={page.total} onPage={(p) => onChange({ page: p })} onPageSize={(size) => onChange({ size })} />
      )}
    </section>
  );
});
