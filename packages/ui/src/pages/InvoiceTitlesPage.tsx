import { Routes } from "@fuel/domain";
import type { InvoiceTitle } from "@fuel/domain/api";
import Button from "antd-mobile/es/components/button";
import Card from "antd-mobile/es/components/card";
import Empty from "antd-mobile/es/components/empty";
import Skeleton from "antd-mobile/es/components/skeleton";
import Tag from "antd-mobile/es/components/tag";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useNavigate } from "../router/index.tsx";
import { useStore, useStores } from "../stores/StoresContext.tsx";
import { confirmDialog } from "../components/orders/confirm.ts";
import "../components/invoices/invoices.css";
import { Page } from "../components/Page.tsx";
import { PageError } from "../components/PageError.tsx";
import { valueOf } from "../stores/Load.ts";
import { describeError } from "../stores/messages.ts";
import { invoiceTitlesStore } from "../stores/invoices/InvoiceTitlesStore.ts";

/** One kept title: name, type, taxpayer id, the default mark; edit, make default, delete (after asking). */
const TitleCard = observer(function TitleCard({ title }: { readonly title: InvoiceTitle }) {
  const titles = useStore(invoiceTitlesStore);
  const { i18n } = useStores();
  const navigate = useNavigate();
  const busy = titles.busyId === title.title_id;
  const remove = async () => {
    const sure = await confirmDialog({
      content: i18n.t("invoices.deleteConfirm", { name: title.name }),
      confirmText: i18n.t("invoices.deleteYes"),
      cancelText: i18n.t("invoices.deleteNo"),
    });
    if (sure) await titles.remove(title);
  };
  return (
    <Card
      className="invoice-card invoice-title-card"
      title={<h2 className="invoice-card-title">{title.name}</h2>}
      extra={
        <span className="invoice-title-tags">
          <Tag fill="outline">{i18n.t(`invoices.type_${title.type}`)}</Tag>
          {title.is_default ? <Tag color="primary">{i18n.t("invoices.default")}</Tag> : null}
        </span>
      }
    >
      {title.tax_id === null ? null : <p className="invoice-card-meta">{`${i18n.t("invoices.formTaxId")}: ${title.tax_id}`}</p>}
      {title.email === null ? null : <p className="invoice-card-meta">{title.email}</p>}
      <div className="invoice-title-actions">
        <Button size="small" fill="outline" onClick={() => navigate(Routes.invoiceTitlePath(title.title_id))} aria-label={`${i18n.t("invoices.edit")}: ${title.name}`}>
          {i18n.t("invoices.edit")}
        </Button>
        {title.is_default ? null : (
          <Button size="small" fill="outline" loading={busy} disabled={titles.busyId !== undefined} onClick={() => void titles.makeDefault(title)} aria-label={`${i18n.t("invoices.makeDefault")}: ${title.name}`}>
            {i18n.t("invoices.makeDefault")}
          </Button>
        )}
        <Button size="small" fill="outline" color="danger" disabled={titles.busyId !== undefined} onClick={() => void remove()} aria-label={`${i18n.t("invoices.delete")}: ${title.name}`}>
          {i18n.t("invoices.delete")}
        </Button>
      </div>
    </Card>
  );
});

/** Issue 35 item 2, /invoiceTitles: the titles kept (at most 5), the default first and marked; add one while there is room. */
export default observer(function InvoiceTitlesPage() {
  const titles = useStore(invoiceTitlesStore);
  const { i18n } = useStores();
  const navigate = useNavigate();
  useEffect(() => {
    void titles.load();
  }, [titles]);
  const body = () => {
    const loadedTitles = valueOf(titles.titles);
    if (loadedTitles === undefined && titles.titles._tag === "Failed") return <PageError description={describeError(titles.titles.error, i18n)} onRetry={() => void titles.load()} />;
    if (loadedTitles === undefined) return <Skeleton.Paragraph animated lineCount={6} />;
    return (
      <>
        {titles.list.length === 0 ? (
          <Empty className="order-empty" description={<span role="status">{i18n.t("invoices.noTitlesYet")}</span>} />
        ) : (
          <>
            <p className="invoice-note">{i18n.t("invoices.titlesCount", { n: titles.list.length, max: titles.max })}</p>
            <ul className="invoice-list">
              {titles.list.map((title) => (
                <li key={title.title_id}>
                  <TitleCard title={title} />
                </li>
              ))}
            </ul>
          </>
        )}
        <div className="form-footer">
          {titles.full ? <p className="invoice-note" role="status">{i18n.t("invoices.titlesFull", { max: titles.max })}</p> : null}
          <Button block color="primary" size="large" disabled={titles.full} onClick={() => navigate(Routes.invoiceTitlePath())}>
            {i18n.t("invoices.addTitle")}
          </Button>
        </div>
      </>
    );
  };
  return <Page backTo={Routes.INVOICES_PATH}>{body()}</Page>;
});
