import type { ApiError, AppPorts } from "@fuel/adapters/ports";
import { Constants, Order, QrCode, Refund } from "@fuel/domain";
import { Result } from "effect";
import { makeAutoObservable, runInAction } from "mobx";
import type { I18nStore } from "../../i18n/I18nStore.ts";
import { reportFailure } from "../failures.ts";
import { failed, idle, loaded, loading, valueOf, type Load } from "../Load.ts";
import type { Problem } from "../messages.ts";
import type { NoticeStore } from "../NoticeStore.ts";
import { run } from "../run.ts";
import { LoadedOrder, type FailedLoadFallback, type LoadOptions } from "./LoadedOrder.ts";
import { entryOf, factsAt, type OrderEntry } from "./OrderEntry.ts";
import { orderActionsStore, type OrderActionsStore } from "./OrderActionsStore.ts";
import { forgetQrCopy, readQrCopy, writeQrCopy } from "./QrCopies.ts";
import { storeKind } from "../storeKind.ts";

/** How often the open detail asks whether a shown code was redeemed (issue 12: noticed within seconds). */
export const QR_POLL_MS = 3_000;

/** The cashier code as last fetched, or the device's copy when the network is gone. */
export interface ShownCode {
  readonly value: string;
  readonly offline: boolean;
}

/** What the QR area of the detail shows. */
export type QrView =
  /** Not a paid fuel order (unpaid, cancelled, a refund under way...): no QR area. */
  | { readonly _tag: "None" }
  | { readonly _tag: "Loading" }
  | { readonly _tag: "Shown"; readonly code: ShownCode; readonly expiresAt: number; readonly secondsLeft: number }
  /** Spec §4: the code was redeemed or its 48 h are over: 'expired/used'. */
  | { readonly _tag: "ExpiredOrUsed" }
  /** Worded by the QR area when shown. */
  | { readonly _tag: "Failed"; readonly error: Problem };

/** The refund form's state. */
export type RefundForm = { readonly _tag: "Closed" } | { readonly _tag: "Open"; readonly error: string | undefined } | { readonly _tag: "Sending" };

/**
 * One fuel order's detail (spec §2 /orderDetail/:id) for every status: the receipt, the unpaid
 * countdown with cancel and pay, and for a paid unused order the cashier code (`kepai/getqrcode`)
 * with its 48 h countdown, kept on the device for when the network is gone, checked every few
 * seconds so a redemption shows at once; 'regenerate QR' and the refund request. Every rule is the
 * domain's (`Order.qrVisible`, `Order.canRefund`, `QrCode.canRegenerateFuelQr`, `Order.expireIfDue`).
 */
export class OrderDetailStore {
  code: Load<ShownCode> = idle;
  refund: RefundForm = { _tag: "Closed" };
  regenerating = false;
  /** The order loaded by id and its time-derived facts, shared with the recharge detail. */
  private readonly order: LoadedOrder;

  constructor(
    private readonly ports: Pick<AppPorts, "orders" | "clock" | "preferences" | "browser">,
    readonly actions: OrderActionsStore,
    private readonly i18n: I18nStore,
    private readonly notices: NoticeStore,
  ) {
    this.order = new LoadedOrder(ports, actions, i18n, notices, (options) => this.load(options));
    makeAutoObservable<this, "order">(this, { order: false }, { autoBind: true });
  }

  get orderId(): number | undefined {
    return this.order.orderId;
  }

  get detail(): Load<OrderEntry> {
    return this.order.detail;
  }

  get now(): number {
    return this.order.now;
  }

  get entry(): OrderEntry | undefined {
    return this.order.entry;
  }

  get facts(): Order.Order | undefined {
    return this.order.facts;
  }

  /** The detail shown is the last answer or the device's copy: the server could not be reached. */
  get offline(): boolean {
    return this.order.offline;
  }

  get secondsLeftToPay(): number {
    return this.order.secondsLeftToPay;
  }

  get actionsNow(): ReadonlyArray<Order.OrderAction> {
    const facts = this.facts;
    return facts === undefined ? [] : Order.allowedActions(facts, this.now);
  }

