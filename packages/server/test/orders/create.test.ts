import { Pricing } from "@fuel/domain";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { stationsOfCity } from "../../src/catalogue/stations.ts";
import { orders, stations, users } from "../../src/db/schema.ts";
import { sandboxKeyMaterial } from "../../src/payments/sandbox/keys.ts";
import { verifyPaySign } from "../../src/payments/wechat/crypto.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { count, expectError, seedUser, tokenFor } from "../identity/support.ts";
import { call, createOrder, customer, detail, dieselStation, draftFor, seedCatalogue, type Customer } from "./support.ts";

/**
 * `POST /api/order/create` (spec §3, §5, §7; issue 4): the channel's answer, the server's price,
 * every refusal (and that it writes nothing), the 15-minute countdown, Idempotency-Key and the
 * double-tap guard.
 */

/** A fixed instant outside any maintenance window (2025-03-10 10:00 China time): the sandbox clock only moves when a test moves it. */
const BASE_TIME = Date.parse("2025-03-10T02:00:00Z");

interface Envelope {
  readonly status: string;
  readonly message: string;
  readonly order_id?: number;
  readonly data: Record<string, unknown> & { order_id: number };
}

interface PayInfo {
  readonly appId: string;
  readonly timeStamp: string;
  readonly nonceStr: string;
  readonly package: string;
  readonly signType: string;
  readonly paySign: string;
}

/** The rows a creation may write: a refusal must leave every one unchanged. */
const moneyCounts = async (booted: BootedApp) => ({
  orders: await count(booted.db, "orders"),
  ledger: await count(booted.db, "sandbox_channel_orders"),
  keys: await count(booted.db, "idempotency_keys"),
});

/** Sends a creation that must be refused with `status` and `message`, and proves it wrote no row. */
const expectRefusedWithoutRows = async (booted: BootedApp, send: () => Promise<LightMyRequestResponse>, status: number, message?: string): Promise<void> => {
  const before = await moneyCounts(booted);
  expectError(await send(), status, message);
  expect(await moneyCounts(booted)).toEqual(before);
};

