import type { AppPorts } from "@fuel/adapters/ports";
import { Constants, Messages, Money, Order, Pricing, Validation } from "@fuel/domain";
import type { CardInfo, CardListEntry, DraftRecharge, Station, WebInfo } from "@fuel/domain/api";
import { Result } from "effect";
import { makeAutoObservable, reaction, runInAction } from "mobx";
import type { I18nStore } from "../../i18n/I18nStore.ts";
import { failed, idle, loaded, loading, valueOf, type Load } from "../Load.ts";
import type { NavigationStore } from "../NavigationStore.ts";
import type { SessionStore } from "../SessionStore.ts";
import type { SiteStore } from "../SiteStore.ts";
import { stationsStore, type StationsStore } from "../StationsStore.ts";
import { storeKind } from "../storeKind.ts";
import { settledUser } from "./user.ts";
import type { CheckoutOrder } from "./CardCheckoutStore.ts";
import { cardKeyOf, cardsStore, lastDigitsOf, type CardsStore } from "./CardsStore.ts";

/** Where the draft is kept for this tab, so a reload, the checklist and the station list keep it. */
export const RECHARGE_DRAFT_KEY = "fuel.rechargeDraft";

/** Spec §2 routes of the recharge flow. */
export const RECHARGE2_PATH = "/recharge2";
export const RECHARGE_CHECKLIST_PATH = "/rechargeordernew";
export const RECHARGE_STATIONS_PATH = "/rechargeStationList";
/** The station list opened from the checklist: picking a station comes back to the checklist. */
export const RECHARGE_STATIONS_FROM_CHECKLIST = `${RECHARGE_STATIONS_PATH}?then=checklist`;

/** The cards a recharge tops up (spec §9: entity and virtual). */
export type RechargeCardType = Extract<Order.CardType, "entity" | "virtual">;

/** How the card of the draft was chosen: from the customer's cards, a look-up, or typed. */
export type CardSource = "mine" | "phone" | "team" | "typed";

/** A card picked from a list (the customer's cards or a look-up's answer). */
export interface PickedCard {
  readonly lastNumber: string;
  readonly team: string;
  readonly cardType: RechargeCardType;
  /** The number as the answer showed it: whole for the customer's own cards, masked to the last 4 digits otherwise. */
  readonly cardNum?: string;
  /** The server's reference to the card (issue 22): a masked card is recharged by it. */
  readonly cardRef?: string;
  /** The distributor's status text, when known (echoed as `card_status`). */
  readonly status?: string;
}

/** The card the draft tops up, whichever way it was chosen. */
export type DraftCard = PickedCard;

/** What the customer entered, as kept in `tabValues`. */
interface SavedDraft {
  readonly page: Validation.RechargePage;
  readonly source: CardSource;
  readonly picked: PickedCard | null;
  readonly typedLastNumber: string;
  readonly typedTeam: string;
  readonly typedType: RechargeCardType;
  readonly amountText: string;
  readonly stationId: number | null;
  readonly phone: string;
  readonly secondPhone: string;
  readonly remark: string;
}

const SOURCES: ReadonlyArray<CardSource> = ["mine", "phone", "team", "typed"];
const isCardType = (v: unknown): v is RechargeCardType => v === "entity" || v === "virtual";
const isPicked = (v: unknown): v is PickedCard => {
  const p = v as Partial<PickedCard> | null;
  return typeof p === "object" && p !== null && typeof p.lastNumber === "string" && typeof p.team === "string" && isCardType(p.cardType);
};

const readDraft = (raw: string | null): SavedDraft | undefined => {
  if (raw === null) return undefined;
  try {
    const v = JSON.parse(raw) as Partial<SavedDraft>;
    const texts = [v.typedLastNumber, v.typedTeam, v.amountText, v.phone, v.secondPhone, v.remark];
    const ok =
      (v.page === "entityRecharge" || v.page === "cardPage") &&
      SOURCES.includes(v.source as CardSource) &&
      (v.picked === null || isPicked(v.picked)) &&
      isCardType(v.typedType) &&
      texts.every((t) => typeof t === "string") &&
      (v.stationId === null || (typeof v.stationId === "number" && Number.isSafeInteger(v.stationId)));
    return ok ? (v as SavedDraft) : undefined;
  } catch {
    return undefined;
  }
};

