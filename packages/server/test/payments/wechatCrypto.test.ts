import { generateKeyPairSync } from "node:crypto";
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  authorizationHeader,
  authorizationHeaderAsync,
  decryptResource,
  encryptResource,
  NOTIFICATION_MAX_SKEW_SECONDS,
  paySignMessage,
  signNotification,
  signNotificationAsync,
  signPay,
  signPayAsync,
  verifyNotification,
  verifyNotificationAsync,
  verifyPaySign,
} from "../../src/payments/wechat/crypto.ts";

const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const merchantKey = fixture("merchant-test-key.pem");
const merchantPub = fixture("merchant-test-key.pub.pem");
const platformKey = fixture("platform-test-key.pem");
const platformPub = fixture("platform-test-key.pub.pem");

const payFields = {
  appId: "wx8888888888888888",
  timeStamp: "1414561699",
  nonceStr: "5K8264ILTKCH16CQ2502SI8ZNMTM67VS",
  package: "prepay_id=wx201410272009395522657a690389285100",
};

// Known answers computed once with the fixed test keys (RSA PKCS#1 v1.5 and AES-GCM with a fixed
// nonce are deterministic): any change in what is signed or how fails here.
const PAY_SIGN =
  "u4MoeF50VLcjSJp+IkJASoPobjlmdUafaqynnVI5MCGcO3KfUTfABhsJJM/8hGQ1LOfJ4Q5QMd8BBK+UKcAaghdFryyhHe1PglZDJoKilLpX8I6ib8iSVpp9douiU8Ik/mF5BDXlQuPkZ0P8eicQg7yYkIeyqXUA6s4k5ekgGeGMiZzXiSx0+cjXtEVJkol23Z4LY+C9rwrWdsZ3+qTcZ0TlJlBNpPevAs/sLl8upIA+Z76lJn20wVCSBUj8OtvBL+Wh5nA28Hb5X9p/YbtGHJk0BV/GphhwJyp77HRpGFLLzURQLDCFM30axrE84bgNayrnNsDJ+6/LZHNAmzIRUg==";
const NOTIFY_SIGN =
  "kCzKHe+jswLcv28+C+mn6nfVYCfpHfHCkSyimJBIPGRHX2aZFxQRFjnv4ZXqg6/vWwdTjcyjDVvHk3/CWPW53uy9StyNQiu6FfogWGBErRyRSZu6vBdYWKLNM545B6PHM+uvaospD6mzouiAaH+6I+iz80HnZEqkD4z/KmkLiWv+iN7BZYnifRZxfK4DuK0TsS7bspSX3u3IjE5RdsP2q8az7ScbB8aDrIe2whUcdyjAhNcQ3udDHxRjgcOLWPY21jpiU/X5zfcwyX4mQuXuQcP2xWfKJCjUpE2suCEsa9lJkccYpHH+d5xTkrwyJi9cMB0mJSaQo5XFIFK1FwgNxQ==";
const API_V3_KEY = "0123456789abcdef0123456789abcdef";
const RESOURCE_PLAIN = '{"out_trade_no":"F1","amount":{"total":9162,"currency":"CNY"}}';
const RESOURCE_CIPHER = "VN9dO9gA8AGnrRzg1lZodUPTPvvb2ekvVnCdL/1zUE9ggJCVtU6X3lHNPUy/vUYT7qhX4XXCv65roAauK1YLjnPAsrnAt3aTR4R3cBjh";

describe("paySign", () => {
  it("signs exactly appId\\ntimeStamp\\nnonceStr\\npackage\\n", () => {
    expect(paySignMessage(payFields)).toBe(
      "wx8888888888888888\n1414561699\n5K8264ILTKCH16CQ2502SI8ZNMTM67VS\nprepay_id=wx201410272009395522657a690389285100\n",
    );
  });

  it("matches the known answer for the fixed test key", () => {
    expect(signPay(merchantKey, payFields)).toBe(PAY_SIGN);
    expect(verifyPaySign(merchantPub, payFields, PAY_SIGN)).toBe(true);
  });

  it("does not verify when any field changes", () => {
    for (const key of Object.keys(payFields) as Array<keyof typeof payFields>) {
      expect(verifyPaySign(merchantPub, { ...payFields, [key]: `${payFields[key]}x` }, PAY_SIGN), key).toBe(false);
    }
  });
});

