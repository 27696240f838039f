import Empty from "antd-mobile/es/components/empty";
import { observer } from "mobx-react-lite";
import { useStores } from "../stores/StoresContext.tsx";
import { Page } from "../components/Page.tsx";
import { BuyDieselEntry } from "../components/journeys/BuyDieselEntry.tsx";
import "./account.css";

/** /coupons: there are no coupons in this product; the list is empty and says so (spec §2), with a next step (issue 25). */
export default observer(function CouponsPage() {
  const { i18n } = useStores();
  return (
    <Page backTo="/personal">
      <Empty className="coupons-empty" description={<span role="status">{i18n.t("couponsEmpty")}</span>} />
      <div className="empty-next">
        <BuyDieselEntry />
      </div>
    </Page>
  );
});
