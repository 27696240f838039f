import { Routes } from "@fuel/domain";
import Button from "antd-mobile/es/components/button";
import Empty from "antd-mobile/es/components/empty";
import List from "antd-mobile/es/components/list";
import Skeleton from "antd-mobile/es/components/skeleton";
import FileOutline from "antd-mobile-icons/es/FileOutline";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useNavigate } from "../router/index.tsx";
import { useStore, useStores } from "../stores/StoresContext.tsx";
import { InvoiceCard } from "../components/invoices/InvoiceCard.tsx";
import "../components/invoices/invoices.css";
import { Page } from "../components/Page.tsx";
import { PageError } from "../components/PageError.tsx";
import { RowLink } from "../components/RowLink.tsx";
import { valueOf } from "../stores/Load.ts";
import { describeError } from "../stores/messages.ts";
import { invoiceListStore } from "../stores/invoices/InvoiceListStore.ts";

/** The requests: skeletons, the cards, the empty state with the next step, or a failed load with retry. */
const InvoiceListBody = observer(function InvoiceListBody() {
  const list = useStore(invoiceListStore);
  const { i18n } = useStores();
  const navigate = useNavigate();
  const invoices = valueOf(list.invoices);
  if (invoices === undefined && list.invoices._tag === "Failed") return <PageError description={describeError(list.invoices.error, i18n)} onRetry={() => void list.load()} />;
  if (invoices === undefined) {
    return (
      <div className="invoice-list" aria-busy="true" aria-label={i18n.t("loading")}>
        {[0, 1, 2].map((i) => (
          <Skeleton.Paragraph key={i} animated lineCount={3} className="order-card-skeleton" />
        ))}
      </div>
    );
  }
  if (invoices.length === 0) {
    return (
      <>
        <Empty className="order-empty" description={<span role="status">{i18n.t("invoices.empty")}</span>} />
        <p className="invoice-note invoice-empty-hint">{i18n.t("invoices.emptyHint")}</p>
        <div className="empty-next">
          <Button block color="primary" onClick={() => navigate(Routes.orderListPath("used"))}>
            {i18n.t("invoices.toUsedOrders")}
          </Button>
        </div>
      </>
    );
  }
  return (
    <ul className="invoice-list" aria-busy={list.invoices._tag === "Loading"}>
      {invoices.map((invoice) => (
        <li key={invoice.invoice_id}>
          <InvoiceCard invoice={invoice} />
        </li>
      ))}
    </ul>
  );
});

/** Issue 35 item 4, /invoices (我的发票, from /personal): the requests newest first, and the titles one tap away. */
export default observer(function InvoiceListPage() {
  const list = useStore(invoiceListStore);
  const { i18n } = useStores();
  useEffect(() => {
    void list.load();
  }, [list]);
  return (
    <Page backTo="/personal">
      <List mode="card" className="invoice-titles-row">
        <RowLink to={Routes.INVOICE_TITLES_PATH} prefix={<FileOutline fontSize={22} />}>
          {i18n.t("invoices.titlesRow")}
        </RowLink>
      </List>
      <InvoiceListBody />
    </Page>
  );
});