/** A draft that passed every rule, station included: what the checklist pays for. */
export interface ConfirmedRecharge {
  readonly card: DraftCard;
  readonly amount: Money.Cents;
  readonly quote: Pricing.Quote;
  readonly phone: string;
  readonly secondPhone: string;
  readonly remark: string;
  readonly station: Station;
  readonly page: Validation.RechargePage;
  /** The request `rechargeOrderCreate` is sent. */
  readonly wire: DraftRecharge;
}

/** The card prefix shared by the cards of its type, when the whole number is known (`common_number`). */
const commonNumberOf = (cardNum: string | undefined): string | undefined => {
  if (cardNum === undefined || Result.isFailure(Validation.validateCardNumber(cardNum))) return undefined;
  const prefix = cardNum.slice(0, -Constants.CARD_LAST_DIGITS);
  return prefix === "" ? undefined : prefix;
};

/** The reference a draft names its card by: only a card whose number the customer is not shown whole needs one. */
const referenceOf = (card: DraftCard | undefined): string | undefined =>
  card?.cardRef !== undefined && card.cardNum !== undefined && commonNumberOf(card.cardNum) === undefined ? card.cardRef : undefined;

/** The key of the chosen card in the lists that show it ({@link cardKeyOf}). */
export const pickedKeyOf = (card: PickedCard | undefined): string | undefined => (card?.cardNum === undefined ? undefined : cardKeyOf(card.cardNum, card.cardRef));

/**
 * The fuel-card recharge draft (spec §2 /recharge2, /recharge/*, /rechargeStationList,
 * /rechargeordernew; §3 draft recharge; §5): the card (one of the customer's cards, a card found
 * by phone or team, or the last 7 digits typed with its type and team), the amount in yuan, the
 * station, the phone (from the profile), a second phone, a remark, and the page it comes from,
 * which sets the limit (`Validation.validateRechargeCents`: 5000 yuan on /recharge2, up to 10000
 * with the distributor's message from the card page). The payable is `Pricing.quote` at the card
 * type's price of the site settings, as the server charges it. Kept in `tabValues` as it changes.
 */
export class RechargeDraftStore {
  page: Validation.RechargePage = "entityRecharge";
  source: CardSource = "mine";
  picked: PickedCard | undefined = undefined;
  typedLastNumber = "";
  typedTeam = "";
  typedType: RechargeCardType = "entity";
  amountText = "";
  stationId: number | undefined = undefined;
  station: Load<Station> = idle;
  phone = "";
  secondPhone = "";
  remark = "";
  /** Messages show once the customer left a field or tried to continue, not on the first keystroke. */
  touched = false;
  /** Spec §5 'card id is missing': the card page's Continue without a chosen card. */
  cardIdMissing = false;
  /** A rule that stops the customer and is said in a dialog (spec §5 'select a station first', the official account). */
  alert: { readonly id: number; readonly text: string } | undefined = undefined;
  #alerts = 0;

  constructor(
    private readonly ports: Pick<AppPorts, "tabValues" | "recharge">,
    private readonly cards: CardsStore,
    private readonly site: SiteStore,
    private readonly stations: StationsStore,
    private readonly session: SessionStore,
    private readonly i18n: I18nStore,
    private readonly navigation: NavigationStore,
  ) {
    const saved = readDraft(ports.tabValues.get(RECHARGE_DRAFT_KEY));
    if (saved !== undefined) {
      this.page = saved.page;
      this.source = saved.source;
      this.picked = saved.picked ?? undefined;
      this.typedLastNumber = saved.typedLastNumber;
      this.typedTeam = saved.typedTeam;
      this.typedType = saved.typedType;
      this.amountText = saved.amountText;
      this.stationId = saved.stationId ?? undefined;
      this.phone = saved.phone;
      this.secondPhone = saved.secondPhone;
      this.remark = saved.remark;
    }
    makeAutoObservable(this, {}, { autoBind: true });
    reaction(
      () => JSON.stringify(this.saved),
      (json) => this.ports.tabValues.set(RECHARGE_DRAFT_KEY, json),
    );
  }

