import DotLoading from "antd-mobile/es/components/dot-loading";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import "../places/places.css";
import { SettingsForm } from "../places/SettingsForm.tsx";
import { DeskPage } from "../shell/DeskPage.tsx";
import { DeskProblem } from "../shell/DeskProblem.tsx";
import { useDesk, useScreenStore } from "../stores/DeskContext.tsx";
import { describeDeskError } from "../stores/deskMessages.ts";
import { SettingsStore } from "../stores/places/SettingsStore.ts";

/** /desk/settings (issue 26): the site settings customers see on the card pages, the contact page and the follow-us overlay. */
export default observer(function SettingsScreen() {
  const { i18n } = useDesk();
  const store = useScreenStore(({ ports, i18n: words, notices }) => new SettingsStore(ports, words, notices));
  useEffect(() => {
    void store.fetch();
  }, [store]);
  const load = store.load;
  return (
    <DeskPage title={i18n.t("desk.menu.settings")}>
      {load.kind === "loading" ? (
        <div className="desk-loading" role="status" aria-label={i18n.t("desk.loading")}>
          <DotLoading color="primary" />
        </div>
      ) : load.kind === "failed" ? (
        <DeskProblem text={describeDeskError(load.problem, i18n)} onRetry={() => void store.fetch()} />
      ) : (
        <SettingsForm store={store} />
      )}
    </DeskPage>
  );
});
