import { MemoryKeyValueStore } from "@fuel/adapters/testing";
import { Staff } from "@fuel/domain";
import { exampleDeskStation } from "@fuel/domain/api";
import { describe, expect, it } from "vitest";
import { DeskI18n } from "../../../src/desk/i18n/DeskI18n.ts";
import { auditWords } from "../../../src/desk/stores/records/auditChanges.ts";

const i18nIn = (locale: "en" | "zh-CN") => new DeskI18n(new MemoryKeyValueStore(), [locale === "zh-CN" ? "zh-CN" : "en-US"]);

/** What each act writes today (packages/server/src/desk/**): its subject and values before and after. */
const WRITTEN: { readonly [A in Staff.AuditAct]: { readonly subject: string; readonly before: unknown; readonly after: unknown } } = {
  signIn: { subject: "li.cashier", before: null, after: null },
  signInFailed: { subject: "li.cashier", before: null, after: { reason: "wrong name or password" } },
  signOut: { subject: "li.cashier", before: null, after: null },
  passwordChanged: { subject: "li.cashier", before: { must_change_password: true }, after: { must_change_password: false } },
  redeem: { subject: "4", before: { order_status: 2 }, after: { order_status: 3 } },
  settle: { subject: "5", before: { order_status: 2 }, after: { order_status: 3 } },
  reject: { subject: "6", before: { order_status: 2 }, after: { order_status: 6, reason: "卡号错误" } },
  staffAdded: { subject: "li.cashier", before: null, after: { role: "cashier", stations: [3, 12] } },
  staffDisabled: { subject: "li.cashier", before: { disabled: false }, after: { disabled: true } },
  staffReset: { subject: "li.cashier", before: { must_change_password: false }, after: { must_change_password: true } },
  staffEnabled: { subject: "li.cashier", before: { disabled: true }, after: { disabled: false } },
  stationAdded: { subject: "12", before: null, after: exampleDeskStation },
  stationChanged: { subject: "12", before: exampleDeskStation, after: { ...exampleDeskStation, now_price: 679, title: "黄埔东站" } },
  stationsImported: { subject: "stations", before: null, after: { added: 3, updated: 2, bytes: 1234 } },
  settingChanged: {
    subject: "site_settings",
    before: { price_0_now: 700, tel2: null, follow_qrcode: null, invoice_window_days: 30, recharge_invoice: "at_consumption" },
    after: { price_0_now: 720, tel2: "020-2", follow_qrcode: "data:image/png;base64,iVBORw0KGgo=", invoice_window_days: 60, recharge_invoice: "at_topup" },
  },
  inviteCreated: { subject: "3 codes", before: null, after: { codes: ["AB12", "CD34", "EF56"] } },
  blacklistChanged: { subject: "13800138000", before: { blacklisted: false }, after: { blacklisted: true } },
  staffLocked: { subject: "li.cashier", before: null, after: { locked: true, scope: "address", wrong_passwords: 5, minutes: 15 } },
  staffUnlocked: { subject: "li.cashier", before: { locked_everywhere: false, locked_addresses: ["203.0.113.5"] }, after: { locked_everywhere: false, locked_addresses: [] } },
  invoiceIssued: { subject: "41", before: { state: "requested" }, after: { state: "issued", number: "24442000000012345678", pdf_bytes: 153_600 } },
  invoiceRefused: { subject: "42", before: { state: "issuing" }, after: { state: "refused", reason: "税号与单位名称不符" } },
};