  private get saved(): SavedDraft {
    return {
      page: this.page,
      source: this.source,
      picked: this.picked ?? null,
      typedLastNumber: this.typedLastNumber,
      typedTeam: this.typedTeam,
      typedType: this.typedType,
      amountText: this.amountText,
      stationId: this.stationId ?? null,
      phone: this.phone,
      secondPhone: this.secondPhone,
      remark: this.remark,
    };
  }

  /**
   * A page of the flow opened: /recharge2 ("entityRecharge") or the card page ("cardPage"). A draft
   * from the other page starts afresh (its card and amount belong to that page), keeping the phone
   * and the station. Loads what the page shows: the cards, the site's prices, the station, the phone.
   */
  async open(page: Validation.RechargePage): Promise<void> {
    if (page !== this.page) {
      this.page = page;
      this.source = "mine";
      this.picked = undefined;
      this.typedLastNumber = "";
      this.typedTeam = "";
      this.typedType = "entity";
      this.amountText = "";
      this.secondPhone = "";
      this.remark = "";
      this.touched = false;
    }
    await Promise.all([this.cards.load(), this.site.load(), this.fillPhone(), this.loadStation()]);
  }

  /** /rechargeordernew opened: the draft this tab kept, with its prices and station. */
  async openChecklist(): Promise<void> {
    await Promise.all([this.site.load(), this.fillPhone(), this.loadStation()]);
  }

  private async fillPhone(): Promise<void> {
    const phone = (await settledUser(this.session))?.phone;
    runInAction(() => {
      if (this.phone === "" && phone !== null && phone !== undefined) this.phone = phone;
    });
  }

  private async loadStation(): Promise<void> {
    const id = this.stationId;
    if (id === undefined || valueOf(this.station)?.id === id) return;
    this.station = loading();
    const station = await this.stations.ensureStation(id);
    runInAction(() => {
      if (this.stationId !== id) return;
      this.station = station === undefined ? failed(this.i18n.t("StationNotFound")) : loaded(station);
    });
  }

  // ----- the card

  /** Another way to choose the card (my cards, by phone, by team, typed). */
  setSource(source: CardSource): void {
    if (source === this.source) return;
    this.source = source;
    if (source !== "typed") this.picked = undefined;
    this.cards.clearLookup();
  }

  /** One of the customer's cards (`cardlist`); its status comes from the distributor's answer for the customer's phone. */
  pickListed(entry: CardListEntry): void {
    this.source = "mine";
    this.picked = {
      lastNumber: entry.last_number,
      team: entry.team,
      cardType: Order.cardTypeOf(entry.card_type) === "virtual" ? "virtual" : "entity",
      cardNum: entry.card_num,
      ...(entry.card_ref === undefined ? {} : { cardRef: entry.card_ref }),
    };
  }

  /**
   * A card a look-up found. The answer does not say its type: the customer's own card of that
   * number has it, otherwise it is an entity card (the card this page recharges).
   */
  pickFound(info: CardInfo): void {
    const listed = this.cards.byKey(cardKeyOf(info.cardnum, info.card_ref));
    this.picked = {
      lastNumber: lastDigitsOf(info.cardnum),
      team: info.team,
      cardType: Order.cardTypeOf(listed?.card_type) === "virtual" ? "virtual" : "entity",
      cardNum: info.cardnum,
      ...(info.card_ref === undefined ? {} : { cardRef: info.card_ref }),
      status: info.status,
    };
  }

  setTypedLastNumber(text: string): void {
    this.typedLastNumber = text;
  }

  setTypedTeam(text: string): void {
    this.typedTeam = text;
  }

