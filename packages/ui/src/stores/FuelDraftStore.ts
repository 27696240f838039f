import type { AppPorts } from "@fuel/adapters/ports";
import type { Money } from "@fuel/domain";
import { Constants, Messages, Pricing, Station as StationRules, Validation } from "@fuel/domain";
import type { PayType, Station } from "@fuel/domain/api";
import { Result } from "effect";
import { makeAutoObservable, reaction, runInAction } from "mobx";
import type { I18nStore } from "../i18n/I18nStore.ts";
import { failed, idle, loaded, loading, valueOf, type Load } from "./Load.ts";
import { problem } from "./messages.ts";
import type { NavigationStore } from "./NavigationStore.ts";
import type { NoticeStore } from "./NoticeStore.ts";
import type { SessionStore } from "./SessionStore.ts";
import { stationsStore, type StationsStore } from "./StationsStore.ts";
import { oneOf, readSaved, record, text, wholeNumber } from "./savedShape.ts";
import { storeKind } from "./storeKind.ts";

/** Where the draft is kept for this tab, so the checklist still shows it after a reload. */
export const FUEL_DRAFT_KEY = "fuel.oneKeyDraft";


/** The checklist of each channel (spec §2): /order pays through JSAPI, /orderNew through FY. */
export const checklistPath = (paytype: PayType): string => (paytype === "fy" ? "/orderNew" : "/order");

/** What the customer typed on /oneKeyGas, as kept between the page and its checklist. */
export interface FuelForm {
  readonly stationId: number;
  readonly amountText: string;
  readonly phone: string;
  readonly remark: string;
  readonly paytype: PayType;
}

/** A draft that passed every rule: what the checklist shows and the order is created from. */
export interface ConfirmedDraft {
  readonly station: Station;
  readonly amount: Money.Cents;
  readonly quote: Pricing.Quote;
  readonly phone: string;
  readonly remark: string;
  readonly paytype: PayType;
}

/** The form as kept; another shape (corrupt, or written by an older app) is no draft (./savedShape.ts). */
const savedForm = record<FuelForm>({ stationId: wholeNumber, amountText: text, phone: text, remark: text, paytype: oneOf(["wechat", "fy"]) });

/**
 * The one-key fuel draft (spec §2 /oneKeyGas, /order, /orderNew; §5): the station, the amount in
 * yuan, the phone and a remark. The amount follows `Validation.validateOneKeyAmount` ('amount
 * cannot be empty', 'cannot exceed 10000 yuan'), the breakdown is `Pricing.quote` (the function the
 * server charges with), the station must sell 0#. The draft outlives the page (the checklist and
 * back) and a reload of the tab (`tabValues`).
 */
export class FuelDraftStore {
  stationId: number | undefined = undefined;
  station: Load<Station> = idle;
  amountText = "";
  phone = "";
  remark = "";
  paytype: PayType = "wechat";
  /** Messages show once the customer left the amount field or tried to continue, not on the first keystroke. */
  touched = false;

  constructor(
    private readonly ports: Pick<AppPorts, "tabValues" | "clock">,
    private readonly stations: StationsStore,
    private readonly session: SessionStore,
    private readonly i18n: I18nStore,
    private readonly notices: NoticeStore,
    private readonly navigation: NavigationStore,
  ) {
    const saved = readSaved(ports.tabValues.get(FUEL_DRAFT_KEY), savedForm);
    if (saved !== undefined) {
      this.stationId = saved.stationId;
      this.amountText = saved.amountText;
      this.phone = saved.phone;
      this.remark = saved.remark;
      this.paytype = saved.paytype;
    }
    makeAutoObservable(this, {}, { autoBind: true });
    // Kept as it is typed (issue 25), as the recharge draft is: the messaging app's browser reloads
    // often, and sign-in (a full round trip through the provider) must find the station and amount.
    reaction(
      () => this.savedForm,
      (json) => this.ports.tabValues.set(FUEL_DRAFT_KEY, json ?? null),
    );
  }

  /** The form as kept in `tabValues`; undefined (nothing kept) without a station or before anything is typed, as after `clear`. */
  private get savedForm(): string | undefined {
    if (this.stationId === undefined || (this.amountText === "" && this.remark === "")) return undefined;
    const form: FuelForm = { stationId: this.stationId, amountText: this.amountText, phone: this.phone, remark: this.remark, paytype: this.paytype };
    return JSON.stringify(form);
  }

  /**
   * /oneKeyGas (or a checklist) opened for a station: another station starts a fresh amount; the
   * station comes from the list if it showed it, else is loaded; the phone from the profile.
   */
  async open(stationId: number, paytype?: PayType): Promise<void> {
    if (stationId !== this.stationId) {
      this.stationId = stationId;
      this.amountText = "";
      this.remark = "";
      this.touched = false;
    }
    if (paytype !== undefined) this.paytype = paytype;
    await Promise.all([this.loadStation(stationId), this.fillPhone()]);
  }

  /** A checklist opened: the draft this tab kept (undefined when there is none to show). */
  async openChecklist(paytype: PayType): Promise<void> {
    this.paytype = paytype;
    const id = this.stationId;
    if (id !== undefined) await Promise.all([this.loadStation(id), this.fillPhone()]);
  }

  private async loadStation(id: number): Promise<void> {
    const current = valueOf(this.station);
    if (current?.id === id) return;
    this.station = loading();
    const station = await this.stations.ensureStation(id);
    runInAction(() => {
      if (this.stationId !== id) return;
      this.station = station === undefined ? failed(problem("StationNotFound")) : loaded(station);
    });
  }

