import { Money } from "@fuel/domain";
import Button from "antd-mobile/es/components/button";
import Dialog from "antd-mobile/es/components/dialog";
import DotLoading from "antd-mobile/es/components/dot-loading";
import ErrorBlock from "antd-mobile/es/components/error-block";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { RejectPopup } from "../distributor/RejectPopup.tsx";
import { WaitingOrderCard } from "../distributor/WaitingOrderCard.tsx";
import { DeskPage } from "../shell/DeskPage.tsx";
import { DeskProblem } from "../shell/DeskProblem.tsx";
import { useDesk, useScreenStore } from "../stores/DeskContext.tsx";
import { describeDeskError } from "../stores/deskMessages.ts";
import { QueueStore, type WaitingOrder } from "../stores/distributor/QueueStore.ts";
import "../distributor/distributor.css";

/** How often 'waiting for' moves on while the screen is open. */
const TICK_MS = 30_000;

/**
 * The distributor's tool (issue 26): the paid recharges and card purchases waiting to be settled,
 * oldest payment first, each settled 'done' after a confirmation naming the card and the amount,
 * or rejected with a reason the customer reads (and refunded at once).
 */
export default observer(function QueueScreen() {
  const { i18n } = useDesk();
  const store = useScreenStore(({ ports, i18n: words, notices }) => new QueueStore(ports, words, notices));
  useEffect(() => {
    void store.load();
    const timer = setInterval(store.tick, TICK_MS);
    return () => clearInterval(timer);
  }, [store]);

  const confirmDone = async (order: WaitingOrder) => {
    const amount = Money.formatYuan(order.order_amount);
    const sure = await Dialog.confirm({
      title: i18n.t("desk.distributor.doneTitle"),
      content:
        order.issues_card || order.card_num === null
          ? i18n.t("desk.distributor.doneConfirmNewCard", { amount, phone: order.phone })
          : i18n.t("desk.distributor.doneConfirm", { amount, card: order.card_num }),
      confirmText: i18n.t("desk.distributor.doneConfirmButton"),
      cancelText: i18n.t("desk.distributor.cancel"),
    });
    if (sure) await store.done(order);
  };

  const refresh = (
    <Button size="small" fill="outline" color="primary" loading={store.reloading} disabled={store.reloading || store.list._tag === "Loading"} onClick={() => void store.load()}>
      {i18n.t("desk.distributor.refresh")}
    </Button>
  );

  const body = () => {
    switch (store.list._tag) {
      case "Loading":
        return (
          <div className="desk-loading" role="status" aria-label={i18n.t("desk.loading")}>
            <DotLoading color="primary" />
          </div>
        );
      case "Failed":
        return <DeskProblem text={describeDeskError(store.list.problem, i18n)} onRetry={() => void store.load()} />;
      case "Loaded":
        if (store.orders.length === 0) {
          return (
            <div className="desk-empty">
              <ErrorBlock status="empty" title={i18n.t("desk.distributor.empty")} description="" />
              {refresh}
            </div>
          );
        }
        return (
          <>
            <div className="desk-queue-head">
              <span role="status">{i18n.t("desk.distributor.waitingCount", { count: store.orders.length })}</span>
              {refresh}
            </div>
            <ul className="desk-queue-list">
              {store.orders.map((order) => (
                <WaitingOrderCard key={order.order_id} store={store} order={order} onDone={(o) => void confirmDone(o)} />
              ))}
            </ul>
          </>
        );
    }
  };

  return (
    <DeskPage title={i18n.t("desk.menu.queue")}>
      {store.actProblem === undefined || store.rejecting !== undefined ? null : (
        <p className="desk-queue-problem" role="alert">
          {describeDeskError(store.actProblem, i18n)}
        </p>
      )}
      {body()}
      <RejectPopup store={store} />
    </DeskPage>
  );
});
