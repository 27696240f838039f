import { vi } from "vitest";
import { MemoryKeyValueStore, ScriptedApi } from "@fuel/adapters/testing";
import type { Messages, Staff } from "@fuel/domain";
import { render, type RenderResult } from "@testing-library/react";
import ConfigProvider from "antd-mobile/es/components/config-provider";
import enUS from "antd-mobile/es/locales/en-US";
import zhCN from "antd-mobile/es/locales/zh-CN";
import type { ReactNode } from "react";
import { DeskI18n } from "../../../src/desk/i18n/DeskI18n.ts";
import { DeskStoresProvider, type DeskStores } from "../../../src/desk/stores/DeskContext.tsx";
import { DeskSession } from "../../../src/desk/stores/DeskSession.ts";
import { MemoryRouter, Route, Routes, useLocation } from "../../../src/router/index.tsx";
import { NoticeStore } from "../../../src/stores/NoticeStore.ts";

/** The fixed "now" of desk store tests: 2026-11-27 10:00 Beijing time. */
export const DESK_NOW = Date.UTC(2026, 10, 27, 2, 0, 0);

/**
 * The desk's stores over a {@link ScriptedApi} (every endpoint answers its contract example unless
 * scripted), in a chosen language, signed in as `role` (a cashier at `stations`) unless `me` is null.
 */
export const deskStores = (
  options: { readonly api?: ScriptedApi; readonly locale?: Messages.Locale; readonly role?: Staff.Role; readonly stations?: ReadonlyArray<number>; readonly signedIn?: boolean; readonly now?: () => number } = {},
): DeskStores & { readonly api: ScriptedApi } => {
  const api = options.api ?? new ScriptedApi();
  const i18n = new DeskI18n(new MemoryKeyValueStore(), [options.locale === "zh-CN" ? "zh-CN" : "en-US"]);
  const notices = new NoticeStore();
  const ports = { api, now: options.now ?? (() => DESK_NOW) };
  const session = new DeskSession(ports, i18n, notices);
  if (options.signedIn !== false) {
    session.me = { name: `test.${options.role ?? "admin"}`, role: options.role ?? "admin", stations: [...(options.stations ?? [])], must_change_password: false };
  } else {
    session.me = null;
  }
  return { ports, i18n, notices, session, api };
};

/** Shows where the desk navigated, for assertions: `screen.getByTestId("location")`. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Renders a desk screen at `path` (matched by `route`, by default the path) in the desk's
 * providers, on a phone's width (cards) unless `wide` (768 px and over: tables).
 */
export const renderDesk = (
  element: ReactNode,
  options: { readonly stores?: DeskStores; readonly path?: string; readonly route?: string; readonly wide?: boolean } = {},
): RenderResult & { readonly stores: DeskStores } => {
  screenWidth(options.wide ?? false);
  const stores = options.stores ?? deskStores();
  const path = options.path ?? "/desk";
  const result = render(
    <DeskStoresProvider stores={stores}>
      <ConfigProvider locale={stores.i18n.locale === "zh-CN" ? zhCN : enUS}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={options.route ?? path.split("?")[0] ?? "/desk"} element={element} />
            <Route path="*" element={null} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </ConfigProvider>
    </DeskStoresProvider>,
  );
  return Object.assign(result, { stores });
};

/**
 * The screen's width as the desk's `useWide` reads it (matchMedia, which jsdom lacks): wide (768
 * px and over: tables) or a phone's (cards); happy-dom's own answers for its 1024 px window.
 * setup.ts undoes it after each test.
 */
export const screenWidth = (wide: boolean): void => {
  vi.stubGlobal("matchMedia", (media: string) => ({ matches: wide, media, onchange: null, addEventListener: () => undefined, removeEventListener: () => undefined, addListener: () => undefined, removeListener: () => undefined, dispatchEvent: () => false }));
};
