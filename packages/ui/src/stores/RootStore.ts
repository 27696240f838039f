import type { AppPorts } from "@fuel/adapters/ports";
import { I18nStore } from "../i18n/I18nStore.ts";
import { NavigationStore } from "./NavigationStore.ts";
import { NoticeStore } from "./NoticeStore.ts";
import { SessionStore } from "./SessionStore.ts";

/**
 * One store per concern (DESIGN §6), built once from the ports by the composition root or a test.
 * Stores reach the outside only through `ports`, and each other only through what is passed here.
 */
export class RootStore {
  readonly i18n: I18nStore;
  readonly notices = new NoticeStore();
  readonly navigation = new NavigationStore();
  readonly session: SessionStore;

  constructor(
    readonly ports: AppPorts,
    options: { readonly browserLanguages?: ReadonlyArray<string> } = {},
  ) {
    this.i18n = new I18nStore(ports.preferences, options.browserLanguages ?? []);
    this.session = new SessionStore(ports, this.i18n, this.notices, this.navigation);
  }
}