  get qr(): QrView {
    const entry = this.entry;
    const facts = this.facts;
    if (entry === undefined || facts === undefined || facts.kind !== "fuel") return { _tag: "None" };
    const area = Order.qrArea(facts, entry.order.refund_status, this.now);
    if (area === "none") return { _tag: "None" };
    if (area === "expiredOrUsed") return { _tag: "ExpiredOrUsed" };
    const code = valueOf(this.code);
    if (code !== undefined) {
      const expiresAt = QrCode.fuelQrExpiresAt(Order.paidAtOf(facts));
      // A phone clock behind the server's would count more than 48 h: the countdown never shows more than the code's validity.
      const msLeft = Math.min(Constants.FUEL_QR_VALIDITY_MS, expiresAt - this.now);
      return { _tag: "Shown", code, expiresAt, secondsLeft: Math.max(0, Math.ceil(msLeft / 1_000)) };
    }
    return this.code._tag === "Failed" ? { _tag: "Failed", error: this.code.error } : { _tag: "Loading" };
  }

  /** Whether a code is on screen (the page polls, ticks and keeps the screen on only then). */
  get showingCode(): boolean {
    return this.qr._tag === "Shown";
  }

  get canRegenerate(): boolean {
    const entry = this.entry;
    const facts = this.facts;
    return entry !== undefined && facts !== undefined && !this.offline && QrCode.canRegenerateFuelQr(facts, entry.order.refund_status, this.now);
  }

  get canRefund(): boolean {
    const entry = this.entry;
    const facts = this.facts;
    return entry !== undefined && facts !== undefined && !this.offline && Order.canRefund(facts, entry.order.refund_status, this.now);
  }

  tick(): void {
    this.order.tick();
  }

  /** The page opened for `orderId`: its detail (a page opened again for the same order shows what it had while it reloads). */
  async open(orderId: number): Promise<void> {
    if (this.order.switchTo(orderId)) {
      this.code = idle;
      this.refund = { _tag: "Closed" };
    }
    await this.load();
  }

  /** While a code shows, every QR_POLL_MS (the page's clock): a quiet reload, whose failure says nothing. */
  poll(): void {
    this.order.poll();
  }

  /** Asks the server again (retry, after an action, and every {@link QR_POLL_MS} while a code shows). */
  async load(options: LoadOptions = {}): Promise<void> {
    const entry = await this.order.fetchDetail(options, this.showDeviceCopy);
    if (entry === undefined) return;
    // Issue 23: the code's request goes out before the page re-renders with the detail (a whole
    // render on a slow phone), not after it.
    const codeAnswer = this.askCode(entry);
    this.order.show(entry);
    await this.settleCode(entry, codeAnswer);
  }

  /** The server could not be reached: the device's copy of the order and its code, when there is one (issue 12). */
  private showDeviceCopy(orderId: number, error: ApiError): FailedLoadFallback {
    const copy = readQrCopy(this.ports.preferences, orderId);
    if (copy === undefined) return { kept: undefined, saidByPage: false };
    this.code = loaded({ value: copy.code, offline: true });
    // Offline with the kept code on screen, the page's offline notice says it: a toast would cover the code the cashier scans.
    return { kept: entryOf(copy.order, copy.savedAt), saidByPage: error._tag === "Offline" };
  }

  /** Whether the code may show for this detail (`Order.qrVisible`, a fuel order). */
  private codeMayShow(entry: OrderEntry): boolean {
    const facts = factsAt(entry, entry.loadedAt);
    return facts.kind === "fuel" && Order.qrVisible(facts, entry.order.refund_status, entry.loadedAt);
  }

  /**
   * Asks `kepai/getqrcode` for a detail that may show its code and has none from the server yet.
   * It needs the merchant order number and the domain's verdict, both on the detail: the two
   * requests cannot go out together, and an order that must not have a code is never asked for one.
   */
  private askCode(entry: OrderEntry) {
    if (!this.codeMayShow(entry)) return undefined;
    const shown = valueOf(this.code);
    if (shown !== undefined && !shown.offline) return undefined; // the code does not change unless regenerated
    return run(this.ports.orders.qrCode(entry.order.mchnt_order_no));
  }

