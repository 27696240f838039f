import { users } from "../src/db/schema.ts";
import { hashPassword, scryptParams } from "../src/security/passwords.ts";
import { benchWorld } from "./setup.ts";
import { FLOOD_CUSTOMERS, floodScenario, FLOOD_SECONDS } from "./signInFlood.ts";
import { send, tally } from "./signInHttp.ts";

/**
 * Issue 9's measurement: how long a customer's RIGHT password sign-in takes while 32 wrong ones
 * are being checked, at the production scrypt cost (N = 2^17), over real HTTP. The wrong ones go
 * to 32 other phones, either from 32 addresses (the worst case: no per-address limit applies) or
 * from one address (the per-address limit refuses 12 of them before hashing). While they run, a
 * plain read (`GET /api/webinfo/read`) shows whether other requests are held up.
 *
 * Issue 22's measurement follows (./signInFlood.ts): a flood of wrong passwords from 12 and then
 * 50 addresses while 20 customers, each from a fresh address, type the right one.
 *
 * `npm run bench:signin -w @fuel/server`; BENCH_SIGNIN_ROUNDS (default 3) rounds per issue 9
 * scenario (0 skips them), BENCH_SIGNIN_FLOOD_SECONDS (default 40, 0 skips) per flood;
 * BENCH_SIGNIN_HASH_COST (default: the production cost, 17) to see the same at cheaper hashes, as
 * on a machine that is not loaded by other work.
 * The figures go to docs/performance.md.
 */

const ROUNDS = Number(process.env["BENCH_SIGNIN_ROUNDS"] ?? 3);
const WRONG = 32;
const VICTIM = { phone: "13912345678", password: "the-right-pass", ip: "203.0.113.1" };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// No customers of benchWorld's: the victim below signs in with a password.
const hashCost = process.env["BENCH_SIGNIN_HASH_COST"];
const { server, config, database, clock, port } = await benchWorld("memory://", 0, { TRUST_PROXY: "true", ...(hashCost === undefined ? {} : { PASSWORD_HASH_COST: hashCost }) });
const victimHash = await hashPassword(VICTIM.password, scryptParams(config.passwordHashCost));
await database.db.insert(users).values({
  openid: "bench-victim",
  phone: VICTIM.phone,
  passwordHash: victimHash,
  activatedAt: new Date(clock.now()),
  createdAt: new Date(clock.now()),
});
// The flood's customers: one phone each (one phone for all would meet its own per-phone limit while
// several of its sign-ins are in flight), the same password and hash.
const floodCustomers = Array.from({ length: FLOOD_CUSTOMERS }, (_, i) => ({ phone: `1381234${String(i).padStart(4, "0")}`, password: VICTIM.password }));
await database.db.insert(users).values(
  floodCustomers.map((c, i) => ({ openid: `bench-flood-customer-${i}`, phone: c.phone, passwordHash: victimHash, activatedAt: new Date(clock.now()), createdAt: new Date(clock.now()) })),
);

const signIn = (phone: string, password: string, ip: string) => send(port, "POST", "/api/login", ip, { phone, type: "password", password });
console.log(`node ${process.version}, scrypt cost 2^${config.passwordHashCost}, ${WRONG} wrong sign-ins then the right one, ${ROUNDS} rounds per scenario`);
try {
  // One right sign-in alone first: the baseline, and the decoy hash made.
  const alone = await signIn(VICTIM.phone, VICTIM.password, VICTIM.ip);
  console.log(`right sign-in alone: ${alone.status} in ${alone.ms.toFixed(0)} ms`);
  await signIn("13000000000", "warm-up-wrong", "198.51.100.250");

  let phoneSeq = 0;
  for (const scenario of ["32 addresses", "one address"] as const) {
    for (let round = 0; round < ROUNDS; round++) {
      const attacker = (i: number) => (scenario === "one address" ? `198.51.100.${round + 1}` : `198.51.${round + 1}.${i + 1}`);
      const wrong = Array.from({ length: WRONG }, (_, i) => signIn(`137${String(phoneSeq++).padStart(8, "0")}`, "wrong-pass", attacker(i)));
      await sleep(20); // the wrong ones are in first
      const [right, read] = await Promise.all([signIn(VICTIM.phone, VICTIM.password, VICTIM.ip), send(port, "GET", "/api/webinfo/read", VICTIM.ip)]);
      const wrongAnswers = await Promise.all(wrong);
      const slowestWrong = Math.max(...wrongAnswers.map((a) => a.ms));
      console.log(
        `${scenario}, round ${round + 1}: right sign-in ${right.status} in ${right.ms.toFixed(0)} ms; webinfo/read ${read.status} in ${read.ms.toFixed(0)} ms; ` +
          `wrong ones: ${tally(wrongAnswers)}, the slowest in ${slowestWrong.toFixed(0)} ms`,
      );
      clock.advance(61); // the one-address scenario's per-address minute starts afresh
    }
  }
  if (FLOOD_SECONDS > 0) {
    for (const [index, addresses] of [12, 50].entries()) await floodScenario({ port, addresses, seconds: FLOOD_SECONDS, index, customers: floodCustomers });
  }
} finally {
  await server.close();
}
