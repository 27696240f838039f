import { Routes } from "@fuel/domain";
import { PAGES } from "./pages.tsx";

/**
 * Waits until the page module of `pathname`'s route is loaded, so that the app's first render is
 * the page itself and not <Suspense>'s skeleton: the server may have sent HTML already painting
 * that page (build/prerender.ts), and the first render must take it over without a flash. The
 * page's chunk is modulepreloaded from index.html (build/routePreload.ts), so this costs about
 * nothing. Answers at once for a path without a page, and never fails: a chunk that cannot load
 * is the page's <Suspense> and error boundary's business, as before.
 *
 * Preact's `lazy` (the app runs on preact/compat, build/preact.ts) is a plain function component
 * that starts its loader on its first call and throws the loader's promise until it settles; it
 * takes the module in its own `then`, registered before ours, so once ours runs a render finds it.
 * React's `lazy` is not callable: the call throws a TypeError, and the app renders at once.
 */
export const firstPageLoaded = async (pathname: string, session: Routes.Session, pages: typeof PAGES = PAGES): Promise<void> => {
  // A page the guard sends the customer away from is never shown: its module is not waited for
  // (nor made to load), and the redirect renders at once, as before.
  if (Routes.guard(pathname, session)._tag === "Redirect") return;
  const route = Routes.matchRoute(pathname);
  const page = route === undefined ? undefined : pages[route.path];
  if (page === undefined) return;
  try {
    (page as unknown as (props: object) => unknown)({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown.then(() => undefined, () => undefined);
  }
};
