import { Agent, request } from "node:http";

/**
 * The load generator's HTTP client: node:http with keep-alive, enough sockets that an open-loop
 * load at 400 req/s against a server seconds behind still sends on schedule (requests queue at the
 * server, not in the client), and a timeout after which a request counts as a transport error.
 */

export interface Answer {
  readonly status: number;
  readonly body: string;
}

export interface Target {
  readonly host: string;
  readonly port: number;
}

/** Long enough that only a dead server times out: a late answer is latency, not an error (the app's 10 s timeout is counted apart). */
export const REQUEST_TIMEOUT_MS = 120_000;

export const newAgent = (): Agent => new Agent({ keepAlive: true, maxSockets: 4096, maxFreeSockets: 1024 });

export const send = (
  agent: Agent,
  target: Target,
  method: "GET" | "POST",
  path: string,
  headers: Readonly<Record<string, string>>,
  body?: string,
  timeoutMs = REQUEST_TIMEOUT_MS,
): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const req = request({ host: target.host, port: target.port, method, path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    req.on("error", reject);
    req.end(body);
  });

/** A JSON API call for set-up (not measured): the envelope's `data`, or an error naming the path. */
export const api = async <T>(
  agent: Agent,
  target: Target,
  path: string,
  options: { readonly body?: unknown; readonly token?: string; readonly headers?: Readonly<Record<string, string>> } = {},
): Promise<T> => {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers["authorization"] = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  const answer = await send(agent, target, body === undefined ? "GET" : "POST", path, headers, body, 60_000);
  let parsed: { status?: string; message?: string; data?: T } | undefined;
  try {
    parsed = JSON.parse(answer.body) as typeof parsed;
  } catch {
    parsed = undefined;
  }
  if (answer.status !== 200 || parsed?.status !== "success") throw new Error(`${path}: ${answer.status} ${parsed?.message ?? answer.body.slice(0, 200)}`);
  return parsed.data as T;
};
