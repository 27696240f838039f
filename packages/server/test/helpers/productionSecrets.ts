import { generateKeyPairSync } from "node:crypto";
import { SECRET_NAMES, type SecretName } from "../../src/config.ts";

/**
 * A value of the right form for every production secret (src/secretForms.ts): real RSA keys
 * (generated once per test file), 32-byte v3 keys, hex serials, HTTPS origins. Each value also
 * contains a marker, so a test can prove no value is echoed in an error.
 */

const pair = () => generateKeyPairSync("rsa", { modulusLength: 2048 });
const merchant = pair();
const platform = pair();

/** The PEM texts as an operator would put them in an env file: one line, `\n` escapes. */
const oneLine = (pem: string): string => pem.trim().replace(/\n/g, "\\n");
export const MERCHANT_PRIVATE_PEM = oneLine(merchant.privateKey.export({ type: "pkcs8", format: "pem" }).toString());
export const PLATFORM_PUBLIC_PEM = oneLine(platform.publicKey.export({ type: "spki", format: "pem" }).toString());

const FORMED: Partial<Record<SecretName, string>> = {
  WECHAT_PAY_PRIVATE_KEY: MERCHANT_PRIVATE_PEM,
  FY_PAY_PRIVATE_KEY: MERCHANT_PRIVATE_PEM,
  WECHAT_PAY_PLATFORM_PUBLIC_KEY: PLATFORM_PUBLIC_PEM,
  FY_PAY_PLATFORM_PUBLIC_KEY: PLATFORM_PUBLIC_PEM,
  WECHAT_PAY_API_V3_KEY: "value-of-WECHAT_PAY_API_V3_KEY-0",
  FY_API_V3_KEY: "value-of-FY_API_V3_KEY-000000000",
  WECHAT_PAY_CERT_SERIAL: "5157F09EFDC096DE15EBE81A47057A7232F1B8E1",
  WECHAT_PAY_PLATFORM_SERIAL: "7132D72A03E93CDDF8C03BBD1F37EEDF843E2BF9",
  FY_PAY_PLATFORM_SERIAL: "PUB_KEY_ID_0114232134912410000000000000",
  FY_CERT_SERIAL: "0A1B2C3D4E5F60718293A4B5C6D7E8F901234567",
  WECHAT_PAY_API_BASE_URL: "https://api.mch.weixin.qq.com",
  FY_API_BASE_URL: "https://pay.fy.example.com",
  PUBLIC_BASE_URL: "https://fuel.example.com",
};

/** Every secret, well-formed; the ones without a form to check are `value-of-<NAME>`. */
export const productionSecrets = (): Record<SecretName, string> =>
  Object.fromEntries(SECRET_NAMES.map((n) => [n, FORMED[n] ?? `value-of-${n}`])) as Record<SecretName, string>;
