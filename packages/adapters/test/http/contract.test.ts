import { buildApp } from "@fuel/server/src/app.ts";
import { loadConfig } from "@fuel/server/src/config.ts";
import { openDatabase, type DatabaseHandle } from "@fuel/server/src/db/client.ts";
import { migrate } from "@fuel/server/src/db/migrate.ts";
import { SandboxClock } from "@fuel/server/src/providers/clock/Sandbox.ts";
import { seedDemoCardsIfNone } from "@fuel/server/src/seed/demoCards.ts";
import { seedIfEmpty } from "@fuel/server/src/seed/seed.ts";
import { Effect } from "effect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newActionKey } from "../../src/http/actionKey.ts";
import { gatewaysOver } from "../../src/http/gateways.ts";
import { createHttpClient } from "../../src/http/HttpClient.ts";
import type { ApiCaller, ApiGateways } from "../../src/ports/Api.ts";
import type { ApiError, SessionEnded } from "../../src/ports/errors.ts";
import { MemoryTokenStore } from "../../src/storage/TokenStores.ts";
import { failureOf } from "../support/failures.ts";

/**
 * The HTTP client against the real server, in-process and listening on a port, so the client and
 * the server cannot drift apart: every step below goes through `createHttpClient` and the real
 * global `fetch` only, exactly as the app does.
 */

type App = Awaited<ReturnType<typeof buildApp>>;

let app: App | undefined;
let database: DatabaseHandle | undefined;
let baseUrl = "";

const BOOT_TIMEOUT_MS = 120_000;
const FLOW_TIMEOUT_MS = 60_000;

beforeAll(async () => {
  const config = loadConfig({ DATABASE_URL: "memory://", LOG_LEVEL: "silent", UI_DIST_DIR: "/nonexistent" });
  database = await openDatabase(config);
  await migrate(database);
  const clock = new SandboxClock();
  const now = new Date(clock.now());
  await seedIfEmpty(database.db, now);
  await seedDemoCardsIfNone(database.db, now);
  app = await buildApp({ config, db: database.db, clock });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error(`unexpected server address ${String(address)}`);
  baseUrl = `http://127.0.0.1:${address.port}`;
}, BOOT_TIMEOUT_MS);

afterAll(async () => {
  try {
    await app?.close();
  } finally {
    await database?.close();
  }
}, BOOT_TIMEOUT_MS);

interface Customer {
  readonly client: ApiCaller;
  readonly api: ApiGateways;
  readonly tokens: MemoryTokenStore;
  readonly sessionEnded: SessionEnded[];
}

/** A device: its own token store, the HTTP client on the real `fetch`, the gateways over it. */
const device = (tokens = new MemoryTokenStore()): Customer => {
  const sessionEnded: SessionEnded[] = [];
  const client = createHttpClient({ baseUrl, tokens, onSessionEnded: (e) => sessionEnded.push(e) });
  return { client, api: gatewaysOver(client), tokens, sessionEnded };
};

const run = <A>(effect: Effect.Effect<A, ApiError>): Promise<A> => Effect.runPromise(effect);

/** The failure of an effect, read from its exit (the effect runs once). */
/**
 * Spec §4's sign-in through the sandbox messaging app: authorization code, wechatauth (a new
 * customer has no phone), SMS code from the sandbox SMS box, check it, bind the phone; the app's
 * store would save the token, so the test does. Answers every step's answer for the assertions.
 */
const signIn = async (c: Customer, phone: string, nickname: string) => {
  const { code } = await run(c.client.call("sandboxOauthCode", { nickname }));
  const auth = await run(c.api.session.wechatAuth(code));
  if (auth.unBindPhone !== true) throw new Error("a new customer must have no phone bound yet");
  const openid = auth.info.openid;
  const sent = await run(c.api.session.sendSms(phone));
  const sms = await run(c.client.call("sandboxSms", { phone }));
  const checked = await run(c.api.session.checkCaptcha({ phone, captcha: sms.code, openid }));
  const session = await run(c.api.session.bindPhone({ phone, openid }));
  await run(c.tokens.setToken(session.token));
  await run(c.tokens.setActivated(session.is_activated));
  return { auth, sent, sms, checked, session };
};

/** An operator's invite code (sandbox), redeemed by the signed-in customer. */
const activate = async (c: Customer) => {
  const { codes } = await run(c.client.call("sandboxInviteCodes", { count: 1 }));
  const [invite] = codes;
  if (invite === undefined) throw new Error("no invite code");
  const answer = await run(c.api.session.activate(invite));
  await run(c.tokens.setActivated(true));
  return { invite, answer };
};

/** A Guangzhou station selling 0# diesel round the clock (so the test never meets closing time). */
const dieselStation = async (c: Customer) => {
  const stations = await run(c.api.stations.stationsOfCity("广州市"));
  const station = stations.find((s) => s.sell_type.split(";").includes("0#") && s.business_start_time === "00:00" && s.business_end_time === "24:00");
  if (station === undefined) throw new Error("no 24-hour 0# station in 广州市");
  return { stations, station };
};

