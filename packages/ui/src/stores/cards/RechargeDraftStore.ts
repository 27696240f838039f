import type { AppPorts } from "@fuel/adapters/ports";
import { Constants, Messages, type Money, Phone, type Pricing, Validation } from "@fuel/domain";
import type { CardInfo, CardListEntry, Station, WebInfo } from "@fuel/domain/api";
import { Result } from "effect";
import { makeAutoObservable, reaction, runInAction } from "mobx";
import type { I18nStore } from "../../i18n/I18nStore.ts";
import { failed, idle, loaded, loading, valueOf, type Load } from "../Load.ts";
import { problem } from "../messages.ts";
import type { NavigationStore } from "../NavigationStore.ts";
import type { SessionStore } from "../SessionStore.ts";
import type { SiteStore } from "../SiteStore.ts";
import { stationsStore, type StationsStore } from "../StationsStore.ts";
import { storeKind } from "../storeKind.ts";
import { settledUser } from "./user.ts";
import type { CheckoutOrder } from "./CardCheckoutStore.ts";
import { cardKeyOf, cardsStore, type CardsStore } from "./CardsStore.ts";
import { confirmRecharge, type ConfirmedRecharge } from "./confirmedRecharge.ts";
import { foundCard, listedCard, referenceOf, typedCard, unusableReason, type CardSource, type DraftCard, type PickedCard, type RechargeCardType } from "./rechargeCard.ts";
import { cardPriceOf, checkedRechargeAmount, checkedRechargeQuote } from "./rechargeQuote.ts";
import { CARD_HOME_PATH, RECHARGE2_PATH, RECHARGE_CHECKLIST_PATH } from "./rechargeRoutes.ts";
import { RECHARGE_DRAFT_KEY, readRechargeDraft, writeRechargeDraft, type RechargeDraftFields } from "./savedRechargeDraft.ts";

/**
 * The fuel-card recharge draft (spec §2 /recharge2, /recharge/*, /rechargeStationList,
 * /rechargeordernew; §3 draft recharge; §5): the card (one of the customer's cards, a card found
 * by phone or team, or the last 7 digits typed with its type and team), the amount in yuan, the
 * station, the phone (from the profile), a second phone, a remark, and the page it comes from,
 * which sets the limit (`Validation.validateRechargeCents`: 5000 yuan on /recharge2, up to 10000
 * with the distributor's message from the card page). The payable is `Pricing.quote` at the card
 * type's price of the site settings, as the server charges it. Kept in `tabValues` as it changes.
 */
export class RechargeDraftStore implements RechargeDraftFields {
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
  /** Continue was tried: from then on a missing station is said under its field (issue 25). */
  stationAsked = false;
  /** Counts the Continues stopped by the station alone: each brings its field into view. */
  stationPrompts = 0;
  /**
   * The card page's address the draft was started on (/recharge/2, /recharge/1/:card_num): where
   * choosing a station on /rechargeStationList comes back to. Not kept through a reload.
   */
  cardPagePath: string | undefined = undefined;
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
    const saved = readRechargeDraft(ports.tabValues.get(RECHARGE_DRAFT_KEY));
    if (saved !== undefined) Object.assign(this, saved);
    makeAutoObservable(this, {}, { autoBind: true });
    reaction(
      () => writeRechargeDraft(this),
      (json) => this.ports.tabValues.set(RECHARGE_DRAFT_KEY, json),
    );
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

  /** The card page shows the draft at `address`: choosing its station comes back there. */
  startedAt(address: string): void {
    this.cardPagePath = address;
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
      this.station = station === undefined ? failed(problem("StationNotFound")) : loaded(station);
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
    this.picked = listedCard(entry);
  }

  /** A card a look-up found, typed as the customer's own card of that number when they have it. */
  pickFound(info: CardInfo): void {
    this.picked = foundCard(info, this.cards.byKey(cardKeyOf(info.cardnum, info.card_ref)));
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
      const typed = typedCard(this.typedLastNumber, this.typedTeam, this.typedType);
      // One of the customer's own cards, typed: its status is known (a frozen one is said at once).
      const known = typed === undefined ? undefined : this.cards.statusOfLast(typed.lastNumber);
      return typed === undefined || known === undefined ? typed : { ...typed, status: known };
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
    return cardPriceOf(this.cardType, this.webInfo);
  }

  private get checkedAmount(): Result.Result<Money.Cents, Messages.Tagged> {
    return checkedRechargeAmount(this.amountText, this.cardType, this.page);
  }

  /** The payable at the card's price, which must be at least a cent. */
  private get checkedQuote(): Result.Result<Pricing.Quote | undefined, Messages.Tagged> {
    return checkedRechargeQuote(this.checkedAmount, this.cardType, this.webInfo);
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
    const unusable = unusableReason(this.card);
    if (unusable !== undefined) return this.describe(unusable);
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
    const unusable = unusableReason(this.card);
    if (unusable !== undefined) return Result.fail(unusable);
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
    return confirmRecharge(v.success, { card, quote, station, page: this.page, secondPhone: this.secondPhone, remark: this.remark });
  }

  /** The checklist's figures while the station is still to be chosen. */
  get summary(): Omit<ConfirmedRecharge, "station" | "wire"> | undefined {
    const card = this.card;
    const quote = this.quote;
    if (!this.readyButStation || card === undefined || quote === undefined) return undefined;
    return { card, amount: quote.amount, quote, phone: Phone.normalize(this.phone), secondPhone: Phone.normalize(this.secondPhone), remark: Validation.cleanFreeText(this.remark), page: this.page };
  }

  // ----- moving on

  private say(text: string): void {
    this.alert = { id: ++this.#alerts, text };
  }

  /** The dialog was closed. */
  dismissAlert(): void {
    this.alert = undefined;
  }

  /**
   * Spec §5 'select a station first', said under the form's station field once Continue was
   * tried (issue 25: asked on the form, not only at paying).
   */
  get stationError(): string | undefined {
    return this.stationAsked && this.stationId === undefined ? this.describe(new Validation.StationRequired()) : undefined;
  }

  /**
   * /recharge2 Continue: the checklist, or the messages of what is wrong, the missing station
   * included (issue 25: the form asks for it, rather than the checklist's pay button).
   */
  proceed(): void {
    this.touched = true;
    this.stationAsked = true;
    if (!this.readyButStation) return;
    if (this.stationId === undefined) {
      this.stationPrompts++;
      return;
    }
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

  /** The card page's card message: a frozen (or otherwise unusable) card at once, 'card id is missing' after Continue without one. */
  get cardPageCardError(): string | undefined {
    const unusable = unusableReason(this.card);
    if (unusable !== undefined) return this.describe(unusable);
    return this.cardIdMissing && this.card === undefined ? this.describe(new Validation.CardIdRequired()) : undefined;
  }

  /**
   * A station chosen on /rechargeStationList: it joins the draft, then back to where the recharge
   * goes on: the checklist when asked from there, else the form the draft belongs to (the card
   * page it was started on, or /recharge2), where the customer confirms it.
   */
  chooseStation(station: Station, then?: "checklist"): void {
    this.stationId = station.id;
    this.station = loaded(station);
    this.navigation.go(then === "checklist" ? RECHARGE_CHECKLIST_PATH : this.page === "cardPage" ? (this.cardPagePath ?? CARD_HOME_PATH) : RECHARGE2_PATH);
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
    this.stationAsked = false;
  }
}

export const rechargeDraftStore = storeKind(
  (root) => new RechargeDraftStore(root.ports, root.use(cardsStore), root.site, root.use(stationsStore), root.session, root.i18n, root.navigation),
);
