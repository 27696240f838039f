import { Routes } from "@fuel/domain";
import { observer } from "mobx-react-lite";
import type { ReactNode } from "react";
import { Navigate, useLocation } from "../router/index.tsx";
import { useStores } from "../stores/StoresContext.tsx";

/**
 * Spec §2's router guard, as the domain decides it (`Routes.guard`): allow, or redirect (replacing
 * the history entry, so Back does not bounce into the guard again). It re-runs when the session
 * changes, so a logout or an ended session moves the customer off a protected page at once.
 */
export const Guarded = observer(function Guarded({ children, hiddenAt }: { readonly children: ReactNode; readonly hiddenAt?: string }) {
  const { session } = useStores();
  const { pathname, search } = useLocation();
  // A kept-alive page hidden behind the current one (KeptAlive.tsx) is guarded at its own route,
  // and a refusal drops it rather than navigating: the current page's own guard decides where to go.
  if (hiddenAt !== undefined) return Routes.guard(hiddenAt, session.facts)._tag === "Redirect" ? null : <>{children}</>;
  const decision = Routes.guard(pathname, session.facts);
  if (decision._tag === "Redirect") return <Navigate to={decision.to} replace state={{ from: `${pathname}${search}` }} />;
  return <>{children}</>;
});