  /** After a detail: take the code asked for while it may show, forget the device's copy once it cannot. */
  private async settleCode(entry: OrderEntry, request: ReturnType<OrderDetailStore["askCode"]>): Promise<void> {
    const orderId = entry.order.order_id;
    if (!this.codeMayShow(entry)) {
      runInAction(() => (this.code = idle));
      forgetQrCopy(this.ports.preferences, orderId);
      return;
    }
    if (request === undefined) return;
    const shown = valueOf(this.code);
    if (this.code._tag !== "Loaded") runInAction(() => (this.code = loading(shown)));
    const answer = await request;
    runInAction(() => {
      if (this.orderId !== orderId) return;
      if (answer.ok) {
        this.keep(entry, answer.value.qrcode);
        return;
      }
      const copy = readQrCopy(this.ports.preferences, orderId);
      if (copy !== undefined) this.code = loaded({ value: copy.code, offline: true });
      else this.code = failed(answer.error, shown);
    });
  }

  private keep(entry: OrderEntry, code: string): void {
    this.code = loaded({ value: code, offline: false });
    writeQrCopy(this.ports.preferences, { code, order: entry.order, savedAt: entry.loadedAt });
  }

  /** Issue 12: a new code in place of the old one (`orders.resetQr`); the old one stops working. */
  async regenerate(): Promise<void> {
    const entry = this.entry;
    if (entry === undefined || this.regenerating || !this.canRegenerate) return;
    this.regenerating = true;
    const answer = await run(this.ports.orders.resetQr(entry.order.order_id));
    runInAction(() => {
      this.regenerating = false;
      if (!answer.ok) {
        reportFailure(answer.error, this.i18n, this.notices);
        return;
      }
      this.keep(entry, answer.value.qrcode);
      this.notices.show(this.i18n.t("ordersQrRegenerated"), "success");
    });
  }

  /** Keeps the screen on while the cashier scans (the Wake Lock, where the browser allows); answers its release. */
  keepScreenOn(): () => void {
    return this.order.keepScreenOn();
  }

  openRefund(): void {
    if (this.canRefund) this.refund = { _tag: "Open", error: undefined };
  }

  closeRefund(): void {
    if (this.refund._tag === "Open") this.refund = { _tag: "Closed" };
  }

  /**
   * Sends the refund request (the customer confirmed). A blank reason stays in the form with
   * 'tell us why you want a refund'; once sent the code stops showing and the refund status shows.
   */
  async requestRefund(rawReason: string): Promise<boolean> {
    const entry = this.entry;
    if (entry === undefined || this.refund._tag === "Sending") return false;
    const reason = Refund.validateRefundReason(rawReason);
    if (Result.isFailure(reason)) {
      this.refund = { _tag: "Open", error: this.i18n.t(reason.failure._tag) };
      return false;
    }
    this.refund = { _tag: "Sending" };
    const answer = await run(this.ports.orders.refund(entry.order.order_id, reason.success));
    if (!answer.ok) {
      runInAction(() => {
        this.refund = { _tag: "Open", error: reportFailure(answer.error, this.i18n, this.notices) };
      });
      return false;
    }
    runInAction(() => {
      this.refund = { _tag: "Closed" };
      this.code = idle;
      // The code is void from this moment: the device's copy must not show it at the pump.
      forgetQrCopy(this.ports.preferences, entry.order.order_id);
      this.order.amend(entryOf({ ...entry.order, refund_status: answer.value.refund_status }, entry.loadedAt));
      this.notices.show(this.i18n.t("ordersRefundRequested"), "success");
    });
    await this.load({ quiet: true });
    return true;
  }

  cancel(): Promise<void> {
    return this.order.cancel();
  }

  pay(): Promise<void> {
    return this.order.pay();
  }
}

/** Built the first time /orderDetail/:id opens (../storeKind.ts). */
export const orderDetailStore = storeKind((root) => new OrderDetailStore(root.ports, root.use(orderActionsStore), root.i18n, root.notices));
