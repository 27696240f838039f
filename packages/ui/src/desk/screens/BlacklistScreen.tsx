import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { BlacklistAddForm } from "../people/BlacklistAddForm.tsx";
import { BlacklistList } from "../people/BlacklistList.tsx";
import { LoadedOr } from "../people/LoadedOr.tsx";
import { DeskPage } from "../shell/DeskPage.tsx";
import { useDesk, useScreenStore } from "../stores/DeskContext.tsx";
import { BlacklistStore } from "../stores/people/BlacklistStore.ts";
import "../people/people.css";

/** The admin's blacklist (issue 26, /desk/blacklist): add a phone (confirmed), the list, remove one (confirmed). */
export default observer(function BlacklistScreen() {
  const { i18n } = useDesk();
  const store = useScreenStore(({ ports, i18n, notices }) => new BlacklistStore(ports, i18n, notices));
  useEffect(() => {
    void store.load();
  }, [store]);
  return (
    <DeskPage title={i18n.t("desk.menu.blacklist")} wide>
      <BlacklistAddForm store={store} />
      {store.changeProblemText === undefined ? null : (
        <p className="desk-error people-section" role="alert">
          {store.changeProblemText}
        </p>
      )}
      <LoadedOr load={store.list} problemText={store.loadProblemText} onRetry={() => void store.load()}>
        <BlacklistList store={store} />
      </LoadedOr>
    </DeskPage>
  );
});
