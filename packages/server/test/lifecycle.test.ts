import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ok } from "../src/http/envelope.ts";
import { shutdown } from "../src/lifecycle.ts";
import { bootApp, type BootedApp } from "./helpers/app.ts";

let booted: BootedApp;
let release: () => void = () => {};
let entered: () => void = () => {};
const handlerEntered = new Promise<void>((resolve) => (entered = resolve));

beforeAll(async () => {
  booted = await bootApp();
  booted.app.get("/api/test/slow", async () => {
    entered();
    await new Promise<void>((resolve) => (release = resolve));
    // The database must still be open when a request in flight gets to use it.
    const result = await booted.db.execute(sql`SELECT 41 + 1 AS answer`);
    return ok({ answer: Number((result.rows[0] as { answer: unknown }).answer) });
  });
});
afterAll(async () => booted.close());

it("graceful shutdown finishes the request in flight, refuses new connections, then closes the database", async () => {
  await booted.app.listen({ port: 0, host: "127.0.0.1" });
  const address = booted.app.server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  const base = `http://127.0.0.1:${address.port}`;

  const inFlight = fetch(`${base}/api/test/slow`);
  await handlerEntered;

  let stopped = false;
  const stopping = shutdown(booted.app, booted.database).then(() => {
    stopped = true;
  });
  await new Promise((r) => setTimeout(r, 50));
  expect(stopped).toBe(false);
  await expect(fetch(`${base}/api/version`)).rejects.toThrow();

  release();
  const res = await inFlight;
  expect(res.status).toBe(200);
  // The answer asks the client to hang up, or its kept-alive connection would hold the shutdown open.
  expect(res.headers.get("connection")).toBe("close");
  expect(await res.json()).toEqual({ status: "success", message: "success", data: { answer: 42 } });

  await stopping;
  expect(stopped).toBe(true);
  await expect(booted.db.execute(sql`SELECT 1`)).rejects.toThrow();
});
