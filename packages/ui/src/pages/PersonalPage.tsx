import { Phone, Routes, type Order } from "@fuel/domain";
import Avatar from "antd-mobile/es/components/avatar";
import Button from "antd-mobile/es/components/button";
import Card from "antd-mobile/es/components/card";
import Grid from "antd-mobile/es/components/grid";
import List from "antd-mobile/es/components/list";
import Skeleton from "antd-mobile/es/components/skeleton";
import CheckCircleOutline from "antd-mobile-icons/es/CheckCircleOutline";
import ClockCircleOutline from "antd-mobile-icons/es/ClockCircleOutline";
import CloseCircleOutline from "antd-mobile-icons/es/CloseCircleOutline";
import BankcardOutline from "antd-mobile-icons/es/BankcardOutline";
import CouponOutline from "antd-mobile-icons/es/CouponOutline";
import FileOutline from "antd-mobile-icons/es/FileOutline";
import PayCircleOutline from "antd-mobile-icons/es/PayCircleOutline";
import PhonebookOutline from "antd-mobile-icons/es/PhonebookOutline";
import SetOutline from "antd-mobile-icons/es/SetOutline";
import SystemQRcodeOutline from "antd-mobile-icons/es/SystemQRcodeOutline";
import { observer } from "mobx-react-lite";
import { useEffect, useState, type ComponentType } from "react";
import { Link } from "../router/index.tsx";
import { useStores } from "../stores/StoresContext.tsx";
import type { UiKey } from "../i18n/catalogue.ts";
import { FollowUsPopup } from "../components/FollowUsPopup.tsx";
import { Page } from "../components/Page.tsx";
import { RowLink } from "../components/RowLink.tsx";
import { BuyDieselEntry } from "../components/journeys/BuyDieselEntry.tsx";
import { valueOf } from "../stores/Load.ts";
import "./account.css";
import { describeError } from "../stores/messages.ts";

/** The order shortcuts: every tab of the order list but 'all' (that one is the card's header link). */
const SHORTCUTS: ReadonlyArray<{ readonly tab: Order.OrderListTab; readonly label: UiKey; readonly Icon: ComponentType<{ readonly fontSize?: number }> }> = [
  { tab: "unpaid", label: "personalOrdersUnpaid", Icon: PayCircleOutline },
  { tab: "unused", label: "personalOrdersUnused", Icon: ClockCircleOutline },
  { tab: "used", label: "personalOrdersUsed", Icon: CheckCircleOutline },
  { tab: "expired", label: "personalOrdersExpired", Icon: CloseCircleOutline },
];

/** The name, avatar and masked phone; its box has one height whether loading, loaded or failed, so nothing below moves. */
const ProfileHeader = observer(function ProfileHeader() {
  const { i18n, session } = useStores();
  useEffect(() => {
    if (session.user._tag === "Idle") void session.loadUser();
  }, [session]);
  const user = valueOf(session.user);
  if (user === undefined && session.user._tag === "Failed") {
    return (
      <div className="profile profile-failed">
        <p role="alert">{describeError(session.user.error, i18n)}</p>
        <Button size="small" color="primary" onClick={() => void session.loadUser()}>
          {i18n.t("retry")}
        </Button>
      </div>
    );
  }
  if (user === undefined) {
    return (
      <div className="profile" aria-busy="true" aria-label={i18n.t("loading")}>
        <Skeleton animated className="profile-avatar-skeleton" />
        <div className="profile-text">
          <Skeleton.Title animated className="profile-name-skeleton" />
          <Skeleton.Paragraph lineCount={1} animated />
        </div>
      </div>
    );
  }
  return (
    <div className="profile">
      <Avatar src={user.avatar_url} alt={i18n.t("personalAvatar", { name: user.name })} className="profile-avatar" />
      <div className="profile-text">
        <h2 className="profile-name">{user.name}</h2>
        <p className="profile-phone">
          {user.phone === null ? i18n.t("personalPhoneNotBound") : i18n.t("personalPhone", { phone: Phone.mask(user.phone) })}
        </p>
      </div>
    </div>
  );
});

/** /personal: profile, order shortcuts by status, my invoices (issue 35), coupons, contact, the follow-us QR, settings (spec §2). */
export default observer(function PersonalPage() {
  const { i18n } = useStores();
  const [following, setFollowing] = useState(false);
  return (
    <Page tabBar back={false}>
      <ProfileHeader />
      {/* Where spec §4's sign-in ends: buying diesel one tap away (issue 25). */}
      <BuyDieselEntry prominent />
      <Card
        className="orders-card"
        title={<h2 className="card-title">{i18n.t("personalOrders")}</h2>}
        extra={
          <Link to={Routes.orderListPath("all")} className="tap card-extra-link">
            {i18n.t("personalAllOrders")}
          </Link>
        }
      >
        <Grid columns={4}>
          {SHORTCUTS.map(({ tab, label, Icon }) => (
            <Grid.Item key={tab}>
              <Link to={Routes.orderListPath(tab)} className="order-shortcut">
                <Icon fontSize={26} />
                <span>{i18n.t(label)}</span>
              </Link>
            </Grid.Item>
          ))}
        </Grid>
      </Card>
      <List mode="card">
        <RowLink to={Routes.HOME_PATH} prefix={<BankcardOutline fontSize={22} />}>
          {i18n.t("personalCards")}
        </RowLink>
        {/* Issue 35: 我的发票, beside the orders it invoices. */}
        <RowLink to={Routes.INVOICES_PATH} prefix={<FileOutline fontSize={22} />}>
          {i18n.t("invoices.personalRow")}
        </RowLink>
        <RowLink to="/coupons" prefix={<CouponOutline fontSize={22} />}>
          {i18n.t("personalCoupons")}
        </RowLink>
        <RowLink to="/contact" prefix={<PhonebookOutline fontSize={22} />}>
          {i18n.t("personalContact")}
        </RowLink>
        <RowLink onPress={() => setFollowing(true)} prefix={<SystemQRcodeOutline fontSize={22} />}>
          {i18n.t("personalFollowUs")}
        </RowLink>
        <RowLink to="/setting" prefix={<SetOutline fontSize={22} />}>
          {i18n.t("personalSettings")}
        </RowLink>
      </List>
      <FollowUsPopup visible={following} onClose={() => setFollowing(false)} />
    </Page>
  );
});
