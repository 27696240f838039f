export * from "./OauthProvider.ts";
export { WechatOauthProvider, type OauthLog } from "./Production.ts";
export { newSandboxOpenid, SandboxOauthProvider, type SandboxIdentity } from "./Sandbox.ts";
