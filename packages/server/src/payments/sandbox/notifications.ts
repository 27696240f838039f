import { randomBytes, randomUUID, type KeyObject } from "node:crypto";
import type { PaymentNotification, PaymentNotificationResource } from "@fuel/domain/api";
import { Time } from "@fuel/domain";
import { encryptResource, signNotification, signNotificationAsync } from "../wechat/crypto.ts";

/**
 * The platform's side of a payment notification, as the sandbox plays it: the resource encrypted
 * with the API v3 key, the body signed with the platform's private key. Tests use the same builder
 * to forge notifications (a wrong key, a flipped byte, a stale timestamp).
 */

export interface PlatformSecrets {
  readonly platformPrivateKey: KeyObject;
  readonly apiV3Key: string;
}

export interface SignedNotification {
  /** The body exactly as sent (the signature covers these bytes). */
  readonly body: string;
  /** `Wechatpay-Timestamp`, `Wechatpay-Nonce`, `Wechatpay-Signature`, `Wechatpay-Serial`. */
  readonly headers: Readonly<Record<string, string>>;
}

/** The serial of the sandbox platform's certificate: its notifications name it, and its channels accept only it. */
export const SANDBOX_PLATFORM_SERIAL = "SANDBOX-PLATFORM";

const gcmNonce = (): string => randomBytes(9).toString("base64url");

/** Encrypts and wraps a resource into a notification body (no signature yet). */
export const notificationBody = (apiV3Key: string, resource: PaymentNotificationResource, nowMs: number): string => {
  const nonce = gcmNonce();
  const eventType = resource.trade_state === "SUCCESS" ? "TRANSACTION.SUCCESS" : "TRANSACTION.FAIL";
  const notification: PaymentNotification = {
    id: randomUUID(),
    create_time: Time.formatChinaIso(nowMs),
    event_type: eventType,
    resource_type: "encrypt-resource",
    summary: resource.trade_state === "SUCCESS" ? "payment succeeded" : "payment failed",
    resource: {
      algorithm: "AEAD_AES_256_GCM",
      ciphertext: encryptResource(apiV3Key, JSON.stringify(resource), "transaction", nonce),
      associated_data: "transaction",
      nonce,
      original_type: "transaction",
    },
  };
  return JSON.stringify(notification);
};

const headersWith = (timestamp: string, nonce: string, signature: string, serial: string): Record<string, string> => ({
  "wechatpay-timestamp": timestamp,
  "wechatpay-nonce": nonce,
  "wechatpay-signature": signature,
  "wechatpay-serial": serial,
});

/** Signs a body as the platform: the headers a real channel sends with it (tests name another certificate's `serial`). */
export const signedHeaders = (platformPrivateKey: KeyObject, body: string, nowMs: number, serial = SANDBOX_PLATFORM_SERIAL): Record<string, string> => {
  const timestamp = String(Math.floor(nowMs / 1000));
  const nonce = randomBytes(16).toString("hex");
  return headersWith(timestamp, nonce, signNotification(platformPrivateKey, timestamp, nonce, body), serial);
};

/** {@link signedHeaders} with the signature made on the thread pool (the sandbox pay route signs on every payment). */
export const signedHeadersAsync = async (platformPrivateKey: KeyObject, body: string, nowMs: number): Promise<Record<string, string>> => {
  const timestamp = String(Math.floor(nowMs / 1000));
  const nonce = randomBytes(16).toString("hex");
  return headersWith(timestamp, nonce, await signNotificationAsync(platformPrivateKey, timestamp, nonce, body), SANDBOX_PLATFORM_SERIAL);
};

/** A complete notification, signed and encrypted, for `resource` at `nowMs`. */
export const signedNotification = (secrets: PlatformSecrets, resource: PaymentNotificationResource, nowMs: number): SignedNotification => {
  const body = notificationBody(secrets.apiV3Key, resource, nowMs);
  return { body, headers: signedHeaders(secrets.platformPrivateKey, body, nowMs) };
};

/** {@link signedNotification} with the signature made on the thread pool. */
export const signedNotificationAsync = async (secrets: PlatformSecrets, resource: PaymentNotificationResource, nowMs: number): Promise<SignedNotification> => {
  const body = notificationBody(secrets.apiV3Key, resource, nowMs);
  return { body, headers: await signedHeadersAsync(secrets.platformPrivateKey, body, nowMs) };
};
