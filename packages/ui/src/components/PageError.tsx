import Button from "antd-mobile/es/components/button";
import { observer } from "mobx-react-lite";
import { lazy, Suspense } from "react";
import { useStores } from "../stores/StoresContext.tsx";

export interface PageErrorProps {
  readonly title?: string;
  readonly description: string;
  readonly onRetry?: () => void;
}

// antd-mobile's ErrorBlock carries four inline illustrations (~10 KB gzip): a page that only may
// fail should not wait for them before its first paint (docs/performance.md, issue 23), so it
// comes on the first failure; meanwhile the same words and retry show without the picture.
const PageErrorBlock = lazy(() => import("./PageErrorBlock.tsx").then((m) => ({ default: m.PageErrorBlock })));

/** A failure in place of a page (a crash, a load that failed with nothing to show), with retry. */
export function PageError(props: PageErrorProps) {
  return (
    <Suspense fallback={<PlainPageError {...props} />}>
      <PageErrorBlock {...props} />
    </Suspense>
  );
}

const PlainPageError = observer(function PlainPageError({ title, description, onRetry }: PageErrorProps) {
  const { i18n } = useStores();
  return (
    <div className="adm-error-block" style={{ textAlign: "center", padding: "24px 16px" }}>
      <div className="adm-error-block-description">
        <div className="adm-error-block-description-title">{title ?? i18n.t("crashTitle")}</div>
        <div className="adm-error-block-description-subtitle">
          <span role="alert">{description}</span>
        </div>
      </div>
      {onRetry ? (
        <div className="adm-error-block-content">
          <Button color="primary" onClick={onRetry}>
            {i18n.t("retry")}
          </Button>
        </div>
      ) : null}
    </div>
  );
});
