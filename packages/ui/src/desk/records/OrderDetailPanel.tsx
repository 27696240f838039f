import DotLoading from "antd-mobile/es/components/dot-loading";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useSearchParams } from "../../router/index.tsx";
import { DeskPage } from "../shell/DeskPage.tsx";
import { DeskProblem } from "../shell/DeskProblem.tsx";
import { useDesk, useScreenStore } from "../stores/DeskContext.tsx";
import { OrderDetailStore } from "../stores/records/OrderDetailStore.ts";
import { OrderRecordView } from "./OrderRecordView.tsx";

/** An address part that is an order id: digits only (anything else is no order). */
const ORDER_ID = /^[1-9]\d{0,9}$/;

/** /desk/orders/<id>: one order whole; back returns to the list it was opened from (its search, filters, sort and page). */
export const OrderDetailPanel = observer(function OrderDetailPanel({ id }: { readonly id: string }) {
  const { i18n } = useDesk();
  const store = useScreenStore(({ ports, i18n: language }) => new OrderDetailStore(ports, language));
  const [params] = useSearchParams();
  const list = params.toString();
  const orderId = ORDER_ID.test(id) ? Number(id) : undefined;

  useEffect(() => {
    if (orderId !== undefined) void store.load(orderId);
  }, [store, orderId]);

  const back = list === "" ? "/desk/orders" : `/desk/orders?${list}`;
  return (
    <DeskPage title={orderId === undefined ? i18n.t("desk.menu.orders") : i18n.t("desk.records.orderNo", { id: orderId })} back={back}>
      {orderId === undefined ? (
        <DeskProblem text={i18n.t("OrderNotFound")} />
      ) : store.loaded !== undefined && !store.loading ? (
        <OrderRecordView loaded={store.loaded} />
      ) : store.problemText !== undefined ? (
        <DeskProblem text={store.problemText} onRetry={() => void store.retry()} />
      ) : (
        <div className="desk-loading" role="status" aria-label={i18n.t("desk.loading")}>
          <DotLoading color="primary" />
        </div>
      )}
    </DeskPage>
  );
});
