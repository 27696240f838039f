import { Routes } from "@fuel/domain";
import Skeleton from "antd-mobile/es/components/skeleton";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useNavigate, useSearchParams } from "../router/index.tsx";
import { useStore, useStores } from "../stores/StoresContext.tsx";
import { TitleForm } from "../components/invoices/TitleForm.tsx";
import { Page } from "../components/Page.tsx";
import { PageError } from "../components/PageError.tsx";
import { describeError } from "../stores/messages.ts";
import { invoiceTitlesStore } from "../stores/invoices/InvoiceTitlesStore.ts";
import { titleFormStore } from "../stores/invoices/TitleFormStore.ts";

/** Issue 35 item 2, /invoiceTitle (?title_id= to edit one): the title form; saved, back to the titles. */
export default observer(function InvoiceTitlePage() {
  const titles = useStore(invoiceTitlesStore);
  const form = useStore(titleFormStore);
  const { i18n } = useStores();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const raw = params.get("title_id");
  const titleId = raw === null ? undefined : Number(raw);
  const editing = titleId !== undefined;
  const title = titleId === undefined ? undefined : titles.byId(titleId);
  useEffect(() => {
    void titles.load();
  }, [titles]);
  // The form starts once the title to edit is known (a new one at once), once per title: a reload
  // of the list after a failed save must not wipe what was typed.
  const startFor = title?.title_id;
  useEffect(() => {
    if (!editing) form.start();
    else if (startFor !== undefined) {
      const kept = titles.byId(startFor);
      if (kept !== undefined) form.start(kept);
    }
  }, [form, titles, editing, startFor]);
  const back = () => navigate(Routes.INVOICE_TITLES_PATH, { replace: true });
  const body = () => {
    if (editing && title === undefined) {
      if (titles.titles._tag === "Failed") return <PageError description={describeError(titles.titles.error, i18n)} onRetry={() => void titles.load()} />;
      if (titles.titles._tag === "Loaded") return <PageError description={i18n.t("invoices.titleMissing")} />;
      return <Skeleton.Paragraph animated lineCount={6} />;
    }
    return <TitleForm onSaved={back} />;
  };
  return <Page backTo={Routes.INVOICE_TITLES_PATH}>{body()}</Page>;
});
