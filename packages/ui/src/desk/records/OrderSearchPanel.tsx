import Button from "antd-mobile/es/components/button";
import DotLoading from "antd-mobile/es/components/dot-loading";
import { observer } from "mobx-react-lite";
import { useEffect, type FormEvent } from "react";
import { useSearchParams } from "../../router/index.tsx";
import { DeskField } from "../shell/DeskField.tsx";
import { DeskPage } from "../shell/DeskPage.tsx";
import { DeskProblem } from "../shell/DeskProblem.tsx";
import { useDesk, useScreenStore } from "../stores/DeskContext.tsx";
import { OrdersStore } from "../stores/records/OrdersStore.ts";
import { OrderList } from "./OrderList.tsx";

/** The detail's address, carrying the search so its back link returns to the same results. */
export const orderDetailPath = (orderId: number, q: string): string => `/desk/orders/${orderId}${q === "" ? "" : `?q=${encodeURIComponent(q)}`}`;

/**
 * /desk/orders: one box for a phone, an order number or a merchant number. The search lives in the
 * address (`?q=`), so back from a detail, a reload or a shared link shows the same results.
 */
export const OrderSearchPanel = observer(function OrderSearchPanel() {
  const { i18n } = useDesk();
  const store = useScreenStore(({ ports, i18n: language }) => new OrdersStore(ports, language));
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";

  useEffect(() => {
    if (q !== "") void store.find(q);
  }, [store, q]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = store.submitted();
    if (text === undefined) return;
    if (text === q) void store.find(text);
    else setParams({ q: text });
  };

  return (
    <DeskPage title={i18n.t("desk.menu.orders")}>
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
          error={store.search === undefined ? store.problemText : undefined}
        />
        <Button type="submit" color="primary" block loading={store.loading} disabled={store.loading}>
          {i18n.t("desk.records.find")}
        </Button>
      </form>
      <SearchOutcome store={store} q={q} />
    </DeskPage>
  );
});

const SearchOutcome = observer(function SearchOutcome({ store, q }: { readonly store: OrdersStore; readonly q: string }) {
  const { i18n } = useDesk();
  const { search, results } = store;
  if (search === undefined) return <p className="records-hint">{i18n.t("desk.records.searchHint")}</p>;
  if (store.loading) {
    return (
      <div className="desk-loading" role="status" aria-label={i18n.t("desk.loading")}>
        <DotLoading color="primary" />
      </div>
    );
  }
  if (store.problemText !== undefined) return <DeskProblem text={store.problemText} onRetry={() => void store.retry()} />;
  if (results === undefined) return null;
  return (
    <section className="records-results" aria-live="polite">
      <h2 className="records-caption">{i18n.t(`desk.records.searchedBy.${search.by}`, { value: search.value })}</h2>
      {results.length === 0 ? null : <p className="records-hint">{i18n.t("desk.records.found", { count: results.length })}</p>}
      {results.length === 0 ? <p className="records-none">{i18n.t("desk.records.noOrders")}</p> : <OrderList entries={results} detailPath={(id) => orderDetailPath(id, q)} />}
    </section>
  );
});
