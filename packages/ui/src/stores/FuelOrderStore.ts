import { payInfoOf, type AppPorts } from "@fuel/adapters/ports";
import { Constants, Routes } from "@fuel/domain";
import type { PayType, RequestEncodedOf } from "@fuel/domain/api";
import { Effect } from "effect";
import { makeAutoObservable } from "mobx";
import type { I18nStore } from "../i18n/I18nStore.ts";
import { CheckoutFlow, type CreateAnswer, type PayPhase } from "./checkout/CheckoutFlow.ts";
import { fuelDraftStore, type ConfirmedDraft, type FuelDraftStore } from "./FuelDraftStore.ts";
import type { NavigationStore } from "./NavigationStore.ts";
import type { NoticeStore } from "./NoticeStore.ts";
import type { SessionStore } from "./SessionStore.ts";
import { storeKind } from "./storeKind.ts";

/** Where the key of the tap being paid is kept for this tab, until its order is settled. */
export const PENDING_ORDER_KEY = "fuel.pendingFuelOrder";

/** The wire draft of spec §3 (order_amount is cents as a string). */
const wireDraft = (draft: ConfirmedDraft): RequestEncodedOf<"orderCreate"> => ({
  gas_Type: Constants.DIESEL_0,
  order_amount: String(draft.amount),
  phone: draft.phone,
  station_id: draft.station.id,
  ...(draft.remark === "" ? {} : { remark: draft.remark }),
  paytype: draft.paytype,
});

/**
 * Paying a one-key fuel order from its checklist (spec §2 /order, /orderNew; §4 payment result; §5
 * oauth rule) through the shared `CheckoutFlow`: one tap is one action key kept in `tabValues`
 * (under {@link PENDING_ORDER_KEY}) until the order is settled, so a retry, a second tap or a
 * reload during payment reach the same order; paid means the server says so. Paid, the customer
 * lands on the order's detail, its QR code (issue 25: spec §4's variant that leads to the detail,
 * for every channel), replacing the checklist so Back does not return to a paid form. Cancelled,
 * on the same detail too: the unpaid order waits there with its countdown and its pay button, one
 * tap from paying again, where the order list would make the driver find it among the others.
 */
export class FuelOrderStore {
  readonly #checkout: CheckoutFlow;

  constructor(
    private readonly ports: Pick<AppPorts, "orders" | "payments" | "payment" | "tabValues" | "newActionKey">,
    private readonly drafts: FuelDraftStore,
    session: SessionStore,
    i18n: I18nStore,
    notices: NoticeStore,
    navigation: NavigationStore,
  ) {
    this.#checkout = new CheckoutFlow(ports, session, i18n, notices, navigation);
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get phase(): PayPhase {
    return this.#checkout.phase;
  }

  /** The button is busy from the tap until the answer (and while leaving the page afterwards). */
  get busy(): boolean {
    return this.#checkout.busy;
  }

  /** The checklist opened: a finished earlier payment's state does not carry over. */
  reset(): void {
    this.#checkout.reset();
  }

  /** The checklist's pay button for the draft, through `paytype`'s channel. */
  async pay(paytype: PayType): Promise<void> {
    if (this.busy) return;
    const confirmed = this.drafts.confirmed;
    if (confirmed === undefined) return;
    const draft = wireDraft({ ...confirmed, paytype });
    const next = (orderId: number): string => this.followUpPath(paytype, orderId);
    await this.#checkout.pay({
      pendingKey: PENDING_ORDER_KEY,
      fingerprint: JSON.stringify(draft),
      payable: confirmed.quote.payable,
      create: (idempotencyKey) =>
        Effect.map(this.ports.orders.create(draft, { idempotencyKey }), (created): CreateAnswer => ({ _tag: "ToPay", orderId: created.order_id, payInfo: payInfoOf(created) })),
      paidPath: next,
      // Spec §4: cancel leads on too, to the unpaid order, which waits there to be paid.
      cancelledPath: next,
      settled: () => this.drafts.clear(),
    });
  }

  /** Where a payment leads, and where a pending one can be followed up: the order's detail, whatever the channel. */
  followUpPath(_paytype: PayType, orderId: number): string {
    return Routes.orderDetailPath(orderId);
  }
}

/** Built the first time a fuel checklist (/order, /orderNew) opens (./storeKind.ts). */
export const fuelOrderStore = storeKind((root) => new FuelOrderStore(root.ports, root.use(fuelDraftStore), root.session, root.i18n, root.notices, root.navigation));
