import iconv from "iconv-lite";
import { spawnSync } from "node:child_process";
import { existsSync, lstatSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Catalogue } from "../../src/catalogue/catalogue.ts";
import { STATION_COLUMNS } from "../../src/operators/stationsCsv.ts";
import { openOperatorChannel, OperatorChannelError, type OperatorChannel } from "../../src/cli/operatorChannel.ts";
import { runOperatorCommand } from "../../src/cli/operatorCommand.ts";
import { MAX_SOCKET_PATH_BYTES, operatorSocketPathOf } from "../../src/cli/protocol.ts";
import { runThroughServer } from "../../src/cli/throughServer.ts";
import { loadConfig } from "../../src/config.ts";
import { resetDatabase } from "../../src/db/client.ts";
import { acquireFolderLock } from "../../src/db/pglite/folderLock.ts";
import { inviteCodes, stations } from "../../src/db/schema.ts";
import { openTestDatabase, type TestDatabase } from "../helpers/database.ts";

/**
 * The operator channel in-process: a server's socket running CLI commands on the server's own
 * database handle, and the CLI's choice between it and opening the folder itself. The same
 * through real processes (a running server, `kill -9`): test/cli/whileServerRuns.slow.test.ts.
 */

let database: TestDatabase;
let catalogue: Catalogue;
let channel: OperatorChannel;
const dir = mkdtempSync(join(tmpdir(), "fuel-op-"));
const folder = join(dir, "pglite");
const socketPath = operatorSocketPathOf(folder);
const log = { info: () => {}, error: () => {} };

beforeAll(async () => {
  database = await openTestDatabase();
  catalogue = new Catalogue(database.handle.db);
  channel = await openOperatorChannel({ socketPath, db: database.handle.db, now: () => new Date("2026-11-22T10:00:00+08:00"), catalogue, log });
});
afterAll(async () => {
  await channel.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await resetDatabase(database.handle.db);
  catalogue.clear();
});

