import { ComingSoonPage } from "./lazyScreens.ts";
import { PAGES } from "./pages.tsx";

/** The page of a route path of spec §2 (lazy), or the plain page naming a route not built yet. */
export function PageFor({ path }: { readonly path: string }) {
  const Page = PAGES[path];
  return Page ? <Page /> : <ComingSoonPage />;
}
