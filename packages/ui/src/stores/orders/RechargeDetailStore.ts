import type { AppPorts } from "@fuel/adapters/ports";
import { Order, QrCode, Refund, Routes } from "@fuel/domain";
import { computedStruct, makeAutoObservable, runInAction } from "mobx";
import type { I18nStore } from "../../i18n/I18nStore.ts";
import type { CardsStore } from "../cards/CardsStore.ts";
import { cardsStore } from "../cards/CardsStore.ts";
import { reportFailure } from "../failures.ts";
import type { Load } from "../Load.ts";
import type { NavigationStore } from "../NavigationStore.ts";
import type { NoticeStore } from "../NoticeStore.ts";
import { run } from "../run.ts";
import { storeKind } from "../storeKind.ts";
import { orderActionsStore, type OrderActionsStore } from "./OrderActionsStore.ts";
import { LoadedOrder, type LoadOptions } from "./LoadedOrder.ts";
import { kindOf, statusLabelAt, type OrderEntry } from "./OrderEntry.ts";
import { rechargeCardOf, type RechargeCard } from "./RechargeCard.ts";

/** What the QR area of a recharge order's detail shows. */
export type RechargeQrView =
  /** No QR area: unpaid, cancelled, rejected, voided, or a refund asked for (the server sends no code then). */
  | { readonly _tag: "None" }
  /** The server's `pay_qrcode`, to show at the station. */
  | { readonly _tag: "Shown"; readonly code: string }
  /** Spec §4: used (3), expired, or paid more than 24 h ago: 'expired/used'. */
  | { readonly _tag: "ExpiredOrUsed" }
  /** Paid and within its 24 h, but the server sent no code (yet). */
  | { readonly _tag: "Missing" };

/**
 * The sandbox card distributor's page (DESIGN.md §4): served by the server, not a route of the
 * app, so it opens with a full page load.
 */
export const SANDBOX_DISTRIBUTOR_PATH = "/sandbox/distributor";

const NONE: RechargeQrView = { _tag: "None" };
const EXPIRED_OR_USED: RechargeQrView = { _tag: "ExpiredOrUsed" };
const MISSING: RechargeQrView = { _tag: "Missing" };

/**
 * One recharge order's detail (spec §2 /orderDetail/2/:id, §4) for every status: the card (its
 * type, last 7 digits and team, or 'new virtual card' for a card purchase not yet settled), the
 * amounts, times, status in words, the rejection reason; while unpaid the countdown with cancel and
 * pay (`OrderActionsStore`); once paid the server's `pay_qrcode`, 'expired/used' once used or more
 * than 24 h after payment (`QrCode.rechargeQrExpiredOrUsed`), and 'regenerate QR' while
 * `QrCode.canRegenerateRechargeQr` allows it: regenerating asks `orders.resetQr` and then closes
 * the messaging app's page (`browser.closeWindow`), or, in a plain browser, goes to the order list.
 * Every rule is the domain's; `now` is the clock at the last tick. Against a sandbox server, a paid
 * order also offers the sandbox card distributor's page, where it is settled (`sandboxSettleUrl`).
 */
export class RechargeDetailStore {
  regenerating = false;
  /** The server runs its sandbox stand-ins (`RootStore.serverMode`); false until that is known. */
  sandbox = false;
  /** The card list was read again for this order's card (a card purchase settled after the list was loaded). */
  #cardsRefreshedFor: number | undefined = undefined;
  /** The order loaded by id and its time-derived facts, shared with the fuel detail. */
  private readonly order: LoadedOrder;

  constructor(
    private readonly ports: Pick<AppPorts, "orders" | "clock" | "browser">,
    readonly actions: OrderActionsStore,
    private readonly cards: Pick<CardsStore, "list" | "load" | "refresh" | "byNumber">,
    private readonly i18n: I18nStore,
    private readonly notices: NoticeStore,
    private readonly navigation: NavigationStore,
    serverMode: Promise<"sandbox" | "production" | undefined> = Promise.resolve(undefined),
  ) {
    this.order = new LoadedOrder(ports, actions, i18n, notices, (options) => this.load(options));
    makeAutoObservable<this, "ports" | "cards" | "i18n" | "notices" | "navigation" | "order">(
      this,
      // `qr` compared by value: a tick that changes nothing on screen re-renders nothing.
      { ports: false, cards: false, i18n: false, notices: false, navigation: false, order: false, qr: computedStruct },
      { autoBind: true },
    );
    void serverMode.then((mode) =>
      runInAction(() => {
        this.sandbox = mode === "sandbox";
      }),
    );
  }

