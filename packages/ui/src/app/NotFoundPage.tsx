import ErrorBlock from "antd-mobile/es/components/error-block";
import Button from "antd-mobile/es/components/button";
import { observer } from "mobx-react-lite";
import { useLocation, useNavigate } from "../router/index.tsx";
import { useStores } from "../stores/StoresContext.tsx";

/** A path that is no route of spec §2. */
export const NotFoundPage = observer(function NotFoundPage() {
  const { i18n } = useStores();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <main className="page">
      <ErrorBlock status="empty" title={<h1 className="error-title">{i18n.t("notFoundTitle")}</h1>} description={i18n.t("notFoundBody", { path: pathname })}>
        <Button color="primary" onClick={() => navigate("/", { replace: true })}>
          {i18n.t("goHome")}
        </Button>
      </ErrorBlock>
    </main>
  );
});
