import type { OrderCreateResponse, PayInfo } from "@fuel/domain/api";

/** The signed pay sheet of either channel's answer: `payInfo` (respCode '00') or `reserved_pay_info` (result_code '000000'). */
export const payInfoOf = (answer: OrderCreateResponse | { readonly reserved_pay_info: PayInfo } | { readonly payInfo: PayInfo }): PayInfo =>
  "payInfo" in answer ? answer.payInfo : answer.reserved_pay_info;
