import { describe, expect, it } from "vitest";
import type { BootedApp } from "../helpers/app.ts";
import { moneyTestSetUp } from "../helpers/moneyApp.ts";
import { concurrentDeskActs, deskRacingTheProvider, requestRacingRefund, twoRequestsForOneOrder } from "./raceScenarios.ts";

/**
 * Issue 35's races under real concurrency (PostgreSQL only, `TEST_DATABASE_URL`: PGlite runs one
 * transaction at a time, so there they only take turns; races.test.ts runs them there).
 */

let booted: BootedApp;
let stationId: number;
moneyTestSetUp(Date.parse("2024-11-26T02:00:00Z"), (w) => ({ booted, stationId } = w));

describe("invoice races on PostgreSQL", () => {
  it("runs on PostgreSQL", () => expect(booted.database.kind).toBe("postgres"));
  it("a request racing a refund of its order: the refund wins or the request is refused, never both", () => requestRacingRefund(booted, stationId));
  it("three requests for one order at once: exactly one is written (the row locks, and the partial unique index behind them)", () =>
    twoRequestsForOneOrder(booted, stationId));
  it("two staff issue one request while a third refuses it: exactly one act wins, one audit row", () => concurrentDeskActs(booted, stationId));
  it("an admin issues a platform request while the job takes it: one of them has it", () => deskRacingTheProvider(booted, stationId));
});
