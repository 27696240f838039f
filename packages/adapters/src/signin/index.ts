/**
 * `@fuel/adapters/signin`: where the messaging app's authorization starts.
 * @module
 */
export { SandboxSignIn } from "./SandboxSignIn.ts";
export { WECHAT_AUTHORIZE_URL, WechatSignIn } from "./WechatSignIn.ts";
