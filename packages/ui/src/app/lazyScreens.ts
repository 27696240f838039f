import { lazy } from "react";

/**
 * The page of a route not built yet, in its own chunk: the first screen of a route that has its
 * page does not need it (docs/performance.md). Rendered inside the routes' <Suspense>.
 */
export const ComingSoonPage = lazy(() => import("./ComingSoonPage.tsx").then((m) => ({ default: m.ComingSoonPage })));
