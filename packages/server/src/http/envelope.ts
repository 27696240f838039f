/**
 * DESIGN.md §5: every JSON answer is `{status: 'success' | 'error', message, data}`.
 * Handlers return their data (or `ok(data, message)` to choose the message); the error handler
 * writes failures. Nothing else builds an envelope.
 */

export interface SuccessEnvelope<A = unknown> {
  readonly status: "success";
  readonly message: string;
  readonly data: A;
}

export interface ErrorEnvelope {
  readonly status: "error";
  readonly message: string;
  readonly data: null;
}

export const DEFAULT_SUCCESS_MESSAGE = "success";

const OK: unique symbol = Symbol.for("@fuel/server/ok");

/** A handler's answer with a chosen message, and top-level fields beside `data` if the spec wants them (order creation's `order_id`). */
export interface Ok<A> {
  readonly [OK]: true;
  readonly data: A;
  readonly message: string;
  readonly extra: Readonly<Record<string, unknown>> | undefined;
}

/** A successful answer carrying `data`, with `message` (default 'success'). */
export const ok = <A>(data: A, message: string = DEFAULT_SUCCESS_MESSAGE, extra?: Readonly<Record<string, unknown>>): Ok<A> => ({
  [OK]: true,
  data,
  message,
  extra,
});

export const isOk = (u: unknown): u is Ok<unknown> => typeof u === "object" && u !== null && OK in u;

export const successEnvelope = <A>(data: A, message: string = DEFAULT_SUCCESS_MESSAGE, extra?: Readonly<Record<string, unknown>>): SuccessEnvelope<A> =>
  // `extra` goes first so it can never overwrite the envelope's own members.
  ({ ...extra, status: "success", message, data });

export const errorEnvelope = (message: string): ErrorEnvelope => ({ status: "error", message, data: null });

/**
 * The answer of a call that created an order (order/create, rechargeorder/create, the card
 * purchase): the created order's answer, 'order created', and `order_id` beside `data` as well
 * (spec §7's clients read it there). The use cases answer the data; the routes say the words.
 */
export const orderCreated = <A extends { readonly order_id: number }>(data: A): Ok<A> => ok(data, "order created", { order_id: data.order_id });
