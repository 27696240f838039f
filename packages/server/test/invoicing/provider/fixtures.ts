import { createPrivateKey, createPublicKey } from "node:crypto";
import { readFileSync } from "node:fs";
import type { IssueRequest } from "../../../src/invoicing/provider/InvoiceProvider.ts";

/** The payment tests' fixed RSA keys (test/payments/fixtures): test keys, never used anywhere real. */
const fixture = (name: string): string => readFileSync(new URL(`../../payments/fixtures/${name}`, import.meta.url), "utf8");
export const merchantKey = createPrivateKey(fixture("merchant-test-key.pem"));
export const merchantPub = createPublicKey(fixture("merchant-test-key.pub.pem"));
export const platformKey = createPrivateKey(fixture("platform-test-key.pem"));
export const platformPub = createPublicKey(fixture("platform-test-key.pub.pem"));
export const API_V3_KEY = "0123456789abcdef0123456789abcdef";

export const NOW = Date.UTC(2024, 10, 26, 1, 16, 5); // 2024-11-26 09:16:05 China time

/** A clock the test moves by hand. */
export const fakeClock = (start = NOW) => {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
};

/** Two used orders of one station, merged into one company invoice. */
export const request = (overrides: Partial<IssueRequest> = {}): IssueRequest => ({
  invoiceId: 35,
  attempt: 1,
  applyId: "35-1",
  payerOpenid: "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o",
  buyer: {
    type: "company",
    name: "深圳市南山区测试物流有限公司",
    taxId: "91440300MA5F000000",
    email: "fapiao@example.com",
    phone: "13800000000",
    address: "深圳市南山区深南大道10000号",
    bank: "测试银行南山支行",
    account: "6200123456789",
  },
  seller: { stationId: 7, title: "测试加油站", code: "ST0007" },
  lines: [
    { description: "0号柴油", litres: "26.420", unitPrice: "7.13663891", amountCents: 18855, taxRatePercent: 13, taxCents: 2169, tradeTime: new Date(NOW - 86_400_000), gunNumber: "3号枪" },
    { description: "0号柴油", litres: "14.000", unitPrice: "7.10000000", amountCents: 9940, taxRatePercent: 13, taxCents: 1144 },
  ],
  totalCents: 28795,
  payments: [
    { channel: "wechat", mchntOrderNo: "F20241125091605ABCDEF", transactionId: "4200000000000000000000000001", amountCents: 18855 },
    { channel: "wechat", mchntOrderNo: "F20241125101605ABCDEG", transactionId: "4200000000000000000000000002", amountCents: 9940 },
  ],
  ...overrides,
});
