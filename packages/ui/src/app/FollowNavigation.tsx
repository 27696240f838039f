import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useNavigate } from "../router/index.tsx";
import { useStores } from "../stores/StoresContext.tsx";

/** Performs the navigation a store asked for (see NavigationStore), with the router: no page load. */
export const FollowNavigation = observer(function FollowNavigation() {
  const { navigation } = useStores();
  const navigate = useNavigate();
  const pending = navigation.pending;
  useEffect(() => {
    if (pending === undefined) return;
    navigate(pending.to, { replace: pending.replace });
    navigation.done(pending.id);
  }, [pending, navigate, navigation]);
  return null;
});
