import { Routes } from "@fuel/domain";
import ErrorBlock from "antd-mobile/es/components/error-block";
import { observer } from "mobx-react-lite";
import { useLocation } from "react-router";
import { useStores } from "./StoresContext.tsx";
import { titleOf } from "./titles.ts";
import { Page } from "../components/Page.tsx";

/** A route of spec §2 that a later issue builds: a plain page naming it, never a blank one. */
export const ComingSoonPage = observer(function ComingSoonPage() {
  const { i18n } = useStores();
  const { pathname } = useLocation();
  const route = Routes.matchRoute(pathname);
  return (
    <Page tabBar={route?.tabBar === true}>
      <ErrorBlock status="empty" title={titleOf(pathname, i18n)} description={i18n.t("comingSoonBody", { path: pathname, purpose: route?.purpose ?? "" })} />
    </Page>
  );
});