  setTypedType(type: RechargeCardType): void {
    this.typedType = type;
  }

  /** The card of the draft: typed, or picked from a list. */
  get card(): DraftCard | undefined {
    if (this.source === "typed") {
      const digits = this.typedLastNumber.replace(/\s+/g, "");
      return digits === "" && this.typedTeam.trim() === "" ? undefined : { lastNumber: digits, team: this.typedTeam.trim(), cardType: this.typedType };
    }
    const picked = this.picked;
    // The distributor's status of one of the customer's own cards may arrive after it was picked.
    const status = picked?.status ?? (picked?.cardNum === undefined ? undefined : this.cards.statusOf(picked.cardNum));
    return picked === undefined || status === undefined ? picked : { ...picked, status };
  }

  /** The card's type (the typed type while no card is chosen): it sets the price and, on /recharge2, the limit. */
  get cardType(): RechargeCardType {
    return this.card?.cardType ?? (this.source === "typed" ? this.typedType : "entity");
  }

  /** Whether this listed or found card is the one chosen. */
  isPicked(cardNum: string): boolean {
    return this.source !== "typed" && this.picked?.cardNum === cardNum;
  }

  // ----- the amount and what it costs

  setAmount(text: string): void {
    this.amountText = text;
  }

  setPhone(text: string): void {
    this.phone = text;
  }

  setSecondPhone(text: string): void {
    this.secondPhone = text;
  }

  setRemark(text: string): void {
    this.remark = text;
  }

  /** A field was left: from now on the messages show. */
  touch(): void {
    this.touched = true;
  }

  /** The site settings, once read (the card prices, the tips). */
  get webInfo(): WebInfo | undefined {
    return valueOf(this.site.info);
  }

  /** Spec §3: the price per litre on this type of card (`price_0_xuni` virtual, `price_0_shiti` entity). */
  get cardPrice(): number | undefined {
    const info = this.webInfo;
    if (info === undefined) return undefined;
    return Pricing.cardPrice(this.cardType, { virtual: info.price_0_xuni, entity: info.price_0_shiti });
  }

  /** The amount in cents as the page's rule reads it; an empty field is 0, which the rule calls 'recharge amount cannot be empty'. */
  private get checkedAmount(): Result.Result<Money.Cents, Messages.Tagged> {
    const text = this.amountText.trim();
    const parsed: Result.Result<Money.Cents, Messages.Tagged> = text === "" ? Result.succeed(Money.cents(0)) : Money.parseYuan(text);
    return Result.flatMap(parsed, (c) => Validation.validateRechargeCents(this.cardType, c, this.page));
  }

  /** The payable at the card's price, which must be at least a cent (`Pricing.chargeableQuote`, as the server charges). */
  private get checkedQuote(): Result.Result<Pricing.Quote | undefined, Messages.Tagged> {
    return Result.flatMap(this.checkedAmount, (amount) => {
      const info = this.webInfo;
      const price = this.cardPrice;
      if (info === undefined || price === undefined) return Result.succeed(undefined);
      return Pricing.chargeableQuote(amount, price, info.price_0_original);
    });
  }

  /** The live breakdown: litres, saving, payable (`Pricing.quote`); undefined while the amount does not read. */
  get quote(): Pricing.Quote | undefined {
    const q = this.checkedQuote;
    return Result.isSuccess(q) ? q.success : undefined;
  }

  private describe(error: Messages.Tagged): string {
    return Messages.describe(error, this.i18n.locale);
  }

  /** Spec §5 'card number cannot be empty' (or not 7 digits). */
  get cardError(): string | undefined {
    if (!this.touched) return undefined;
    const rule = referenceOf(this.card) === undefined ? Validation.validateCardLastDigits : Validation.validateCardShownDigits;
    const checked = rule(this.card?.lastNumber ?? "");
    return Result.isFailure(checked) ? this.describe(checked.failure) : undefined;
  }

