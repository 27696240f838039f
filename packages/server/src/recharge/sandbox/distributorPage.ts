import { Money, Order, Time } from "@fuel/domain";
import { escapeHtml } from "../../identity/sandbox/consentPage.ts";
import type { WaitingOrder } from "../waitingOrders.ts";

/**
 * The sandbox fuel-card distributor's page (DESIGN.md §4): the paid recharge orders and card
 * purchases waiting to be settled, each with 'Done' and 'Reject' (with the reason the customer
 * will read). What `POST /api/sandbox/recharge/settle` does for scripts, in a browser, so a
 * newcomer can finish a top-up or a card purchase without curl. Pure functions: escaping is
 * unit-tested; the route (src/routes/recharge.ts) reads the orders and settles.
 */

/** Where the page lives; its forms post to the same path. */
export const DISTRIBUTOR_PATH = "/sandbox/distributor";

/** The longest reason the form takes: the API's `reason` bound (`LineText`). */
export const REASON_MAX_LENGTH = 256;

export interface PageNotice {
  /** `error`: what was asked was refused (nothing changed); `done`: what was just settled. */
  readonly kind: "error" | "done";
  readonly text: string;
}

export interface DistributorPageInput {
  readonly orders: readonly WaitingOrder[];
  /** `?order_id=`: the page shows that order only (when it is waiting). */
  readonly onlyOrderId?: number | undefined;
  /** A same-origin address (already checked) the forms carry, to go back to once an order is settled. */
  readonly back?: string | undefined;
  readonly notice?: PageNotice | undefined;
}

const CARD_TYPE_NAMES: Readonly<Record<number, string>> = {
  [Order.CARD_TYPE_CODES.entity]: "Entity card",
  [Order.CARD_TYPE_CODES.virtual]: "Virtual card",
  [Order.CARD_TYPE_CODES.topUpReplacement]: "Top-up replacement card",
};

/** The card as the distributor knows it: its type and last 7 digits, or the new card a purchase is for. */
export const cardLine = (order: Pick<WaitingOrder, "issuesCard" | "cardType" | "lastNumber">): string => {
  if (order.issuesCard && order.lastNumber === null) return "New virtual card (issued when you press Done)";
  const type = order.cardType === null ? "Card" : (CARD_TYPE_NAMES[order.cardType] ?? "Card");
  return order.lastNumber === null ? type : `${type} ····${order.lastNumber}`;
};

/** An instant in China time, as the distributor reads it: `2024-11-24 18:00:05`. */
export const chinaTime = (at: Date): string => Time.formatChinaIso(at.getTime()).slice(0, 19).replace("T", " ");

const fact = (name: string, value: string): string => `<div><dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd></div>`;

const hidden = (name: string, value: string): string => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;

const orderCard = (order: WaitingOrder, back: string | undefined): string => {
  const id = String(order.id);
  const carried = `${hidden("order_id", id)}${back === undefined ? "" : hidden("back", back)}`;
  const facts = [
    fact("Order number", order.mchntOrderNo),
    fact("Card", cardLine(order)),
    order.team === null || order.team === "" ? "" : fact("Team", order.team),
    fact("Amount", Money.formatYuan(order.orderAmount)),
    fact("Customer paid", Money.formatYuan(order.amount)),
    fact("Phone", order.phone),
    order.paidAt === null ? "" : fact("Paid at", `${chinaTime(order.paidAt)} (China time)`),
    order.remark.trim() === "" ? "" : fact("Remark", order.remark),
  ].join("\n      ");
  return `<article class="order" id="order-${id}" aria-labelledby="order-${id}-title" data-order-id="${id}">
    <h2 id="order-${id}-title">Order ${id}${order.issuesCard ? " · card purchase" : " · recharge"}</h2>
    <dl>
      ${facts}
    </dl>
    <form method="post" action="${DISTRIBUTOR_PATH}" class="done-form">
      ${carried}${hidden("result", "done")}
      <button type="submit" class="done">Done</button>
    </form>
    <form method="post" action="${DISTRIBUTOR_PATH}" class="reject-form">
      ${carried}${hidden("result", "rejected")}
      <label for="reason-${id}">Rejection reason (required; the customer reads it)</label>
      <input type="text" id="reason-${id}" name="reason" maxlength="${REASON_MAX_LENGTH}" autocomplete="off">
      <button type="submit" class="reject">Reject</button>
    </form>
  </article>`;
};

