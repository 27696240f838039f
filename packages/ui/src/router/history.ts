/** Where the app is: what `useLocation()` answers. */
export interface Location {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  /** What the navigation that made this entry carried (`navigate(to, { state })`). */
  readonly state: unknown;
  /** A new one for every entry. */
  readonly key: string;
}

/** A list of entries and the current one: the browser's session history, or one in memory (tests). */
export interface History {
  readonly location: Location;
  push(to: string, state?: unknown): void;
  replace(to: string, state?: unknown): void;
  go(delta: number): void;
  /** Calls `listener` after every change of entry; answers the unsubscribe. */
  listen(listener: (location: Location) => void): () => void;
}

/** What each of our entries keeps in `history.state` (the names react-router used: `idx` is read by components/Page.tsx). */
interface EntryState {
  readonly usr: unknown;
  readonly key: string;
  readonly idx: number;
}

let keys = 0;
const newKey = (): string => `${Date.now().toString(36)}${(keys++).toString(36)}`;

/** `to` (absolute, or relative to `from`) split into its parts. */
export const parsePath = (to: string, from = "/"): Pick<Location, "pathname" | "search" | "hash"> => {
  const url = new URL(to, `http://app${from}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
};

export const hrefOf = (location: Pick<Location, "pathname" | "search" | "hash">): string => `${location.pathname}${location.search}${location.hash}`;

/**
 * The browser's session history (`pushState`, `popstate`). Every entry this app makes carries its
 * index, so a page can tell whether Back stays in the app (components/Page.tsx).
 */
export const browserHistory = (window: Window): History => {
  const listeners = new Set<(location: Location) => void>();
  const entry = (): EntryState => {
    const state = window.history.state as Partial<EntryState> | null;
    return { usr: state?.usr ?? null, key: state?.key ?? "default", idx: state?.idx ?? 0 };
  };
  const read = (): Location => {
    const { usr, key } = entry();
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash, state: usr, key };
  };
  // The first entry (a page opened from a link) gets its index, as the ones we push do.
  if ((window.history.state as Partial<EntryState> | null)?.idx === undefined) window.history.replaceState({ usr: null, key: "default", idx: 0 } satisfies EntryState, "");
  let location = read();
  const changed = (): void => {
    location = read();
    for (const listener of listeners) listener(location);
  };
  window.addEventListener("popstate", changed);
  const write = (method: "pushState" | "replaceState", to: string, state: unknown): void => {
    const idx = entry().idx + (method === "pushState" ? 1 : 0);
    const url = hrefOf(parsePath(to, location.pathname));
    window.history[method]({ usr: state ?? null, key: newKey(), idx } satisfies EntryState, "", url);
    changed();
  };
  return {
    get location() {
      return location;
    },
    push: (to, state) => write("pushState", to, state),
    replace: (to, state) => write("replaceState", to, state),
    go: (delta) => window.history.go(delta),
    listen: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};

/** A history in memory: the tests' router (MemoryRouter). */
export const memoryHistory = (initialEntries: ReadonlyArray<string> = ["/"], initialIndex?: number): History => {
  const entries: Location[] = (initialEntries.length === 0 ? ["/"] : initialEntries).map((to) => ({ ...parsePath(to), state: null, key: newKey() }));
  let index = Math.min(Math.max(initialIndex ?? entries.length - 1, 0), entries.length - 1);
  const listeners = new Set<(location: Location) => void>();
  const current = (): Location => entries[index] as Location;
  const changed = (): void => {
    for (const listener of listeners) listener(current());
  };
  return {
    get location() {
      return current();
    },
    push: (to, state) => {
      entries.splice(index + 1, entries.length, { ...parsePath(to, current().pathname), state: state ?? null, key: newKey() });
      index = entries.length - 1;
      changed();
    },
    replace: (to, state) => {
      entries[index] = { ...parsePath(to, current().pathname), state: state ?? null, key: newKey() };
      changed();
    },
    go: (delta) => {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      changed();
    },
    listen: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};
