import { lazy, type ComponentType, type LazyExoticComponent } from "react";

/**
 * The page of each route of spec §2, each in its own chunk (`React.lazy`), so the first screen
 * loads only its own code. A route missing here shows <ComingSoonPage> naming the route.
 */
export const PAGES: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  "/stationlist": lazy(() => import("../pages/StationListPage.tsx")),
  "/testStationlist": lazy(() => import("../pages/StationListPage.tsx")),
  "/citylist": lazy(() => import("../pages/CityListPage.tsx")),
  "/stationmap": lazy(() => import("../pages/StationMapPage.tsx")),
};
