import { Routes } from "@fuel/domain";
import TabBar from "antd-mobile/es/components/tab-bar";
import PayCircleOutline from "antd-mobile-icons/es/PayCircleOutline";
import EnvironmentOutline from "antd-mobile-icons/es/EnvironmentOutline";
import UserOutline from "antd-mobile-icons/es/UserOutline";
import { observer } from "mobx-react-lite";
import { useLocation, useNavigate } from "../router/index.tsx";
import { useStores } from "../stores/StoresContext.tsx";

/**
 * The tab bar's pages, in spec §2's order and words: card recharge (/rechargeStationList), entity
 * card (/recharge2), personal center (/personal). The card page (/recharge/*, the home after
 * sign-in) shows the bar too, with no tab of its own: it is reached from the personal center.
 */
const TABS = [
  { path: "/rechargeStationList", label: "tabCardRecharge", icon: <EnvironmentOutline /> },
  { path: "/recharge2", label: "tabEntityCard", icon: <PayCircleOutline /> },
  { path: "/personal", label: "tabPersonal", icon: <UserOutline /> },
] as const;

/** The bottom tab bar, shown on the pages whose route has the `tabBar` flag (spec §2). */
export const BottomTabBar = observer(function BottomTabBar() {
  const { i18n } = useStores();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const route = Routes.matchRoute(pathname);
  if (route?.tabBar !== true) return null;
  return (
    <nav className="tab-bar" aria-label={i18n.t("appName")}>
      <TabBar activeKey={route.path} onChange={(key) => navigate(key)} safeArea>
        {TABS.map((tab) => (
          <TabBar.Item key={tab.path} icon={tab.icon} title={i18n.t(tab.label)} />
        ))}
      </TabBar>
    </nav>
  );
});
