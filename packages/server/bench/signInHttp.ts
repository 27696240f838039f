import { request, type Agent } from "node:http";

/** One answer: its status and how long it took, in ms. */
export interface Answer {
  readonly status: number;
  readonly ms: number;
}

/** One request to the bench server as if from `ip` (the server trusts X-Forwarded-For here). */
export const send = (port: number, method: "GET" | "POST", path: string, ip: string, body?: unknown, agent?: Agent): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        ...(agent === undefined ? {} : { agent }),
        headers: { "x-forwarded-for": ip, ...(payload === undefined ? {} : { "content-type": "application/json" }) },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });

/** "12 x 400, 3 x 429": how many answers had each status. */
export const tally = (answers: readonly Answer[]): string =>
  Object.entries(answers.reduce<Record<number, number>>((acc, a) => ({ ...acc, [a.status]: (acc[a.status] ?? 0) + 1 }), {}))
    .map(([status, n]) => `${n} x ${status}`)
    .join(", ");
