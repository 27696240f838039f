import type { Agent } from "node:http";
import { api, type Target } from "./http.ts";
import { platformSecretsOf, type PlatformSecrets } from "./notification.ts";

/**
 * What a client driving a sandbox server from outside reads once the server listens (and again
 * after each restart: the sandbox's keys are made per process), shared by the write benchmark's
 * load generator (./generator.ts) and the crash test (test/crash/sigkillUnderLoad.slow.test.ts).
 * The platform's secrets come from the probe, so the server must run with `FUEL_BENCH_PROBE=1`
 * (src/routes/benchProbe.ts).
 */

export interface DieselStation {
  readonly id: number;
  readonly nowPrice: number;
  readonly originalPrice: number;
}

/** A station of the demo catalogue that sells 0# diesel (Guangzhou's first), as the customer's app lists it. */
export const dieselStation = async (agent: Agent, target: Target): Promise<DieselStation> => {
  const stations = await api<Array<{ id: number; sell_type: string; now_price: number; original_price: number }>>(agent, target, "/api/station/current_city_list", {
    body: { city: "广州市" },
  });
  const diesel = stations.find((s) => s.sell_type.split(/[;；]/).includes("0#"));
  if (diesel === undefined) throw new Error("no diesel station in the demo catalogue");
  return { id: diesel.id, nowPrice: diesel.now_price, originalPrice: diesel.original_price };
};

export interface SandboxPlatform {
  readonly secrets: PlatformSecrets;
  /** The server's clock minus ours (the sandbox clock may run ahead): notifications are stamped with the server's time. */
  readonly clockOffsetMs: number;
}

/** This server process's sandbox WeChat platform keys and its clock, from the probe. */
export const sandboxPlatform = async (target: Target): Promise<SandboxPlatform> => {
  const base = `http://${target.host}:${target.port}`;
  const platform = (await (await fetch(`${base}/__bench/sandbox-platform`)).json()) as { platformPrivateKeyPem: string; apiV3Key: string };
  const probe = (await (await fetch(`${base}/__bench/probe`)).json()) as { clockNowMs: number };
  return { secrets: platformSecretsOf(platform.platformPrivateKeyPem, platform.apiV3Key), clockOffsetMs: probe.clockNowMs - Date.now() };
};