/** What betrays raw data: a field key, a JSON boolean, an English 'codes' subject, an unfilled slot, JSON punctuation. */
const RAW = /[a-z]+_[a-z_0-9]+|\btrue\b|\bfalse\b|^\d+ codes$|\{|\[|"/;

describe("the audit log in words (issue 34)", () => {
  describe.each(["en", "zh-CN"] as const)("in %s", (locale) => {
    const i18n = i18nIn(locale);

    it.each(Staff.AUDIT_ACTS)("%s: its subject and every change read in words, no raw key or JSON", (act) => {
      const { subject, lines } = auditWords({ act, ...WRITTEN[act] }, i18n);
      expect(subject).not.toMatch(RAW);
      expect(subject).not.toBe("");
      for (const line of lines) {
        for (const part of [line.key, line.before, line.after]) if (part !== undefined) expect(part, `${act}: ${JSON.stringify(line)}`).not.toMatch(RAW);
      }
      const { before, after } = WRITTEN[act];
      if (before !== null || after !== null) expect(lines.length, act).toBeGreaterThan(0);
    });
  });

  it("reads the issue's examples in Chinese: statuses in the app's words, the order, the codes' count", () => {
    const zh = i18nIn("zh-CN");
    expect(auditWords({ act: "reject", subject: "4", before: { order_status: 2 }, after: { order_status: 6 } }, zh)).toEqual({ subject: "订单 4", lines: [{ key: "状态", before: "已支付", after: "已驳回" }] });
    expect(auditWords({ act: "redeem", subject: "4", before: { order_status: 2 }, after: { order_status: 3 } }, zh).lines).toEqual([{ key: "状态", before: "已支付", after: "已使用" }]);
    expect(auditWords({ act: "settle", subject: "5", before: { order_status: 2 }, after: { order_status: 3 } }, zh).lines).toEqual([{ key: "状态", before: "已支付", after: "已完成" }]);
    expect(auditWords({ act: "inviteCreated", subject: "3 codes", before: null, after: { codes: ["A", "B", "C"] } }, zh)).toEqual({ subject: "邀请码 3 个", lines: [{ key: "邀请码", before: undefined, after: "A、B、C" }] });
    expect(auditWords({ act: "blacklistChanged", subject: "13800138000", before: { blacklisted: false }, after: { blacklisted: true } }, zh).lines).toEqual([{ key: "黑名单", before: "不在黑名单中", after: "在黑名单中" }]);
  });

  it("a sign-in lock and its lifting read in words", () => {
    const zh = i18nIn("zh-CN");
    expect(auditWords({ act: "staffLocked", subject: "li.cashier", before: null, after: { locked: true, scope: "name", wrong_passwords: 150, minutes: 15 } }, zh)).toEqual({
      subject: "员工 li.cashier",
      lines: [
        { key: "登录", before: undefined, after: "已锁定" },
        { key: "锁定范围", before: undefined, after: "所有地址" },
        { key: "错误密码次数", before: undefined, after: "150" },
        { key: "时间窗口", before: undefined, after: "15 分钟" },
      ],
    });
    const en = i18nIn("en");
    expect(
      auditWords({ act: "staffUnlocked", subject: "li.cashier", before: { locked_everywhere: false, locked_addresses: ["203.0.113.5"] }, after: { locked_everywhere: false, locked_addresses: [] } }, en).lines,
    ).toEqual([{ key: "Locked addresses", before: "203.0.113.5", after: "none" }]);
  });

  it("prices in yuan by the form's labels; only what changed; a data image as a word", () => {
    const en = i18nIn("en");
    expect(auditWords({ act: "stationChanged", ...WRITTEN.stationChanged }, en).lines).toEqual([
      { key: "Station name", before: exampleDeskStation.title, after: "黄埔东站" },
      { key: "Our price (yuan/L)", before: "¥6.89", after: "¥6.79" },
    ]);
    expect(auditWords({ act: "settingChanged", ...WRITTEN.settingChanged }, en).lines).toEqual([
      { key: "Our price (yuan/L)", before: "¥7.00", after: "¥7.20" },
      { key: "Second service phone (optional)", before: undefined, after: "020-2" },
      { key: "Official account QR code", before: undefined, after: "(an image)" },
      { key: "Days after fuelling to ask for an invoice", before: "30", after: "60" },
      { key: "Invoices for top-ups and card purchases", before: "At consumption: the card issuer invoices the fuel; none here", after: "At top-up: a prepaid-card invoice, asked for here" },
    ]);
    expect(auditWords({ act: "stationChanged", subject: "12", before: exampleDeskStation, after: { ...exampleDeskStation, invoice_policy: "none" } }, i18nIn("zh-CN")).lines).toEqual([
      { key: "开票方式", before: "平台电子发票服务开具", after: "不开发票" },
    ]);
    expect(auditWords({ act: "passwordChanged", ...WRITTEN.passwordChanged }, en).lines).toEqual([{ key: "Must change password", before: "yes", after: "no" }]);
  });

  it("an invoice issued or refused reads its request, state, number, PDF and reason in words (issue 35)", () => {
    expect(auditWords({ act: "invoiceIssued", ...WRITTEN.invoiceIssued }, i18nIn("zh-CN"))).toEqual({
      subject: "开票申请 41",
      lines: [
        { key: "状态", before: "待开具", after: "已开具" },
        { key: "发票号码", before: undefined, after: "24442000000012345678" },
        { key: "PDF", before: undefined, after: "150 KB" },
      ],
    });
    expect(auditWords({ act: "invoiceRefused", ...WRITTEN.invoiceRefused }, i18nIn("en"))).toEqual({
      subject: "Invoice request 42",
      lines: [
        { key: "State", before: "With the e-invoice service", after: "Refused" },
        { key: "Reason", before: undefined, after: "税号与单位名称不符" },
      ],
    });
  });

  it("an invoice issued without a PDF says none", () => {
    expect(auditWords({ act: "invoiceIssued", subject: "41", before: { state: "requested" }, after: { state: "issued", number: "12345678", pdf_bytes: 0 } }, i18nIn("en")).lines.at(-1)).toEqual({
      key: "PDF",
      before: undefined,
      after: "none",
    });
  });

  it("a field no act writes today still shows, as its key and value: nothing is hidden", () => {
    expect(auditWords({ act: "signIn", subject: "ana", before: null, after: { locked_until: "10:15" } }, i18nIn("en")).lines).toEqual([{ key: "locked_until", before: undefined, after: "10:15" }]);
  });
});
