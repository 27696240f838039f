import Button from "antd-mobile/es/components/button";
import DotLoading from "antd-mobile/es/components/dot-loading";
import { observer } from "mobx-react-lite";
import type { ReactNode } from "react";
import { valueOf, type Load } from "../../stores/Load.ts";
import { DeskProblem } from "../shell/DeskProblem.tsx";
import { useDesk } from "../stores/DeskContext.tsx";

interface LoadedOrProps {
  readonly load: Load<unknown>;
  /** Why the last load failed, in the admin's words. */
  readonly problemText: string | undefined;
  readonly onRetry: () => void;
  /** Shown once something is loaded (children read the store themselves). */
  readonly children: ReactNode;
}

/**
 * A people list's states: loading, failed with nothing to show (why, and retry), or the list; a
 * failed reload keeps the list on screen above a note that it may be out of date.
 */
export const LoadedOr = observer(function LoadedOr({ load, problemText, onRetry, children }: LoadedOrProps) {
  const { i18n } = useDesk();
  if (valueOf(load) === undefined) {
    if (load._tag === "Failed") return <DeskProblem text={problemText ?? i18n.t("desk.people.loadFailed")} onRetry={onRetry} />;
    return (
      <div className="desk-loading" role="status" aria-label={i18n.t("desk.loading")}>
        <DotLoading color="primary" />
      </div>
    );
  }
  return (
    <>
      {load._tag === "Failed" ? (
        <div className="people-stale">
          <p className="desk-error" role="alert">
            {problemText}
          </p>
          <Button size="small" onClick={onRetry}>
            {i18n.t("desk.retry")}
          </Button>
        </div>
      ) : null}
      {children}
    </>
  );
});
