import ErrorBlock from "antd-mobile/es/components/error-block";
import List from "antd-mobile/es/components/list";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { IssuedPasswordCard } from "../people/IssuedPasswordCard.tsx";
import { LoadedOr } from "../people/LoadedOr.tsx";
import { StaffAddForm } from "../people/StaffAddForm.tsx";
import { StaffRow } from "../people/StaffRow.tsx";
import { StaffTable } from "../people/StaffTable.tsx";
import { useWide } from "../table/useWide.ts";
import { DeskPage } from "../shell/DeskPage.tsx";
import { useDesk, useScreenStore } from "../stores/DeskContext.tsx";
import { StaffStore } from "../stores/people/StaffStore.ts";
import "../people/people.css";

/**
 * The admin's staff (issue 26, /desk/staff): a password just issued (once), the form to add an
 * account, and every account with its acts.
 */
export default observer(function StaffScreen() {
  const { i18n } = useDesk();
  const store = useScreenStore(({ ports, i18n, notices }) => new StaffStore(ports, i18n, notices));
  useEffect(() => {
    void store.load();
  }, [store]);
  return (
    <DeskPage title={i18n.t("desk.menu.staff")} wide>
      {store.issued === undefined ? null : <IssuedPasswordCard issued={store.issued} onDone={store.dismissIssued} />}
      <LoadedOr load={store.view} problemText={store.loadProblemText} onRetry={() => void store.load()}>
        <StaffAddForm store={store} />
        <StaffList store={store} />
      </LoadedOr>
    </DeskPage>
  );
});

const StaffList = observer(function StaffList({ store }: { readonly store: StaffStore }) {
  const { i18n } = useDesk();
  const wide = useWide();
  const staff = store.staff ?? [];
  return (
    <section className="people-section" aria-labelledby="people-staff-title">
      <h2 className="people-heading" id="people-staff-title">
        {i18n.t("desk.people.staff.list", { count: staff.length })}
      </h2>
      {staff.length === 0 ? (
        <ErrorBlock status="empty" title="" description={i18n.t("desk.people.staff.empty")} />
      ) : wide ? (
        <StaffTable store={store} />
      ) : (
        <List>
          {staff.map((member) => (
            <StaffRow key={member.name} member={member} store={store} />
          ))}
        </List>
      )}
    </section>
  );
});
