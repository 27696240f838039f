import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { ConcurrencyGate } from "./gate.ts";
import { DEFAULT_PASSWORD_HASH_COST } from "./passwordCost.ts";

/**
 * Password hashing with scrypt (Node's own, no native add-on). The default parameters follow
 * OWASP's scrypt recommendation (N=2^17, r=8, p=1), 0.8 to 1 s on these 2-core machines (measured
 * 2026-11-27, docs/performance.md), far less on a current server core: slow for an
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
 * of libuv's four threads stay free for file reads, DNS and zlib. Waiting hashes are served
 * least-recent-service first per client address (issue 22): an address that got few hashes in
 * the last minute or two (a customer typing a password) goes before every address that got many
 * (a flood), so a flood from many addresses slows the flooders, not the customer, whose hash waits
 * only for the two running. And one of the two slots is kept for addresses with fewer than 4
 * recent hashes (or refusals): on this machine one hash takes about a second at the production
 * cost, so waiting for a running flood hash doubled a customer's sign-in; with a slot of their own
 * they wait for nobody's, and a flood gets one hash at a time. An address may have 4 hashes waiting (3 of its connections, and one
 * more behind a NAT); the queue holds 64, and when it is full a less-served address takes the
 * place of the most-served one's newest. A hash whose estimated wait (counting only the hashes
 * served before it) exceeds 3 s is refused (the caller answers 429 "try again in a few seconds")
 * rather than queued past the client's 10 s timeout; one that has waited 5 s all the same (later
 * arrivals with less service went first, or the machine slowed down) is refused when its turn
 * comes: with its own hash and the rest of the request, its client's 10 s would be nearly up.
 * A half-life of 30 s: a flooder keeps a service of about its rate times 43 s, and an address
 * that stopped is like new within a few minutes. docs/performance.md has the figures.
 */
export const hashingGate = new ConcurrencyGate({
  slots: 2,
  maxQueue: 64,
  maxWaitingPerKey: 4,
  maxWaitMs: 3_000,
  maxAgeMs: 5_000,
  initialEstimateMs: 100,
  halfLifeMs: 30_000,
  maxKeys: 10_000,
  reserved: { slots: 1, belowService: 4 },
});

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

/**
 * A hash to compare against when the account has no password (an unknown phone or staff name),
 * so "no such account" takes as long as "wrong password". One per parameter set; a decoy that
 * failed (the hashing gate refused it) is made again next time.
 */
const decoys = new Map<number, Promise<string>>();
export const decoyHash = (params: ScryptParams): Promise<string> => {
  let decoy = decoys.get(params.N);
  if (decoy === undefined) {
    decoy = hashPassword(randomBytes(16).toString("hex"), params);
    decoy.catch(() => decoys.delete(params.N));
    decoys.set(params.N, decoy);
  }
  return decoy;
};