describe("the HTTP client against the real server", () => {
  it(
    "the whole customer path runs through the client alone: sign in, activate, stations, order, pay, confirm, QR code, list",
    async () => {
      const c = device();
      const phone = "13912345678";

      const { auth, sent, sms, checked, session } = await signIn(c, phone, "Li Wei");
      expect(auth.unBindPhone).toBe(true);
      expect(auth.info.openid.length).toBeGreaterThan(0);
      expect(sent).toBeNull();
      expect(sms.code).toMatch(/^\d+$/);
      expect(checked).toBeNull();
      expect(session.token.length).toBeGreaterThan(0);
      expect(session.is_activated).toBe(false);
      expect(session.info.phone).toBe(phone);
      expect(await run(c.tokens.token())).toBe(session.token);

      const { answer } = await activate(c);
      expect(answer).toBeNull();
      const me = await run(c.api.session.userInfo());
      expect(me).toMatchObject({ phone, is_activated: true });

      const cities = await run(c.api.stations.cities());
      expect(cities.map((city) => city.city)).toContain("广州市");
      const { stations, station } = await dieselStation(c);
      expect(stations.length).toBeGreaterThan(0);
      expect(stations.every((s) => s.city === "广州市")).toBe(true);

      const draft = { gas_Type: "0#" as const, order_amount: "10040", phone, station_id: station.id, paytype: "wechat" as const };
      const created = await run(c.api.orders.create(draft, { idempotencyKey: newActionKey() }));
      if (!("respCode" in created)) throw new Error(`expected the JSAPI-style answer, got ${JSON.stringify(created)}`);
      expect(created.respCode).toBe("00");
      const orderId = created.order_id;

      const paidNow = await run(c.client.call("sandboxPay", { order_id: orderId, result: "ok" }));
      expect(paidNow).toEqual({ order_id: orderId, order_status: 2 });
      expect(await run(c.api.payments.result(orderId))).toEqual({ order_status: 2, paid: true });

      const detail = await run(c.api.orders.detail(orderId));
      expect(detail).toMatchObject({ order_id: orderId, order_status: 2, order_amount: 10040, gas_type: "0#", phone, mchnt_order_no: created.merchOrderNo });
      expect(detail.stationInfo?.id).toBe(station.id);

      const qr = await run(c.api.orders.qrCode(detail.mchnt_order_no));
      expect(qr.respCode).toBe("00000");
      expect(qr.qrcode.length).toBeGreaterThan(0);

      const page = await run(c.api.orders.list(1, "all"));
      expect(page.data.map((o) => o.order_id)).toContain(orderId);
      expect(page.current_page).toBe(1);
      expect(c.sessionEnded).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    "a retry of orders.create with the same action key answers the same order",
    async () => {
      const c = device();
      const phone = "13800138000";
      await signIn(c, phone, "Wang Fang");
      await activate(c);
      const { station } = await dieselStation(c);
      const draft = { gas_Type: "0#" as const, order_amount: "20000", phone, station_id: station.id, paytype: "wechat" as const };
      const key = newActionKey();
      const first = await run(c.api.orders.create(draft, { idempotencyKey: key }));
      const retry = await run(c.api.orders.create(draft, { idempotencyKey: key }));
      expect(retry.order_id).toBe(first.order_id);
      const unpaid = await run(c.api.orders.list(1, "unpaid"));
      expect(unpaid.data.filter((o) => o.order_id === first.order_id)).toHaveLength(1);
    },
    FLOW_TIMEOUT_MS,
  );

  it("without a token an activated-only call fails with SessionEnded (401) and the store is cleared", async () => {
    const c = device(new MemoryTokenStore({ token: null, activated: true }));
    const error = await failureOf(c.api.orders.list(1, "all"));
    expect(error).toMatchObject({ _tag: "SessionEnded", status: 401 });
    expect(error.message.length).toBeGreaterThan(0);
    expect(await run(c.tokens.token())).toBeNull();
    expect(await run(c.tokens.activated())).toBe(false);
    expect(c.sessionEnded).toEqual([error]);
  });

  it("an unknown token fails with SessionEnded (401) and is forgotten", async () => {
    const c = device(new MemoryTokenStore({ token: "not-a-token-the-server-issued", activated: true }));
    const error = await failureOf(c.api.orders.list(1, "all"));
    expect(error).toMatchObject({ _tag: "SessionEnded", status: 401 });
    expect(await run(c.tokens.token())).toBeNull();
    expect(await run(c.tokens.activated())).toBe(false);
  });

  it("a bad phone to sendSms fails with ServerRefused 'enter a correct phone number' (tag PhoneInvalid)", async () => {
    const c = device();
    const error = await failureOf(c.api.session.sendSms("12345"));
    expect(error).toEqual(expect.objectContaining({ _tag: "ServerRefused", message: "enter a correct phone number", tag: "PhoneInvalid" }));
    expect(error._tag === "ServerRefused" && error.status).toBe(400);
  });

  it("the public answers decode with the contract: version, site settings, cities", async () => {
    const c = device();
    const version = await run(c.api.site.version());
    expect(version.version.length).toBeGreaterThan(0);
    const site = await run(c.api.site.webInfo());
    expect(site.price_0_original).toBeGreaterThan(0);
    expect((await run(c.api.stations.cities())).length).toBeGreaterThan(0);
  });
});
