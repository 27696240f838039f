import ConfigProvider from "antd-mobile/es/components/config-provider";
import enUS from "antd-mobile/es/locales/en-US";
import zhCN from "antd-mobile/es/locales/zh-CN";
import { observer } from "mobx-react-lite";
import { StrictMode, type ComponentType, type ReactNode } from "react";
import { BrowserRouter } from "../router/index.tsx";
import type { RootStore } from "../stores/RootStore.ts";
import { Shell } from "./Shell.tsx";
import { StoresProvider, useStores } from "../stores/StoresContext.tsx";

/** antd-mobile's own texts (pull to refresh, dialogs) in the customer's language. */
const KitLocale = observer(function KitLocale({ children }: { readonly children: React.ReactNode }) {
  const { i18n } = useStores();
  return <ConfigProvider locale={i18n.locale === "zh-CN" ? zhCN : enUS}>{children}</ConfigProvider>;
});

/**
 * The whole app over one root store. `Router`: the browser's address by default; the build's
 * prerender (src/prerender.tsx) renders the app at a given path through a memory router instead.
 */
export function App({ root, Router = BrowserRouter }: { readonly root: RootStore; readonly Router?: ComponentType<{ readonly children: ReactNode }> }) {
  return (
    <StrictMode>
      <StoresProvider root={root}>
        <KitLocale>
          <Router>
            <Shell />
          </Router>
        </KitLocale>
      </StoresProvider>
    </StrictMode>
  );
}
