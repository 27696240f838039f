import type { AppPorts } from "@fuel/adapters/ports";
import { fakePorts, type ScriptedApi } from "@fuel/adapters/testing";
import type { Messages } from "@fuel/domain";
import { render, type RenderResult } from "@testing-library/react";
import ConfigProvider from "antd-mobile/es/components/config-provider";
import enUS from "antd-mobile/es/locales/en-US";
import zhCN from "antd-mobile/es/locales/zh-CN";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "../../src/router/index.tsx";
import { FollowNavigation } from "../../src/app/FollowNavigation.tsx";
import { StoresProvider } from "../../src/stores/StoresContext.tsx";
import { RootStore } from "../../src/stores/RootStore.ts";

/** A root store over in-memory fakes (`@fuel/adapters/testing`), in a chosen language. */
export const testRoot = (options: { readonly ports?: Partial<Omit<AppPorts, "api">> & { readonly api?: ScriptedApi }; readonly locale?: Messages.Locale } = {}): RootStore & { ports: ReturnType<typeof fakePorts> } => {
  const ports = fakePorts(options.ports ?? {});
  const root = new RootStore(ports, { browserLanguages: [options.locale === "zh-CN" ? "zh-CN" : "en-US"] });
  return root as RootStore & { ports: ReturnType<typeof fakePorts> };
};

/** Shows where the app navigated, for assertions: `screen.getByTestId("location")`. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Renders a page (or any element) at `path` inside the app's providers and a memory router, the way
 * the shell does (stores in context, antd-mobile locale, store-requested navigation followed).
 */
export const renderPage = (
  element: ReactNode,
  options: {
    readonly root?: RootStore;
    readonly path?: string;
    readonly route?: string;
    /** More pages at their own routes, for a walk from one page to another (a guard's redirect). */
    readonly also?: Readonly<Record<string, ReactNode>>;
  } = {},
): RenderResult & { readonly root: RootStore } => {
  const root = options.root ?? testRoot();
  const path = options.path ?? "/";
  const result = render(
    <StoresProvider root={root}>
      <ConfigProvider locale={root.i18n.locale === "zh-CN" ? zhCN : enUS}>
        <MemoryRouter initialEntries={[path]}>
          <FollowNavigation />
          <Routes>
            <Route path={options.route ?? path.split("?")[0] ?? "/"} element={element} />
            {Object.entries(options.also ?? {}).map(([at, page]) => (
              <Route key={at} path={at} element={page} />
            ))}
            <Route path="*" element={null} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </ConfigProvider>
    </StoresProvider>,
  );
  return { ...result, root };
};
