import ErrorBlock from "antd-mobile/es/components/error-block";
import Button from "antd-mobile/es/components/button";
import { observer } from "mobx-react-lite";
import { useStores } from "../app/StoresContext.tsx";

/** A failure in place of a page (a crash, a load that failed with nothing to show), with retry. */
export const PageError = observer(function PageError({ title, description, onRetry }: { readonly title?: string; readonly description: string; readonly onRetry?: () => void }) {
  const { i18n } = useStores();
  return (
    <ErrorBlock status="default" title={title ?? i18n.t("crashTitle")} description={<span role="alert">{description}</span>}>
      {onRetry ? (
        <Button color="primary" onClick={onRetry}>
          {i18n.t("retry")}
        </Button>
      ) : null}
    </ErrorBlock>
  );
});