const noticeLine = (notice: PageNotice | undefined): string => {
  if (notice === undefined) return "";
  return notice.kind === "error"
    ? `<p class="notice error" role="alert">${escapeHtml(notice.text)}</p>`
    : `<p class="notice done" role="status">${escapeHtml(notice.text)}</p>`;
};

const emptyLine = (onlyOrderId: number | undefined): string =>
  onlyOrderId === undefined
    ? `<p class="empty">No order is waiting for the distributor. Pay a recharge or a card purchase in the app, then come back.</p>`
    : `<p class="empty">Order ${onlyOrderId} is not waiting for the distributor (not paid, already settled, or being refunded).</p>`;

/**
 * A small mobile page: the waiting orders (newest first), each with what a distributor sees and
 * its two forms, which post to this page. No script: the CSP allows none inline.
 */
export const distributorPage = (input: DistributorPageInput): string => {
  const links = [
    input.back === undefined ? "" : `<a class="back" href="${escapeHtml(input.back)}">Back to the app</a>`,
    input.onlyOrderId === undefined ? "" : `<a class="all" href="${DISTRIBUTOR_PATH}">All waiting orders</a>`,
  ].filter((l) => l !== "");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox card distributor</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; padding: 24px 16px; background: #f5f5f5; color: #222; }
  main { max-width: 480px; margin: 0 auto; }
  h1 { font-size: 20px; margin: 0 0 8px; }
  h2 { font-size: 17px; margin: 0 0 8px; }
  p { font-size: 14px; line-height: 1.5; color: #555; }
  nav { display: flex; gap: 16px; font-size: 15px; margin: 8px 0 16px; }
  a { color: #1677ff; }
  .notice { padding: 10px 12px; border-radius: 8px; color: #222; }
  .notice.error { background: #fff1f0; border: 1px solid #ffa39e; }
  .notice.done { background: #f6ffed; border: 1px solid #b7eb8f; }
  .order { background: #fff; border-radius: 12px; padding: 16px; margin: 0 0 16px; box-shadow: 0 1px 4px rgba(0,0,0,.08); }
  dl { margin: 0 0 12px; font-size: 14px; }
  dl div { display: flex; gap: 8px; padding: 3px 0; }
  dt { flex: 0 0 120px; color: #888; }
  dd { margin: 0; word-break: break-all; }
  label { display: block; font-size: 14px; margin: 12px 0 4px; }
  input[type=text] { box-sizing: border-box; width: 100%; font-size: 16px; padding: 10px; border: 1px solid #ccc; border-radius: 8px; }
  button { width: 100%; margin-top: 8px; padding: 12px; font-size: 16px; color: #fff; border: 0; border-radius: 8px; }
  button.done { background: #07c160; }
  button.reject { background: #ff4d4f; }
</style>
</head>
<body>
<main>
  <h1>Sandbox card distributor</h1>
  <p>Paid recharge orders and card purchases waiting for the fuel-card distributor. <strong>Done</strong> tops up the card (a card purchase gets its new virtual card); <strong>Reject</strong> refunds the customer, who reads your reason. Sandbox only: in production the real distributor settles.</p>
  ${noticeLine(input.notice)}
  ${links.length === 0 ? "" : `<nav>${links.join("")}</nav>`}
  ${input.orders.length === 0 ? emptyLine(input.onlyOrderId) : input.orders.map((o) => orderCard(o, input.back)).join("\n  ")}
</main>
</body>
</html>
`;
};
