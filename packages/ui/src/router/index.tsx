import { Children, createContext, isValidElement, useCallback, useContext, useEffect, useMemo, useState, type AnchorHTMLAttributes, type MouseEvent, type ReactElement, type ReactNode } from "react";
import { browserHistory, hrefOf, memoryHistory, parsePath, type History, type Location } from "./history.ts";
import { matchPath, rankOf } from "./match.ts";

/**
 * The app's router: the part of react-router's API the app uses (declarative `<Routes>`, links,
 * `useNavigate`, `useLocation`, `useParams`, `useSearchParams`, `<Navigate>`, `BrowserRouter` and
 * `MemoryRouter` for tests), with the same names and behaviour, in ~3 KB instead of react-router's
 * ~11 KB gzip on every first load (issue 23, docs/decisions/0006-first-load.md). No data routers,
 * loaders, nested routes or relative links beyond URL resolution: the app uses none.
 */

export type { Location } from "./history.ts";
export { matchPath } from "./match.ts";

interface RouterState {
  readonly history: History;
  readonly location: Location;
}

const RouterContext = createContext<RouterState | undefined>(undefined);
const ParamsContext = createContext<Readonly<Record<string, string>>>({});

const useRouter = (): RouterState => {
  const router = useContext(RouterContext);
  if (router === undefined) throw new Error("a router hook was used outside <BrowserRouter> or <MemoryRouter>");
  return router;
};

/** Renders `children` under `history`, again at every change of entry. */
export function Router({ history, children }: { readonly history: History; readonly children?: ReactNode }) {
  const [location, setLocation] = useState(history.location);
  useEffect(() => {
    setLocation(history.location); // an entry made between the first render and this subscription
    return history.listen(setLocation);
  }, [history]);
  const value = useMemo(() => ({ history, location }), [history, location]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function BrowserRouter({ children }: { readonly children?: ReactNode }) {
  const history = useMemo(() => browserHistory(window), []);
  return <Router history={history}>{children}</Router>;
}

export function MemoryRouter({ initialEntries, initialIndex, children }: { readonly initialEntries?: ReadonlyArray<string>; readonly initialIndex?: number; readonly children?: ReactNode }) {
  // Made once, as react-router's: a re-render with other entries does not reset the history.
  const [history] = useState(() => memoryHistory(initialEntries, initialIndex));
  return <Router history={history}>{children}</Router>;
}

export interface RouteProps {
  readonly path: string;
  readonly element?: ReactNode;
}

/** A row of `<Routes>`; renders nothing by itself. */
export function Route(_props: RouteProps): ReactElement | null {
  return null;
}

/** The element of the most specific `<Route>` child matching the current path (none: nothing). */
export function Routes({ children }: { readonly children?: ReactNode }) {
  const { location } = useRouter();
  let best: { readonly rank: number; readonly params: Readonly<Record<string, string>>; readonly element: ReactNode } | undefined;
  for (const child of Children.toArray(children)) {
    if (!isValidElement<RouteProps>(child)) continue;
    const params = matchPath(child.props.path, location.pathname);
    if (params === undefined) continue;
    const rank = rankOf(child.props.path);
    if (best === undefined || rank > best.rank) best = { rank, params, element: child.props.element ?? null };
  }
  return best === undefined ? null : <ParamsContext.Provider value={best.params}>{best.element}</ParamsContext.Provider>;
}

export interface NavigateOptions {
  readonly replace?: boolean;
  readonly state?: unknown;
}

export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

/** A navigation: to a path (absolute, or resolved against the current one), or back/forward by a number of entries. */
export function useNavigate(): NavigateFunction {
  const { history } = useRouter();
  return useCallback<NavigateFunction>(
    (to, options) => {
      if (typeof to === "number") history.go(to);
      else if (options?.replace === true) history.replace(to, options.state);
      else history.push(to, options?.state);
    },
    [history],
  );
}

export function useLocation(): Location {
  return useRouter().location;
}

/** The matched route's parameters (`:id`), decoded. */
export function useParams<T extends Record<string, string | undefined> = Record<string, string | undefined>>(): T {
  return useContext(ParamsContext) as T;
}

type SearchInit = URLSearchParams | string | Readonly<Record<string, string>>;

/** The query string, and a setter that navigates to the same path with another one. */
export function useSearchParams(): [URLSearchParams, (next: SearchInit, options?: NavigateOptions) => void] {
  const { location } = useRouter();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = useCallback(
    (next: SearchInit, options?: NavigateOptions) => {
      const search = new URLSearchParams(next as ConstructorParameters<typeof URLSearchParams>[0]).toString();
      navigate(`${location.pathname}${search === "" ? "" : `?${search}`}`, options);
    },
    [navigate, location.pathname],
  );
  return [params, set];
}

/** Navigates as it renders (after commit), replacing the entry when asked. */
export function Navigate({ to, replace, state }: { readonly to: string; readonly replace?: boolean; readonly state?: unknown }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { ...(replace === undefined ? {} : { replace }), state });
  }, [navigate, to, replace, state]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  readonly to: string;
  readonly replace?: boolean;
  readonly state?: unknown;
}

/** An `<a href>` (it works before the app's JavaScript and opens in a new tab) that navigates in the app on a plain click. */
export function Link({ to, replace, state, onClick, target, children, ...rest }: LinkProps) {
  const { location } = useRouter();
  const navigate = useNavigate();
  const href = hrefOf(parsePath(to, location.pathname));
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey || (target !== undefined && target !== "_self")) return;
    event.preventDefault();
    navigate(href, { ...(replace === undefined ? {} : { replace }), state });
  };
  return (
    <a {...rest} href={href} target={target} onClick={click}>
      {children}
    </a>
  );
}
