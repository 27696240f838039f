import { Routes as RouteTable } from "@fuel/domain";
import { Suspense, useLayoutEffect } from "react";
import { Route, Routes, useLocation } from "../router/index.tsx";
import { PageSkeleton } from "../components/PageSkeleton.tsx";
import { Guarded } from "./Guarded.tsx";
import { NotFoundPage } from "./lazyScreens.ts";
import { PageFor } from "./PageFor.tsx";

/** A newly opened page starts at its top (kept-alive pages restore their own position). */
function ScrollToTop() {
  const { pathname } = useLocation();
  // A block body: Chromium's scrollTo answers a Promise, which React would take for a cleanup and
  // crash calling it when the route changes ("destroy_ is not a function").
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/**
 * Every route of spec §2, generated from the domain's route table, behind the guard. Kept-alive
 * routes render nothing here: <KeptAlivePages> holds them.
 */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Routes>
        {RouteTable.ROUTES.map((route) => (
          <Route
            key={route.path}
            path={route.path}
            element={
              route.keepAlive ? null : (
                <Guarded>
                  <ScrollToTop />
                  <PageFor path={route.path} />
                </Guarded>
              )
            }
          />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