  /** Spec §5 'recharge amount cannot be empty', the page's limit, and the payable of at least a cent. */
  get amountError(): string | undefined {
    if (!this.touched) return undefined;
    const q = this.checkedQuote;
    return Result.isFailure(q) ? this.describe(q.failure) : undefined;
  }

  get phoneError(): string | undefined {
    if (!this.touched) return undefined;
    const checked = Validation.validatePhone(this.phone);
    return Result.isFailure(checked) ? this.describe(checked.failure) : undefined;
  }

  get secondPhoneError(): string | undefined {
    if (!this.touched || this.secondPhone.trim() === "") return undefined;
    const checked = Validation.validatePhone(this.secondPhone);
    return Result.isFailure(checked) ? this.describe(checked.failure) : undefined;
  }

  /** Every rule of the draft (`Validation.validateRechargeDraft`, station last), the payable included. */
  private get validation(): Result.Result<Validation.ValidRechargeDraft<number>, Messages.Tagged> {
    const quote = this.checkedQuote;
    if (Result.isFailure(quote)) return Result.fail(quote.failure);
    const amount = this.checkedAmount;
    if (Result.isFailure(amount)) return Result.fail(amount.failure);
    return Validation.validateRechargeDraft({
      gasType: Constants.DIESEL_0,
      cardType: this.cardType,
      lastNumber: this.card?.lastNumber ?? "",
      byReference: referenceOf(this.card) !== undefined,
      amount: amount.success,
      phone: this.phone,
      secondPhone: this.secondPhone.trim(),
      stationId: this.stationId,
      page: this.page,
    });
  }

  /** Everything but the station holds (the checklist can show the draft; 'select a station first' comes at paying). */
  get readyButStation(): boolean {
    const v = this.validation;
    const rulesHold = Result.isSuccess(v) || v.failure._tag === "StationRequired";
    return rulesHold && this.quote !== undefined && this.card !== undefined;
  }

  /** The station of the draft, once loaded. */
  get stationValue(): Station | undefined {
    const s = valueOf(this.station);
    return s !== undefined && s.id === this.stationId ? s : undefined;
  }

  /** The draft when every rule holds, the station included: what is paid for. */
  get confirmed(): ConfirmedRecharge | undefined {
    const v = this.validation;
    const quote = this.quote;
    const card = this.card;
    const station = this.stationValue;
    if (Result.isFailure(v) || quote === undefined || card === undefined || station === undefined) return undefined;
    const { lastNumber, amount, phone, stationId } = v.success;
    const secondPhone = this.secondPhone.trim();
    const remark = Validation.cleanFreeText(this.remark);
    const commonNumber = commonNumberOf(card.cardNum);
    const cardRef = referenceOf(card);
    const wire: DraftRecharge = {
      gas_Type: Constants.DIESEL_0,
      card_type: Order.cardTypeCode(card.cardType),
      ...(commonNumber === undefined ? {} : { common_number: commonNumber }),
      last_number: lastNumber,
      ...(cardRef === undefined ? {} : { card_ref: cardRef }),
      order_amount: String(amount),
      amount: quote.payable,
      phone,
      ...(secondPhone === "" ? {} : { phonenum2: secondPhone }),
      team: card.team,
      ...(card.status === undefined ? {} : { card_status: card.status }),
      station_id: stationId,
      ...(quote.discountPerLitre >= 0 ? { unitdiscount: quote.discountPerLitre } : {}),
      ...(remark === "" ? {} : { remark }),
      paytype: "fy",
      ...(this.page === "cardPage" ? { source: "card" as const } : {}),
    };
    return { card, amount, quote, phone, secondPhone, remark, station, page: this.page, wire };
  }

  /** The checklist's figures while the station is still to be chosen. */
  get summary(): Omit<ConfirmedRecharge, "station" | "wire"> | undefined {
    const card = this.card;
    const quote = this.quote;
    if (!this.readyButStation || card === undefined || quote === undefined) return undefined;
    return { card, amount: quote.amount, quote, phone: this.phone.trim(), secondPhone: this.secondPhone.trim(), remark: Validation.cleanFreeText(this.remark), page: this.page };
  }

