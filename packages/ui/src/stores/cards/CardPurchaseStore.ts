import type { AppPorts } from "@fuel/adapters/ports";
import { Messages, type Money, Pricing, Validation } from "@fuel/domain";
import type { RequestEncodedOf } from "@fuel/domain/api";
import { Result } from "effect";
import { makeAutoObservable, reaction, runInAction } from "mobx";
import type { I18nStore } from "../../i18n/I18nStore.ts";
import type { SessionStore } from "../SessionStore.ts";
import { readSaved, record, text } from "../savedShape.ts";
import { storeKind } from "../storeKind.ts";
import { settledUser } from "./user.ts";
import type { CheckoutOrder } from "./CardCheckoutStore.ts";
import { cardsStore, type CardsStore } from "./CardsStore.ts";

/** Where the amount and phone of /heartcard are kept for this tab (a reload during payment finds the same request). */
export const CARD_PURCHASE_KEY = "fuel.cardPurchase";

/** What /heartcard keeps; another shape (corrupt, or written by an older app) is nothing kept (../savedShape.ts). */
interface SavedPurchase {
  readonly amountText: string;
  readonly phone: string;
}

const savedPurchase = record<SavedPurchase>({ amountText: text, phone: text });

/**
 * Buying a diesel card by amount (spec §2 /heartcard, §5, §9): the amount in yuan, whose input
 * refuses a 5th digit (`Validation.cardPurchaseInputAllowed`) and which is at most 5000 yuan
 * ('single amount cannot exceed 5000 yuan', `Validation.validateCardPurchaseAmount`); the page's
 * fixed 4.61 a litre and 0.5 off (`Pricing.CARD_PURCHASE_PAGE`) and the payable at them
 * (`Pricing.cardPurchaseQuote`, what the server charges); the phone, from the profile.
 */
export class CardPurchaseStore {
  amountText = "";
  phone = "";
  /** Messages show once the customer left a field or tried to pay. */
  touched = false;

  constructor(
    private readonly ports: Pick<AppPorts, "tabValues" | "recharge">,
    private readonly cards: CardsStore,
    private readonly session: SessionStore,
    private readonly i18n: I18nStore,
  ) {
    const saved = readSaved(ports.tabValues.get(CARD_PURCHASE_KEY), savedPurchase);
    if (saved !== undefined) {
      this.amountText = saved.amountText;
      this.phone = saved.phone;
    }
    makeAutoObservable(this, {}, { autoBind: true });
    reaction(
      () => JSON.stringify({ amountText: this.amountText, phone: this.phone } satisfies SavedPurchase),
      (json) => this.ports.tabValues.set(CARD_PURCHASE_KEY, json),
    );
  }

  /** /heartcard opened: the phone from the profile unless one was typed. */
  async open(): Promise<void> {
    const phone = (await settledUser(this.session))?.phone;
    runInAction(() => {
      if (this.phone === "" && phone !== null && phone !== undefined) this.phone = phone;
    });
  }

  /**
   * A keystroke, kept whole: a 5th digit of yuan (spec §5 allows 4) is said under the field at once
   * (issue 25: refusing the keystroke turned a typed 12345 into a charge of 1234 yuan).
   */
  setAmount(text: string): void {
    this.amountText = text;
  }

  setPhone(text: string): void {
    this.phone = text;
  }

  touch(): void {
    this.touched = true;
  }

  /** Spec §9: the figures the page always shows, 4.61 a litre and 0.5 off. */
  get pagePrice(): typeof Pricing.CARD_PURCHASE_PAGE {
    return Pricing.CARD_PURCHASE_PAGE;
  }

  private get checkedAmount(): Result.Result<Money.Cents, Validation.CardPurchaseAmountError> {
    return Validation.validateCardPurchaseAmount(this.amountText);
  }

  /** The live breakdown at the page's prices; undefined while the amount does not read. */
  get quote(): Pricing.Quote | undefined {
    const amount = this.checkedAmount;
    return Result.isSuccess(amount) ? Pricing.cardPurchaseQuote(amount.success) : undefined;
  }

  /**
   * The amount's message: once the field is left or pay is tapped, except too many digits, said as
   * it is typed (the customer sees at once that the field did not cut the amount short).
   */
  get amountError(): string | undefined {
    const amount = this.checkedAmount;
    if (Result.isSuccess(amount) || (!this.touched && amount.failure._tag !== "AmountTooManyDigits")) return undefined;
    return Messages.describe(amount.failure, this.i18n.locale);
  }

  get phoneError(): string | undefined {
    if (!this.touched) return undefined;
    const phone = Validation.validatePhone(this.phone);
    return Result.isFailure(phone) ? Messages.describe(phone.failure, this.i18n.locale) : undefined;
  }

  /** The request `cardPurchaseCreate` is sent, when every rule holds. */
  get request(): RequestEncodedOf<"cardPurchaseCreate"> | undefined {
    const amount = this.checkedAmount;
    const phone = Validation.validatePhone(this.phone);
    const quote = this.quote;
    if (Result.isFailure(amount) || Result.isFailure(phone) || quote === undefined) return undefined;
    return { order_amount: String(amount.success), amount: quote.payable, phone: phone.success, paytype: "fy" };
  }

  /** The pay button: the order for the checkout (`CardCheckoutStore`), or undefined with the messages of what is wrong. */
  checkoutOrder(): CheckoutOrder | undefined {
    this.touched = true;
    const request = this.request;
    const quote = this.quote;
    if (request === undefined || quote === undefined) return undefined;
    return {
      kind: "cardPurchase",
      fingerprint: JSON.stringify(request),
      payable: quote.payable,
      create: (idempotencyKey) => this.ports.recharge.buyCard(request, { idempotencyKey }),
      settled: () => {
        this.clear();
        // The new card is in the list once the distributor settles the purchase.
        this.cards.markStale();
      },
    };
  }

  /** Paid, or left to the order list: the next visit starts afresh (the phone kept). */
  clear(): void {
    this.amountText = "";
    this.touched = false;
  }
}

export const cardPurchaseStore = storeKind((root) => new CardPurchaseStore(root.ports, root.use(cardsStore), root.session, root.i18n));
