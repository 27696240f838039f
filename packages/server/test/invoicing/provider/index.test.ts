import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/config.ts";
import { invoiceProviderFor, SandboxInvoiceProviderInProduction } from "../../../src/invoicing/provider/index.ts";
import { productionSecrets } from "../../helpers/productionSecrets.ts";
import { API_V3_KEY, fakeClock, platformKey, platformPub } from "./fixtures.ts";

const clock = fakeClock();
const sandboxKeys = { sandbox: { keys: { platformPrivateKey: platformKey, platformPublicKey: platformPub, apiV3Key: API_V3_KEY } } };

describe("invoiceProviderFor", () => {
  it("sandbox mode runs the sandbox provider by default", () => {
    expect(invoiceProviderFor(loadConfig({}), clock, sandboxKeys).kind).toBe("sandbox");
  });

  it("production mode runs WeChat Pay's e-invoice API", () => {
    expect(invoiceProviderFor(loadConfig({ FUEL_MODE: "production", ...productionSecrets() }), clock).kind).toBe("wechat");
  });

  it("production mode refuses the sandbox at start-up: in loadConfig, and here for a configuration made by hand", () => {
    expect(() => loadConfig({ FUEL_MODE: "production", ...productionSecrets(), INVOICE_PROVIDER: "sandbox" })).toThrow(
      /FUEL_MODE=production refuses sandbox providers: INVOICE_PROVIDER=sandbox/,
    );
    const config = loadConfig({ FUEL_MODE: "production", ...productionSecrets() });
    const forged = { ...config, providers: { ...config.providers, invoice: "sandbox" as const } };
    expect(() => invoiceProviderFor(forged, clock, sandboxKeys)).toThrow(SandboxInvoiceProviderInProduction);
  });

  it("the production provider needs the sub-merchant and billing person: loadConfig names them when missing", () => {
    const { WECHAT_FAPIAO_SUB_MCH_ID: _s, WECHAT_FAPIAO_BILLING_PERSON_ID: _b, ...rest } = productionSecrets();
    expect(() => loadConfig({ FUEL_MODE: "production", ...rest })).toThrow(/missing: WECHAT_FAPIAO_SUB_MCH_ID, WECHAT_FAPIAO_BILLING_PERSON_ID/);
  });
});
