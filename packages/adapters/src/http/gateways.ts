import type { ApiCaller, ApiGateways } from "../ports/Api.ts";

/**
 * The gateway ports over one {@link ApiCaller}: the HTTP client in the app, a scripted caller in
 * store tests (`@fuel/adapters/testing`), so both run the same mapping from method to endpoint.
 */
export const gatewaysOver = (api: ApiCaller): ApiGateways => ({
  session: {
    wechatAuth: (code) => api.call("wechatAuth", { code }),
    sendSms: (phone) => api.call("sendSms", { phone }),
    checkCaptcha: (input) => api.call("checkCaptcha", input),
    bindPhone: (input) => api.call("bindPhone", input),
    login: (input) => api.call("login", input),
    logout: () => api.call("logout", {}),
    userInfo: () => api.call("userInfo", {}),
    setPassword: (password) => api.call("setPassword", { password }),
    resetPassword: (input) => api.call("resetPassword", input),
    isBlacklisted: (phone) => api.call("isBlacklist", { phone }),
    activate: (code) => api.call("activate", { code }),
  },
  site: {
    webInfo: () => api.call("webInfo", {}),
    version: () => api.call("version", {}),
  },
  stations: {
    cities: () => api.call("cityList", {}),
    stationsOfCity: (city) => api.call("cityStations", { city }),
  },
  orders: {
    create: (draft, options) => api.call("orderCreate", draft, options),
    list: (page, filter) => api.call("orderList", { page, order_status: filter }),
    detail: (orderId) => api.call("orderDetail", { order_id: orderId }),
    cancel: (orderId) => api.call("orderCancel", { order_id: orderId }),
    refund: (orderId, reason) => api.call("orderRefund", { order_id: orderId, reason }),
    qrCode: (orderNumber) => api.call("kepaiQrCode", { orderNumber }),
    resetQr: (orderId) => api.call("orderResetQr", { order_id: orderId }),
  },
  payments: {
    wechatParams: (orderId) => api.call("paymentQuery", { order_id: orderId }),
    fyParams: (orderId) => api.call("paymentFyQuery", { order_id: orderId }),
    result: (orderId) => api.call("paymentQueryResult", { order_id: orderId }),
  },
  recharge: {
    cardList: () => api.call("rechargeCardList", {}),
    cardsByPhone: (phone) => api.call("rechargeCardsByPhone", { phone }),
    cardsByTeam: (team) => api.call("rechargeCardsByTeam", { team }),
    create: (draft, options) => api.call("rechargeOrderCreate", draft, options),
    buyCard: (request, options) => api.call("cardPurchaseCreate", request, options),
  },
  invoices: {
    titles: () => api.call("invoiceTitles", {}),
    saveTitle: (title) => api.call("invoiceTitleSave", title),
    deleteTitle: (titleId) => api.call("invoiceTitleDelete", { title_id: titleId }),
    apply: (request, options) => api.call("invoiceApply", request, options),
    list: () => api.call("invoiceList", {}),
    detail: (invoiceId) => api.call("invoiceDetail", { invoice_id: invoiceId }),
  },
});
