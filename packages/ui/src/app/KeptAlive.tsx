import { Routes } from "@fuel/domain";
import { Activity, Suspense, useEffect, useLayoutEffect, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { Guarded } from "./Guarded.tsx";
import { PageFor } from "./PageFor.tsx";
import { PageSkeleton } from "../components/PageSkeleton.tsx";

/** Scroll positions of the kept-alive pages, by route path, for this visit. */
const scrollTops = new Map<string, number>();

/** While its page is visible, remembers how far it is scrolled; when it shows again, scrolls back there. */
function ScrollKeeper({ path }: { readonly path: string }) {
  useLayoutEffect(() => {
    window.scrollTo(0, scrollTops.get(path) ?? 0);
    const remember = () => scrollTops.set(path, window.scrollY);
    window.addEventListener("scroll", remember, { passive: true });
    return () => window.removeEventListener("scroll", remember);
  }, [path]);
  return null;
}

/**
 * Spec §2 "(kept alive)": /stationlist, /citylist and /testStationlist keep their state and scroll
 * position when the customer leaves and comes back. Each visited one stays mounted inside React's
 * <Activity>, hidden while another page shows (DESIGN §2), its data in MobX stores.
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
  return shown.map((path) => (
    <Activity key={path} mode={path === currentKept ? "visible" : "hidden"} name={path}>
      <Suspense fallback={<PageSkeleton />}>
        <ScrollKeeper path={path} />
        <Guarded>
          <PageFor path={path} />
        </Guarded>
      </Suspense>
    </Activity>
  ));
}
