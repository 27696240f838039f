/**
 * `@fuel/adapters/payment/bridges`: only the two pay sheets, for the composition root to load on
 * demand (`import()`) behind `lazyPaymentBridge`, apart from the payment helpers that stores
 * import statically from `@fuel/adapters/payment`.
 * @module
 */
export { SandboxPayBridge } from "./SandboxPayBridge.ts";
export { WeixinPayBridge, type BridgeHost } from "./WeixinPayBridge.ts";
