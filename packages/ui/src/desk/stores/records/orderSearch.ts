import { Validation } from "@fuel/domain";
import type { DeskOrdersQuery } from "@fuel/domain/api";
import { Result } from "effect";

/** What the one search box was read as; the server takes exactly one of them (`DeskOrdersQuery`). */
export type OrderSearch =
  | { readonly by: "phone"; readonly value: string }
  | { readonly by: "orderId"; readonly value: string }
  | { readonly by: "merchantNo"; readonly value: string };

/** An order id is a positive 32-bit integer: at most 10 digits (`OrderId`). */
const ORDER_ID = /^[1-9]\d{0,9}$/;
const MAX_ORDER_ID = 2_147_483_647;

/**
 * Reads what an admin typed in the one search box: a mainland mobile number as people paste it
 * (`Validation.validatePhone`: `Phone.normalize`, then: 11 digits starting with 1) is a phone; any other
 * run of digits an order number; anything else (merchant numbers start with letters, 'FO…', 'RC…')
 * a merchant number. A phone wins over an order number: an 11-digit order id starting with 1 is
 * beyond the id range anyway. Blank is nothing to search for.
 */
export const readOrderSearch = (typed: string): OrderSearch | undefined => {
  const text = typed.trim();
  if (text === "") return undefined;
  const phone = Validation.validatePhone(text);
  if (Result.isSuccess(phone)) return { by: "phone", value: phone.success };
  if (ORDER_ID.test(text) && Number(text) <= MAX_ORDER_ID) return { by: "orderId", value: text };
  return { by: "merchantNo", value: text };
};

/** The request of a search, as the contract names its fields. */
export const ordersQueryOf = (search: OrderSearch): DeskOrdersQuery =>
  search.by === "phone" ? { phone: search.value } : search.by === "orderId" ? { order_id: Number(search.value) } : { merchant_no: search.value };
