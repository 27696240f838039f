import { Routes } from "@fuel/domain";
import { Suspense, useEffect, useLayoutEffect, useState, type ReactNode } from "react";
import { useLocation } from "../router/index.tsx";
import { Guarded } from "./Guarded.tsx";
import { PageShownContext } from "../components/PageShown.ts";
import { PageFor } from "./PageFor.tsx";
import { PageSkeleton } from "../components/PageSkeleton.tsx";

/** Scroll positions of the kept-alive pages, by route path, for this visit. */
const scrollTops = new Map<string, number>();

/**
 * While its page shows, remembers how far it is scrolled; when it shows again, scrolls back there.
 * A hidden page stays mounted with its effects (unlike React's <Activity>, which cleaned them up),
 * so this listens only while `shown`: the other pages' scrolling is not this page's position.
 */
function ScrollKeeper({ path, shown }: { readonly path: string; readonly shown: boolean }) {
  useLayoutEffect(() => {
    if (!shown) return;
    window.scrollTo(0, scrollTops.get(path) ?? 0);
    const remember = () => scrollTops.set(path, window.scrollY);
    window.addEventListener("scroll", remember, { passive: true });
    return () => window.removeEventListener("scroll", remember);
  }, [path, shown]);
  return null;
}

/**
 * Spec §2 "(kept alive)": /stationlist, /citylist and /testStationlist keep their state and scroll
 * position when the customer leaves and comes back. Each visited one stays mounted, its DOM and
 * component state kept, in a wrapper that is `hidden` (display: none) while another page shows and
 * `display: contents` (no box of its own, so the page lays out as if it were not there) while it
 * shows; its data is in MobX stores. The app runs on Preact (docs/decisions/0005-preact.md), which
 * has no React 19 <Activity>: this wrapper stands in for it. Unlike <Activity> it leaves a hidden
 * page's effects running: the pages' effects that should run again on a return depend on
 * `usePageShown()` (PageShown.ts), and the scroll keeper listens only while its page shows.
 */
export function KeptAlivePages(): ReactNode {
  const { pathname } = useLocation();
  const current = Routes.matchRoute(pathname);
  const [visited, setVisited] = useState<ReadonlyArray<string>>([]);
  const currentKept = current?.keepAlive === true ? current.path : undefined;
  const shown = currentKept !== undefined && !visited.includes(currentKept) ? [...visited, currentKept] : visited;
  useEffect(() => {
    if (currentKept !== undefined) setVisited((v) => (v.includes(currentKept) ? v : [...v, currentKept]));
  }, [currentKept]);
  return shown.map((path) => {
    const visible = path === currentKept;
    return (
      <div key={path} className="kept-alive" data-kept-alive={path} hidden={!visible} style={{ display: visible ? "contents" : "none" }}>
        {/* Outside the page's Suspense: inside it, on the first visit (the page's chunk loading), Preact's Suspense cleaned up its listener and never ran its effect again (test/app/KeptAlive.test.tsx). */}
        <ScrollKeeper path={path} shown={visible} />
        <PageShownContext.Provider value={visible}>
          <Suspense fallback={<PageSkeleton />}>
            <Guarded {...(visible ? {} : { hiddenAt: path })}>
              <PageFor path={path} />
            </Guarded>
          </Suspense>
        </PageShownContext.Provider>
      </div>
    );
  });
}
