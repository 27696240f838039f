import type { Locale } from "./Messages.ts";
import type { OrderCategory } from "./order/Category.ts";
import type { StatusLabel } from "./order/Status.ts";

/**
 * An order's status and category in words, in both languages (issue 34): the desk's order table
 * and the server's order CSV read an order alike. The status words are the customer app's own
 * (`ordersStatus_*` in the app's catalogue; a UI test keeps the two equal).
 * @module
 */

const STATUS: Readonly<Record<Locale, Readonly<Record<StatusLabel, string>>>> = {
  en: {
    unpaid: "Unpaid",
    unused: "Unused",
    paid: "Paid",
    used: "Used",
    done: "Done",
    rejected: "Rejected",
    voided: "Voided",
    expired: "Expired",
    cancelled: "Cancelled",
    refunding: "Refund in progress",
    refunded: "Refunded",
  },
  "zh-CN": {
    unpaid: "待支付",
    unused: "待使用",
    paid: "已支付",
    used: "已使用",
    done: "已完成",
    rejected: "已驳回",
    voided: "已作废",
    expired: "已过期",
    cancelled: "已取消",
    refunding: "退款中",
    refunded: "已退款",
  },
};

const CATEGORY: Readonly<Record<Locale, Readonly<Record<OrderCategory, string>>>> = {
  en: {
    fuel: "Fuel",
    entityRecharge: "Entity card recharge",
    virtualRecharge: "Virtual card recharge",
    topUpReplacement: "Top-up replacement card recharge",
    cardPurchase: "Card purchase",
  },
  "zh-CN": {
    fuel: "加油",
    entityRecharge: "实体卡充值",
    virtualRecharge: "虚拟卡充值",
    topUpReplacement: "补卡充值",
    cardPurchase: "购卡",
  },
};

/** A status label (`Order.statusLabel`) in words. */
export const statusWord = (label: StatusLabel, locale: Locale): string => STATUS[locale][label];

/** An order category (`Order.categoryOf`) in words. */
export const categoryWord = (category: OrderCategory, locale: Locale): string => CATEGORY[locale][category];