describe("payment notification signature", () => {
  const body = '{"id":"x"}';
  const headers = { timestamp: "1554208460", nonce: "593BEC0C930BF1AFEB40B4A08C8FB242", signature: NOTIFY_SIGN };

  it("matches the known answer and verifies within 5 minutes", () => {
    expect(signNotification(platformKey, headers.timestamp, headers.nonce, body)).toBe(NOTIFY_SIGN);
    expect(verifyNotification(platformPub, headers, body, 1554208460)).toEqual({ ok: true });
    expect(verifyNotification(platformPub, headers, body, 1554208460 + NOTIFICATION_MAX_SKEW_SECONDS)).toEqual({ ok: true });
    expect(verifyNotification(platformPub, headers, body, 1554208460 - NOTIFICATION_MAX_SKEW_SECONDS)).toEqual({ ok: true });
  });

  it("refuses a timestamp more than 5 minutes away (a replay)", () => {
    expect(verifyNotification(platformPub, headers, body, 1554208460 + NOTIFICATION_MAX_SKEW_SECONDS + 1)).toEqual({ ok: false, reason: "stale-timestamp" });
    expect(verifyNotification(platformPub, headers, body, 1554208460 - NOTIFICATION_MAX_SKEW_SECONDS - 1)).toEqual({ ok: false, reason: "stale-timestamp" });
  });

  it("refuses a flipped body byte, a changed nonce, the wrong key, and garbage signatures", () => {
    expect(verifyNotification(platformPub, headers, '{"id":"y"}', 1554208460).ok).toBe(false);
    expect(verifyNotification(platformPub, { ...headers, nonce: "other" }, body, 1554208460).ok).toBe(false);
    expect(verifyNotification(merchantPub, headers, body, 1554208460).ok).toBe(false);
    for (const signature of ["", "not base64!", "AAAA", NOTIFY_SIGN.slice(1)]) {
      expect(verifyNotification(platformPub, { ...headers, signature }, body, 1554208460).ok, signature).toBe(false);
    }
  });

  it("refuses missing or malformed headers", () => {
    expect(verifyNotification(platformPub, { nonce: headers.nonce, signature: NOTIFY_SIGN }, body, 1554208460)).toEqual({ ok: false, reason: "malformed-headers" });
    expect(verifyNotification(platformPub, { ...headers, timestamp: "12e3" }, body, 1554208460)).toEqual({ ok: false, reason: "malformed-headers" });
  });

  it("property: any single-byte change of the body is refused", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 200 }), fc.nat(), fc.integer({ min: 1, max: 0xffff }), (text, at, delta) => {
        const signature = signNotification(platformKey, "1700000000", "n", text);
        const i = at % text.length;
        const changed = text.slice(0, i) + String.fromCharCode((text.charCodeAt(i) + delta) % 0x10000) + text.slice(i + 1);
        fc.pre(changed !== text);
        expect(verifyNotification(platformPub, { timestamp: "1700000000", nonce: "n", signature }, changed, 1700000000).ok).toBe(false);
      }),
      { numRuns: 30 },
    );
  });
});

describe("notification resource (AES-256-GCM)", () => {
  const resource = { ciphertext: RESOURCE_CIPHER, associated_data: "transaction", nonce: "fGjUN5fZ2sHn" };

  it("matches the known answer and decrypts it", () => {
    expect(encryptResource(API_V3_KEY, RESOURCE_PLAIN, "transaction", "fGjUN5fZ2sHn")).toBe(RESOURCE_CIPHER);
    expect(decryptResource(API_V3_KEY, resource)).toBe(RESOURCE_PLAIN);
  });

  it("refuses a tampered tag, ciphertext, associated data, nonce or key", () => {
    const bytes = Buffer.from(RESOURCE_CIPHER, "base64");
    const flip = (i: number): string => {
      const copy = Buffer.from(bytes);
      copy[i] = copy[i]! ^ 0x01;
      return copy.toString("base64");
    };
    expect(decryptResource(API_V3_KEY, { ...resource, ciphertext: flip(bytes.length - 1) })).toBeNull();
    expect(decryptResource(API_V3_KEY, { ...resource, ciphertext: flip(0) })).toBeNull();
    expect(decryptResource(API_V3_KEY, { ...resource, associated_data: "refund" })).toBeNull();
    expect(decryptResource(API_V3_KEY, { ...resource, nonce: "fGjUN5fZ2sHm" })).toBeNull();
    expect(decryptResource("fedcba9876543210fedcba9876543210", resource)).toBeNull();
    expect(decryptResource(API_V3_KEY, { ...resource, ciphertext: "AAAA" })).toBeNull();
  });

  it("property: round-trips any text with fresh keys", () => {
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1, maxLength: 32 }), fc.string({ minLength: 12, maxLength: 12 }), (text, aad, nonce) => {
        expect(decryptResource(API_V3_KEY, { ciphertext: encryptResource(API_V3_KEY, text, aad, nonce), associated_data: aad, nonce })).toBe(text);
        const sig = signNotification(privateKey, "1700000000", nonce, text);
        expect(verifyNotification(publicKey, { timestamp: "1700000000", nonce, signature: sig }, text, 1700000000).ok).toBe(true);
      }),
      { numRuns: 25 },
    );
  });
});

