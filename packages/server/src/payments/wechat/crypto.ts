import { createCipheriv, createDecipheriv, createSign, createVerify, sign, verify, type KeyLike } from "node:crypto";

/**
 * The cryptography of the WeChat-JSAPI-style payment channel (v3 API), used by the production
 * provider and, with keys generated at start-up, by the sandbox provider: the same code path.
 *
 * - paySign: the merchant signs `appId\ntimeStamp\nnonceStr\npackage\n` with RSA-SHA256 (PKCS#1
 *   v1.5), Base64; the messaging app's pay sheet checks it.
 * - Notifications: the platform signs `timestamp\nnonce\nbody\n` with RSA-SHA256; we verify with
 *   the platform's public key and refuse a timestamp more than 5 minutes from our clock (a replay).
 * - The notification's `resource` is AES-256-GCM encrypted with the merchant's 32-byte API v3 key;
 *   `ciphertext` is Base64 of the encrypted bytes followed by the 16-byte tag.
 *
 * Each RSA operation comes twice: a synchronous form, and an `...Async` form that runs on libuv's
 * thread pool (Node's `crypto.sign` / `crypto.verify` with a callback) and gives the same bytes
 * (PKCS#1 v1.5 is deterministic). An RSA-2048 signature costs about a millisecond of CPU; the
 * request paths (pay sheets, notifications, calls to the channel) use the async forms so that
 * millisecond is not spent on the event loop (issue 14). The synchronous forms serve tests and tools.
 */

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** RSA-SHA256 (PKCS#1 v1.5) over a UTF-8 message on the thread pool, Base64: the bytes of `createSign("RSA-SHA256")`. */
const rsaSignAsync = (privateKey: KeyLike, message: string): Promise<string> =>
  new Promise((resolve, reject) => {
    sign("sha256", Buffer.from(message, "utf8"), privateKey, (err, signature) => (err === null ? resolve(signature.toString("base64")) : reject(err)));
  });

/** The thread-pool twin of {@link safeVerify}: false, never a rejection, for a malformed signature or key. */
const safeVerifyAsync = (publicKey: KeyLike, message: string, signature: string): Promise<boolean> => {
  if (!BASE64.test(signature)) return Promise.resolve(false);
  return new Promise((resolve) => {
    try {
      verify("sha256", Buffer.from(message, "utf8"), publicKey, Buffer.from(signature, "base64"), (err, ok) => resolve(err === null && ok));
    } catch {
      // A key that cannot be used at all throws before the job is queued.
      resolve(false);
    }
  });
};

/** What the pay sheet gets (spec §7 `payInfo`); `timeStamp` is in seconds, as a string. */
export interface PaySignFields {
  readonly appId: string;
  readonly timeStamp: string;
  readonly nonceStr: string;
  readonly package: string;
}

export const paySignMessage = (f: PaySignFields): string => `${f.appId}\n${f.timeStamp}\n${f.nonceStr}\n${f.package}\n`;

/** RSA-SHA256 over the pay-sign message, Base64. */
export const signPay = (merchantPrivateKey: KeyLike, fields: PaySignFields): string =>
  createSign("RSA-SHA256").update(paySignMessage(fields), "utf8").sign(merchantPrivateKey, "base64");

/** {@link signPay} on the thread pool: the same signature. */
export const signPayAsync = (merchantPrivateKey: KeyLike, fields: PaySignFields): Promise<string> => rsaSignAsync(merchantPrivateKey, paySignMessage(fields));

export const verifyPaySign = (merchantPublicKey: KeyLike, fields: PaySignFields, signature: string): boolean =>
  safeVerify(merchantPublicKey, paySignMessage(fields), signature);

export const notificationMessage = (timestamp: string, nonce: string, body: string): string => `${timestamp}\n${nonce}\n${body}\n`;

/** The platform's side (the sandbox plays it): the `Wechatpay-Signature` header value. */
export const signNotification = (platformPrivateKey: KeyLike, timestamp: string, nonce: string, body: string): string =>
  createSign("RSA-SHA256").update(notificationMessage(timestamp, nonce, body), "utf8").sign(platformPrivateKey, "base64");

/** {@link signNotification} on the thread pool: the same signature. */
export const signNotificationAsync = (platformPrivateKey: KeyLike, timestamp: string, nonce: string, body: string): Promise<string> =>
  rsaSignAsync(platformPrivateKey, notificationMessage(timestamp, nonce, body));

/** The notification headers that authenticate it. */
export interface NotificationHeaders {
  readonly timestamp: string;
  readonly nonce: string;
  readonly signature: string;
}

export type NotificationCheck =
  | { readonly ok: true }
  | { readonly ok: false; readonly reason: "malformed-headers" | "stale-timestamp" | "bad-signature" };

/** How far a notification's timestamp may be from our clock before it counts as a replay. */
export const NOTIFICATION_MAX_SKEW_SECONDS = 5 * 60;

/**
 * Checks a notification's signature and freshness. `body` must be the raw request body exactly as
 * received (re-serialized JSON would not match the signature).
 */
export const verifyNotification = (
  platformPublicKey: KeyLike,
  headers: PartialNotificationHeaders,
  body: string,
  nowSeconds: number,
): NotificationCheck => {
  const early = checkNotificationHeaders(headers, nowSeconds);
  if (early !== undefined) return early;
  const { timestamp, nonce, signature } = headers as NotificationHeaders;
  return safeVerify(platformPublicKey, notificationMessage(timestamp, nonce, body), signature) ? { ok: true } : { ok: false, reason: "bad-signature" };
};

/** {@link verifyNotification} with the RSA check on the thread pool: the same verdicts. */
export const verifyNotificationAsync = async (
  platformPublicKey: KeyLike,
  headers: PartialNotificationHeaders,
  body: string,
  nowSeconds: number,
): Promise<NotificationCheck> => {
  const early = checkNotificationHeaders(headers, nowSeconds);
  if (early !== undefined) return early;
  const { timestamp, nonce, signature } = headers as NotificationHeaders;
  return (await safeVerifyAsync(platformPublicKey, notificationMessage(timestamp, nonce, body), signature)) ? { ok: true } : { ok: false, reason: "bad-signature" };
};

type PartialNotificationHeaders = { readonly [K in keyof NotificationHeaders]?: NotificationHeaders[K] | undefined };

/** The checks before the signature: headers present and well formed, timestamp fresh. Undefined: go on to the signature. */
const checkNotificationHeaders = (headers: PartialNotificationHeaders, nowSeconds: number): NotificationCheck | undefined => {
  const { timestamp, nonce, signature } = headers;
  if (timestamp === undefined || nonce === undefined || signature === undefined) return { ok: false, reason: "malformed-headers" };
  if (!/^\d{1,12}$/.test(timestamp) || nonce.length === 0 || nonce.length > 64) return { ok: false, reason: "malformed-headers" };
  if (Math.abs(nowSeconds - Number(timestamp)) > NOTIFICATION_MAX_SKEW_SECONDS) return { ok: false, reason: "stale-timestamp" };
  return undefined;
};

/**
 * The merchant's side of a call to the channel's API (v3): RSA-SHA256 over
 * `METHOD\nPATH?QUERY\ntimestamp\nnonce\nbody\n`, sent as
 * `Authorization: WECHATPAY2-SHA256-RSA2048 mchid="...",nonce_str="...",signature="...",timestamp="...",serial_no="..."`.
 * The channel signs its answers like notifications (`timestamp\nnonce\nbody\n`): check them with {@link verifyNotification}.
 */
export const requestMessage = (method: string, pathWithQuery: string, timestamp: string, nonce: string, body: string): string =>
  `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;

export interface RequestAuthorization {
  readonly mchId: string;
  readonly serialNo: string;
  readonly timestamp: string;
  readonly nonce: string;
}

export const authorizationHeader = (
  merchantPrivateKey: KeyLike,
  auth: RequestAuthorization,
  method: string,
  pathWithQuery: string,
  body: string,
): string => {
  const signature = createSign("RSA-SHA256")
    .update(requestMessage(method, pathWithQuery, auth.timestamp, auth.nonce, body), "utf8")
    .sign(merchantPrivateKey, "base64");
  return authorizationValue(auth, signature);
};

/** {@link authorizationHeader} with the signature made on the thread pool: the same header. */
export const authorizationHeaderAsync = async (
  merchantPrivateKey: KeyLike,
  auth: RequestAuthorization,
  method: string,
  pathWithQuery: string,
  body: string,
): Promise<string> => authorizationValue(auth, await rsaSignAsync(merchantPrivateKey, requestMessage(method, pathWithQuery, auth.timestamp, auth.nonce, body)));

const authorizationValue = (auth: RequestAuthorization, signature: string): string =>
  `WECHATPAY2-SHA256-RSA2048 mchid="${auth.mchId}",nonce_str="${auth.nonce}",signature="${signature}",timestamp="${auth.timestamp}",serial_no="${auth.serialNo}"`;

const GCM_TAG_BYTES = 16;

const checkKey = (apiV3Key: string): Buffer => {
  const key = Buffer.from(apiV3Key, "utf8");
  if (key.length !== 32) throw new RangeError("the API v3 key must be 32 bytes");
  return key;
};

/** The platform's side (the sandbox plays it): Base64(ciphertext || tag). */
export const encryptResource = (apiV3Key: string, plaintext: string, associatedData: string, nonce: string): string => {
  const cipher = createCipheriv("aes-256-gcm", checkKey(apiV3Key), Buffer.from(nonce, "utf8"));
  cipher.setAAD(Buffer.from(associatedData, "utf8"));
  const encrypted = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return Buffer.concat([encrypted, cipher.getAuthTag()]).toString("base64");
};

/** The decrypted resource, or null when the key, nonce, associated data or tag do not match (tampered). */
export const decryptResource = (apiV3Key: string, resource: { readonly ciphertext: string; readonly associated_data: string; readonly nonce: string }): string | null => {
  const bytes = Buffer.from(resource.ciphertext, "base64");
  if (bytes.length < GCM_TAG_BYTES || resource.nonce.length === 0) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", checkKey(apiV3Key), Buffer.from(resource.nonce, "utf8"));
    decipher.setAAD(Buffer.from(resource.associated_data, "utf8"));
    decipher.setAuthTag(bytes.subarray(bytes.length - GCM_TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - GCM_TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
};

/** Verify without throwing on a malformed signature or key (hostile input is an answer, not a crash). */
const safeVerify = (publicKey: KeyLike, message: string, signature: string): boolean => {
  if (!BASE64.test(signature)) return false;
  try {
    return createVerify("RSA-SHA256").update(message, "utf8").verify(publicKey, signature, "base64");
  } catch {
    return false;
  }
};
