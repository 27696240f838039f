import { randomBytes, randomUUID } from "node:crypto";
import { Time } from "@fuel/domain";
import { Exit, Schema } from "effect";
import { platformKeyFor, type PlatformKeys } from "../../payments/platformKeys.ts";
import { decryptResource, encryptResource, verifyNotificationAsync } from "../../payments/wechat/crypto.ts";
import type { CallbackRefusal } from "./InvoiceProvider.ts";

/**
 * WeChat Pay's e-invoice callbacks (`FAPIAO.*` events), checked exactly like payment
 * notifications: the platform's RSA signature over `timestamp\nnonce\nbody\n` with the key its
 * `Wechatpay-Serial` names, a timestamp within 5 minutes, then the AES-256-GCM resource decrypted
 * with the API v3 key (src/payments/wechat/crypto.ts, shared, not copied). The sandbox plays the
 * platform with the same code ({@link fapiaoCallbackBody} + the payment sandbox's `signedHeaders`).
 *
 * The decrypted resource (WeChat Pay docs, "发票开具成功通知" and siblings):
 * `{ mchid, fapiao_apply_id, apply_time?, fapiao_information?: [{ fapiao_id, fapiao_status, card_status }] }`.
 * It carries states, not the invoice's number: the number comes from a query.
 */

/** The events WeChat Pay documents for e-invoices. */
export const FAPIAO_EVENTS = ["FAPIAO.USER_APPLIED", "FAPIAO.ISSUED", "FAPIAO.CARD_INSERTED", "FAPIAO.REVERSED", "FAPIAO.CARD_DISCARDED"] as const;

const Envelope = Schema.Struct({
  id: Schema.String,
  create_time: Schema.optionalKey(Schema.String),
  event_type: Schema.String,
  resource_type: Schema.optionalKey(Schema.String),
  summary: Schema.optionalKey(Schema.String),
  resource: Schema.Struct({
    algorithm: Schema.optionalKey(Schema.String),
    ciphertext: Schema.String,
    associated_data: Schema.String,
    nonce: Schema.String,
    original_type: Schema.optionalKey(Schema.String),
  }),
});

export const FapiaoCallbackResource = Schema.Struct({
  mchid: Schema.String,
  // unverified: a service provider's callback may name the sub-merchant.
  sub_mchid: Schema.optionalKey(Schema.String),
  fapiao_apply_id: Schema.String,
  apply_time: Schema.optionalKey(Schema.String),
  fapiao_information: Schema.optionalKey(
    Schema.Array(
      Schema.Struct({
        fapiao_id: Schema.String,
        fapiao_status: Schema.optionalKey(Schema.String),
        card_status: Schema.optionalKey(Schema.String),
      }),
    ),
  ),
});
export type FapiaoCallbackResource = typeof FapiaoCallbackResource.Type;

const decodeEnvelope = Schema.decodeUnknownExit(Envelope);
const decodeResource = Schema.decodeUnknownExit(FapiaoCallbackResource);

/** A callback that checked out. */
export interface FapiaoCallback {
  readonly eventType: string;
  readonly resource: FapiaoCallbackResource;
}

export type CallbackCheck = { readonly ok: true; readonly callback: FapiaoCallback } | { readonly ok: false; readonly reason: CallbackRefusal };

/** What checking a callback needs: our merchant id, the platform's public keys by serial, the API v3 key. */
export interface CallbackKeys {
  readonly mchId: string;
  readonly platformKeys: PlatformKeys;
  readonly apiV3Key: string;
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** A header by name, whatever its case (Node gives lower case; a test or a proxy may not). */
export const headerOf = (headers: Readonly<Record<string, string | undefined>>, name: string): string | undefined => {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === wanted) return value;
  return undefined;
};

/** Checks a callback's serial, signature, freshness, encryption, shape and merchant, in that order. */
export const checkFapiaoCallback = async (
  keys: CallbackKeys,
  headers: Readonly<Record<string, string | undefined>>,
  body: string,
  nowMs: number,
): Promise<CallbackCheck> => {
  const serial = headerOf(headers, "wechatpay-serial");
  const platformKey = platformKeyFor(keys.platformKeys, serial);
  if (platformKey === undefined) return { ok: false, reason: serial === undefined ? "malformed" : "unknown-serial" };
  const check = await verifyNotificationAsync(
    platformKey,
    { timestamp: headerOf(headers, "wechatpay-timestamp"), nonce: headerOf(headers, "wechatpay-nonce"), signature: headerOf(headers, "wechatpay-signature") },
    body,
    Math.floor(nowMs / 1000),
  );
  if (!check.ok) return { ok: false, reason: check.reason === "malformed-headers" ? "malformed" : check.reason };

  const envelope = decodeEnvelope(parseJson(body));
  if (Exit.isFailure(envelope)) return { ok: false, reason: "malformed" };
  const plaintext = decryptResource(keys.apiV3Key, envelope.value.resource);
  if (plaintext === null) return { ok: false, reason: "undecryptable" };
  const resource = decodeResource(parseJson(plaintext));
  if (Exit.isFailure(resource)) return { ok: false, reason: "malformed" };
  // Well signed is not enough: an invoice of another merchant is not ours to record.
  if (resource.value.mchid !== keys.mchId) return { ok: false, reason: "other-merchant" };
  return { ok: true, callback: { eventType: envelope.value.event_type, resource: resource.value } };
};

/** The platform's side (the sandbox and tests play it): the callback body for `resource`, encrypted, not yet signed. */
export const fapiaoCallbackBody = (apiV3Key: string, eventType: string, resource: FapiaoCallbackResource, nowMs: number): string => {
  const nonce = randomBytes(9).toString("base64url");
  // unverified: the associated_data WeChat uses for fapiao resources; any value works, as it travels with the ciphertext.
  const associatedData = "fapiao";
  return JSON.stringify({
    id: randomUUID(),
    create_time: Time.formatChinaIso(nowMs),
    event_type: eventType,
    resource_type: "encrypt-resource",
    summary: eventType,
    resource: {
      algorithm: "AEAD_AES_256_GCM",
      ciphertext: encryptResource(apiV3Key, JSON.stringify(resource), associatedData, nonce),
      associated_data: associatedData,
      nonce,
    },
  });
};

/**
 * Our ids as WeChat sees them: the application (`fapiao_apply_id`, stable per invoice, so the
 * title link and the four retries all belong to it) and each attempt's invoice (`fapiao_id`, new
 * per attempt). Both up to 32 characters; the prefix keeps them apart from other systems'
 * applications on the same merchant account.
 */
export const wechatIds = (prefix: string) => ({
  applyIdOf: (invoiceId: number): string => `${prefix}${invoiceId}`,
  fapiaoIdOf: (applyId: string): string => `${prefix}${applyId}`,
  /** The invoice an application id names, or undefined when it is not ours. */
  invoiceIdOf: (fapiaoApplyId: string): number | undefined => {
    if (!fapiaoApplyId.startsWith(prefix)) return undefined;
    const rest = fapiaoApplyId.slice(prefix.length);
    return /^[1-9]\d{0,15}$/.test(rest) && Number.isSafeInteger(Number(rest)) ? Number(rest) : undefined;
  },
  /** Our apply id from WeChat's `fapiao_id`, or undefined when it is not ours. */
  applyIdOfFapiao: (fapiaoId: string): string | undefined => (fapiaoId.startsWith(prefix) && fapiaoId.length > prefix.length ? fapiaoId.slice(prefix.length) : undefined),
});
export type WechatIds = ReturnType<typeof wechatIds>;
