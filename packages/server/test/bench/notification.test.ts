import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { notificationBody, signedNotification } from "../../bench/write/notification.ts";
import { JsapiChannel, type ChannelGateway } from "../../src/payments/JsapiChannel.ts";
import { SANDBOX_PLATFORM_SERIAL } from "../../src/payments/sandbox/notifications.ts";

// The load generator writes notifications from the protocol instead of importing the server's
// builder: the server's own verifier must accept them, or the benchmark measures 401s.

const platform = generateKeyPairSync("rsa", { modulusLength: 2048 });
const merchant = generateKeyPairSync("rsa", { modulusLength: 2048 });
const apiV3Key = "0123456789abcdef0123456789abcdef";
const unusedGateway = {} as ChannelGateway;
const channel = new JsapiChannel(
  "wechat",
  { appId: "wxsandbox00000001", mchId: "1900000001", merchantPrivateKey: merchant.privateKey, platformKeys: new Map([[SANDBOX_PLATFORM_SERIAL, platform.publicKey]]), apiV3Key },
  unusedGateway,
);
const order = { mchntOrderNo: "FO20261125000000012345678", amountCents: 9162, transactionId: "4200000000000000000000000001" };
const now = Date.UTC(2026, 10, 25, 1, 2, 3);

const headersOf = (h: Readonly<Record<string, string>>) => ({
  timestamp: h["wechatpay-timestamp"],
  nonce: h["wechatpay-nonce"],
  signature: h["wechatpay-signature"],
  serial: h["wechatpay-serial"],
});

describe("the generator's payment notification", () => {
  it("passes the server's own check and says which order, for how much, under which transaction", async () => {
    const n = await signedNotification({ platformPrivateKey: platform.privateKey, apiV3Key }, order, now);
    const verdict = await channel.verifyNotification(headersOf(n.headers), n.body, now + 2_000);
    expect(verdict).toMatchObject({
      ok: true,
      notification: { tradeState: "SUCCESS", mchntOrderNo: order.mchntOrderNo, transactionId: order.transactionId, amountCents: 9162 },
    });
    expect(n.headers["content-type"]).toBe("application/json");
  });

  it("is refused when a byte of the body changes, or when signed with another key", async () => {
    const n = await signedNotification({ platformPrivateKey: platform.privateKey, apiV3Key }, order, now);
    const flipped = n.body.replace("TRANSACTION.SUCCESS", "TRANSACTION.SUCCESs");
    expect(await channel.verifyNotification(headersOf(n.headers), flipped, now)).toMatchObject({ ok: false, reason: "bad-signature" });
    const forged = await signedNotification({ platformPrivateKey: merchant.privateKey, apiV3Key }, order, now);
    expect(await channel.verifyNotification(headersOf(forged.headers), forged.body, now)).toMatchObject({ ok: false, reason: "bad-signature" });
  });

  it("carries the timestamp of the clock it was given (the server's, which may run ahead)", async () => {
    const n = await signedNotification({ platformPrivateKey: platform.privateKey, apiV3Key }, order, now);
    expect(n.headers["wechatpay-timestamp"]).toBe(String(Math.floor(now / 1000)));
    expect(await channel.verifyNotification(headersOf(n.headers), n.body, now + 10 * 60_000)).toMatchObject({ ok: false, reason: "stale-timestamp" });
  });

  it("encrypts each body afresh (a new GCM nonce and notification id every time)", () => {
    const a = JSON.parse(notificationBody(apiV3Key, order, now)) as { id: string; resource: { nonce: string; ciphertext: string } };
    const b = JSON.parse(notificationBody(apiV3Key, order, now)) as { id: string; resource: { nonce: string; ciphertext: string } };
    expect(a.id).not.toBe(b.id);
    expect(a.resource.nonce).not.toBe(b.resource.nonce);
    expect(a.resource.ciphertext).not.toBe(b.resource.ciphertext);
  });
});
