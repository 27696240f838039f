import { lazy } from "react";

/**
 * Screens no first screen needs, each in its own chunk (docs/performance.md): the not-found page,
 * and antd-mobile's ErrorBlock (four inline illustrations) behind the crash screen. Rendered
 * inside a <Suspense>.
 */
export const NotFoundPage = lazy(() => import("./NotFoundPage.tsx").then((m) => ({ default: m.NotFoundPage })));
export const loadPageError = () => import("../components/PageErrorBlock.tsx");
export const PageError = lazy(() => loadPageError().then((m) => ({ default: m.PageErrorBlock })));
