export * from "./OauthProvider.ts";
export { WechatOauthProvider } from "./Production.ts";
export { newSandboxOpenid, SandboxOauthProvider } from "./Sandbox.ts";
