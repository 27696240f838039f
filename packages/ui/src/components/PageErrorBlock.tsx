import ErrorBlock from "antd-mobile/es/components/error-block";
import Button from "antd-mobile/es/components/button";
import { observer } from "mobx-react-lite";
import { useStores } from "../stores/StoresContext.tsx";

/** antd-mobile's ErrorBlock with its illustration, behind ./PageError.tsx's lazy boundary. */
export const PageErrorBlock = observer(function PageErrorBlock({ title, description, onRetry }: { readonly title?: string; readonly description: string; readonly onRetry?: () => void }) {
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
