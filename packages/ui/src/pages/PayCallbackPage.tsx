import Button from "antd-mobile/es/components/button";
import ErrorBlock from "antd-mobile/es/components/error-block";
import { observer } from "mobx-react-lite";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useStores } from "../app/StoresContext.tsx";
import { RedemptionQr } from "../components/order/RedemptionQr.tsx";
import { Page } from "../components/Page.tsx";
import "../components/order/order.css";

/**
 * Spec §2 /paycallback?sub_mch_id=&out_trade_no=&check_code=: where the channel sends the customer
 * after paying. The redemption code (`check_code`) as a QR and as text, the order number
 * (`out_trade_no`), and a way to the order in the order list.
 */
export default observer(function PayCallbackPage() {
  const { i18n } = useStores();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get("check_code")?.trim() ?? "";
  const orderNumber = params.get("out_trade_no")?.trim() ?? "";
  return (
    <Page backTo="/orderlist">
      {code === "" ? (
        <ErrorBlock status="empty" title={i18n.t("order.noRedemptionCode")} description="">
          <Button color="primary" onClick={() => navigate("/orderlist")}>
            {i18n.t("order.viewOrders")}
          </Button>
        </ErrorBlock>
      ) : (
        <>
          <p className="redemption-hint">{i18n.t("order.redemptionHint")}</p>
          <RedemptionQr code={code} />
          {orderNumber === "" ? null : <p className="redemption-order">{i18n.t("order.orderNumber", { number: orderNumber })}</p>}
          <Link className="order-follow-up" to="/orderlist">
            {i18n.t("order.viewOrders")}
          </Link>
        </>
      )}
    </Page>
  );
});
