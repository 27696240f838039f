import { fakePorts } from "@fuel/adapters/testing";
import type { Messages } from "@fuel/domain";
import { enableStaticRendering } from "mobx-react-lite";
import { renderToStringAsync } from "preact-render-to-string";
import type { ReactNode } from "react";
import { MemoryRouter } from "./router/index.tsx";
import { App } from "./app/App.tsx";
import { titleOf } from "./i18n/titles.ts";
import { RootStore } from "./stores/RootStore.ts";

/**
 * The build's prerender entry (build/prerender.ts), never shipped to browsers: the app's real
 * components, at a route path and in a language, rendered to HTML in Node, so index.html can paint
 * a first screen that looks like the page before the app's JavaScript arrives on a slow network.
 * The stores are the real ones over the in-memory fakes of `@fuel/adapters/testing` (no network,
 * no device): the screen is exactly the app's first render for a visitor without a session (the
 * city header says it is locating: CityHeader.tsx), which then takes it over without a change.
 */

// No reactions in a render that is never updated (mobx-react-lite's advice for server rendering).
enableStaticRendering(true);

export interface RenderedScreen {
  /** What goes inside `#root`. */
  readonly markup: string;
  /** The document title the app sets for this path (DocumentTitle.tsx). */
  readonly title: string;
}

export async function renderScreen(path: string, locale: Messages.Locale): Promise<RenderedScreen> {
  // The language as the app picks it from a browser announcing only `locale` (I18nStore).
  const root = new RootStore(fakePorts(), { browserLanguages: [locale] });
  const Router = ({ children }: { readonly children: ReactNode }) => <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>;
  const markup = await renderToStringAsync(<App root={root} Router={Router} />);
  return { markup, title: titleOf(path, root.i18n) };
}
