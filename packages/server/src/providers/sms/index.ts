export * from "./SmsProvider.ts";
export { YunpianSmsProvider } from "./Production.ts";
export { SandboxSmsProvider, type SandboxMessage, type SmsLog } from "./Sandbox.ts";
