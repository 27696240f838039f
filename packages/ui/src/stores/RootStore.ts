import type { AppPorts } from "@fuel/adapters/ports";
import { I18nStore } from "../i18n/I18nStore.ts";
import { NavigationStore } from "./NavigationStore.ts";
import { NoticeStore } from "./NoticeStore.ts";
import { SessionStore } from "./SessionStore.ts";
import { SiteStore } from "./SiteStore.ts";
import type { StoreKind } from "./storeKind.ts";

/**
 * One store per concern (DESIGN §6), built from the ports by the composition root or a test.
 * Stores reach the outside only through `ports`, and each other only through what is passed here.
 *
 * Built at start: what the shell needs before any page (the language for every text, the notices
 * for <Notices>, the navigation for <FollowNavigation>, the session for the guard of every route,
 * which main.tsx's HTTP client also ends on a 401/403/422), and the site settings (the service
 * phone, tips and card prices several pages and stores read; no domain rules, so it costs the first
 * load almost nothing). Every other store is a `storeKind` declared beside its class and built by
 * `use` the first time a page needs it, so its code and its domain rules load with that page's
 * chunk rather than with every first screen (docs/performance.md).
 */
export class RootStore {
  readonly i18n: I18nStore;
  readonly notices = new NoticeStore();
  readonly navigation = new NavigationStore();
  readonly session: SessionStore;
  readonly site: SiteStore;
  /**
   * Whether the server runs its sandbox stand-ins (DESIGN.md §4): the mode main.tsx read from
   * `GET /api/version` (or the one this server answered last time), the same answer that picks the
   * sandbox pay sheet and sign-in. Undefined when it is not known (the version could not be read,
   * or a test gave none): then no sandbox-only help shows.
   */
  readonly serverMode: Promise<"sandbox" | "production" | undefined>;
  private readonly lazyStores = new Map<StoreKind<unknown>, unknown>();

  constructor(
    readonly ports: AppPorts,
    options: { readonly browserLanguages?: ReadonlyArray<string>; readonly serverMode?: Promise<"sandbox" | "production"> } = {},
  ) {
    this.serverMode = options.serverMode === undefined ? Promise.resolve(undefined) : options.serverMode.catch(() => undefined);
    this.i18n = new I18nStore(ports.preferences, options.browserLanguages ?? []);
    this.session = new SessionStore(ports, this.i18n, this.notices, this.navigation);
    this.site = new SiteStore(ports);
  }

  /** The store of `kind`, built on first use and kept for the life of this root (./storeKind.ts). */
  use<T>(kind: StoreKind<T>): T {
    if (!this.lazyStores.has(kind)) this.lazyStores.set(kind, kind.build(this));
    return this.lazyStores.get(kind) as T;
  }
}
