import { Order, Routes } from "@fuel/domain";
import Button from "antd-mobile/es/components/button";
import Empty from "antd-mobile/es/components/empty";
import InfiniteScroll from "antd-mobile/es/components/infinite-scroll";
import { PullToRefresh } from "../components/PullToRefresh.tsx";
import Skeleton from "antd-mobile/es/components/skeleton";
import Tabs from "antd-mobile/es/components/tabs";
import { observer } from "mobx-react-lite";
import { useEffect, useLayoutEffect, useRef, type KeyboardEvent } from "react";
import { useSearchParams } from "../router/index.tsx";
import { useStore, useStores } from "../stores/StoresContext.tsx";
import { OrderCard } from "../components/orders/OrderCard.tsx";
import { BuyDieselEntry } from "../components/journeys/BuyDieselEntry.tsx";
import "../components/orders/orders.css";
import { Page } from "../components/Page.tsx";
import { PageError } from "../components/PageError.tsx";
import { isOrderListTab } from "../stores/orders/OrderListStore.ts";
import { orderListStore } from "../stores/orders/OrderListStore.ts";
import { useEvery } from "../components/useEvery.ts";
import { describeError } from "../stores/messages.ts";

/** As many skeleton cards as fill a phone's first screen. */
const SKELETONS = [0, 1, 2];

/** The end of the list: a spinner while more load, 'no more orders', or a failed page with retry. */
const ListEnd = observer(function ListEnd({ hasMore, failed, retry }: { readonly hasMore: boolean; readonly failed: boolean; readonly retry: () => void }) {
  const { i18n } = useStores();
  if (failed) {
    return (
      <p className="order-list-end" role="alert">
        {i18n.t("ordersLoadMoreFailed")}{" "}
        <Button size="small" fill="none" color="primary" onClick={retry}>
          {i18n.t("ordersRetry")}
        </Button>
      </p>
    );
  }
  return <p className="order-list-end">{hasMore ? i18n.t("ordersLoading") : i18n.t("ordersNoMore")}</p>;
});

/** The current tab's orders: skeletons, the cards with further pages at the bottom, its empty state, or a first load that failed. */
const OrderListBody = observer(function OrderListBody({ tab }: { readonly tab: Order.OrderListTab }) {
  const orderList = useStore(orderListStore);
  const { i18n } = useStores();
  // The tab of the address, not the store's: the store moves to it only once the page's effect
  // runs, and restoring the tab's scroll needs its own cards on screen in the same commit.
  const state = orderList.tabs[tab];
  const entries = orderList.entries(tab);
  if (entries === undefined && state.list._tag === "Failed") return <PageError description={describeError(state.list.error, i18n)} onRetry={() => void orderList.refresh()} />;
  if (entries === undefined) {
    return (
      <div className="order-list" aria-busy="true" aria-label={i18n.t("ordersLoading")}>
        {SKELETONS.map((i) => (
          <Skeleton.Paragraph key={i} animated lineCount={4} className="order-card-skeleton" />
        ))}
      </div>
    );
  }
  if (entries.length === 0) {
    // An empty list says what to do next: buy diesel (issue 25).
    return (
      <>
        <Empty className="order-empty" description={i18n.t(`ordersEmpty_${tab}`)} />
        <div className="empty-next">
          <BuyDieselEntry />
        </div>
      </>
    );
  }
  return (
    <>
      <ul className="order-list" aria-busy={state.list._tag === "Loading"}>
        {entries.map((entry) => (
          <li key={entry.order.order_id}>
            <OrderCard entry={entry} now={orderList.now} onCancel={orderList.cancel} onPay={(e) => orderList.pay(e.order)} />
          </li>
        ))}
      </ul>
      <InfiniteScroll
        hasMore={orderList.hasMore(tab)}
        loadMore={async () => {
          // A rejection makes InfiniteScroll offer a retry instead of asking again at once.
          if (!(await orderList.loadMore())) throw new Error("next page failed");
        }}
      >
        {(hasMore, failed, retry) => <ListEnd hasMore={hasMore} failed={failed} retry={retry} />}
      </InfiniteScroll>
    </>
  );
});

/**
 * Spec §2 /orderlist (issue 12): the tabs all, unpaid, unused, used and expired (`?tab=`, as
 * /personal's shortcuts link to them), each keeping its orders and scroll position; further pages
 * when scrolled to the bottom; pull to refresh. Unpaid orders count down every second.
 */
const OrderListPage = observer(function OrderListPage() {
  const orderList = useStore(orderListStore);
  const { i18n } = useStores();
  const [params, setParams] = useSearchParams();
  const asked = params.get(Routes.ORDER_LIST_TAB_PARAM);
  const tab = isOrderListTab(asked) ? asked : "all";

  useEffect(() => {
    void orderList.show(tab);
  }, [orderList, tab]);

  // Back on a tab (or on the page): where the customer left it, once its cards are there.
  const hasEntries = orderList.entries(tab) !== undefined;
  useLayoutEffect(() => {
    if (hasEntries) window.scrollTo(0, orderList.tabs[tab].scrollTop);
  }, [orderList, tab, hasEntries]);

  // The scroll as the customer left it: read from scroll events, because by the time the page
  // unmounts the shell has already scrolled the next page to the top.
  const shown = useRef({ tab, scrollTop: orderList.tabs[tab].scrollTop });
  useEffect(() => {
    const onScroll = () => (shown.current = { tab: shown.current.tab, scrollTop: window.scrollY });
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  useLayoutEffect(() => () => orderList.rememberScroll(shown.current.tab, shown.current.scrollTop), [orderList]);

  const counting = orderList.counting;
  useEvery(1_000, orderList.tick, counting);

  // antd-mobile's tabs are not focusable (tabindex -1): a keyboard reaches each and presses it with Enter or Space.
  const tabsRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    for (const el of tabsRef.current?.querySelectorAll<HTMLElement>(".adm-tabs-tab") ?? []) el.tabIndex = 0;
  });
  const pressTab = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if ((event.key === "Enter" || event.key === " ") && target.matches(".adm-tabs-tab")) {
      event.preventDefault();
      target.click();
    }
  };

  const choose = (key: string) => {
    if (!isOrderListTab(key) || key === tab) return;
    orderList.rememberScroll(tab, window.scrollY);
    shown.current = { tab: key, scrollTop: orderList.tabs[key].scrollTop };
    setParams({ [Routes.ORDER_LIST_TAB_PARAM]: key }, { replace: true });
  };

  return (
    <Page backTo="/personal">
      <div className="order-tabs" ref={tabsRef} onKeyDown={pressTab}>
        <Tabs activeKey={tab} onChange={choose}>
          {Order.ORDER_LIST_TABS.map((key) => (
            <Tabs.Tab key={key} title={i18n.t(`ordersTab_${key}`)} />
          ))}
        </Tabs>
      </div>
      <PullToRefresh onRefresh={orderList.refresh}>
        <OrderListBody tab={tab} />
      </PullToRefresh>
    </Page>
  );
});

export default OrderListPage;
