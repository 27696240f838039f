import { Constants } from "@fuel/domain";
import type { PayType } from "@fuel/domain/api";
import Button from "antd-mobile/es/components/button";
import Radio from "antd-mobile/es/components/radio";
import Skeleton from "antd-mobile/es/components/skeleton";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useSearchParams } from "../router/index.tsx";
import { useStore, useStores } from "../stores/StoresContext.tsx";
import { AmountEntry } from "../components/order/AmountEntry.tsx";
import { OrderField } from "../components/order/OrderField.tsx";
import { StationSummary } from "../components/order/StationSummary.tsx";
import { Page } from "../components/Page.tsx";
import { PageError } from "../components/PageError.tsx";
import { fuelDraftStore } from "../stores/FuelDraftStore.ts";
import "../components/forms/forms.css";
import "../components/stations/stations.css";
import "../components/order/order.css";
import { StoreForm, StoreFormItem } from "../components/forms/StoreForm.tsx";
import { describeError } from "../stores/messages.ts";
import { PHONE_INPUT } from "../components/forms/phoneInput.ts";

/** The remark's limit: the contract's line of text. */
const REMARK_MAX = 256;

/**
 * Spec §1: diesel 0# selectable, gasoline 92/95/98 shown disabled, all four on one row with one
 * line saying why (issue 25: three disabled rows pushed 'continue' below the fold at 360x640).
 */
const FuelTypes = observer(function FuelTypes() {
  const fuelDraft = useStore(fuelDraftStore);
  const { i18n } = useStores();
  return (
    <StoreFormItem label={<span id="fuel-type-label">{i18n.t("order.fuelType")}</span>}>
      <Radio.Group value={fuelDraft.sellsDiesel === false ? null : Constants.DIESEL_0}>
        <div role="radiogroup" aria-labelledby="fuel-type-label" aria-describedby="fuel-type-note" className="fuel-types">
          {fuelDraft.fuelTypes.map(({ gasType, buyable }) => (
            <Radio key={gasType} value={gasType} disabled={!buyable || fuelDraft.sellsDiesel === false}>
              {gasType}
            </Radio>
          ))}
        </div>
      </Radio.Group>
      <p id="fuel-type-note" className="fuel-type-note">
        {i18n.t("order.onlyDiesel", { gasType: Constants.DIESEL_0 })}
      </p>
    </StoreFormItem>
  );
});

/** A closed station still takes the order; this says when it opens, so paying now is a choice made knowingly. */
const ClosedNotice = observer(function ClosedNotice() {
  const fuelDraft = useStore(fuelDraftStore);
  const { i18n } = useStores();
  const opensAt = fuelDraft.opensAt;
  if (opensAt === undefined) return null;
  return (
    <p className="order-closed-notice" role="status">
      {i18n.t("order.closedNotice", { time: opensAt })}
    </p>
  );
});

/** The form under the station: fuel type, amount with its breakdown, phone, remark, continue. */
const OrderForm = observer(function OrderForm() {
  const fuelDraft = useStore(fuelDraftStore);
  const { i18n } = useStores();
  const noDiesel = fuelDraft.sellsDiesel === false;
  return (
    <StoreForm
      className="order-form"
      onSubmit={fuelDraft.proceed}
      footer={
        <div className="form-footer">
          <Button block type="submit" color="primary" size="large" disabled={noDiesel} aria-describedby={noDiesel ? "no-diesel" : undefined}>
            {i18n.t("order.continue")}
          </Button>
        </div>
      }
    >
      <FuelTypes />
      <AmountEntry />
      <OrderField
        id="order-phone"
        label={i18n.t("order.phone")}
        hint={i18n.t("order.phoneHint", { n: Constants.PHONE_LENGTH })}
        error={fuelDraft.phoneError}
        value={fuelDraft.phone}
        onChange={fuelDraft.setPhone}
        input={{ ...PHONE_INPUT, clearable: true }}
      />
      <OrderField
        id="order-remark"
        label={i18n.t("order.remark")}
        hint={i18n.t("order.remarkHint", { n: REMARK_MAX })}
        error={undefined}
        required={false}
        value={fuelDraft.remark}
        onChange={fuelDraft.setRemark}
        input={{ maxLength: REMARK_MAX, autoComplete: "off", clearable: true }}
      />
    </StoreForm>
  );
});

/**
 * Spec §2 /oneKeyGas?station_id=<id>: the station and its prices, the fuel types, the amount with
 * its live breakdown, the phone and a remark; Continue opens the checklist (/order, or /orderNew
 * with `&paytype=fy`).
 */
export default observer(function OneKeyGasPage() {
  const fuelDraft = useStore(fuelDraftStore);
  const { i18n } = useStores();
  const [params] = useSearchParams();
  const stationId = Number(params.get("station_id"));
  const paytype: PayType = params.get("paytype")?.toLowerCase() === "fy" ? "fy" : "wechat";
  const valid = Number.isSafeInteger(stationId) && stationId > 0;
  useEffect(() => {
    if (valid) void fuelDraft.open(stationId, paytype);
  }, [fuelDraft, stationId, paytype, valid]);

  const body = () => {
    if (!valid) return <PageError title={i18n.t("order.noStation")} description={i18n.t("order.noDraftHint")} />;
    const station = fuelDraft.station;
    if (station._tag === "Failed") return <PageError description={describeError(station.error, i18n)} onRetry={() => void fuelDraft.open(stationId, paytype)} />;
    if (station._tag !== "Loaded") {
      return (
        <div aria-busy="true" aria-label={i18n.t("order.stationLoading")}>
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      );
    }
    return (
      <>
        <ClosedNotice />
        <StationSummary station={station.value} />
        {fuelDraft.sellsDiesel === false ? (
          <p id="no-diesel" className="refusal order-no-diesel" role="alert">
            {i18n.t("StationSellsNoDiesel")}
          </p>
        ) : null}
        <OrderForm />
      </>
    );
  };
  return <Page backTo="/stationlist">{body()}</Page>;
});
