import RightOutline from "antd-mobile-icons/es/RightOutline";
import { Routes } from "@fuel/domain";
import { observer } from "mobx-react-lite";
import { Link } from "../../router/index.tsx";
import { useStores } from "../../stores/StoresContext.tsx";
import "./journeys.css";

/**
 * The way to buy diesel (issue 25): a link to the station list, where each station's go-fuel opens
 * its order form, so the form is two taps from where it is placed. `prominent` is the landing
 * page's full-width card; otherwise a plain button-like link for an empty state.
 */
export const BuyDieselEntry = observer(function BuyDieselEntry({ prominent = false }: { readonly prominent?: boolean }) {
  const { i18n } = useStores();
  if (!prominent) {
    return (
      <Link to={Routes.STATION_LIST_PATH} className="buy-diesel-button">
        {i18n.t("buyDiesel")}
      </Link>
    );
  }
  return (
    <Link to={Routes.STATION_LIST_PATH} className="buy-diesel-card">
      <span className="buy-diesel-mark" aria-hidden="true">
        0#
      </span>
      <span className="buy-diesel-text">
        <strong>{i18n.t("buyDiesel")}</strong>
        <span>{i18n.t("buyDieselHint")}</span>
      </span>
      <RightOutline className="buy-diesel-arrow" aria-hidden="true" />
    </Link>
  );
});
