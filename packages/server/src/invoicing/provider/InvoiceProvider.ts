/**
 * The e-invoice provider as the invoicing code sees it (issue 35 item 6): `platform` stations'
 * invoices are issued through it. Two implementations: the sandbox (./Sandbox.ts: issues after a
 * short delay with a sandbox number and a generated PDF, and can be told to fail) and WeChat Pay's
 * refined-oil e-invoice API v3 (./Wechat.ts), whose callbacks are checked with the payment
 * channel's v3 cryptography (src/payments/wechat/crypto.ts).
 *
 * Issuing is asynchronous at WeChat: `issue` is accepted ("issuing") and the result arrives later
 * by callback or by `query`. A failed issue is retried with a new `applyId` (./retry.ts), at most
 * four times, as WeChat allows per application.
 */

/** Who the invoice is made out to (the customer's invoice title, issue 35 item 2). */
export interface InvoiceBuyer {
  readonly type: "personal" | "company";
  /** Up to 100 characters. */
  readonly name: string;
  /** The taxpayer id (15 to 20 digits or capital letters); required for a company. */
  readonly taxId: string | null;
  readonly email: string | null;
  readonly phone: string | null;
  readonly address: string | null;
  readonly bank: string | null;
  readonly account: string | null;
}

/** Who sells: the station holding the fuel on the tax ledger. */
export interface InvoiceSeller {
  readonly stationId: number;
  /** The station's name as it appears on the invoice. */
  readonly title: string;
  /** The station's `code_id`. */
  readonly code: string;
}

/** One invoice line: diesel 0#, derived from the orders by the domain. */
export interface InvoiceLine {
  /** e.g. "0号柴油". */
  readonly description: string;
  /** Litres with three decimals, e.g. "26.420". */
  readonly litres: string;
  /** Yuan per litre, tax included, up to 8 decimals, e.g. "7.13663891". */
  readonly unitPrice: string;
  /** The line's amount in cents, tax included: what was paid. */
  readonly amountCents: number;
  /** VAT rate in percent, e.g. 13. */
  readonly taxRatePercent: number;
  /** The VAT contained in `amountCents`, in cents. */
  readonly taxCents: number;
  /** When the fuel was taken (WeChat's refined-oil line wants it with the pump's gun number). */
  readonly tradeTime?: Date;
  /** The pump gun, when the station told us. */
  readonly gunNumber?: string;
}

/**
 * A payment that the invoice covers. WeChat's refined-oil invoice names the WeChat Pay
 * transactions it invoices; a payment on another channel cannot be invoiced there.
 */
export interface InvoicePayment {
  readonly channel: "wechat" | "fy";
  /** Our merchant order number (`out_trade_no`). */
  readonly mchntOrderNo: string;
  /** The channel's transaction id. */
  readonly transactionId: string;
  readonly amountCents: number;
}

/** Names one attempt: the invoice (stable across attempts) and the attempt's own id. */
export interface IssueRef {
  readonly invoiceId: number;
  /** The seller's station: a provider may keep one merchant account per seller (WeChat's sub-merchant). */
  readonly stationId: number;
  /** Unique per attempt (./retry.ts `applyIdFor`): a failed issue is retried with a NEW id. */
  readonly applyId: string;
}

export interface IssueRequest extends Omit<IssueRef, "stationId"> {
  /** 1 for the first attempt, up to {@link MAX_ISSUE_ATTEMPTS} (./retry.ts). */
  readonly attempt: number;
  /** The payer's messaging-app id: WeChat puts the invoice into this user's card wallet. */
  readonly payerOpenid: string | null;
  readonly buyer: InvoiceBuyer;
  readonly seller: InvoiceSeller;
  readonly lines: readonly InvoiceLine[];
  /** The sum of the lines' `amountCents`: what was paid for the orders, never the pump amount. */
  readonly totalCents: number;
  readonly payments: readonly InvoicePayment[];
}

/** Where an attempt stands at the provider. */
export type IssueState =
  | { readonly state: "issuing" }
  | {
      readonly state: "issued";
      /** The invoice number (数电发票号码: 20 digits). */
      readonly number: string;
      readonly issuedAt: Date;
      /** The invoice's PDF when the provider hands it over, else null. */
      readonly pdf: Uint8Array | null;
      /** Where the customer can fetch the PDF, when the provider gives such an address. */
      readonly pdfUrl: string | null;
      /** The invoice is in the customer's WeChat card wallet. */
      readonly inWallet: boolean;
    }
  | {
      readonly state: "failed";
      /** The provider's words, for the desk and the audit log. */
      readonly reason: string;
      /** False when the same request would fail again (bad data): no new attempt then. */
      readonly retryable: boolean;
    };

/** What to ask the title-collection page for. */
export interface TitleUrlRequest {
  /** WeChat keys the link by the application, stable across attempts: re-fetching an expired link keeps it. */
  readonly invoiceId: number;
  readonly stationId: number;
  readonly openid: string;
  readonly totalCents: number;
  readonly sellerName?: string;
}

/** What a result callback turned out to be. Nothing in it is believed unless `kind` says it was verified. */
export type CallbackOutcome =
  /** A verified result for one attempt. */
  | { readonly kind: "result"; readonly invoiceId: number; readonly applyId: string; readonly result: IssueState }
  /** A verified event that changes no attempt (a title filled in, a wallet card withdrawn...): acknowledge it. */
  | { readonly kind: "ignored"; readonly event: string }
  /** Not verified (signature, timestamp, encryption, shape or merchant): answer 4xx so a real provider sends it again. */
  | { readonly kind: "refused"; readonly reason: CallbackRefusal };

export type CallbackRefusal = "malformed" | "stale-timestamp" | "unknown-serial" | "bad-signature" | "undecryptable" | "other-merchant";

export interface InvoiceProvider {
  readonly kind: "sandbox" | "wechat";
  /** Asks for an invoice. Usually answers "issuing": the result comes by callback or `query`. Idempotent per `applyId`. */
  issue(request: IssueRequest): Promise<IssueState>;
  /** The attempt's state now. */
  query(ref: IssueRef): Promise<IssueState>;
  /**
   * The title-collection link (WeChat: `user-title/title-url`), valid 30 minutes: when it has
   * expired, fetch it again (same invoice, no new application).
   */
  titleUrl(request: TitleUrlRequest): Promise<{ readonly url: string; readonly expiresAt: Date }>;
  /**
   * A result callback as received (`body` exactly as sent): verified (signature, timestamp within
   * 5 minutes, decrypted, ours) or refused; never trusted unverified.
   */
  readCallback(headers: Readonly<Record<string, string | undefined>>, body: string): Promise<CallbackOutcome>;
}

/** The provider is unreachable or answered nonsense (network, 5xx, a bad signature): the caller retries later, same attempt. */
export class InvoiceProviderUnavailable extends Error {
  override readonly name = "InvoiceProviderUnavailable";
}