const create = (booted: BootedApp, who: Customer, draft: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(booted, who, "/api/order/create", draft, headers);

const orderRow = async (booted: BootedApp, id: number) => {
  const [row] = await booted.db.select().from(orders).where(eq(orders.id, id));
  if (row === undefined) throw new Error(`no order ${id}`);
  return row;
};

const verifies = (p: PayInfo): boolean =>
  verifyPaySign(sandboxKeyMaterial().merchantPublicKey, { appId: p.appId, timeStamp: p.timeStamp, nonceStr: p.nonceStr, package: p.package }, p.paySign);

describe("order creation", () => {
  let booted: BootedApp;
  beforeAll(async () => {
    booted = await bootApp({ systemTime: () => BASE_TIME });
  });
  afterAll(async () => booted.close());
  beforeEach(async () => {
    await booted.reset();
    await seedCatalogue(booted);
  });

  describe("the answer", () => {
    it("a wechat order answers respCode '00', respMsg, a signed payInfo, merchOrderNo and order_id in data and in the envelope", async () => {
      const me = await customer(booted);
      const station = await dieselStation(booted);
      const res = await create(booted, me, draftFor(station.id, { paytype: "wechat" }));
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<Envelope>();
      expect(body.status).toBe("success");
      const data = body.data as Envelope["data"] & { respCode: string; respMsg: string; payInfo: PayInfo; merchOrderNo: string };
      expect(data.respCode).toBe("00");
      expect(typeof data.respMsg).toBe("string");
      expect(data.respMsg.length).toBeGreaterThan(0);
      expect(Object.keys(data.payInfo).sort()).toEqual(["appId", "nonceStr", "package", "paySign", "signType", "timeStamp"]);
      expect(data.payInfo.signType).toBe("RSA");
      expect(data.payInfo.package).toMatch(/^prepay_id=.+/);
      expect(Number.isInteger(data.order_id)).toBe(true);
      expect(body.order_id).toBe(data.order_id);
      expect(data.merchOrderNo).toBe((await detail(booted, me, data.order_id)).mchnt_order_no);
    });

    it("the wechat paySign verifies with the sandbox merchant public key, and not once a signed field changes", async () => {
      const me = await customer(booted);
      const station = await dieselStation(booted);
      const created = await createOrder(booted, me, draftFor(station.id));
      const payInfo = created.payInfo as unknown as PayInfo;
      expect(verifies(payInfo)).toBe(true);
      expect(verifies({ ...payInfo, nonceStr: `${payInfo.nonceStr}x` })).toBe(false);
    });

    it("the payInfo timeStamp is the creation instant in whole seconds", async () => {
      const me = await customer(booted);
      const station = await dieselStation(booted);
      const created = await createOrder(booted, me, draftFor(station.id));
      expect(created.payInfo?.["timeStamp"]).toBe(String(Math.floor(booted.clock.now() / 1000)));
    });

    it("an fy order answers result_code '000000', a signed reserved_pay_info, reserved_fy_order_no and order_id", async () => {
      const me = await customer(booted);
      const station = await dieselStation(booted);
      const res = await create(booted, me, draftFor(station.id, { paytype: "fy" }));
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<Envelope>();
      const data = body.data as Envelope["data"] & { result_code: string; reserved_pay_info: PayInfo; reserved_fy_order_no: string };
      expect(data.result_code).toBe("000000");
      expect(data).not.toHaveProperty("respCode");
      expect(Object.keys(data.reserved_pay_info).sort()).toEqual(["appId", "nonceStr", "package", "paySign", "signType", "timeStamp"]);
      expect(verifies(data.reserved_pay_info)).toBe(true);
      expect(typeof data.reserved_fy_order_no).toBe("string");
      expect(data.reserved_fy_order_no.length).toBeGreaterThan(0);
      expect(body.order_id).toBe(data.order_id);
      expect((await orderRow(booted, data.order_id)).paytype).toBe("fy");
    });
  });

  describe("the price is the server's", () => {
    it("amount is Pricing.payableCents of the draft at the station's prices, which the order stores", async () => {
      const me = await customer(booted);
      const station = await dieselStation(booted);
      const created = await createOrder(booted, me, draftFor(station.id, { order_amount: "10040", amount: 1 }));
      const row = await orderRow(booted, created.order_id);
      expect(row.orderAmount).toBe(10040);
      expect(row.amount).toBe(Pricing.payableCents(10040, station.nowPrice, station.originalPrice));
      expect(row.gasNowPrice).toBe(station.nowPrice);
      expect(row.gasOriginalPrice).toBe(station.originalPrice);
    });

    it("the pinned vector: 10040 cents at 7.30 / 8.00 yuan per litre pays 9162 cents", async () => {
      const me = await customer(booted);
      const station = await dieselStation(booted);
      await booted.db.update(stations).set({ nowPrice: 730, originalPrice: 800 }).where(eq(stations.id, station.id));
      booted.app.clearCatalogueCache();
      const created = await createOrder(booted, me, draftFor(station.id, { order_amount: "10040" }));
      const shown = await detail(booted, me, created.order_id);
      expect(shown["amount"]).toBe(9162);
      expect(shown["gas_now_price"]).toBe(730);
      expect(shown["gas_original_price"]).toBe(800);
    });

    it("an order keeps the prices of its creation when the station's prices change afterwards", async () => {
      const me = await customer(booted);
      const station = await dieselStation(booted);
      const created = await createOrder(booted, me, draftFor(station.id));
      await booted.db.update(stations).set({ nowPrice: station.nowPrice - 50, originalPrice: station.originalPrice + 50 }).where(eq(stations.id, station.id));
      const shown = await detail(booted, me, created.order_id);
      expect(shown["gas_now_price"]).toBe(station.nowPrice);
      expect(shown["gas_original_price"]).toBe(station.originalPrice);
      expect(shown["amount"]).toBe(Pricing.payableCents(10040, station.nowPrice, station.originalPrice));
    });

    it("for any amount from 1 cent to 10000 yuan and any station prices, the stored amount is the domain's payable", async () => {
      const station = await dieselStation(booted);
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 600, max: 900 }), fc.integer({ min: 700, max: 900 }), async (cents, nowPrice, originalPrice) => {
          // A customer per run: one customer may hold only 5 unpaid orders.
          const me = await customer(booted);
          await booted.db.update(stations).set({ nowPrice, originalPrice }).where(eq(stations.id, station.id));
          // An operator's price change reaches new orders with the catalogue's 5-second cache; the test does not wait.
          booted.app.clearCatalogueCache();
          // A new draft each run, not a double tap of the last one.
          booted.clock.advance(6);
          const created = await createOrder(booted, me, draftFor(station.id, { order_amount: String(cents) }));
          const row = await orderRow(booted, created.order_id);
          expect(row.orderAmount).toBe(cents);
          expect(row.amount).toBe(Pricing.payableCents(cents, nowPrice, originalPrice));
          expect([row.gasNowPrice, row.gasOriginalPrice]).toEqual([nowPrice, originalPrice]);
        }),
        { numRuns: 20 },
      );
    });
  });

  describe("refusals write nothing", () => {
    it.each(["92#", "95#", "98#"])("gas_Type %s is refused: only diesel 0# can be bought", async (gasType) => {
      const me = await customer(booted);
      const station = await dieselStation(booted);
      await expectRefusedWithoutRows(booted, () => create(booted, me, draftFor(station.id, { gas_Type: gasType })), 400, "only diesel 0# can be bought");
    });

    it("an amount of 0 is refused", async () => {
      const me = await customer(booted);
      const station = await dieselStation(booted);
      await expectRefusedWithoutRows(booted, () => create(booted, me, draftFor(station.id, { order_amount: "0" })), 400, "amount must be more than 0");
    });

    it("an amount above 10000 yuan (1000001 cents) is refused: cannot exceed 10000 yuan", async () => {
      const me = await customer(booted);
      const station = await dieselStation(booted);
      await expectRefusedWithoutRows(booted, () => create(booted, me, draftFor(station.id, { order_amount: "1000001" })), 400, "cannot exceed 10000 yuan");
    });

    it.each(["1", "1000000"])("an amount of %s cents (the bounds: 1 cent, 10000 yuan) is accepted", async (amount) => {
      const me = await customer(booted);
      const station = await dieselStation(booted);
      const created = await createOrder(booted, me, draftFor(station.id, { order_amount: amount }));
      expect((await orderRow(booted, created.order_id)).orderAmount).toBe(Number(amount));
    });

    it.each(["1380013800", "138001380001", "23800138000", "1380013800a", ""])("phone %j is refused: enter a correct phone number", async (phone) => {
      const me = await customer(booted);
      const station = await dieselStation(booted);
      await expectRefusedWithoutRows(booted, () => create(booted, me, draftFor(station.id, { phone })), 400, "enter a correct phone number");
    });

    it("an unknown station is 404 station not found", async () => {
      const me = await customer(booted);
      await expectRefusedWithoutRows(booted, () => create(booted, me, draftFor(987_654)), 404, "station not found");
    });

    it("a station that sells no 0# is refused: this station cannot buy diesel for now", async () => {
      const me = await customer(booted);
      const noDiesel = (await stationsOfCity(booted.db, "广州市")).find((s) => s.title === "中石化越秀东风路加油站");
      if (noDiesel === undefined) throw new Error("the demo station without diesel is missing");
      expect(noDiesel.sellType.split(";")).not.toContain("0#");
      await expectRefusedWithoutRows(booted, () => create(booted, me, draftFor(noDiesel.id)), 400, "this station cannot buy diesel for now");
    });

    it("a customer without a messaging-app identity is refused: authorize via messaging app first", async () => {
      const user = await seedUser(booted, { activated: true });
      await booted.db.update(users).set({ oauthId: null }).where(eq(users.id, user.id));
      const who: Customer = { id: user.id, token: await tokenFor(booted, user.id), phone: user.phone ?? "" };
      const station = await dieselStation(booted);
      await expectRefusedWithoutRows(booted, () => create(booted, who, draftFor(station.id)), 400, "authorize via messaging app first");
    });

    it("a customer who is not activated is refused: account not activated", async () => {
      const user = await seedUser(booted, { activated: false });
      const who: Customer = { id: user.id, token: await tokenFor(booted, user.id), phone: user.phone ?? "" };
      const station = await dieselStation(booted);
      await expectRefusedWithoutRows(booted, () => create(booted, who, draftFor(station.id)), 400, "account not activated");
    });

    it("without a token the answer is 401", async () => {
      const station = await dieselStation(booted);
      await expectRefusedWithoutRows(
        booted,
        () => booted.app.inject({ method: "POST", url: "/api/order/create", headers: { "content-type": "application/json" }, payload: JSON.stringify(draftFor(station.id)) }),
        401,
      );
    });
  });

  describe("the pay countdown", () => {
    it("count is 900 seconds at creation and 840 a minute later", async () => {
      const me = await customer(booted);
      const station = await dieselStation(booted);
      const created = await createOrder(booted, me, draftFor(station.id));
      expect((await detail(booted, me, created.order_id)).count).toBe(900);
      booted.clock.advance(60);
      expect((await detail(booted, me, created.order_id)).count).toBe(840);
    });
  });

  describe("Idempotency-Key", () => {
    it("the same key and body get the first answer and make one order", async () => {
      const me = await customer(booted);
      const station = await dieselStation(booted);
      const headers = { "idempotency-key": "retry-1" };
      const first = await create(booted, me, draftFor(station.id), headers);
      expect(first.statusCode, first.body).toBe(200);
      // Past the double-tap window, so only the key can explain a replay.
      booted.clock.advance(30);
      const again = await create(booted, me, draftFor(station.id), headers);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(await count(booted.db, "orders")).toBe(1);
    });

    it("a creation whose answer cannot be kept for replay still answers its order, and a retry makes no second one (issue 22)", async () => {
      const me = await customer(booted);
      const station = await dieselStation(booted);
      // The database refuses the answer's write (as when it went away between the order and its copy).
      await booted.db.execute(
        sql.raw(`CREATE FUNCTION refuse_answer() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full' USING ERRCODE = '53100'; END $$`),
      );
      await booted.db.execute(sql.raw("CREATE TRIGGER refuse_answer BEFORE UPDATE ON idempotency_keys FOR EACH ROW EXECUTE FUNCTION refuse_answer()"));
      try {
        const first = await create(booted, me, draftFor(station.id), { "idempotency-key": "lost-copy" });
        expect(first.statusCode, first.body).toBe(200);
        expect(await count(booted.db, "orders")).toBe(1);
        booted.clock.advance(30);
        const again = await create(booted, me, draftFor(station.id), { "idempotency-key": "lost-copy" });
        // The claim is kept unanswered: 'still running', never a second order.
        expect(again.statusCode, again.body).toBe(409);
        expect(await count(booted.db, "orders")).toBe(1);
      } finally {
        await booted.db.execute(sql.raw("DROP TRIGGER refuse_answer ON idempotency_keys"));
        await booted.db.execute(sql.raw("DROP FUNCTION refuse_answer()"));
      }
    });

    it("the same key with the same body in another key order is the same request", async () => {
      const me = await customer(booted);
      const station = await dieselStation(booted);
      const draft = draftFor(station.id);
      const reversed = Object.fromEntries(Object.entries(draft).reverse());
      const first = await createOrder(booted, me, draft, { "idempotency-key": "same-body" });
      booted.clock.advance(30);
      const again = await createOrder(booted, me, reversed, { "idempotency-key": "same-body" });
      expect(again.order_id).toBe(first.order_id);
      expect(await count(booted.db, "orders")).toBe(1);
    });

    it("the same key with a different body is refused and writes nothing", async () => {
      const me = await customer(booted);
      const station = await dieselStation(booted);
      await createOrder(booted, me, draftFor(station.id), { "idempotency-key": "k-1" });
      await expectRefusedWithoutRows(
        booted,
        () => create(booted, me, draftFor(station.id, { order_amount: "20000" }), { "idempotency-key": "k-1" }),
        400,
        "this Idempotency-Key was already used for a different request",
      );
    });

    it.each([
      ["empty", ""],
      ["256 characters", "k".repeat(256)],
      ["a space inside", "retry 1"],
    ])("an invalid key (%s) is refused and writes nothing", async (_name, key) => {
      const me = await customer(booted);
      const station = await dieselStation(booted);
      await expectRefusedWithoutRows(booted, () => create(booted, me, draftFor(station.id), { "idempotency-key": key }), 400, "Idempotency-Key must be 1 to 255 visible characters");
    });

    it("a key of 255 visible characters is accepted", async () => {
      const me = await customer(booted);
      const station = await dieselStation(booted);
      await createOrder(booted, me, draftFor(station.id), { "idempotency-key": "k".repeat(255) });
      expect(await count(booted.db, "idempotency_keys")).toBe(1);
    });

    it("a refused first request releases its key: the same key with a good body then creates the order", async () => {
      const me = await customer(booted);
      const station = await dieselStation(booted);
      expectError(await create(booted, me, draftFor(987_654), { "idempotency-key": "after-failure" }), 404, "station not found");
      expect(await count(booted.db, "idempotency_keys")).toBe(0);
      const created = await createOrder(booted, me, draftFor(station.id), { "idempotency-key": "after-failure" });
      expect((await orderRow(booted, created.order_id)).userId).toBe(me.id);
      expect(await count(booted.db, "orders")).toBe(1);
    });

    it("keys are per customer: two customers using the same key get an order each", async () => {
      const alice = await customer(booted);
      const bob = await customer(booted);
      const station = await dieselStation(booted);
      const a = await createOrder(booted, alice, draftFor(station.id), { "idempotency-key": "shared" });
      const b = await createOrder(booted, bob, draftFor(station.id), { "idempotency-key": "shared" });
      expect(a.order_id).not.toBe(b.order_id);
      expect((await orderRow(booted, a.order_id)).userId).toBe(alice.id);
      expect((await orderRow(booted, b.order_id)).userId).toBe(bob.id);
      expect(await count(booted.db, "orders")).toBe(2);
    });
  });

  describe("double tap", () => {
    it("the same draft twice without a key gets the same order, one row", async () => {
      const me = await customer(booted);
      const station = await dieselStation(booted);
      const first = await createOrder(booted, me, draftFor(station.id));
      const second = await createOrder(booted, me, draftFor(station.id));
      expect(second.order_id).toBe(first.order_id);
      expect(second.merchOrderNo).toBe(first.merchOrderNo);
      expect(await count(booted.db, "orders")).toBe(1);
    });

    it("the same draft 6 seconds later is a new order", async () => {
      const me = await customer(booted);
      const station = await dieselStation(booted);
      const first = await createOrder(booted, me, draftFor(station.id));
      booted.clock.advance(6);
      const second = await createOrder(booted, me, draftFor(station.id));
      expect(second.order_id).not.toBe(first.order_id);
      expect(await count(booted.db, "orders")).toBe(2);
    });

    it("a different amount right away is a new order", async () => {
      const me = await customer(booted);
      const station = await dieselStation(booted);
      const first = await createOrder(booted, me, draftFor(station.id, { order_amount: "10040" }));
      const second = await createOrder(booted, me, draftFor(station.id, { order_amount: "10050" }));
      expect(second.order_id).not.toBe(first.order_id);
      expect(await count(booted.db, "orders")).toBe(2);
    });

    it("another customer's identical draft right away is a new order", async () => {
      const alice = await customer(booted);
      const bob = await customer(booted);
      const station = await dieselStation(booted);
      const a = await createOrder(booted, alice, draftFor(station.id));
      const b = await createOrder(booted, bob, draftFor(station.id));
      expect(b.order_id).not.toBe(a.order_id);
      expect(await count(booted.db, "orders")).toBe(2);
    });
  });
});

