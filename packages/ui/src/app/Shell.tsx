import { observer } from "mobx-react-lite";
import { useLocation } from "../router/index.tsx";
import { AppRoutes } from "./AppRoutes.tsx";
import { BottomTabBar } from "./BottomTabBar.tsx";
import { CrashScreen, PrefetchCrashScreen } from "./CrashScreen.tsx";
import { DocumentTitle } from "./DocumentTitle.tsx";
import { ErrorBoundary } from "./ErrorBoundary.tsx";
import { FollowNavigation } from "./FollowNavigation.tsx";
import { KeptAlivePages } from "./KeptAlive.tsx";
import { Notices } from "./Notices.tsx";

/** The frame around every page: routes, kept-alive pages, the tab bar, notices and the crash screen. */
export const Shell = observer(function Shell() {
  const { pathname } = useLocation();
  return (
    <>
      <FollowNavigation />
      <DocumentTitle />
      <ErrorBoundary resetKey={pathname} fallback={(retry) => <CrashScreen onRetry={retry} />}>
        <KeptAlivePages />
        <AppRoutes />
      </ErrorBoundary>
      <BottomTabBar />
      <Notices />
      <PrefetchCrashScreen />
    </>
  );
});
