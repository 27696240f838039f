import type { PayInfo } from "@fuel/domain/api";
import type { Validation } from "@fuel/domain";
import { Data, type Effect } from "effect";
import type { ApiError } from "./errors.ts";

/**
 * The in-app payment sheet. The bridge only opens it and reports what the customer did; whether
 * the money arrived is the server's word (`PaymentsApi.result`), never the bridge's.
 */

/** What to pay: the signed pay sheet (`payInfo`, or the FY channel's `reserved_pay_info`, same fields), for which order, by whom. */
export interface PayRequest {
  readonly orderId: number;
  readonly payInfo: PayInfo;
  /** Shown on the sandbox pay sheet. */
  readonly amountCents: number;
  /** The customer's messaging-app identity; spec §5: none, no payment. */
  readonly oauthId: string | null | undefined;
}

/** The customer finished the sheet ('ok') or closed it ('cancel'). */
export type PayOutcome = "ok" | "cancel";

/**
 * The payment sheet reported a failure (the bank refused, a wrong password...). `message` is the
 * sheet's own words (WeChat's `err_desc`) when it gave any, never text of ours: the UI words the
 * failure in the customer's language from its catalogue, and shows these words only where they
 * read in that language.
 */
export class PaymentFailed extends Data.TaggedError("PaymentFailed")<{ readonly message?: string | undefined }> {}

/**
 * No payment sheet to open: its code could not be fetched (`offline`), not inside the messaging
 * app or its bridge never became ready (`outsideMessagingApp`), or the sandbox's pay call failed
 * (`server`, with that call's error as `failure`).
 */
export class PaymentUnavailable extends Data.TaggedError("PaymentUnavailable")<{
  readonly reason: "offline" | "outsideMessagingApp" | "server";
  readonly failure?: ApiError | undefined;
}> {}

export type PayError = Validation.OauthRequired | PaymentFailed | PaymentUnavailable;

export interface PaymentBridge {
  pay(request: PayRequest): Effect.Effect<PayOutcome, PayError>;
}
