import { Routes } from "@fuel/domain";
import TabBar from "antd-mobile/es/components/tab-bar";
import PayCircleOutline from "antd-mobile-icons/es/PayCircleOutline";
import EnvironmentOutline from "antd-mobile-icons/es/EnvironmentOutline";
import UserOutline from "antd-mobile-icons/es/UserOutline";
import { observer } from "mobx-react-lite";
import { useLocation, useNavigate } from "react-router";
import { useStores } from "./StoresContext.tsx";

/** The tab bar's pages: the routes of spec §2 whose `tabBar` flag is set, in this order. */
const TABS = [
  { path: "/recharge2", label: "tabRecharge", icon: <PayCircleOutline /> },
  { path: "/rechargeStationList", label: "tabStations", icon: <EnvironmentOutline /> },
  { path: "/personal", label: "tabMe", icon: <UserOutline /> },
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
