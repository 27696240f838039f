/**
 * `@fuel/adapters/payment`: the in-app payment sheet (the messaging app's, or the sandbox's) and
 * the pay-then-confirm flow.
 * @module
 */
export { requireOauth } from "./authorize.ts";
export { payAndConfirm, type ConfirmOptions, type PaymentConclusion } from "./confirm.ts";
export { payInfoOf } from "./payInfo.ts";
export { SANDBOX_SHEET_ID, SandboxPayBridge } from "./SandboxPayBridge.ts";
export { BRIDGE_READY_TIMEOUT_MS, WeixinPayBridge, type BridgeHost, type WeixinJSBridge } from "./WeixinPayBridge.ts";