  private async fillPhone(): Promise<void> {
    if (this.session.user._tag === "Idle") await this.session.loadUser();
    const phone = valueOf(this.session.user)?.phone;
    runInAction(() => {
      if (this.phone === "" && phone !== null && phone !== undefined) this.phone = phone;
    });
  }

  setAmount(text: string): void {
    this.amountText = text;
  }

  /** A quick amount: fills the field and, being a whole valid amount, shows its breakdown at once. */
  pickQuickAmount(yuan: number): void {
    this.amountText = String(yuan);
    this.touched = true;
  }

  /** The amount field lost focus: from now on its message shows. */
  touch(): void {
    this.touched = true;
  }

  setPhone(phone: string): void {
    this.phone = phone;
  }

  setRemark(remark: string): void {
    this.remark = remark;
  }

  /** Spec §5: the station must sell 0# (undefined while the station is not known). */
  get sellsDiesel(): boolean | undefined {
    const station = valueOf(this.station);
    return station === undefined ? undefined : StationRules.sellsDiesel(station);
  }

  /** Whether the station is open now, by its business hours (undefined while it is not known). */
  get openNow(): boolean | undefined {
    const station = valueOf(this.station);
    return station === undefined ? undefined : StationRules.isOpenAt(station, this.ports.clock.now());
  }

  /** When the station, closed now, opens ("07:00", `Station.opensAt`); undefined when open or not known. */
  get opensAt(): string | undefined {
    const station = valueOf(this.station);
    return station === undefined ? undefined : StationRules.opensAt(station, this.ports.clock.now());
  }

  /** Spec §1: the grades shown, diesel first; only 0# may be picked. */
  get fuelTypes(): ReadonlyArray<{ readonly gasType: string; readonly buyable: boolean }> {
    return [Constants.DIESEL_0, ...Constants.DISABLED_GASOLINE].map((gasType) => ({ gasType, buyable: Result.isSuccess(Validation.validateGasType(gasType)) }));
  }

  /** The amount as the domain reads it, and the payable it leads to (which must be at least one cent). */
  private get checkedAmount(): Result.Result<{ readonly amount: Money.Cents; readonly quote: Pricing.Quote | undefined }, Messages.Tagged> {
    const amount = Validation.validateOneKeyAmount(this.amountText);
    if (Result.isFailure(amount)) return Result.fail(amount.failure);
    const station = valueOf(this.station);
    if (station === undefined) return Result.succeed({ amount: amount.success, quote: undefined });
    const quote = Pricing.chargeableQuote(amount.success, station.now_price, station.original_price);
    return Result.isFailure(quote) ? Result.fail(quote.failure) : Result.succeed({ amount: amount.success, quote: quote.success });
  }

  /** The breakdown under the input (litres, saving, payable): `Pricing.quote`, shown as soon as the amount reads. */
  get quote(): Pricing.Quote | undefined {
    const checked = this.checkedAmount;
    return Result.isSuccess(checked) ? checked.success.quote : undefined;
  }

  /** The amount's message in the customer's language, once it is to be shown. */
  get amountError(): string | undefined {
    if (!this.touched) return undefined;
    const checked = this.checkedAmount;
    return Result.isFailure(checked) ? Messages.describe(checked.failure, this.i18n.locale) : undefined;
  }

  /** Spec §5: 'enter a correct phone number', once the customer tried to continue. */
  get phoneError(): string | undefined {
    if (!this.touched) return undefined;
    const checked = Validation.validatePhone(this.phone);
    return Result.isFailure(checked) ? Messages.describe(checked.failure, this.i18n.locale) : undefined;
  }

  /** The draft when every rule holds (what the checklist shows), else undefined. */
  get confirmed(): ConfirmedDraft | undefined {
    const station = valueOf(this.station);
    const checked = this.checkedAmount;
    const phone = Validation.validatePhone(this.phone);
    if (station === undefined || station.id !== this.stationId || !StationRules.sellsDiesel(station)) return undefined;
    if (Result.isFailure(checked) || checked.success.quote === undefined || Result.isFailure(phone)) return undefined;
    return { station, amount: checked.success.amount, quote: checked.success.quote, phone: phone.success, remark: this.remark.trim(), paytype: this.paytype };
  }

  /** Continue: the checklist of the draft's channel, or the messages of what is wrong. */
  proceed(): void {
    this.touched = true;
    if (this.sellsDiesel === false) {
      this.notices.show(this.i18n.t("StationSellsNoDiesel"), "fail");
      return;
    }
    const draft = this.confirmed;
    if (draft === undefined) return;
    this.save();
    this.navigation.go(checklistPath(draft.paytype));
  }

  private save(): void {
    const json = this.savedForm;
    if (json !== undefined) this.ports.tabValues.set(FUEL_DRAFT_KEY, json);
  }

  /** The order was settled (paid, or left unpaid in the order list): the next visit starts afresh. */
  clear(): void {
    this.amountText = "";
    this.remark = "";
    this.touched = false;
    this.ports.tabValues.set(FUEL_DRAFT_KEY, null);
  }
}

/** Built the first time /oneKeyGas or a fuel checklist opens: `Pricing` (decimal.js) loads with those pages, not with every first screen (./storeKind.ts). */
export const fuelDraftStore = storeKind((root) => new FuelDraftStore(root.ports, root.use(stationsStore), root.session, root.i18n, root.notices, root.navigation));
