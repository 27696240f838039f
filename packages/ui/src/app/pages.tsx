import { lazy, type ComponentType, type LazyExoticComponent } from "react";

void lazy; // each page is added as `"/path": lazy(() => import("../pages/XxxPage.tsx"))`

/**
 * The page of each route of spec §2, each in its own chunk (`React.lazy`), so the first screen
 * loads only its own code. A route missing here shows <ComingSoonPage> naming the route.
 */
export const PAGES: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {};
