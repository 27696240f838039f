import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { CreatedCodesCard } from "../people/CreatedCodesCard.tsx";
import { InviteCreateForm } from "../people/InviteCreateForm.tsx";
import { InviteList } from "../people/InviteList.tsx";
import { LoadedOr } from "../people/LoadedOr.tsx";
import { DeskPage } from "../shell/DeskPage.tsx";
import { useDesk, useScreenStore } from "../stores/DeskContext.tsx";
import { InvitesStore } from "../stores/people/InvitesStore.ts";
import "../people/people.css";

/** The admin's invite codes (issue 26, /desk/invites): create some, copy the new ones, and the list of all with who used them. */
export default observer(function InvitesScreen() {
  const { i18n } = useDesk();
  const store = useScreenStore(({ ports, i18n }) => new InvitesStore(ports, i18n));
  useEffect(() => {
    void store.load();
  }, [store]);
  return (
    <DeskPage title={i18n.t("desk.menu.invites")} wide>
      {store.created === undefined ? null : <CreatedCodesCard codes={store.created} onDone={store.dismissCreated} />}
      <InviteCreateForm store={store} />
      <LoadedOr load={store.list} problemText={store.loadProblemText} onRetry={() => void store.load()}>
        <InviteList store={store} />
      </LoadedOr>
    </DeskPage>
  );
});
