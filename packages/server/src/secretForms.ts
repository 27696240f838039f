import { createPrivateKey, createPublicKey } from "node:crypto";

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

/** The merchant's private key: it signs every call and every pay sheet with RSA-SHA256. */
const rsaPrivateKey: FormCheck = (name, value) => {
  let type: string | undefined;
  try {
    type = createPrivateKey(pemText(value)).asymmetricKeyType;
  } catch {
    return `${name} must be an RSA private key in PEM form ('-----BEGIN PRIVATE KEY-----' ..., with line breaks or \\n escapes); it does not parse as one`;
  }
  return type === "rsa" ? undefined : `${name} must be an RSA private key (the channel signs with RSA-SHA256), but its type is ${type ?? "unknown"}`;
};

/** The platform's public key (or its certificate): it checks the platform's signatures. */
const rsaPublicKey: FormCheck = (name, value) => {
  const text = pemText(value);
  // createPublicKey would derive a public key from a private one: a private key here is a mix-up.
  if (/PRIVATE KEY-----/.test(text)) return `${name} must be the platform's public key or certificate in PEM form, but it holds a private key`;
  let type: string | undefined;
  try {
    type = createPublicKey(text).asymmetricKeyType;
  } catch {
    return `${name} must be the platform's public key ('-----BEGIN PUBLIC KEY-----' ...) or certificate in PEM form; it does not parse as one`;
  }
  return type === "rsa" ? undefined : `${name} must be an RSA public key (the platform signs with RSA-SHA256), but its type is ${type ?? "unknown"}`;
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
