import type { PaymentResultResponse } from "@fuel/domain/api";
import { Effect } from "effect";
import type { PaymentsApi } from "./Api.ts";
import type { ApiError } from "./errors.ts";
import type { PayError, PaymentBridge, PayRequest } from "./PaymentBridge.ts";

/**
 * Pay, then believe only the server (issue 5: the bridge's 'ok' is not proof). After 'ok' the
 * server is asked for the settled state, a few times, because the channel's notification may
 * trail the customer's tap by a moment; the server itself asks the channel when it has heard
 * nothing, so a lost notification still ends paid.
 *
 * It lives with the ports because it is pure orchestration over them (a bridge, a payments API),
 * with no implementation of its own: the UI's stores call it on the ports they were given.
 */

export type PaymentConclusion =
  | { readonly kind: "paid"; readonly result: PaymentResultResponse }
  /** The customer closed the sheet. */
  | { readonly kind: "cancelled" }
  /** 'ok' from the sheet, but the server has no payment yet: show "confirming", let the order list settle it. */
  | { readonly kind: "pending"; readonly result: PaymentResultResponse };

export interface ConfirmOptions {
  readonly attempts?: number;
  readonly intervalMs?: number;
  /** Called once when the sheet said 'ok' and the server's word is awaited, so a screen can say "confirming payment". */
  readonly onConfirming?: () => void;
}

export const payAndConfirm = (
  bridge: PaymentBridge,
  payments: Pick<PaymentsApi, "result">,
  request: PayRequest,
  options: ConfirmOptions = {},
): Effect.Effect<PaymentConclusion, PayError | ApiError> => {
  const attempts = Math.max(1, options.attempts ?? 5);
  const intervalMs = options.intervalMs ?? 1_000;
  const ask = (left: number): Effect.Effect<PaymentConclusion, ApiError> =>
    Effect.flatMap(payments.result(request.orderId), (result) =>
      result.paid
        ? Effect.succeed<PaymentConclusion>({ kind: "paid", result })
        : left <= 1
          ? Effect.succeed<PaymentConclusion>({ kind: "pending", result })
          : Effect.flatMap(Effect.sleep(intervalMs), () => ask(left - 1)),
    );
  return Effect.flatMap(bridge.pay(request), (outcome) =>
    outcome === "cancel"
      ? Effect.succeed<PaymentConclusion>({ kind: "cancelled" })
      : Effect.flatMap(
          Effect.sync(() => options.onConfirming?.()),
          () => ask(attempts),
        ),
  );
};
