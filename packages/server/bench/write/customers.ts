import type { Agent } from "node:http";
import { api, type Target } from "./http.ts";

/**
 * The benchmark's customers, made through the API as a newcomer is (not written into the
 * database: in-memory PGlite lives inside the server's process), in parallel batches: the sandbox
 * messaging-app sign-in, an SMS code to a fresh phone, phone binding (which opens the session),
 * activation with an invite code. About 7 requests a customer, a few seconds per hundred.
 *
 * The API's SMS limits allow 20 sends an hour per client address, so the server runs with
 * `TRUST_PROXY=true` and each customer's sign-up comes from its own `X-Forwarded-For` address
 * (10.x.y.z); the measured requests carry no such header.
 */

export interface Customer {
  readonly token: string;
  readonly phone: string;
}

/** 137 followed by 8 digits: valid mainland mobile numbers the demo data never uses. */
export const benchPhone = (i: number): string => `137${String(i).padStart(8, "0")}`;

const addressOf = (i: number): string => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

const signUp = async (agent: Agent, target: Target, i: number, invite: string): Promise<Customer> => {
  const phone = benchPhone(i);
  const from = { "x-forwarded-for": addressOf(i) };
  const { code } = await api<{ code: string }>(agent, target, "/api/sandbox/oauth/code", { body: { follows_official_account: true } });
  const auth = await api<{ info: { openid: string } }>(agent, target, "/api/wechatauth", { body: { code }, headers: from });
  await api(agent, target, "/api/sendsms", { body: { phone }, headers: from });
  const sms = await api<{ code: string }>(agent, target, `/api/sandbox/sms?phone=${phone}`);
  await api(agent, target, "/api/check_captcha", { body: { phone, captcha: sms.code, openid: auth.info.openid }, headers: from });
  const bound = await api<{ token: string }>(agent, target, "/api/bindphone", { body: { phone, openid: auth.info.openid }, headers: from });
  await api(agent, target, "/api/activacode/check", { body: { code: invite }, token: bound.token, headers: from });
  return { token: bound.token, phone };
};

/** Signs up `count` customers, the `first`-th bench phone onward (a second call names fresh phones). */
export const signUpCustomers = async (agent: Agent, target: Target, count: number, concurrency: number, first = 0): Promise<Customer[]> => {
  const invites: string[] = [];
  while (invites.length < count) {
    const batch = Math.min(1000, count - invites.length);
    invites.push(...(await api<{ codes: string[] }>(agent, target, "/api/sandbox/invite-codes", { body: { count: batch } })).codes);
  }
  const customers: Customer[] = new Array<Customer>(count);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const i = next++;
      customers[i] = await signUp(agent, target, first + i, invites[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return customers;
};
