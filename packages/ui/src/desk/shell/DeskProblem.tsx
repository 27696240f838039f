import Button from "antd-mobile/es/components/button";
import ErrorBlock from "antd-mobile/es/components/error-block";
import { observer } from "mobx-react-lite";
import { useDesk } from "../stores/DeskContext.tsx";

/** A screen that could not load: why, in the staff member's words, and a retry when there is one. */
export const DeskProblem = observer(function DeskProblem({ text, onRetry }: { readonly text: string; readonly onRetry?: () => void }) {
  const { i18n } = useDesk();
  return (
    <ErrorBlock status="default" title="" description={<span role="alert">{text}</span>}>
      {onRetry === undefined ? null : (
        <Button color="primary" onClick={onRetry}>
          {i18n.t("desk.retry")}
        </Button>
      )}
    </ErrorBlock>
  );
});
