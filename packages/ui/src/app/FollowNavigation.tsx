import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useLocation, useNavigate } from "../router/index.tsx";
import { useStores } from "../stores/StoresContext.tsx";

/** Performs the navigation a store asked for (see NavigationStore), with the router: no page load. */
export const FollowNavigation = observer(function FollowNavigation() {
  const { navigation } = useStores();
  const navigate = useNavigate();
  const pending = navigation.pending;
  // Which page is on screen, for a store that must bring the customer back to it (an ended session).
  const { pathname, search } = useLocation();
  useEffect(() => navigation.at(`${pathname}${search}`), [navigation, pathname, search]);
  useEffect(() => {
    if (pending === undefined) return;
    navigate(pending.to, { replace: pending.replace });
    navigation.done(pending.id);
  }, [pending, navigate, navigation]);
  return null;
});