describe("the thread-pool forms (issue 14: RSA off the event loop)", () => {
  const body = '{"id":"x"}';
  const headers = { timestamp: "1554208460", nonce: "593BEC0C930BF1AFEB40B4A08C8FB242", signature: NOTIFY_SIGN };

  it("sign the same bytes as the synchronous forms: the known answers", async () => {
    expect(await signPayAsync(merchantKey, payFields)).toBe(PAY_SIGN);
    expect(await signNotificationAsync(platformKey, headers.timestamp, headers.nonce, body)).toBe(NOTIFY_SIGN);
    const auth = { mchId: "1230000109", serialNo: "5157F09EFDC096DE15EBE81A47057A7232F1B8E1", timestamp: "1554208460", nonce: "593BEC0C930BF1AFEB40B4A08C8FB242" };
    expect(await authorizationHeaderAsync(merchantKey, auth, "POST", "/v3/pay/transactions/jsapi", body)).toBe(
      authorizationHeader(merchantKey, auth, "POST", "/v3/pay/transactions/jsapi", body),
    );
  });

  it("give the same verdicts as the synchronous check, garbage and wrong keys included", async () => {
    const cases: Array<[string, Parameters<typeof verifyNotification>]> = [
      ["genuine", [platformPub, headers, body, 1554208460]],
      ["at the skew edge", [platformPub, headers, body, 1554208460 + NOTIFICATION_MAX_SKEW_SECONDS]],
      ["stale", [platformPub, headers, body, 1554208460 + NOTIFICATION_MAX_SKEW_SECONDS + 1]],
      ["flipped body", [platformPub, headers, '{"id":"y"}', 1554208460]],
      ["other nonce", [platformPub, { ...headers, nonce: "other" }, body, 1554208460]],
      ["wrong key", [merchantPub, headers, body, 1554208460]],
      ["not a key", ["not a PEM key", headers, body, 1554208460]],
      ["missing header", [platformPub, { nonce: headers.nonce, signature: NOTIFY_SIGN }, body, 1554208460]],
      ...["", "not base64!", "AAAA", NOTIFY_SIGN.slice(1)].map((signature): [string, Parameters<typeof verifyNotification>] => [
        `signature ${JSON.stringify(signature)}`,
        [platformPub, { ...headers, signature }, body, 1554208460],
      ]),
    ];
    for (const [name, args] of cases) expect(await verifyNotificationAsync(...args), name).toEqual(verifyNotification(...args));
  });

  it("property: a thread-pool signature is the synchronous one and verifies both ways", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), fc.string({ minLength: 1, maxLength: 32 }), async (text, nonce) => {
        const sig = await signNotificationAsync(platformKey, "1700000000", nonce, text);
        expect(sig).toBe(signNotification(platformKey, "1700000000", nonce, text));
        const h = { timestamp: "1700000000", nonce, signature: sig };
        expect(await verifyNotificationAsync(platformPub, h, text, 1700000000)).toEqual({ ok: true });
        expect(verifyNotification(platformPub, h, text, 1700000000)).toEqual({ ok: true });
      }),
      { numRuns: 25 },
    );
  });

  it("leave the event loop free while they sign: a timer set after 16 signatures have started runs before they finish", async () => {
    let signed = 0;
    const all = Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        signPayAsync(merchantKey, { ...payFields, nonceStr: `n${i}` }).then(() => {
          signed += 1;
        }),
      ),
    );
    const seenByImmediate = await new Promise<number>((resolve) => setImmediate(() => resolve(signed)));
    await all;
    // Synchronous signing would have finished all 16 (about 16 ms of CPU) before the loop turned.
    expect(seenByImmediate).toBeLessThan(16);
    expect(signed).toBe(16);
  });
});
