import { Messages, Pricing } from "@fuel/domain";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stationsOfCity } from "../../src/catalogue/stations.ts";
import { users } from "../../src/db/schema.ts";
import { DEMO_SITE_SETTINGS } from "../../src/seed/demoStations.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { expectSuccess, seedUser, tokenFor } from "../identity/support.ts";
import { customer, dieselStation, seedCatalogue } from "../orders/support.ts";

/**
 * Issue 9: every rule of spec §5 driven with a spec-shaped body (what a client written from the
 * spec sends: numbers as JSON numbers or as strings of digits, `paytype` "FY", empty strings for
 * empty fields, missing fields), answered with the spec's words from the `@fuel/domain` message
 * catalogue and its tag in `x-error-tag`.
 */

/** 2025-03-10 10:00 China time: a weekday morning, outside the maintenance window. */
const SYSTEM_NOW = Date.parse("2025-03-10T02:00:00Z");

/** The demo customer who owns the demo cards (entity card ending 1234567, team 珠江物流车队). */
const CARD_OWNER = "13912345678";
const TEAM = "珠江物流车队";

type Who = "customer" | "noOauth" | "anonymous" | "withPassword" | "notActivated";

interface Ids {
  readonly diesel: number;
  readonly noDiesel: number;
}

interface Rule {
  readonly rule: string;
  readonly who: Who;
  readonly path: string;
  readonly body: (ids: Ids) => unknown;
  /** The catalogue key of the answer's text. */
  readonly key: Messages.MessageKey;
  /** The x-error-tag, when it is not the key (AmountAboveLimit has one text per page). */
  readonly tag?: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

/** A full spec-shaped one-key draft: station_id as digits, paytype as spec §7 spells it. */
const fuelDraft = (ids: Ids, overrides: Record<string, unknown> = {}) => ({
  gas_Type: "0#",
  order_amount: "10040",
  phone: CARD_OWNER,
  station_id: String(ids.diesel),
  remark: "",
  paytype: "FY",
  ...overrides,
});

/** The payable of a demo entity-card recharge, as the server prices it. */
const rechargePayable = (cents: number): number => Pricing.payableCents(cents, DEMO_SITE_SETTINGS.price_0_shiti, DEMO_SITE_SETTINGS.price_0_original);

/** A full spec-shaped recharge draft: numbers as strings of digits, paytype "FY". */
const rechargeDraft = (ids: Ids, overrides: Record<string, unknown> = {}) => ({
  gas_Type: "0#",
  card_type: "1",
  last_number: "1234567",
  order_amount: "30000",
  amount: String(rechargePayable(30_000)),
  phone: CARD_OWNER,
  team: TEAM,
  station_id: String(ids.diesel),
  remark: "",
  paytype: "FY",
  ...overrides,
});

const RULES: ReadonlyArray<Rule> = [
  // spec §5: amount empty
  { rule: "fuel order, order_amount \"\"", who: "customer", path: "/api/order/create", body: (ids) => fuelDraft(ids, { order_amount: "" }), key: "AmountEmpty" },
  { rule: "fuel order, order_amount null", who: "customer", path: "/api/order/create", body: (ids) => fuelDraft(ids, { order_amount: null }), key: "AmountEmpty" },
  { rule: "fuel order, order_amount blank", who: "customer", path: "/api/order/create", body: (ids) => fuelDraft(ids, { order_amount: "  " }), key: "AmountEmpty" },
  { rule: "fuel order, order_amount \"\" and every other field missing", who: "customer", path: "/api/order/create", body: () => ({ order_amount: "" }), key: "AmountEmpty" },
  { rule: "fuel order, no order_amount, gas_Type and station_id wrong too", who: "customer", path: "/api/order/create", body: (ids) => ({ ...fuelDraft(ids, { gas_Type: 0, station_id: "x" }), order_amount: undefined }), key: "AmountEmpty" },
  // spec §5: station one-key page, at most 10000 yuan
  { rule: "fuel order, 10000.01 yuan as digits", who: "customer", path: "/api/order/create", body: (ids) => fuelDraft(ids, { order_amount: "1000001" }), key: "AmountAboveLimit_oneKey", tag: "AmountAboveLimit" },
  { rule: "fuel order, 10000.01 yuan as a JSON number", who: "customer", path: "/api/order/create", body: (ids) => fuelDraft(ids, { order_amount: 1000001 }), key: "AmountAboveLimit_oneKey", tag: "AmountAboveLimit" },
  { rule: "fuel order, an amount beyond the database's integer", who: "customer", path: "/api/order/create", body: (ids) => fuelDraft(ids, { order_amount: "999999999999999" }), key: "AmountAboveLimit_oneKey", tag: "AmountAboveLimit" },
  // spec §5: the station must sell 0#
  { rule: "fuel order at a station without 0#", who: "customer", path: "/api/order/create", body: (ids) => fuelDraft(ids, { station_id: String(ids.noDiesel) }), key: "StationSellsNoDiesel" },
  // spec §5: phone shorter than 11
  { rule: "fuel order, a 10-digit phone", who: "customer", path: "/api/order/create", body: (ids) => fuelDraft(ids, { phone: "1391234567" }), key: "PhoneInvalid" },
  // spec §5: payment requires oauth_id
  { rule: "fuel order by a customer without a messaging-app identity", who: "noOauth", path: "/api/order/create", body: (ids) => fuelDraft(ids), key: "OauthRequired" },

  // spec §5: recharge, card number required (ahead of anything else missing)
  { rule: "recharge, last_number \"\" and nothing else", who: "customer", path: "/api/rechargeorder/create", body: () => ({ last_number: "" }), key: "CardNumberEmpty" },
  { rule: "recharge, no last_number and nothing else", who: "customer", path: "/api/rechargeorder/create", body: () => ({}), key: "CardNumberEmpty" },
  { rule: "recharge, last_number \"\" with order_amount \"\" and no station", who: "customer", path: "/api/rechargeorder/create", body: (ids) => rechargeDraft(ids, { last_number: "", order_amount: "", station_id: "" }), key: "CardNumberEmpty" },
  // spec §5: recharge amount required
  { rule: "recharge, order_amount \"\" with the card number only", who: "customer", path: "/api/rechargeorder/create", body: () => ({ last_number: "1234567", order_amount: "" }), key: "RechargeAmountEmpty" },
  { rule: "recharge, order_amount \"\" in a full body", who: "customer", path: "/api/rechargeorder/create", body: (ids) => rechargeDraft(ids, { order_amount: "" }), key: "RechargeAmountEmpty" },
  // spec §5: entity recharge at most 5000 yuan
  { rule: "entity recharge of 5000.01 yuan", who: "customer", path: "/api/rechargeorder/create", body: (ids) => rechargeDraft(ids, { order_amount: "500001", amount: String(rechargePayable(500_001)) }), key: "AmountAboveLimit_entityRecharge", tag: "AmountAboveLimit" },
  { rule: "entity recharge of 5000.01 yuan as a JSON number", who: "customer", path: "/api/rechargeorder/create", body: (ids) => rechargeDraft(ids, { order_amount: 500001, amount: rechargePayable(500_001) }), key: "AmountAboveLimit_entityRecharge", tag: "AmountAboveLimit" },
  // spec §5: recharge needs a selected station
  { rule: "recharge, station_id \"\"", who: "customer", path: "/api/rechargeorder/create", body: (ids) => rechargeDraft(ids, { station_id: "" }), key: "StationRequired" },
  { rule: "recharge, station_id null", who: "customer", path: "/api/rechargeorder/create", body: (ids) => rechargeDraft(ids, { station_id: null }), key: "StationRequired" },
  { rule: "recharge, no station_id", who: "customer", path: "/api/rechargeorder/create", body: (ids) => ({ ...rechargeDraft(ids), station_id: undefined }), key: "StationRequired" },
  { rule: "recharge at a station without 0#", who: "customer", path: "/api/rechargeorder/create", body: (ids) => rechargeDraft(ids, { station_id: String(ids.noDiesel) }), key: "StationSellsNoDiesel" },
  { rule: "recharge, a 10-digit phone", who: "customer", path: "/api/rechargeorder/create", body: (ids) => rechargeDraft(ids, { phone: "1391234567" }), key: "PhoneInvalid" },
  { rule: "recharge by a customer without a messaging-app identity", who: "noOauth", path: "/api/rechargeorder/create", body: (ids) => rechargeDraft(ids), key: "OauthRequired" },

  // spec §5: phone, SMS code, password
  { rule: "send an SMS to a 10-digit phone", who: "anonymous", path: "/api/sendsms", body: () => ({ phone: "1391234567" }), key: "PhoneInvalid" },
  { rule: "login with a 10-digit phone", who: "anonymous", path: "/api/login", body: () => ({ phone: "1391234567", type: "captcha", captcha: "123456" }), key: "PhoneInvalid" },
  { rule: "login with a 3-character SMS code", who: "anonymous", path: "/api/login", body: () => ({ phone: CARD_OWNER, type: "captcha", captcha: "123" }), key: "SmsCodeTooShort", params: { minLength: 4 } },
  { rule: "login with a 5-character password", who: "anonymous", path: "/api/login", body: () => ({ phone: CARD_OWNER, type: "password", password: "12345" }), key: "PasswordTooShort", params: { minLength: 6 } },
  { rule: "set a 5-character password", who: "customer", path: "/api/setpassword", body: () => ({ password: "12345" }), key: "PasswordTooShort", params: { minLength: 6 } },
  // spec §5: password change, all three required, each at least 6, new equals confirm
  { rule: "change password, confirm differs from new", who: "withPassword", path: "/api/user/resetpassword", body: () => ({ old_password: "old-pass", new_password: "new-pass", confirm_password: "new-pasz" }), key: "PasswordsDoNotMatch" },
  { rule: "change password, old password empty", who: "withPassword", path: "/api/user/resetpassword", body: () => ({ old_password: "", new_password: "new-pass", confirm_password: "new-pass" }), key: "PasswordFieldsRequired" },
  { rule: "change password, confirm empty", who: "withPassword", path: "/api/user/resetpassword", body: () => ({ old_password: "old-pass", new_password: "new-pass", confirm_password: "" }), key: "PasswordFieldsRequired" },
  { rule: "change password, a 5-character new password", who: "withPassword", path: "/api/user/resetpassword", body: () => ({ old_password: "old-pass", new_password: "short", confirm_password: "short" }), key: "PasswordTooShort", params: { minLength: 6 } },
  { rule: "forgotten password, a 10-digit phone", who: "anonymous", path: "/api/user/resetpassword", body: () => ({ phone: "1391234567", captcha: "123456", password: "new-pass" }), key: "PhoneInvalid" },
  // spec §5: invite code required, at most 32
  { rule: "invite code \"\"", who: "notActivated", path: "/api/activacode/check", body: () => ({ code: "" }), key: "InviteCodeEmpty" },
  { rule: "no invite code", who: "notActivated", path: "/api/activacode/check", body: () => ({}), key: "InviteCodeEmpty" },
  { rule: "invite code of 33 characters", who: "notActivated", path: "/api/activacode/check", body: () => ({ code: "X".repeat(33) }), key: "InviteCodeTooLong", params: { maxLength: 32 } },
  { rule: "a wrong invite code (spec §8)", who: "notActivated", path: "/api/activacode/check", body: () => ({ code: "NOT-A-CODE" }), key: "InviteCodeWrong", params: { tel: DEMO_SITE_SETTINGS.tel1 } },
];

/** The spec's own words, where spec §5 quotes them: the catalogue must say exactly these. */
const SPEC_WORDS: ReadonlyArray<readonly [Messages.MessageKey, string]> = [
  ["AmountEmpty", "amount cannot be empty"],
  ["AmountAboveLimit_oneKey", "cannot exceed 10000 yuan"],
  ["AmountAboveLimit_cardPurchase", "single amount cannot exceed 5000 yuan"],
  ["AmountAboveLimit_entityRecharge", "single amount cannot exceed 5000 yuan"],
  ["StationSellsNoDiesel", "this station cannot buy diesel for now"],
  ["CardNumberEmpty", "card number cannot be empty"],
  ["RechargeAmountEmpty", "recharge amount cannot be empty"],
  ["PhoneInvalid", "enter a correct phone number"],
  ["PasswordsDoNotMatch", "passwords do not match"],
  ["OauthRequired", "authorize via messaging app first"],
  ["MaintenanceWindow", "card service paused for system upgrade"],
];

let booted: BootedApp;
let ids: Ids;
const tokens: Partial<Record<Who, string>> = {};

beforeAll(async () => {
  booted = await bootApp({ systemTime: () => SYSTEM_NOW });
  await seedCatalogue(booted);
  const stations = await stationsOfCity(booted.db, "广州市");
  const noDiesel = stations.find((s) => !s.sellType.split(";").includes("0#"));
  if (noDiesel === undefined) throw new Error("the demo data has no station without 0#");
  ids = { diesel: (await dieselStation(booted)).id, noDiesel: noDiesel.id };

  tokens.customer = (await customer(booted, CARD_OWNER)).token;
  const noOauth = await customer(booted, "13812340001");
  await booted.db.update(users).set({ oauthId: null }).where(eq(users.id, noOauth.id));
  tokens.noOauth = noOauth.token;
  const withPassword = await seedUser(booted, { activated: true, phone: "13812340002", password: "old-pass" });
  tokens.withPassword = await tokenFor(booted, withPassword.id);
  const notActivated = await seedUser(booted, { activated: false, phone: "13812340003" });
  tokens.notActivated = await tokenFor(booted, notActivated.id);
});
afterAll(async () => booted.close());

const send = (who: Who, path: string, body: unknown): Promise<LightMyRequestResponse> => {
  const token = tokens[who];
  return booted.app.inject({
    method: "POST",
    url: path,
    headers: { "content-type": "application/json", ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    payload: JSON.stringify(body),
  });
};

describe("the catalogue says spec §5's words", () => {
  it.each(SPEC_WORDS)("%s is %j", (key, words) => {
    expect(Messages.text(key)).toBe(words);
  });
});

describe("spec §5 rules with spec-shaped bodies: 400 in the spec's words, tagged", () => {
  it.each(RULES.map((r) => [r.rule, r] as const))("%s", async (_rule, r) => {
    const res = await send(r.who, r.path, r.body(ids));
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ status: string; message: string; data: unknown }>();
    expect(body).toEqual({ status: "error", message: Messages.text(r.key, "en", r.params), data: null });
    expect(res.headers["x-error-tag"]).toBe(r.tag ?? r.key);
  });
});

describe("spec-shaped bodies that break no rule are accepted, and answers stay canonical", () => {
  it("a one-key order with station_id \"N\", order_amount as a JSON number and paytype \"FY\": the FY channel's answer", async () => {
    const created = expectSuccess<{ result_code: string; order_id: number }>(await send("customer", "/api/order/create", fuelDraft(ids, { order_amount: 10040, remark: "spec-shaped" })));
    expect(created.result_code).toBe("000000");
    const detail = expectSuccess<{ order_id: number; order_amount: number }>(await send("customer", "/api/order/detail", { order_id: String(created.order_id) }));
    expect(detail.order_id).toBe(created.order_id);
    expect(detail.order_amount).toBe(10040);
  });

  it("paytype \"WECHAT\": the JSAPI-style channel's answer (respCode '00')", async () => {
    const created = expectSuccess<{ respCode: string }>(await send("customer", "/api/order/create", fuelDraft(ids, { order_amount: "5000", paytype: "WECHAT" })));
    expect(created.respCode).toBe("00");
  });

  it("a recharge with every number as digits and paytype \"FY\": result_code '000000'", async () => {
    const created = expectSuccess<{ result_code: string; order_id: number }>(await send("customer", "/api/rechargeorder/create", rechargeDraft(ids)));
    expect(created.result_code).toBe("000000");
  });

  it("the order list with page \"1\" and order_status \"1\" (unpaid): numbers in the answer", async () => {
    const page = expectSuccess<{ current_page: number; data: ReadonlyArray<{ order_status: number }> }>(await send("customer", "/api/order/list", { page: "1", order_status: "1" }));
    expect(page.current_page).toBe(1);
    expect(page.data.length).toBeGreaterThan(0);
    for (const order of page.data) expect(order.order_status).toBe(1);
  });

  it("change password with a matching confirm_password, and without one (spec §7's two fields)", async () => {
    expectSuccess(await send("withPassword", "/api/user/resetpassword", { old_password: "old-pass", new_password: "new-pass", confirm_password: "new-pass" }));
    expectSuccess(await send("withPassword", "/api/user/resetpassword", { old_password: "new-pass", new_password: "old-pass" }));
  });
});
