import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { testDatabaseUrl } from "./helpers/database.ts";

/**
 * `WORKERS=2` with real processes (src/cluster/): the primary and two workers on a fresh
 * PostgreSQL database, a whole customer's walk whose requests land on both workers (each request
 * on a new connection: the cluster hands connections round-robin), the sandbox state they share,
 * one background sweep, a worker killed and replaced, and a graceful stop. Which worker answered
 * a request is read from the log: every request's lines carry its `reqId` (the `x-request-id`
 * answer header) and the process's `pid`. Plus the refusal on PGlite, which needs no server.
 */

const SERVER_DIR = new URL("..", import.meta.url);
const ARGS = ["--conditions=@fuel/source", "--import", "tsx", "src/main.ts"];
const envOf = (vars: Record<string, string>): NodeJS.ProcessEnv => ({ PATH: process.env["PATH"], HOME: process.env["HOME"], ...vars });

it("WORKERS=2 on PGlite is refused in one line before anything opens, exit 1", () => {
  const run = spawnSync(process.execPath, ARGS, {
    cwd: SERVER_DIR,
    env: envOf({ DATABASE_URL: "memory://", WORKERS: "2", PORT: "0" }),
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(run.status, run.stderr).toBe(1);
  expect(run.stderr).toMatch(/^invalid configuration:\n {2}- WORKERS=2 needs PostgreSQL \(DATABASE_URL=postgres:\/\/\.\.\.\): PGlite runs inside one process/);
  expect(run.stderr.trim().split("\n")).toHaveLength(2);
  expect(run.stdout).toBe("");
}, 60_000);

const adminUrl = testDatabaseUrl();

// Only where a PostgreSQL server is named (npm run test:pg, CI): registered or not at all, rather than reported skipped.
if (adminUrl !== undefined) describe("WORKERS=2 on PostgreSQL", () => {
  const name = `fuel_test_${randomBytes(6).toString("hex")}`;
  const admin = async (sql: string): Promise<void> => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  let databaseUrl = "";
  let primary: ChildProcess | undefined;
  let stdout = "";
  let stderr = "";
  let base = "";
  let exited: Promise<number | null>;

  beforeAll(async () => {
    // A fresh database, not migrated: the primary migrates it.
    await admin(`CREATE DATABASE "${name}"`);
    const url = new URL(adminUrl ?? "");
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    const child = (primary = spawn(process.execPath, ARGS, {
      cwd: SERVER_DIR,
      env: envOf({ DATABASE_URL: databaseUrl, WORKERS: "2", PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", UI_DIST_DIR: "/nonexistent-ui" }),
    }));
    child.stdout?.setEncoding("utf8").on("data", (t: string) => (stdout += t));
    child.stderr?.setEncoding("utf8").on("data", (t: string) => (stderr += t));
    exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
    base = await new Promise<string>((resolve, reject) => {
      child.stdout?.on("data", () => {
        const url = /^listening on (http:\/\/\S+)\/$/m.exec(stdout)?.[1];
        if (url !== undefined) resolve(url);
      });
      void exited.then((code) => reject(new Error(`the server exited (${code}) before listening:\n${stdout}\n${stderr}`)));
    });
  }, 180_000);

  afterAll(async () => {
    // Whatever happened: no process of ours outlives the file (the workers die with their primary's IPC).
    if (primary !== undefined && primary.exitCode === null && primary.signalCode === null) primary.kill("SIGKILL");
    for (const pid of workerPids()) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // gone already
      }
    }
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }, 60_000);

  /** The JSON log lines printed so far. */
  const logLines = (): Array<Record<string, unknown>> =>
    stdout.split("\n").flatMap((line) => {
      if (!line.startsWith("{")) return [];
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
  const listeningLines = () => logLines().filter((l) => typeof l["msg"] === "string" && (l["msg"] as string).startsWith("worker listening"));
  const workerPids = (): number[] => listeningLines().map((l) => l["pid"] as number);
  /** Waits for `done` (a worker's log line may reach the pipe after its primary's: pino writes asynchronously). */
  const waitFor = async (done: () => boolean, what: string, ms = 30_000): Promise<void> => {
    for (const until = Date.now() + ms; !done(); ) {
      if (Date.now() > until) throw new Error(`${what}:\n${stdout}\n${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  interface Answer {
    readonly status: number;
    readonly body: { status: string; data: Record<string, unknown> & { code?: string }; message?: string };
    readonly reqId: string;
  }
  /** One request on its own connection, so the cluster may give it to either worker. */
  const request = (method: "GET" | "POST", path: string, payload?: unknown, token?: string): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const body = payload === undefined ? undefined : JSON.stringify(payload);
      const req = http.request(
        `${base}${path}`,
        {
          method,
          agent: false,
          headers: {
            ...(body === undefined ? {} : { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) }),
            ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
          },
        },
        (res) => {
          let text = "";
          res.setEncoding("utf8").on("data", (t: string) => (text += t));
          res.on("end", () => {
            try {
              resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Answer["body"], reqId: String(res.headers["x-request-id"]) });
            } catch (err) {
              reject(new Error(`${method} ${path}: ${res.statusCode} ${text} (${String(err)})`));
            }
          });
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  const served: string[] = [];
  const ok = async (method: "GET" | "POST", path: string, payload?: unknown, token?: string): Promise<Answer["body"]["data"]> => {
    const answer = await request(method, path, payload, token);
    expect(answer.body.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe("success");
    served.push(answer.reqId);
    return answer.body.data;
  };
  /** The pid that logged each request id (the log line may reach us a moment after the answer). */
  const pidsOf = async (reqIds: readonly string[]): Promise<number[]> => {
    for (let i = 0; ; i++) {
      const byReq = new Map(logLines().filter((l) => typeof l["reqId"] === "string").map((l) => [l["reqId"] as string, l["pid"] as number]));
      const pids = reqIds.map((id) => byReq.get(id));
      if (pids.every((p) => p !== undefined)) return pids as number[];
      if (i > 50) throw new Error(`no log line for some of ${reqIds.join(", ")}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it("prints the URL once, runs the sweep in one worker, and both workers hold the same sandbox keys", async () => {
    expect(stdout.match(/^listening on /gm)).toHaveLength(1);
    expect(stdout.match(/^fuel app production v1$/gm)).toHaveLength(1);
    expect(stdout).toMatch(/^mode: sandbox; database: PostgreSQL at 127\.0\.0\.1:\d+\/fuel_test_\w+; 2 server processes$/m);
    // The demo data went in once, with one list of invite codes.
    expect(stdout.match(/loaded the demo catalogue/g)).toHaveLength(1);
    await waitFor(() => listeningLines().length === 2, "two workers said they listen");
    const workers = listeningLines();
    expect(workers).toHaveLength(2);
    expect(new Set(workers.map((w) => w["pid"])).size).toBe(2);
    expect(workers.filter((w) => w["sweeper"] === true)).toHaveLength(1);
    expect(workers[0]?.["sandboxKeys"]).toMatch(/^[0-9a-f]{16}$/);
    expect(workers[1]?.["sandboxKeys"]).toBe(workers[0]?.["sandboxKeys"]);
    expect(stdout).toContain(`the background sweep runs in pid ${workers.find((w) => w["sweeper"] === true)?.["pid"]}`);
  });

  it("a whole walk across both workers: sign-in with the sandbox SMS, order, sandbox payment, paid, QR code", async () => {
    const phone = `139${String(Date.now()).slice(-8)}`;
    const [invite] = (await ok("POST", "/api/sandbox/invite-codes", { count: 1 }))["codes"] as string[];
    const { code } = (await ok("POST", "/api/sandbox/oauth/code", { nickname: "Cluster" })) as { code: string };
    const openid = ((await ok("POST", "/api/wechatauth", { code }))["info"] as { openid: string }).openid;

    // The SMS is sent by one worker and read back from both: it went through the primary to the other.
    const smsSent = served.length;
    await ok("POST", "/api/sendsms", { phone });
    const codes = new Set<string>();
    for (let i = 0; i < 4; i++) codes.add(String((await ok("GET", `/api/sandbox/sms?phone=${phone}`)).code));
    expect(codes.size).toBe(1);
    const smsPids = await pidsOf(served.slice(smsSent));
    expect(new Set(smsPids.slice(1)).size, "the inbox was read on both workers").toBe(2);
    const [captcha] = [...codes];

    await ok("POST", "/api/check_captcha", { phone, captcha, openid });
    const token = String((await ok("POST", "/api/bindphone", { phone, openid }))["token"]);
    await ok("POST", "/api/activacode/check", { code: invite }, token);
    expect((await ok("GET", "/api/user/info", undefined, token))["is_activated"]).toBe(true);

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const station = await db.query<{ id: number }>("SELECT id FROM stations WHERE sell_type LIKE '%0#%' ORDER BY id LIMIT 1").finally(() => db.end());
    const created = await ok(
      "POST",
      "/api/order/create",
      { gas_Type: "0#", order_amount: "10040", phone, station_id: station.rows[0]?.id, remark: "", paytype: "wechat" },
      token,
    );
    const orderId = created["order_id"] as number;
    expect((created["payInfo"] as Record<string, string>)["paySign"]).toMatch(/^[A-Za-z0-9+/=]+$/);
    expect((await ok("POST", "/api/order/detail", { order_id: orderId }, token))["order_status"]).toBe(1);

    await ok("POST", "/api/sandbox/pay", { order_id: orderId, result: "ok" });
    // Paid, as each worker reads it (two requests, two connections, round-robin).
    const paid = [await ok("POST", "/api/order/detail", { order_id: orderId }, token), await ok("POST", "/api/order/detail", { order_id: orderId }, token)];
    for (const d of paid) expect(d["order_status"]).toBe(2);
    const qr = await ok("POST", "/api/kepai/getqrcode", { orderNumber: paid[0]?.["mchnt_order_no"] }, token);
    expect(qr["respCode"]).toBe("00000");
    expect(qr["qrcode"]).toBe(paid[0]?.["pay_qrcode"]);

    const pids = await pidsOf(served);
    expect(new Set(pids), "both workers answered").toEqual(new Set(workerPids()));
  });

  it("a sandbox clock advance on one worker is seen by the other at once", async () => {
    const start = Date.now();
    const advanced = Date.parse(String((await ok("POST", "/api/sandbox/clock", { advance_seconds: 3600 }))["now"]));
    const seen = [await ok("POST", "/api/sandbox/clock", { advance_seconds: 0 }), await ok("POST", "/api/sandbox/clock", { advance_seconds: 0 })];
    const pids = await pidsOf(served.slice(-3));
    expect(new Set(pids).size).toBe(2);
    expect(advanced).toBeGreaterThanOrEqual(start + 3_599_000);
    for (const s of seen) expect(Date.parse(String(s["now"]))).toBeGreaterThanOrEqual(advanced - 1_000);
  });

  it("a worker killed is logged and replaced after a back-off; the replacement of the sweeping worker sweeps; the other serves meanwhile", async () => {
    const sweeper = listeningLines().find((l) => l["sweeper"] === true)?.["pid"] as number;
    process.kill(sweeper, "SIGKILL");
    const logged = new RegExp(`^worker 1 \\(pid ${sweeper}\\) exited unexpectedly \\(signal SIGKILL\\); starting another in 1 s \\(it runs the background sweep\\)$`, "m");
    await waitFor(() => logged.test(stderr), "the death was not logged", 10_000);
    // Meanwhile every connection goes to the living worker.
    expect((await request("GET", "/api/version")).status).toBe(200);
    await waitFor(() => /^worker 1 \(pid \d+\) is serving again$/m.test(stdout) && listeningLines().length === 3, "no replacement", 120_000);
    const after = listeningLines();
    expect(after).toHaveLength(3);
    expect(after[2]?.["pid"]).not.toBe(sweeper);
    expect(after[2]?.["sweeper"]).toBe(true);
    expect(after[2]?.["sandboxKeys"]).toBe(after[0]?.["sandboxKeys"]);
    // The newcomer got the clock the others have (an hour ahead, from the test before).
    const again = [await ok("POST", "/api/sandbox/clock", { advance_seconds: 0 }), await ok("POST", "/api/sandbox/clock", { advance_seconds: 0 })];
    for (const s of again) expect(Date.parse(String(s["now"]))).toBeGreaterThan(Date.now() + 3_500_000);
    expect(new Set(await pidsOf(served.slice(-2))).size).toBe(2);
  }, 180_000);

  it("SIGTERM to the primary stops both workers gracefully, and it exits 0", async () => {
    const alive = workerPids().slice(-2);
    primary?.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(stdout).toContain("SIGTERM received: stopping 2 server processes");
    for (const pid of alive) expect(() => process.kill(pid, 0)).toThrow();
    expect(stdout.match(/SIGTERM received: finishing requests in flight, then closing the database/g)).toHaveLength(2);
  }, 60_000);
});
