import { createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import { Money } from "@fuel/domain";
import type { PaymentNotificationResource } from "@fuel/domain/api";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import type { Database } from "../../src/db/client.ts";
import { paymentProvidersFor } from "../../src/payments/channels.ts";
import type { ChannelName, NotificationHeaders } from "../../src/payments/PaymentChannel.ts";
import { notificationBody, signedHeaders } from "../../src/payments/sandbox/notifications.ts";
import { productionSecrets } from "../helpers/productionSecrets.ts";

/**
 * The production channels as loadConfig and paymentProvidersFor build them: a notification is
 * checked with the platform key its `Wechatpay-Serial` names, and refused when that serial is not
 * configured, however well it is signed. A rotation lists two serials and two keys.
 */

const NOW = Date.UTC(2026, 10, 26, 1, 2, 3);
const [OLD, NEXT] = ["7132D72A03E93CDDF8C03BBD1F37EEDF843E2BF9", "5A1B2C3D4E5F60718293A4B5C6D7E8F901234567"];
const pair = () => generateKeyPairSync("rsa", { modulusLength: 2048 });
const [oldKeys, nextKeys] = [pair(), pair()];
const publicPem = (key: KeyObject): string => createPublicKey(key).export({ type: "spki", format: "pem" }).toString();

const secrets = productionSecrets();
const V3: Record<ChannelName, string> = { wechat: secrets.WECHAT_PAY_API_V3_KEY, fy: secrets.FY_API_V3_KEY };
const MCH: Record<ChannelName, string> = { wechat: secrets.WECHAT_MCH_ID, fy: secrets.FY_MCH_ID };

/** Both production channels, each accepting `serials` (comma-separated) with the public halves of `keys` in the same order. */
const channelsAccepting = (serials: string, keys: readonly KeyObject[]) => {
  const pems = keys.map(publicPem).join("\n");
  const config = loadConfig({
    FUEL_MODE: "production",
    ...secrets,
    WECHAT_PAY_PLATFORM_SERIAL: serials,
    WECHAT_PAY_PLATFORM_PUBLIC_KEY: pems,
    FY_PAY_PLATFORM_SERIAL: serials,
    FY_PAY_PLATFORM_PUBLIC_KEY: pems,
  });
  // Verifying a notification reaches neither the database nor the clock.
  return paymentProvidersFor(config, {} as Database, { now: () => NOW } as never).channels;
};

const resource = (channel: ChannelName): PaymentNotificationResource => ({
  out_trade_no: "F20261126090203ABCDEF",
  transaction_id: "4200000000000000000000000001",
  trade_state: "SUCCESS",
  success_time: "2026-11-26T09:02:00+08:00",
  mchid: MCH[channel],
  amount: { total: Money.cents(9162), currency: "CNY" },
});

/** A notification for `channel` signed by `signer`, naming the certificate `serial`. */
const notification = (channel: ChannelName, signer: KeyObject, serial: string): { headers: NotificationHeaders; body: string } => {
  const body = notificationBody(V3[channel], resource(channel), NOW);
  const h = signedHeaders(signer, body, NOW, serial);
  return { body, headers: { timestamp: h["wechatpay-timestamp"], nonce: h["wechatpay-nonce"], signature: h["wechatpay-signature"], serial: h["wechatpay-serial"] } };
};

const verdictOf = async (channels: ReturnType<typeof channelsAccepting>, channel: ChannelName, signer: KeyObject, serial: string) => {
  const n = notification(channel, signer, serial);
  return channels[channel].verifyNotification(n.headers, n.body, NOW);
};

describe.each(["wechat", "fy"] as const)("the production %s channel", (channel) => {
  it("accepts the configured serial, in any case, and refuses another serial on the very same signature", async () => {
    const channels = channelsAccepting(OLD, [oldKeys.privateKey]);
    expect(await verdictOf(channels, channel, oldKeys.privateKey, OLD)).toMatchObject({ ok: true, notification: { mchntOrderNo: "F20261126090203ABCDEF" } });
    expect(await verdictOf(channels, channel, oldKeys.privateKey, OLD.toLowerCase())).toMatchObject({ ok: true });
    expect(await verdictOf(channels, channel, oldKeys.privateKey, NEXT)).toEqual({ ok: false, reason: "unknown-serial" });
  });

  it("during a rotation accepts both certificates, each only under its own serial", async () => {
    const channels = channelsAccepting(`${OLD},${NEXT}`, [oldKeys.privateKey, nextKeys.privateKey]);
    expect(await verdictOf(channels, channel, oldKeys.privateKey, OLD)).toMatchObject({ ok: true });
    expect(await verdictOf(channels, channel, nextKeys.privateKey, NEXT)).toMatchObject({ ok: true });
    // A serial picks its key: the old certificate's signature under the new one's serial does not verify.
    expect(await verdictOf(channels, channel, oldKeys.privateKey, NEXT)).toEqual({ ok: false, reason: "bad-signature" });
    expect(await verdictOf(channels, channel, nextKeys.privateKey, "0123456789ABCDEF")).toEqual({ ok: false, reason: "unknown-serial" });
  });

  it("after the rotation (the old serial removed) refuses what the old certificate signs", async () => {
    const channels = channelsAccepting(NEXT, [nextKeys.privateKey]);
    expect(await verdictOf(channels, channel, nextKeys.privateKey, NEXT)).toMatchObject({ ok: true });
    expect(await verdictOf(channels, channel, oldKeys.privateKey, OLD)).toEqual({ ok: false, reason: "unknown-serial" });
  });
});
