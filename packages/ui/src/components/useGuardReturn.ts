import { useEffect } from "react";
import { useLocation } from "../router/index.tsx";
import { useStores } from "../stores/StoresContext.tsx";

/**
 * Issue 25: the guard (app/Guarded.tsx) sent the customer here from a protected page, with that
 * page as the navigation's `from`: keep it, so signing in (/login) or activating (/activated) leads
 * back there. The session keeps it only when `Routes.isSafeReturnPath` allows.
 */
export const useGuardReturn = (): void => {
  const { session } = useStores();
  const { state } = useLocation();
  const from = (state as { readonly from?: unknown } | null)?.from;
  useEffect(() => {
    if (typeof from === "string") session.keepReturn(from);
  }, [session, from]);
};
