import { Api } from "@fuel/domain/api";
import { createPrivateKey } from "node:crypto";
import type { Config, SecretName } from "../config.ts";
import type { Database } from "../db/client.ts";
import type { Clock } from "../providers/clock/Clock.ts";
import { JsapiChannel } from "./JsapiChannel.ts";
import type { ChannelName, PaymentChannel } from "./PaymentChannel.ts";
import { sandboxKeyMaterial } from "./sandbox/keys.ts";
import { SANDBOX_PLATFORM_SERIAL, type PlatformSecrets } from "./sandbox/notifications.ts";
import { platformKeysFrom } from "./platformKeys.ts";
import { SandboxGateway } from "./sandbox/SandboxGateway.ts";
import { HttpGateway } from "./wechat/HttpGateway.ts";
import { pemText } from "../secretForms.ts";

/** A sandbox channel's two faces: its gateway (the ledger) and the platform secrets that sign its notifications. */
export interface SandboxChannel {
  readonly gateway: SandboxGateway;
  readonly platform: PlatformSecrets;
}

export interface PaymentProviders {
  readonly channels: Readonly<Record<ChannelName, PaymentChannel>>;
  /** Only for channels running as sandboxes: what `/api/sandbox/pay` needs to play the platform. */
  readonly sandbox: Readonly<Partial<Record<ChannelName, SandboxChannel>>>;
}

/** The path each channel's notifications arrive at: the contract's `paymentNotify` and `paymentFyNotify` endpoints. */
export const NOTIFY_PATHS: Readonly<Record<ChannelName, string>> = {
  wechat: Api.paymentNotify.path,
  fy: Api.paymentFyNotify.path,
};

/** The sandbox's merchant identity; a notification naming another merchant is refused. */
const SANDBOX_IDS: Readonly<Record<ChannelName, { readonly appId: string; readonly mchId: string }>> = {
  wechat: { appId: "wxsandbox00000001", mchId: "1900000001" },
  fy: { appId: "wxsandbox00000002", mchId: "0002900F0000001" },
};

const sandboxChannel = (name: ChannelName, db: Database, clock: Clock): { channel: PaymentChannel; sandbox: SandboxChannel } => {
  const keys = sandboxKeyMaterial();
  const gateway = new SandboxGateway(name, db, clock);
  const channel = new JsapiChannel(
    name,
    {
      ...SANDBOX_IDS[name],
      merchantPrivateKey: keys.merchantPrivateKey,
      platformKeys: new Map([[SANDBOX_PLATFORM_SERIAL, keys.platformPublicKey]]),
      apiV3Key: keys.apiV3Key,
    },
    gateway,
  );
  return { channel, sandbox: { gateway, platform: { platformPrivateKey: keys.platformPrivateKey, apiV3Key: keys.apiV3Key } } };
};

type Secrets = Config["secrets"];

const need = (secrets: Secrets, name: SecretName): string => {
  const value = secrets[name];
  // loadConfig refuses a production provider without its secrets, so this is a wiring bug.
  if (value === undefined) throw new Error(`${name} is required by a production payment channel`);
  return value;
};

const productionChannel = (name: ChannelName, secrets: Secrets, clock: Clock): PaymentChannel => {
  const n = name === "wechat"
    ? {
        appId: "WECHAT_APP_ID",
        mchId: "WECHAT_MCH_ID",
        key: "WECHAT_PAY_PRIVATE_KEY",
        serial: "WECHAT_PAY_CERT_SERIAL",
        platform: "WECHAT_PAY_PLATFORM_PUBLIC_KEY",
        platformSerial: "WECHAT_PAY_PLATFORM_SERIAL",
        v3: "WECHAT_PAY_API_V3_KEY",
        base: "WECHAT_PAY_API_BASE_URL",
      } as const
    : {
        appId: "FY_APP_ID",
        mchId: "FY_MCH_ID",
        key: "FY_PAY_PRIVATE_KEY",
        serial: "FY_CERT_SERIAL",
        platform: "FY_PAY_PLATFORM_PUBLIC_KEY",
        platformSerial: "FY_PAY_PLATFORM_SERIAL",
        v3: "FY_API_V3_KEY",
        base: "FY_API_BASE_URL",
      } as const;
  // loadConfig has checked that the keys parse, the same way, and that there is one platform key
  // per serial (src/secretForms.ts): these cannot throw.
  const merchantPrivateKey = createPrivateKey(pemText(need(secrets, n.key)));
  const platformKeys = platformKeysFrom(need(secrets, n.platformSerial), pemText(need(secrets, n.platform)));
  const mchId = need(secrets, n.mchId);
  const gateway = new HttpGateway({
    baseUrl: secrets[n.base] ?? "https://api.mch.weixin.qq.com",
    mchId,
    serialNo: need(secrets, n.serial),
    merchantPrivateKey,
    platformKeys,
    notifyUrl: new URL(NOTIFY_PATHS[name], need(secrets, "PUBLIC_BASE_URL")).toString(),
    nowMs: () => clock.now(),
  });
  return new JsapiChannel(name, { appId: need(secrets, n.appId), mchId, merchantPrivateKey, platformKeys, apiV3Key: need(secrets, n.v3) }, gateway);
};

/** The payment channels the configuration names (`WECHAT_PAY_PROVIDER`, `FY_PAY_PROVIDER`). */
export const paymentProvidersFor = (config: Pick<Config, "providers" | "secrets">, db: Database, clock: Clock): PaymentProviders => {
  const channels: Partial<Record<ChannelName, PaymentChannel>> = {};
  const sandbox: Partial<Record<ChannelName, SandboxChannel>> = {};
  for (const [name, system] of [["wechat", "wechatPay"], ["fy", "fyPay"]] as const) {
    if (config.providers[system] === "production") {
      channels[name] = productionChannel(name, config.secrets, clock);
    } else {
      const made = sandboxChannel(name, db, clock);
      channels[name] = made.channel;
      sandbox[name] = made.sandbox;
    }
  }
  return { channels: channels as Record<ChannelName, PaymentChannel>, sandbox };
};
