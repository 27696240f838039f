import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { expectSuccess, post } from "../identity/support.ts";
import { call, createOrder, customer, detail, dieselStation, draftFor, payInSandbox, seedCatalogue } from "./support.ts";

let booted: BootedApp;
beforeAll(async () => {
  booted = await bootApp();
  await seedCatalogue(booted);
});
afterAll(async () => booted.close());

describe("the money walk", () => {
  it("create, pay in the sandbox, get the QR, redeem it at the cashier, see it used", async () => {
    const me = await customer(booted);
    const station = await dieselStation(booted);
    const created = await createOrder(booted, me, draftFor(station.id));
    expect(created.respCode).toBe("00");
    const unpaid = await detail(booted, me, created.order_id);
    expect(unpaid.order_status).toBe(1);
    // The whole seconds left to pay: 900 at creation, less whatever real time passed since (the
    // app's clock is real here; on a loaded machine a second or more goes by between the calls).
    expect(unpaid.count).toBeLessThanOrEqual(900);
    expect(unpaid.count).toBeGreaterThan(890);

    expectSuccess(await payInSandbox(booted, created.order_id));
    const paid = await detail(booted, me, created.order_id);
    expect(paid.order_status).toBe(2);

    const qr = expectSuccess<{ respCode: string; qrcode: string }>(await call(booted, me, "/api/kepai/getqrcode", { orderNumber: paid.mchnt_order_no }));
    expect(qr.respCode).toBe("00000");
    expect(paid.pay_qrcode).toBe(qr.qrcode);

    expectSuccess(await post(booted, "/api/sandbox/cashier/redeem", { qrcode: qr.qrcode }));
    expect((await detail(booted, me, created.order_id)).order_status).toBe(3);
  });
});
