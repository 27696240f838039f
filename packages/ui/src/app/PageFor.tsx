import { NotFoundPage } from "./lazyScreens.ts";
import { PAGES } from "./pages.tsx";

/**
 * The page of a route path of spec §2 (lazy). Every route has one (test/app/pages.test.ts); a
 * path without one could only be a route added to the domain's table before its page, and it
 * reads as not found rather than blank.
 */
export function PageFor({ path }: { readonly path: string }) {
  const Page = PAGES[path];
  return Page ? <Page /> : <NotFoundPage />;
}
