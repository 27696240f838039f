import { request, type Agent } from "node:http";

/** One answer: its status and how long it took, in ms. */
export interface Answer {
  readonly status: number;
  readonly ms: number;
  /** The refusal's `x-error-tag`, if any. */
  readonly tag?: string;
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
        const tag = res.headers["x-error-tag"];
        res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, ...(typeof tag === "string" ? { tag } : {}) }));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });

/** "12 x 400, 3 x 429 ServerBusy": how many answers had each status (and tag, with `byTag`). */
export const tally = (answers: readonly Answer[], byTag = false): string =>
  Object.entries(
    answers.reduce<Record<string, number>>((acc, a) => {
      const label = byTag && a.tag !== undefined ? `${a.status} ${a.tag}` : String(a.status);
      return { ...acc, [label]: (acc[label] ?? 0) + 1 };
    }, {}),
  )
    .map(([status, n]) => `${n} x ${status}`)
    .join(", ");
