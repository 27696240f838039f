import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { ConcurrencyGate } from "./gate.ts";
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
 * Hashing in this process goes through one gate (./gate.ts): two hashes at a time, so two
 * of libuv's four threads stay free for file reads, DNS and zlib; waiting hashes are served
 * round-robin across client addresses; and a hash that would wait more than 3 s is refused (the
 * caller answers 429 "try again in a few seconds") rather than queued past the client's 10 s
 * timeout. At ~100 ms a hash that admits about 60 waiting sign-ins; on a slower or busier machine
 * fewer, since the estimate follows measured hash times. One that has waited 5 s all the same
 * (the estimate lagged behind a sudden slowdown) is refused when its turn comes: with its own
 * hash and the rest of the request, its client's 10 s would be nearly up. docs/performance.md
 * has the figures.
 */
export const hashingGate = new ConcurrencyGate({ slots: 2, maxQueue: 64, maxWaitMs: 3_000, maxAgeMs: 5_000, initialEstimateMs: 100 });

const derive = (password: string, salt: Buffer, params: ScryptParams, queueKey: string): Promise<Buffer> =>
  hashingGate.run(
    () =>
      new Promise((resolve, reject) => {
        const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
        scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
      }),
    queueKey,
  );

/**
 * `scrypt$N$r$p$salt$hash` (base64url parts). Rejects with `GateFull` when the hash would wait
 * too long (the caller answers 429). `queueKey` (the client address) is whose turn it is in the gate.
 */
export const hashPassword = async (password: string, params: ScryptParams = DEFAULT_SCRYPT_PARAMS, queueKey = ""): Promise<string> => {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params, queueKey);
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64url"), key.toString("base64url")].join("$");
};

/**
 * Whether `password` matches a stored hash, checked with the hash's own parameters; a malformed
 * stored value never matches. Rejects with `GateFull` like {@link hashPassword}.
 */
export const verifyPassword = async (password: string, stored: string, queueKey = ""): Promise<boolean> => {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (![params.N, params.r, params.p].every(Number.isSafeInteger)) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), params, queueKey);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
};