const send = async (args: string[], files: Record<string, string> = {}, path = socketPath) => {
  const out: string[] = [];
  const err: string[] = [];
  const outcome = await runThroughServer(path, { args, files }, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { outcome, out, err };
};

const csv = (...rows: string[]) => `${STATION_COLUMNS.join(",")}\n${rows.join("\n")}\n`;
const station = (city: string, title: string) => `${city},${title},1 Road,114.05,22.54,,705,768,752,0#;92#,SZ1,0755-1,06:00,23:00`;

describe("the server's operator socket", () => {
  it("is beside the folder and only its owner may use it", () => {
    expect(socketPath).toBe(`${folder}.sock`);
    expect(lstatSync(socketPath).isSocket()).toBe(true);
    expect(statSync(socketPath).mode & 0o777).toBe(0o600);
  });

  it("runs a command on the server's database and relays its output and exit code", async () => {
    const { outcome, out } = await send(["invite", "create", "3"]);
    expect(outcome).toEqual({ reached: true, exitCode: 0 });
    expect(out).toHaveLength(3);
    expect((await database.handle.db.select().from(inviteCodes)).map((r) => r.code).sort()).toEqual([...out].sort());
    // The server's clock, not the CLI's.
    expect((await database.handle.db.select().from(inviteCodes))[0]?.createdAt).toEqual(new Date("2026-11-22T10:00:00+08:00"));
  });

  it("relays refusals on standard error with the command's exit code (1 refused, 2 not understood)", async () => {
    expect(await send(["blacklist", "add", "12345"])).toMatchObject({ outcome: { reached: true, exitCode: 1 }, err: ["enter a correct phone number"] });
    const unknown = await send(["frobnicate"]);
    expect(unknown.outcome).toEqual({ reached: true, exitCode: 2 });
    expect(unknown.err[0]).toMatch(/^unknown command: frobnicate/);
  });

  it("imports the CSV the CLI sent (the server never reads the operator's disk) and evicts the catalogue cache at once", async () => {
    expect((await catalogue.cities()).map((c) => c.city)).toEqual([]); // cached: no city
    const path = join(dir, "never-written.csv");
    const { outcome, out } = await send(["stations", "import", path], { [path]: csv(station("东莞市", "A"), station("东莞市", "B")) });
    expect(outcome).toEqual({ reached: true, exitCode: 0 });
    expect(out).toEqual(["imported 2 stations (2 new, 0 updated)"]);
    expect(existsSync(path)).toBe(false);
    // Within the 5 s cache lifetime, yet the new city shows: the import evicted the cache.
    expect((await catalogue.cities()).map((c) => c.city)).toEqual(["东莞市"]);
  });

  it("answers a request it cannot read with exit 2 and keeps serving", async () => {
    const answer = await new Promise<string>((resolve) => {
      const socket = net.createConnection({ path: socketPath }, () => socket.write("not json\n"));
      let text = "";
      socket.on("data", (chunk) => (text += chunk.toString("utf8")));
      socket.on("close", () => resolve(text));
    });
    expect(answer.trim().split("\n").map((l) => JSON.parse(l) as unknown)).toEqual([{ err: expect.stringMatching(/did not understand the request/) }, { exit: 2 }]);
    expect((await send(["blacklist", "list"])).outcome).toEqual({ reached: true, exitCode: 0 });
  });

  it("replaces a socket file left by a server that died, refuses to remove anything else, and refuses a path too long for a socket", async () => {
    const stale = join(dir, "stale.sock");
    // A process that exits while listening leaves its socket file behind.
    spawnSync(process.execPath, ["-e", `require("node:net").createServer().listen(${JSON.stringify(stale)}, () => process.exit(0))`]);
    expect(lstatSync(stale).isSocket()).toBe(true);
    expect((await send(["blacklist", "list"], {}, stale)).outcome).toMatchObject({ reached: false, reason: expect.stringMatching(/nothing listens/) });
    const second = await openOperatorChannel({ socketPath: stale, db: database.handle.db, now: () => new Date(), catalogue, log });
    expect((await send(["blacklist", "list"], {}, stale)).outcome).toEqual({ reached: true, exitCode: 0 });
    await second.close();
    expect(existsSync(stale)).toBe(false);

    const notASocket = join(dir, "file.sock");
    writeFileSync(notASocket, "precious");
    await expect(openOperatorChannel({ socketPath: notASocket, db: database.handle.db, now: () => new Date(), catalogue, log })).rejects.toThrow(OperatorChannelError);
    expect(readFileSync(notASocket, "utf8")).toBe("precious");

    const long = join(dir, "x".repeat(MAX_SOCKET_PATH_BYTES));
    await expect(openOperatorChannel({ socketPath: long, db: database.handle.db, now: () => new Date(), catalogue, log })).rejects.toThrow(/longer than 103 bytes/);
  });
});

describe("the CLI's way to the database", () => {
  const config = loadConfig({ DATABASE_URL: `file:${folder}` });
  const run = async (args: string[], cwd = dir, waitMs = 0, on = config) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runOperatorCommand(on, args, { out: (t) => out.push(t), err: (t) => err.push(t), cwd, waitMs, pollMs: 20 });
    return { code, out, err };
  };

  it("while a live process holds the folder, goes through its socket, sending files named relative to where the operator is", async () => {
    const lock = acquireFolderLock(folder, { label: "the server" });
    try {
      const work = mkdtempSync(join(dir, "operator-"));
      // Saved by a Chinese Excel (GBK): the CLI decodes it (TextFile) and sends the server text.
      writeFileSync(join(work, "new.csv"), iconv.encode(csv(station("惠州市", "C")), "cp936"));
      expect(await run(["stations", "import", "new.csv"], work)).toEqual({ code: 0, out: ["imported 1 stations (1 new, 0 updated)"], err: [] });
      expect(await database.handle.db.select({ city: stations.city }).from(stations)).toEqual([{ city: "惠州市" }]);

      // A file that cannot be read is refused here, as without a server; nothing is sent.
      const missing = await run(["stations", "import", "missing.csv"], work);
      expect(missing.code).toBe(1);
      expect(missing.err[0]).toMatch(/^cannot read missing\.csv: ENOENT/);
    } finally {
      lock.release();
    }
  });

  it("while a live process holds the folder and nobody answers on its socket, waits, then refuses naming it and runs nothing", async () => {
    // Held by a process with no operator socket (here: this test, posing as another fuel command).
    const other = join(dir, "other");
    const lock = acquireFolderLock(other, { label: "the operators' CLI" });
    try {
      const started = Date.now();
      const refused = await run(["invite", "create", "1"], dir, 300, loadConfig({ DATABASE_URL: `file:${other}` }));
      expect(Date.now() - started).toBeGreaterThanOrEqual(300);
      expect(refused.code).toBe(1);
      expect(refused.out).toEqual([]);
      expect(refused.err).toEqual([
        expect.stringMatching(
          new RegExp(`^fuel: the PGlite folder ${other} is in use by the operators' CLI \\(pid ${process.pid}, .*there is no operator socket ${other}\\.sock, so the command did not run\\.`),
        ),
      ]);
      expect(await database.handle.db.select().from(inviteCodes)).toEqual([]);
    } finally {
      lock.release();
    }
  });
});
