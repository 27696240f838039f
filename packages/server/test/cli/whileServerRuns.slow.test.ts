import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, lstatSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STATION_COLUMNS } from "../../src/operators/stationsCsv.ts";
import { lockPathOf } from "../../src/db/pglite/folderLock.ts";
import { migratedPgliteTar } from "../helpers/pgliteTemplate.ts";

/**
 * One process per PGlite folder, with real processes: a second server on the folder refuses to
 * start; the operators' CLI works while the server runs, through it, and the server sees its
 * writes at once; after `kill -9` the next server takes the folder over and every write the CLI
 * reported is still there. Each server start costs seconds, so the steps share one folder and run
 * in order.
 */

const packageDir = new URL("../../", import.meta.url);
const dir = mkdtempSync(join(tmpdir(), "fuel-live-"));
const folder = join(dir, "pglite");
const env = {
  ...process.env,
  DATABASE_URL: `file:${folder}`,
  PORT: "0",
  HOST: "127.0.0.1",
  FUEL_MODE: "sandbox",
  LOG_LEVEL: "warn",
  UI_DIST_DIR: join(dir, "no-ui"),
};
const children: ChildProcess[] = [];
// The folder starts as a copy of the migrated test template: initdb on a folder costs the first
// server start about ten seconds more on these machines.
beforeAll(async () => {
  await (await PGlite.create(folder, { loadDataDir: await migratedPgliteTar() })).close();
});
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

interface Exited {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}
interface Server {
  readonly child: ChildProcess;
  readonly base: string;
  readonly exited: Promise<Exited>;
}

const launch = (script: string, args: string[] = []) => {
  const child = spawn(process.execPath, ["--conditions=@fuel/source", "--import", "tsx", script, ...args], { cwd: packageDir, env });
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout?.setEncoding("utf8").on("data", (t: string) => (stdout += t));
  child.stderr?.setEncoding("utf8").on("data", (t: string) => (stderr += t));
  const exited = new Promise<Exited>((resolve) => child.once("close", (code) => resolve({ code, stdout, stderr })));
  return { child, exited, output: () => stdout };
};

/** Starts a server and waits for its `listening on` line. */
const startServer = async (): Promise<Server> => {
  const { child, exited, output } = launch("src/main.ts");
  const base = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const url = /listening on (http:\/\/\S+)\//.exec(output())?.[1];
      if (url !== undefined) resolve(url);
    };
    child.stdout?.on("data", check);
    void exited.then((e) => reject(new Error(`the server exited (${e.code}) before listening:\n${e.stdout}\n${e.stderr}`)));
  });
  return { child, base, exited };
};

const fuel = (...args: string[]): Promise<Exited> => launch("src/cli/main.ts", args).exited;