  get orderId(): number | undefined {
    return this.order.orderId;
  }

  get detail(): Load<OrderEntry> {
    return this.order.detail;
  }

  /** The clock at the last tick or load. */
  get now(): number {
    return this.order.now;
  }

  get entry(): OrderEntry | undefined {
    return this.order.entry;
  }

  get facts(): Order.Order | undefined {
    return this.order.facts;
  }

  /** The status in words' key part (`Order.statusLabel`: a recharge reads 'paid' for 2 and 'done' for 3). */
  get statusLabel(): Order.StatusLabel | undefined {
    const entry = this.entry;
    return entry === undefined ? undefined : statusLabelAt(entry, this.now, "detail");
  }

  /** Spec §3/§4: why the distributor rejected the order (shown while it reads rejected). */
  get rejectionReason(): string | undefined {
    const facts = this.facts;
    return facts?.status === "rejected" ? facts.reason : undefined;
  }

  get card(): RechargeCard | undefined {
    const entry = this.entry;
    return entry === undefined ? undefined : rechargeCardOf(entry.order);
  }

  /** The card's team, from the customer's card list (the order itself does not carry it). */
  get team(): string | undefined {
    const cardNumber = this.entry?.order.card_num;
    return cardNumber == null ? undefined : this.cards.byNumber(cardNumber)?.team;
  }

  /** The server could not be reached: what shows is the last answer. */
  get offline(): boolean {
    return this.order.offline;
  }

  get secondsLeftToPay(): number {
    return this.order.secondsLeftToPay;
  }

  get qr(): RechargeQrView {
    const entry = this.entry;
    const facts = this.facts;
    if (entry === undefined || facts === undefined) return NONE;
    // Spec §4's precedence (Order.qrArea): past 24 h expired/used, whatever else holds; a refund
    // asked for voids the code (the server stops sending it) and the refund's status shows instead.
    const area = Order.qrArea(facts, entry.order.refund_status, this.now);
    if (area === "none") return NONE;
    if (area === "expiredOrUsed") return EXPIRED_OR_USED;
    const code = entry.order.pay_qrcode;
    return code === null ? MISSING : { _tag: "Shown", code };
  }

  /**
   * Sandbox only (DESIGN.md §4): settling a paid recharge or card purchase is the fuel-card
   * distributor's act, played in the sandbox by a page of the server. While this order waits for it
   * (paid, 2, no refund asked for), that page opened on this order, coming back here once settled;
   * otherwise, and always against a production server, undefined.
   */
  get sandboxSettleUrl(): string | undefined {
    const entry = this.entry;
    if (!this.sandbox || entry === undefined || this.facts?.status !== "unused") return undefined;
    if (entry.order.refund_status !== Refund.REFUND_STATUS.none) return undefined;
    const id = entry.order.order_id;
    return `${SANDBOX_DISTRIBUTOR_PATH}?order_id=${id}&back=${Routes.rechargeOrderDetailPath(id)}`;
  }

  /** Whether a code is on screen (the page polls and keeps the screen on only then). */
  get showingCode(): boolean {
    return this.qr._tag === "Shown";
  }

  /**
   * Spec §4: 'regenerate QR' shows while the QR area shows a code (not expired/used) and the
   * domain allows it (`QrCode.canRegenerateRechargeQr`: at most 8 minutes after payment, not
   * refunded, not a top-up replacement card).
   */
  get canRegenerate(): boolean {
    const entry = this.entry;
    const paidAt = this.order.paidAt;
    const cardType = entry === undefined ? undefined : Order.cardTypeOf(entry.order.card_type);
    if (entry === undefined || paidAt === undefined || cardType === undefined || this.qr._tag !== "Shown") return false;
    return QrCode.canRegenerateRechargeQr({ paidAt, refundStatus: entry.order.refund_status, cardType }, this.now);
  }

