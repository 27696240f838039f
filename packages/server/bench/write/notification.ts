import { createCipheriv, createPrivateKey, randomBytes, randomUUID, sign, type KeyObject } from "node:crypto";
import { Time } from "@fuel/domain";

/**
 * The payment notification the sandbox WeChat channel sends for a paid order (what
 * `/api/sandbox/pay` builds in src/payments/sandbox/notifications.ts and hands to
 * `POST /api/payment/notify`), written here from the protocol rather than imported, so the load
 * generator signs without blocking its event loop (async `crypto.sign`, on libuv's pool) and keeps
 * working while the server's own signing code changes:
 *
 * - the resource `{out_trade_no, transaction_id, trade_state: "SUCCESS", success_time, amount}` is
 *   AES-256-GCM encrypted with the API v3 key (nonce and associated data in the clear beside it,
 *   ciphertext = Base64 of the encrypted bytes followed by the 16-byte tag);
 * - the platform signs `timestamp\nnonce\nbody\n` with RSA-SHA256 (PKCS#1 v1.5), Base64, sent as
 *   `Wechatpay-Signature` beside `Wechatpay-Timestamp`, `Wechatpay-Nonce` and `Wechatpay-Serial`.
 *
 * test/bench/notification.test.ts checks the result against the server's own verifier.
 */

export interface PlatformSecrets {
  readonly platformPrivateKey: KeyObject;
  readonly apiV3Key: string;
}

export const platformSecretsOf = (pem: string, apiV3Key: string): PlatformSecrets => ({ platformPrivateKey: createPrivateKey(pem), apiV3Key });

export interface PaidOrder {
  readonly mchntOrderNo: string;
  readonly amountCents: number;
  /** The channel's transaction id: one per payment (the server applies each once). */
  readonly transactionId: string;
}

export interface SignedNotification {
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
}

const encrypt = (apiV3Key: string, plaintext: string, associatedData: string, nonce: string): string => {
  const cipher = createCipheriv("aes-256-gcm", Buffer.from(apiV3Key, "utf8"), Buffer.from(nonce, "utf8"));
  cipher.setAAD(Buffer.from(associatedData, "utf8"));
  const encrypted = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return Buffer.concat([encrypted, cipher.getAuthTag()]).toString("base64");
};

export const notificationBody = (apiV3Key: string, order: PaidOrder, nowMs: number): string => {
  const resource = {
    out_trade_no: order.mchntOrderNo,
    transaction_id: order.transactionId,
    trade_state: "SUCCESS",
    success_time: new Date(nowMs).toISOString(),
    amount: { total: order.amountCents, currency: "CNY" },
  };
  const nonce = randomBytes(9).toString("base64url");
  return JSON.stringify({
    id: randomUUID(),
    create_time: Time.formatChinaIso(nowMs),
    event_type: "TRANSACTION.SUCCESS",
    resource_type: "encrypt-resource",
    summary: "payment succeeded",
    resource: {
      algorithm: "AEAD_AES_256_GCM",
      ciphertext: encrypt(apiV3Key, JSON.stringify(resource), "transaction", nonce),
      associated_data: "transaction",
      nonce,
      original_type: "transaction",
    },
  });
};

const rsaSha256 = (key: KeyObject, message: string): Promise<string> =>
  new Promise((resolve, reject) => {
    sign("sha256", Buffer.from(message, "utf8"), key, (err, signature) => (err ? reject(err) : resolve(signature.toString("base64"))));
  });

/** A complete notification for `order`, as the platform would send it at `nowMs` (the server's clock). */
export const signedNotification = async (secrets: PlatformSecrets, order: PaidOrder, nowMs: number): Promise<SignedNotification> => {
  const body = notificationBody(secrets.apiV3Key, order, nowMs);
  const timestamp = String(Math.floor(nowMs / 1000));
  const nonce = randomBytes(16).toString("hex");
  return {
    body,
    headers: {
      "content-type": "application/json",
      "wechatpay-timestamp": timestamp,
      "wechatpay-nonce": nonce,
      "wechatpay-signature": await rsaSha256(secrets.platformPrivateKey, `${timestamp}\n${nonce}\n${body}\n`),
      "wechatpay-serial": "SANDBOX-PLATFORM",
    },
  };
};
