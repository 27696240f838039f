import Button from "antd-mobile/es/components/button";
import DotLoading from "antd-mobile/es/components/dot-loading";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { DeskPage } from "../shell/DeskPage.tsx";
import { DeskProblem } from "../shell/DeskProblem.tsx";
import { useDesk, useScreenStore } from "../stores/DeskContext.tsx";
import { AuditStore } from "../stores/records/AuditStore.ts";
import { AuditFiltersForm } from "./AuditFiltersForm.tsx";
import { AuditRowCard } from "./AuditRowCard.tsx";
import { AuditTable } from "./AuditTable.tsx";
import { useWide } from "../table/useWide.ts";

/** /desk/audit: the filters, the CSV download of what they match, and the log newest first, 100 at a time (a table at 768 px and over). */
export const AuditPanel = observer(function AuditPanel() {
  const { i18n } = useDesk();
  const store = useScreenStore(({ ports, i18n: language }) => new AuditStore(ports, language));
  useEffect(() => {
    void store.load();
  }, [store]);
  return (
    <DeskPage title={i18n.t("desk.menu.audit")} wide>
      <AuditFiltersForm store={store} />
      <p className="records-csv-line">
        <a className="records-csv" href={store.csvHref} download="audit-log.csv">
          {i18n.t("desk.records.audit.csv")}
        </a>
        <span className="records-hint">{i18n.t("desk.records.audit.csvHint")}</span>
      </p>
      <AuditRows store={store} />
    </DeskPage>
  );
});

const AuditRows = observer(function AuditRows({ store }: { readonly store: AuditStore }) {
  const { i18n } = useDesk();
  const wide = useWide();
  const { rows } = store;
  if (rows === undefined || store.loading) {
    if (store.problemText !== undefined && rows === undefined) return <DeskProblem text={store.problemText} onRetry={() => void store.load()} />;
    return (
      <div className="desk-loading" role="status" aria-label={i18n.t("desk.loading")}>
        <DotLoading color="primary" />
      </div>
    );
  }
  if (rows.length === 0) return <p className="records-none">{i18n.t("desk.records.audit.empty")}</p>;
  return (
    <section aria-label={i18n.t("desk.menu.audit")}>
      <p className="records-hint">{i18n.t("desk.records.audit.times")}</p>
      {wide ? (
        <AuditTable rows={rows} />
      ) : (
        <ol className="records-audit">
          {rows.map((row) => (
            <AuditRowCard key={row.id} row={row} />
          ))}
        </ol>
      )}
      {store.moreProblemText === undefined ? null : <DeskProblem text={store.moreProblemText} onRetry={() => void store.more()} />}
      {store.hasMore ? (
        store.moreProblemText === undefined ? (
          <Button block fill="outline" className="records-more" loading={store.loadingMore} disabled={store.loadingMore} onClick={() => void store.more()}>
            {i18n.t("desk.records.audit.more")}
          </Button>
        ) : null
      ) : (
        <p className="records-none">{i18n.t("desk.records.audit.end")}</p>
      )}
    </section>
  );
});
