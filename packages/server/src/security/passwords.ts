import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * Password hashing with scrypt (Node's own, no native add-on). Parameters follow OWASP's
 * scrypt recommendation (N=2^17, r=8, p=1), about 100 ms on these machines: slow for an
 * attacker, bearable for a sign-in. The stored form carries its parameters so they can be raised
 * later without invalidating existing hashes.
 */

const KEY_LENGTH = 32;
const DEFAULT = { N: 1 << 17, r: 8, p: 1 } as const;

const derive = (password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
  });

/** `scrypt$N$r$p$salt$hash` (base64url parts). */
export const hashPassword = async (password: string, params: { N: number; r: number; p: number } = DEFAULT): Promise<string> => {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64url"), key.toString("base64url")].join("$");
};

/** Whether `password` matches a stored hash; a malformed stored value never matches. */
export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (![params.N, params.r, params.p].every(Number.isSafeInteger)) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), params);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
};
