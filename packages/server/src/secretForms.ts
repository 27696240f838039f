import { createPrivateKey, createPublicKey, type KeyObject } from "node:crypto";

/**
 * The form each production secret must have, checked by `loadConfig` at start-up (before the
 * database opens), so a pasted-wrong key stops the server with one line naming the variable
 * instead of a stack trace from a provider's constructor, or a payment channel that accepts
 * payments it can never confirm (a short API v3 key cannot decrypt a notification).
 *
 * Parsing a key is deterministic and does no I/O, so the configuration stays pure over its env.
 * A problem names the variable and the expected form, never the value.
 */

/** PEM from the environment, where line breaks are often written as `\n`. */
export const pemText = (value: string): string => value.replace(/\\n/g, "\n");

/** Loopback hosts, where plain HTTP stays on the machine (a local stand-in for a channel in a test or on staging). */
export const isLoopbackHost = (host: string): boolean => {
  const h = host.toLowerCase();
  return h === "localhost" || h === "::1" || h === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
};

type FormCheck = (name: string, value: string) => string | undefined;

/**
 * The smallest RSA modulus accepted: 1024-bit RSA is within reach of a well-funded attacker and
 * 512-bit keys are factored in hours, so a short key would let someone else sign as us (pay
 * sheets, calls to the channel) or as the platform ("paid" notifications). The channels issue 2048.
 */
export const MIN_RSA_BITS = 2048;

/** The problem with an RSA key's size, or undefined: the message names the setting and the size found. */
const rsaSizeProblem = (name: string, key: KeyObject, which = ""): string | undefined => {
  const bits = key.asymmetricKeyDetails?.modulusLength;
  return bits !== undefined && bits >= MIN_RSA_BITS ? undefined : `${name}${which} is a ${bits ?? "unknown"}-bit RSA key; at least ${MIN_RSA_BITS} bits are required`;
};

/** The merchant's private key: it signs every call and every pay sheet with RSA-SHA256. */
const rsaPrivateKey: FormCheck = (name, value) => {
  let key: KeyObject;
  try {
    key = createPrivateKey(pemText(value));
  } catch {
    return `${name} must be an RSA private key in PEM form ('-----BEGIN PRIVATE KEY-----' ..., with line breaks or \\n escapes); it does not parse as one`;
  }
  const type = key.asymmetricKeyType;
  return type === "rsa" ? rsaSizeProblem(name, key) : `${name} must be an RSA private key (the channel signs with RSA-SHA256), but its type is ${type ?? "unknown"}`;
};

/** Each PEM block of a text, in order (a rotation configures two platform keys in one setting). */
export const pemBlocksOf = (text: string): string[] => text.match(/-----BEGIN ([A-Z0-9 ]+)-----[\s\S]+?-----END \1-----/g) ?? [];

/** The platform's public key(s) (or certificates), one PEM block per serial: they check the platform's signatures. */
const rsaPublicKey: FormCheck = (name, value) => {
  const text = pemText(value);
  // createPublicKey would derive a public key from a private one: a private key here is a mix-up.
  if (/PRIVATE KEY-----/.test(text)) return `${name} must be the platform's public key or certificate in PEM form, but it holds a private key`;
  const blocks = pemBlocksOf(text);
  const unparsable = `${name} must be the platform's public key ('-----BEGIN PUBLIC KEY-----' ...) or certificate in PEM form, one per platform serial; it does not parse as one`;
  if (blocks.length === 0) return unparsable;
  for (const [i, block] of blocks.entries()) {
    const which = blocks.length > 1 ? ` (key ${i + 1} of ${blocks.length})` : "";
    let key: KeyObject;
    try {
      key = createPublicKey(block);
    } catch {
      return unparsable;
    }
    const type = key.asymmetricKeyType;
    if (type !== "rsa") return `${name}${which} must be an RSA public key (the platform signs with RSA-SHA256), but its type is ${type ?? "unknown"}`;
    const small = rsaSizeProblem(name, key, which);
    if (small !== undefined) return small;
  }
  return undefined;
};

/**
 * The platform certificate serials a channel accepts on notifications (`Wechatpay-Serial`),
 * comma-separated: the current one, and the next during a rotation. A certificate serial is hex;
 * a platform public key's id is `PUB_KEY_ID_` and digits.
 */
