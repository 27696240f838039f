import { createPrivateKey } from "node:crypto";
import type { Config, SecretName } from "../../config.ts";
import { platformKeysFrom } from "../../payments/platformKeys.ts";
import type { Clock } from "../../providers/clock/Clock.ts";
import { pemText } from "../../secretForms.ts";
import type { InvoiceProvider } from "./InvoiceProvider.ts";
import { SandboxInvoiceProvider, type SandboxInvoiceOptions } from "./Sandbox.ts";
import { WechatInvoiceProvider } from "./Wechat.ts";

export * from "./InvoiceProvider.ts";
export { applyIdFor, MAX_ISSUE_ATTEMPTS, MAX_ISSUE_RETRIES, nextAttempt, parseApplyId, type RetryDecision } from "./retry.ts";
export { SANDBOX_FAIL_MARK, SANDBOX_ISSUE_DELAY_MS, SANDBOX_NUMBER_PREFIX, SandboxInvoiceProvider, type SandboxInvoiceOptions } from "./Sandbox.ts";
export { DIESEL_TAX_CODE, encryptSensitive, WechatInvoiceProvider, type WechatInvoiceOptions, type WechatSellerAccount } from "./Wechat.ts";
export { sandboxInvoicePdf } from "./pdf.ts";

/** Production mode with a sandbox e-invoice provider: refused at start-up, as for payments. */
export class SandboxInvoiceProviderInProduction extends Error {
  override readonly name = "SandboxInvoiceProviderInProduction";
  constructor() {
    super("FUEL_MODE=production refuses the sandbox e-invoice provider: set INVOICE_PROVIDER=production and its WeChat Pay settings");
  }
}

const need = (secrets: Config["secrets"], name: SecretName): string => {
  const value = secrets[name];
  // loadConfig refuses a production provider without its secrets, so this is a wiring bug.
  if (value === undefined) throw new Error(`${name} is required by the production e-invoice provider`);
  return value;
};

export interface InvoiceProviderExtras {
  /** Replaces the network (tests). */
  readonly fetch?: typeof fetch;
  readonly sandbox?: SandboxInvoiceOptions;
}

/**
 * The e-invoice provider the configuration names (`INVOICE_PROVIDER`, default: the mode's).
 * Production mode refuses the sandbox here too, not only in loadConfig: a configuration built by
 * hand (a test, a tool) cannot slip a sandbox into production.
 */
export const invoiceProviderFor = (
  config: Pick<Config, "mode" | "providers" | "secrets">,
  clock: Clock,
  extras: InvoiceProviderExtras = {},
): InvoiceProvider => {
  const kind = config.providers.invoice;
  if (kind !== "production") {
    if (config.mode === "production") throw new SandboxInvoiceProviderInProduction();
    return new SandboxInvoiceProvider(clock, extras.sandbox);
  }
  const s = config.secrets;
  // loadConfig has checked that the keys parse and that there is one platform key per serial (src/secretForms.ts).
  return new WechatInvoiceProvider({
    baseUrl: s.WECHAT_PAY_API_BASE_URL ?? "https://api.mch.weixin.qq.com",
    mchId: need(s, "WECHAT_MCH_ID"),
    appId: need(s, "WECHAT_APP_ID"),
    serialNo: need(s, "WECHAT_PAY_CERT_SERIAL"),
    merchantPrivateKey: createPrivateKey(pemText(need(s, "WECHAT_PAY_PRIVATE_KEY"))),
    platformKeys: platformKeysFrom(need(s, "WECHAT_PAY_PLATFORM_SERIAL"), pemText(need(s, "WECHAT_PAY_PLATFORM_PUBLIC_KEY"))),
    apiV3Key: need(s, "WECHAT_PAY_API_V3_KEY"),
    account: { subMchId: need(s, "WECHAT_FAPIAO_SUB_MCH_ID"), billingPersonId: need(s, "WECHAT_FAPIAO_BILLING_PERSON_ID") },
    nowMs: () => clock.now(),
    ...(extras.fetch === undefined ? {} : { fetch: extras.fetch }),
  });
};