  // ----- moving on

  private say(text: string): void {
    this.alert = { id: ++this.#alerts, text };
  }

  /** The dialog was closed. */
  dismissAlert(): void {
    this.alert = undefined;
  }

  /** /recharge2 Continue: the checklist, or the messages of what is wrong (the station is asked for there). */
  proceed(): void {
    this.touched = true;
    if (!this.readyButStation) return;
    this.navigation.go(RECHARGE_CHECKLIST_PATH);
  }

  /**
   * The card page's Continue (spec §5): the amount (over 10000 yuan: contact the distributor), then
   * `Validation.validateConsumptionPreconditions` with the customer's oauth id, whether they follow
   * the official account, and the card: the official account's refusals are dialogs, a missing card
   * is said under the card. Then the checklist.
   */
  async proceedFromCard(): Promise<void> {
    this.touched = true;
    if (Result.isFailure(this.checkedQuote)) return;
    if (this.session.user._tag !== "Loaded") await this.session.loadUser();
    const user = valueOf(this.session.user);
    const checked = Validation.validateConsumptionPreconditions({
      oauthId: user?.oauth_id,
      followsOfficialAccount: user?.follows_official_account ?? false,
      cardId: this.card?.cardNum ?? this.card?.lastNumber,
    });
    if (Result.isFailure(checked)) {
      const error = checked.failure;
      runInAction(() => {
        if (error._tag === "CardIdRequired") this.cardIdMissing = true;
        else this.say(this.describe(error));
      });
      return;
    }
    runInAction(() => (this.cardIdMissing = false));
    this.proceed();
  }

  /** The card page's card message: 'card id is missing' after Continue without one. */
  get cardPageCardError(): string | undefined {
    return this.cardIdMissing && this.card === undefined ? this.describe(new Validation.CardIdRequired()) : undefined;
  }

  /**
   * A station chosen on /rechargeStationList: it joins the draft, then back to where the recharge
   * goes on: the checklist when asked from there or when the draft came from the card page, else /recharge2.
   */
  chooseStation(station: Station, then?: "checklist"): void {
    this.stationId = station.id;
    this.station = loaded(station);
    this.navigation.go(then === "checklist" || this.page === "cardPage" ? RECHARGE_CHECKLIST_PATH : RECHARGE2_PATH);
  }

  /**
   * The checklist's pay button, before the checkout: spec §5 'select a station first' as a dialog
   * when no station is chosen. Answers the draft to pay for, or undefined.
   */
  readyToPay(): ConfirmedRecharge | undefined {
    this.touched = true;
    if (this.stationId === undefined) {
      this.say(this.describe(new Validation.StationRequired()));
      return undefined;
    }
    return this.confirmed;
  }

  /**
   * The checklist's pay button: the order for the checkout (`CardCheckoutStore`), or undefined with
   * the reason said ('select a station first' as a dialog).
   */
  checkoutOrder(): CheckoutOrder | undefined {
    const confirmed = this.readyToPay();
    if (confirmed === undefined) return undefined;
    const { wire } = confirmed;
    return {
      kind: "recharge",
      fingerprint: JSON.stringify(wire),
      payable: confirmed.quote.payable,
      create: (idempotencyKey) => this.ports.recharge.create(wire, { idempotencyKey }),
      settled: () => {
        this.clear();
        this.cards.markStale();
      },
    };
  }

  /** The recharge was paid or left to the order list: the next visit starts afresh (phone and station kept). */
  clear(): void {
    this.source = "mine";
    this.picked = undefined;
    this.typedLastNumber = "";
    this.typedTeam = "";
    this.amountText = "";
    this.secondPhone = "";
    this.remark = "";
    this.touched = false;
    this.cardIdMissing = false;
  }
}

export const rechargeDraftStore = storeKind(
  (root) => new RechargeDraftStore(root.ports, root.use(cardsStore), root.site, root.use(stationsStore), root.session, root.i18n, root.navigation),
);