const platformSerials: FormCheck = (name, value) => {
  const list = value.split(",").map((s) => s.trim());
  return list.length <= 4 && list.every((s) => /^(?:[0-9A-Fa-f]{8,64}|PUB_KEY_ID_[0-9A-Za-z]{8,64})$/.test(s))
    ? undefined
    : `${name} must be the platform certificate's serial number (8 to 64 hexadecimal digits, or PUB_KEY_ID_...), or up to 4 of them separated by commas during a rotation`;
};

/** Each channel's platform serials and the platform keys they name, paired in order. */
export const PLATFORM_KEY_PAIRS = [
  ["WECHAT_PAY_PLATFORM_SERIAL", "WECHAT_PAY_PLATFORM_PUBLIC_KEY"],
  ["FY_PAY_PLATFORM_SERIAL", "FY_PAY_PLATFORM_PUBLIC_KEY"],
] as const;

/** One key per serial, or the problem (counts only: the forms are checked one by one). */
export const platformPairingProblem = (serialsName: string, serials: string, keysName: string, keys: string): string | undefined => {
  const [s, k] = [serials.split(",").filter((x) => x.trim() !== "").length, pemBlocksOf(pemText(keys)).length];
  return s === k || k === 0 ? undefined : `${serialsName} names ${s} platform certificate${s === 1 ? "" : "s"} but ${keysName} holds ${k} key${k === 1 ? "" : "s"}: give one key per serial, in the same order`;
};

/** AES-256-GCM takes a 32-byte key; the channel's API v3 key is 32 ASCII characters. */
const apiV3Key: FormCheck = (name, value) => {
  const bytes = Buffer.byteLength(value, "utf8");
  return bytes === 32 ? undefined : `${name} must be exactly 32 bytes (it decrypts payment notifications with AES-256-GCM), but it is ${bytes} bytes long`;
};

/** The serial number of the merchant certificate, as the merchant platform shows it. */
const certSerial: FormCheck = (name, value) =>
  /^[0-9A-Fa-f]{8,64}$/.test(value) ? undefined : `${name} must be the certificate's serial number: 8 to 64 hexadecimal digits`;

/**
 * An origin the server calls or is called at: HTTPS (plain HTTP only on a loopback host), and
 * nothing after the host: the paths are appended from the root, so a path here would be dropped
 * without a word.
 */
const httpsOrigin =
  (what: string): FormCheck =>
  (name, value) => {
    const refusal = `${name} must be ${what} over HTTPS, e.g. https://host.example.com, without a path, query or user name (http only for localhost / 127.0.0.1 / [::1])`;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return refusal;
    }
    const secure = url.protocol === "https:" || (url.protocol === "http:" && isLoopbackHost(url.hostname));
    const bare = url.pathname === "/" && url.search === "" && url.hash === "" && url.username === "" && url.password === "";
    return secure && bare ? undefined : refusal;
  };

/** The checks by variable; a secret without an entry (an app id, an API key) only has to be present. */
export const SECRET_FORMS: Readonly<Record<string, FormCheck>> = {
  WECHAT_PAY_PRIVATE_KEY: rsaPrivateKey,
  FY_PAY_PRIVATE_KEY: rsaPrivateKey,
  WECHAT_PAY_PLATFORM_PUBLIC_KEY: rsaPublicKey,
  FY_PAY_PLATFORM_PUBLIC_KEY: rsaPublicKey,
  WECHAT_PAY_PLATFORM_SERIAL: platformSerials,
  FY_PAY_PLATFORM_SERIAL: platformSerials,
  WECHAT_PAY_API_V3_KEY: apiV3Key,
  FY_API_V3_KEY: apiV3Key,
  WECHAT_PAY_CERT_SERIAL: certSerial,
  FY_CERT_SERIAL: certSerial,
  WECHAT_PAY_API_BASE_URL: httpsOrigin("the payment channel's API origin"),
  FY_API_BASE_URL: httpsOrigin("the FY channel's API origin"),
  PUBLIC_BASE_URL: httpsOrigin("the public origin the payment channels notify"),
};

/** The problem with a secret's form, or undefined when it is well-formed. Never contains the value. */
export const secretFormProblem = (name: string, value: string): string | undefined => SECRET_FORMS[name]?.(name, value);
