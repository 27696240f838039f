import ConfigProvider from "antd-mobile/es/components/config-provider";
import DotLoading from "antd-mobile/es/components/dot-loading";
import enUS from "antd-mobile/es/locales/en-US";
import zhCN from "antd-mobile/es/locales/zh-CN";
import { observer } from "mobx-react-lite";
import { Suspense, useEffect } from "react";
import { NoticesOf } from "../app/Notices.tsx";
import { BrowserRouter, Route, Routes } from "../router/index.tsx";
import { DESK_ROUTES, type DeskRoute } from "./deskRoutes.ts";
import { HomeScreen } from "./screens/HomeScreen.tsx";
import { PasswordScreen } from "./screens/PasswordScreen.tsx";
import { SignInScreen } from "./screens/SignInScreen.tsx";
import { DeskPage } from "./shell/DeskPage.tsx";
import { DeskProblem } from "./shell/DeskProblem.tsx";
import { DeskStoresProvider, useDesk, type DeskStores } from "./stores/DeskContext.tsx";

/** The staff desk (issue 26): its stores, antd-mobile in the staff member's language, the router, notices. */
export function DeskApp({ stores }: { readonly stores: DeskStores }) {
  return (
    <DeskStoresProvider stores={stores}>
      <DeskLocale>
        <BrowserRouter>
          <DeskFrame />
        </BrowserRouter>
        <NoticesOf notices={stores.notices} />
      </DeskLocale>
    </DeskStoresProvider>
  );
}

const DeskLocale = observer(function DeskLocale({ children }: { readonly children: React.ReactNode }) {
  const { i18n } = useDesk();
  useEffect(() => {
    document.documentElement.lang = i18n.locale;
    document.title = i18n.t("desk.title");
  }, [i18n, i18n.locale]);
  return <ConfigProvider locale={i18n.locale === "zh-CN" ? zhCN : enUS}>{children}</ConfigProvider>;
});

/** Who is at the desk decides what it shows: sign-in, the forced password, or the tools. */
const DeskFrame = observer(function DeskFrame() {
  const { session, i18n } = useDesk();
  useEffect(() => {
    void session.load();
  }, [session]);
  if (session.me === undefined) {
    return (
      <DeskPage title={i18n.t("desk.title")} back={false}>
        {session.problemText === undefined ? <Loading /> : <DeskProblem text={session.problemText} onRetry={() => void session.load()} />}
      </DeskPage>
    );
  }
  if (session.me === null) return <SignInScreen />;
  if (session.me.must_change_password) return <PasswordScreen forced />;
  return (
    <Routes>
      <Route path="/desk" element={<HomeScreen />} />
      <Route path="/desk/password" element={<PasswordScreen forced={false} />} />
      {DESK_ROUTES.flatMap((route) => [route.path, `${route.path}/*`].map((path) => <Route key={path} path={path} element={<Tool route={route} />} />))}
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
});

/** A tool's screen, loaded on first use; a role that may not use it is told so (the server refuses anyway). */
const Tool = observer(function Tool({ route }: { readonly route: DeskRoute }) {
  const { session, i18n } = useDesk();
  if (!session.may(route.action)) {
    return (
      <DeskPage title={i18n.t(route.title)}>
        <DeskProblem text={i18n.t("desk.forbidden")} />
      </DeskPage>
    );
  }
  const Screen = route.screen;
  return (
    <Suspense fallback={<Loading />}>
      <Screen />
    </Suspense>
  );
});

const NotFound = observer(function NotFound() {
  const { i18n } = useDesk();
  return (
    <DeskPage title={i18n.t("desk.title")}>
      <DeskProblem text={i18n.t("desk.notFound")} />
    </DeskPage>
  );
});

function Loading() {
  return (
    <div className="desk-loading" role="status">
      <DotLoading color="primary" />
    </div>
  );
}