describe("the maintenance window (2024-11-25 01:30-06:30 China time) pauses recharge, not fuel orders", () => {
  // Spec §8: 'during the window on 2024-11-25, recharge creation shows card service paused for
  // system upgrade'. One-key fuel orders are the station's business, not the card service's.
  /** 2024-11-25 02:00 China time. */
  const INSIDE_WINDOW = Date.parse("2024-11-24T18:00:00Z");
  let booted: BootedApp;
  beforeAll(async () => {
    booted = await bootApp({ systemTime: () => INSIDE_WINDOW });
  });
  afterAll(async () => booted.close());
  beforeEach(async () => {
    await booted.reset();
    await seedCatalogue(booted);
  });

  it("a one-key fuel order at 02:00, inside the window, is accepted", async () => {
    const me = await customer(booted);
    const station = await dieselStation(booted);
    const created = await createOrder(booted, me, draftFor(station.id));
    expect((await detail(booted, me, created.order_id)).order_status).toBe(1);
    expect(await count(booted.db, "orders")).toBe(1);
  });

  it("a one-key fuel order at 06:29:59, the window's last second, is accepted", async () => {
    const me = await customer(booted);
    const station = await dieselStation(booted);
    booted.clock.advance(4 * 3600 + 29 * 60 + 59);
    const created = await createOrder(booted, me, draftFor(station.id));
    expect((await detail(booted, me, created.order_id)).order_status).toBe(1);
  });
});