  /** The last instant 'regenerate QR' may show (`QrCode.regenerateQrShownUntil`), while it shows; else undefined. */
  get regenerateShownUntil(): number | undefined {
    const paidAt = this.order.paidAt;
    return this.canRegenerate && paidAt !== undefined ? QrCode.regenerateQrShownUntil(paidAt) : undefined;
  }

  /** Moves the screen to the clock's time (every second while something counts, and when a deadline passes). */
  tick(): void {
    this.order.tick();
  }

  /**
   * While 'regenerate QR' shows, a timer for just after its last instant, so the button goes at
   * that instant rather than at the next tick or poll. Answers its cancellation (the page leaves,
   * or the deadline changed).
   */
  followRegenerateDeadline(): () => void {
    const until = this.regenerateShownUntil;
    return until === undefined ? () => undefined : this.order.tickJustAfter(until);
  }

  /** Keeps the screen on while the code is scanned (the Wake Lock, where the browser allows); answers its release. */
  keepScreenOn(): () => void {
    return this.order.keepScreenOn();
  }

  /** The page opened for `orderId` (opened again for the same order, it shows what it had while it reloads). */
  async open(orderId: number): Promise<void> {
    if (this.order.switchTo(orderId)) {
      this.regenerating = false;
      this.#cardsRefreshedFor = undefined;
    }
    void this.cards.load();
    await this.load();
  }

  /** While a code shows, every QR_POLL_MS (the page's clock): a quiet reload, whose failure says nothing. */
  poll(): void {
    this.order.poll();
  }

  /** Asks the server again (retry, after an action, and quietly every few seconds while a code shows). */
  async load(options: LoadOptions = {}): Promise<void> {
    const entry = await this.order.fetchDetail(options);
    if (entry === undefined) return;
    const { order } = entry;
    if (kindOf(order) === "fuel") {
      // A fuel order's detail is its own page (spec §2 /orderDetail/:id).
      this.navigation.go(Routes.orderDetailPath(order.order_id), { replace: true });
      return;
    }
    this.order.show(entry);
    this.findCard(order.order_id, order.card_num);
  }

  /** The card list was loaded before this order's card was in it (a card purchase just settled): read it again, once. */
  private findCard(orderId: number, cardNumber: string | null): void {
    if (cardNumber === null || this.cards.list._tag !== "Loaded" || this.cards.byNumber(cardNumber) !== undefined) return;
    if (this.#cardsRefreshedFor === orderId) return;
    this.#cardsRefreshedFor = orderId;
    void this.cards.refresh();
  }

  /**
   * Spec §4: a new code (`orders.resetQr`), then the page closes (the messaging app's close). In
   * a plain browser, which cannot close it, the customer goes to the order list instead.
   */
  async regenerate(): Promise<void> {
    const entry = this.entry;
    if (entry === undefined || this.regenerating || !this.canRegenerate) return;
    this.regenerating = true;
    const answer = await run(this.ports.orders.resetQr(entry.order.order_id));
    runInAction(() => {
      if (!answer.ok) {
        this.regenerating = false;
        reportFailure(answer.error, this.i18n, this.notices);
        return;
      }
      // The page is closing: the button stays busy, so a second tap cannot void the new code.
      if (this.ports.browser.closeWindow()) return;
      this.regenerating = false;
      this.notices.show(this.i18n.t("ordersQrRegenerated"), "success");
      this.navigation.go(Routes.orderListPath("all"));
    });
  }

  cancel(): Promise<void> {
    return this.order.cancel();
  }

  pay(): Promise<void> {
    return this.order.pay();
  }
}

/** Built the first time /orderDetail/2/:id opens (../storeKind.ts). */
export const rechargeDetailStore = storeKind(
  (root) =>
    new RechargeDetailStore(root.ports, root.use(orderActionsStore), root.use(cardsStore), root.i18n, root.notices, root.navigation, root.serverMode),
);
