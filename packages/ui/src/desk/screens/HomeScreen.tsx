import List from "antd-mobile/es/components/list";
import { observer } from "mobx-react-lite";
import { RowLink } from "../../components/RowLink.tsx";
import { Navigate, useLocation } from "../../router/index.tsx";
import { DESK_ROUTES, landingTool, menuAsked } from "../deskRoutes.ts";
import { DeskPage } from "../shell/DeskPage.tsx";
import { useDesk } from "../stores/DeskContext.tsx";

/**
 * The desk's menu: who is signed in, the tools their role may use (`Staff.may`), password,
 * sign-out. A staff member with one tool (a cashier) opens straight on it (issue 34) and comes
 * here only by that tool's back button.
 */
export const HomeScreen = observer(function HomeScreen() {
  const { i18n, session } = useDesk();
  const location = useLocation();
  const me = session.me;
  if (me == null) return null;
  const sole = landingTool(session.may);
  if (sole !== undefined && !menuAsked(location.state)) return <Navigate to={sole.path} replace />;
  return (
    <DeskPage title={i18n.t("desk.title")} back={false}>
      <p className="desk-who">{i18n.t("desk.signedInAs", { name: me.name, role: i18n.t(`desk.role.${me.role}`) })}</p>
      <List>
        {DESK_ROUTES.filter((route) => session.may(route.action)).map((route) => (
          <RowLink key={route.path} to={route.path}>
            {i18n.t(route.title)}
          </RowLink>
        ))}
      </List>
      <List className="desk-account">
        <RowLink to="/desk/password">{i18n.t("desk.changePassword")}</RowLink>
        <RowLink onPress={() => void session.signOut()}>{i18n.t("desk.signOut")}</RowLink>
      </List>
    </DeskPage>
  );
});
