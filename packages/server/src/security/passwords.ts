import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { ConcurrencyGate } from "../limits/gate.ts";
import { DEFAULT_PASSWORD_HASH_COST } from "./passwordCost.ts";

/**
 * Password hashing with scrypt (Node's own, no native add-on). The default parameters follow
 * OWASP's scrypt recommendation (N=2^17, r=8, p=1), about 100 ms on these machines: slow for an
 * attacker, bearable for a sign-in. N is configurable (`PASSWORD_HASH_COST`, ./passwordCost.ts:
 * production never goes below the default; tests go far below). The stored form carries its
 * parameters, so changing N never invalidates existing hashes: each is verified with its own.
 */

const KEY_LENGTH = 32;

export interface ScryptParams {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/** scrypt's parameters for a cost (log2 of N). */
export const scryptParams = (cost: number): ScryptParams => ({ N: 2 ** cost, r: 8, p: 1 });

/** The production parameters, N = 2^17. */
export const DEFAULT_SCRYPT_PARAMS: ScryptParams = scryptParams(DEFAULT_PASSWORD_HASH_COST);

/**
 * Hashes running at once in this process, and how many more may wait (../limits/gate.ts). Two of
 * libuv's four threads: the other two stay free for file reads, DNS and zlib. 32 waiting at
 * ~100 ms a hash on two threads is about 1.6 s for the last one in: well inside the client's
 * 10 s. Beyond that the caller answers 429 at once. docs/performance.md has the measurement.
 */
export const HASH_SLOTS = 2;
export const HASH_QUEUE = 32;
export const hashingGate = new ConcurrencyGate(HASH_SLOTS, HASH_QUEUE);

const derive = (password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> =>
  hashingGate.run(
    () =>
      new Promise((resolve, reject) => {
        const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
        scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
      }),
  );

/**
 * `scrypt$N$r$p$salt$hash` (base64url parts). Rejects with `GateFull` when too many hashes are
 * already waiting (the caller answers 429).
 */
export const hashPassword = async (password: string, params: ScryptParams = DEFAULT_SCRYPT_PARAMS): Promise<string> => {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64url"), key.toString("base64url")].join("$");
};

/**
 * Whether `password` matches a stored hash, checked with the hash's own parameters; a malformed
 * stored value never matches. Rejects with `GateFull` like {@link hashPassword}.
 */
export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (![params.N, params.r, params.p].every(Number.isSafeInteger)) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), params);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
};
