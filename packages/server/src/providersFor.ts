import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { invoiceProviderFor, type InvoiceProvider } from "./invoicing/provider/index.ts";
import { paymentProvidersFor, type PaymentProviders } from "./payments/channels.ts";
import type { Clock } from "./providers/clock/Clock.ts";
import { SandboxOauthProvider, WechatOauthProvider, type OauthLog, type OauthProvider } from "./providers/oauth/index.ts";
import { SandboxSmsProvider, YunpianSmsProvider, type SmsLog, type SmsProvider } from "./providers/sms/index.ts";

/** The external systems the server talks to (DESIGN.md §4), as the routes see them. */
export interface Providers {
  readonly oauth: OauthProvider;
  readonly sms: SmsProvider;
  /** The payment channels (JSAPI-style and FY), and their sandbox faces when they are sandboxes. */
  readonly payments: PaymentProviders;
  /** The e-invoice provider of `platform` stations (issue 35): WeChat Pay's refined-oil e-invoice, or its sandbox. */
  readonly invoice: InvoiceProvider;
}

/** What the sandbox implementations need: they keep their state in our database and read our clock. */
export interface ProviderContext {
  readonly db: Database;
  readonly clock: Clock;
  readonly log: SmsLog & OauthLog;
}

/** A production provider without its secret: `loadConfig` refuses such a configuration, so this is a wiring bug. */
const secret = (config: Pick<Config, "secrets">, name: keyof Config["secrets"]): string => {
  const value = config.secrets[name];
  if (value === undefined) throw new Error(`${name} is required by a production provider`);
  return value;
};

/**
 * The providers the configuration names (`OAUTH_PROVIDER`, `SMS_PROVIDER`, default: the mode's).
 * `overrides` replace single providers (tests); a replaced one is never constructed.
 */
export const providersFor = (
  config: Pick<Config, "mode" | "providers" | "secrets">,
  context: ProviderContext,
  overrides: Partial<Providers> = {},
): Providers => ({
  oauth:
    overrides.oauth ??
    (config.providers.oauth === "production"
      ? new WechatOauthProvider(secret(config, "WECHAT_APP_ID"), secret(config, "WECHAT_APP_SECRET"), context)
      : new SandboxOauthProvider(context.db, context.clock)),
  sms:
    overrides.sms ??
    (config.providers.sms === "production"
      ? new YunpianSmsProvider(secret(config, "SMS_API_KEY"))
      : new SandboxSmsProvider(context.clock, context.log)),
  payments: overrides.payments ?? paymentProvidersFor(config, context.db, context.clock),
  // Production mode refuses a sandbox here too (invoiceProviderFor throws), as for payments.
  invoice: overrides.invoice ?? invoiceProviderFor(config, context.clock),
});
