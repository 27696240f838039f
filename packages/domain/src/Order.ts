/**
 * Orders (spec §3, §4): status codes and their names, order and card types, the order-list tabs,
 * the life cycle of an order as a state machine, the actions a customer may take on an order, and
 * the unpaid countdown. Every instant is epoch milliseconds passed in by the caller.
 *
 * The state machine works on {@link Order}, a minimal record of what the rules need; the full wire
 * entity lives in the API contract. Failures are tagged errors whose `_tag` keys their text in the
 * message catalogue.
 *
 * One namespace for callers (`Order.transition`, `Order.allowedActions`); each concern lives in
 * its own file under `order/`.
 * @module
 */
export * from "./order/Status.ts";
export * from "./order/Kinds.ts";
export * from "./order/Category.ts";
export * from "./order/Tabs.ts";
export * from "./order/Record.ts";
export * from "./order/Machine.ts";
export * from "./order/Actions.ts";
export * from "./order/Refunds.ts";
export * from "./order/AmountLabel.ts";
export * from "./order/Expiry.ts";