const api = async (server: Server, method: "GET" | "POST", path: string, body?: unknown, token?: string) => {
  const res = await fetch(`${server.base}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as { status: string; message: string; data: Record<string, unknown> } };
};

/** The sandbox sign-in walk (docs/api.md) through HTTP: a bound, not yet activated customer's token. */
const signIn = async (server: Server, phone: string): Promise<string> => {
  const { code } = (await api(server, "POST", "/api/sandbox/oauth/code", { nickname: "Li Wei" })).body.data as { code: string };
  const { openid } = (await api(server, "POST", "/api/wechatauth", { code })).body.data["info"] as { openid: string };
  expect((await api(server, "POST", "/api/sendsms", { phone })).status).toBe(200);
  const sms = (await api(server, "GET", `/api/sandbox/sms?phone=${phone}`)).body.data["code"];
  expect((await api(server, "POST", "/api/check_captcha", { phone, captcha: sms, openid })).status).toBe(200);
  return (await api(server, "POST", "/api/bindphone", { phone, openid })).body.data["token"] as string;
};

const cities = async (server: Server) => ((await api(server, "GET", "/api/station/citylist")).body.data as unknown as Array<{ city: string }>).map((c) => c.city);

const phone = "13700137000";
let first: Server;
let codes: string[];
let token: string;

describe("one process per PGlite folder, and the operators' CLI while the server runs", () => {
  it("a second server on the same folder refuses to start, naming the first, and the first keeps working", async () => {
    first = await startServer();
    const second = await launch("src/main.ts").exited;
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`could not start: The PGlite folder ${folder} is in use by the server (pid ${first.child.pid}, running since `);
    expect(second.stderr).toContain(`kill ${first.child.pid}`);
    expect(second.stderr).not.toMatch(/^\s+at /m); // no stack trace
    expect((await api(first, "GET", "/api/version")).status).toBe(200);
  }, 120_000);

  it("the CLI's writes go through the running server, which sees them at once, caches included", async () => {
    const created = await fuel("invite", "create", "3");
    expect(created).toMatchObject({ code: 0, stderr: "" });
    codes = created.stdout.trim().split("\n");
    expect(codes).toHaveLength(3);

    // An invite code the CLI printed activates an account through the API.
    token = await signIn(first, phone);
    expect((await api(first, "POST", "/api/activacode/check", { code: codes[0] }, token)).body).toMatchObject({ status: "success", message: "account activated" });
    // Signed-in requests now come from the 2 s authentication cache...
    expect((await api(first, "GET", "/api/user/info", undefined, token)).body.data).toMatchObject({ phone, is_activated: true });
    // ...yet the blacklisting applies on the very next request.
    expect(await fuel("blacklist", "add", phone)).toMatchObject({ code: 0, stdout: `${phone} is now blacklisted\n` });
    expect((await api(first, "GET", "/api/user/info", undefined, token)).status).toBe(403);

    // The city list is cached for 5 s (the demo catalogue has Guangzhou, Shenzhen and Dongguan), yet an imported city shows at once.
    expect(await cities(first)).not.toContain("佛山市");
    const file = join(dir, "new.csv");
    writeFileSync(file, `${STATION_COLUMNS.join(",")}\n佛山市,Foshan 1,1 Road,113.12,23.02,,705,768,752,0#;92#,FS1,0757-1,06:00,23:00\n`);
    expect(await fuel("stations", "import", file)).toMatchObject({ code: 0, stdout: "imported 1 stations (1 new, 0 updated)\n" });
    expect(await cities(first)).toContain("佛山市");
  }, 120_000);

  it("staff add goes through the running server: the one-time password on its last line signs in at the desk (issue 26)", async () => {
    const added = await fuel("staff", "add", "li.admin", "admin");
    expect(added).toMatchObject({ code: 0, stderr: "" });
    const password = added.stdout.trim().split("\n").at(-1);
    const res = await fetch(`${first.base}/api/desk/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: new URL(first.base).origin },
      body: JSON.stringify({ name: "li.admin", password }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: unknown }).data).toEqual({ name: "li.admin", role: "admin", must_change_password: true });
  }, 120_000);

  it("after kill -9 the next server takes the folder over, and everything the CLI reported done is still there", async () => {
    first.child.kill("SIGKILL");
    await first.exited;
    expect(existsSync(lockPathOf(folder))).toBe(true); // stale, left behind
    expect(lstatSync(`${folder}.sock`).isSocket()).toBe(true); // stale too

    const next = await startServer();
    const list = await fuel("invite", "list");
    expect(list.code).toBe(0);
    for (const code of codes) expect(list.stdout).toContain(code);
    expect(list.stdout).toMatch(new RegExp(`${codes[0]}\\t\\S+\\t\\S+\\t${phone}`)); // redeemed, by that phone
    expect((await api(next, "GET", "/api/user/info", undefined, token)).status).toBe(403); // the session and the blacklisting survived
    expect(await cities(next)).toContain("佛山市");

    // A graceful stop leaves neither lock nor socket behind.
    next.child.kill("SIGTERM");
    expect((await next.exited).code).toBe(0);
    expect(existsSync(lockPathOf(folder))).toBe(false);
    expect(existsSync(`${folder}.sock`)).toBe(false);
  }, 120_000);
});
