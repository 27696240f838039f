import Button from "antd-mobile/es/components/button";
import ErrorBlock from "antd-mobile/es/components/error-block";
import Skeleton from "antd-mobile/es/components/skeleton";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { Link, useNavigate, useSearchParams } from "../router/index.tsx";
import { useStore, useStores } from "../stores/StoresContext.tsx";
import { PageError } from "../components/PageError.tsx";
import { RedemptionQr } from "../components/order/RedemptionQr.tsx";
import { Page } from "../components/Page.tsx";
import { payCallbackStore } from "../stores/orders/PayCallbackStore.ts";
import "../components/order/order.css";
import { describeError } from "../stores/messages.ts";

/**
 * Spec §2 /paycallback?sub_mch_id=&out_trade_no=&check_code=: where the channel sends the customer
 * after paying. Issue 22: the link's `check_code` is not trusted; the page shows the code the
 * server holds for the customer's order `out_trade_no` (as a QR and as text), says so when the
 * server confirms none, and offers a retry when it cannot be reached.
 */
export default observer(function PayCallbackPage() {
  const { i18n } = useStores();
  const store = useStore(payCallbackStore);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const orderNumber = params.get("out_trade_no") ?? "";
  useEffect(() => {
    void store.check(orderNumber);
  }, [store, orderNumber]);

  const toOrders = (
    <Button color="primary" onClick={() => navigate("/orderlist")}>
      {i18n.t("order.viewOrders")}
    </Button>
  );
  const view = store.view;
  return (
    <Page backTo="/orderlist">
      {view._tag === "Idle" || view._tag === "Checking" ? (
        <div aria-busy="true" data-testid="code-checking">
          <p className="redemption-hint">{i18n.t("order.checkingCode")}</p>
          <div className="redemption">
            <Skeleton animated className="redemption-qr" />
          </div>
          <Skeleton.Paragraph lineCount={2} animated />
        </div>
      ) : view._tag === "NoOrder" ? (
        <ErrorBlock status="empty" title={i18n.t("order.noRedemptionCode")} description="">
          {toOrders}
        </ErrorBlock>
      ) : view._tag === "Refused" ? (
        <ErrorBlock status="empty" title={<span role="alert">{describeError(view.error, i18n)}</span>} description="">
          {toOrders}
        </ErrorBlock>
      ) : view._tag === "Failed" ? (
        <>
          <PageError title={i18n.t("order.codeNotConfirmed")} description={describeError(view.error, i18n)} onRetry={() => void store.retry()} />
          <Link className="order-follow-up centred" to="/orderlist">
            {i18n.t("order.viewOrders")}
          </Link>
        </>
      ) : (
        <>
          <p className="redemption-hint">{i18n.t("order.redemptionHint")}</p>
          <RedemptionQr code={view.code} />
          <p className="redemption-order">{i18n.t("order.orderNumber", { number: view.orderNumber })}</p>
          <Link className="order-follow-up" to="/orderlist">
            {i18n.t("order.viewOrders")}
          </Link>
        </>
      )}
    </Page>
  );
});
