import { describe, it } from "vitest";
import type { BootedApp } from "../helpers/app.ts";
import { moneyTestSetUp } from "../helpers/moneyApp.ts";
import { concurrentDeskActs, deskRacingTheProvider, requestRacingRefund, twoRequestsForOneOrder } from "./raceScenarios.ts";

/**
 * Issue 35's races on this test run's database (PGlite: the calls of a round take turns; on
 * PostgreSQL, invoicing.race.test.ts runs the same rounds with real concurrency too).
 */

let booted: BootedApp;
let stationId: number;
moneyTestSetUp(Date.parse("2024-11-26T02:00:00Z"), (w) => ({ booted, stationId } = w));

describe("invoice races", () => {
  it("a request racing a refund of its order: the refund wins or the request is refused, never both", () => requestRacingRefund(booted, stationId));
  it("three requests for one order at once: exactly one is written", () => twoRequestsForOneOrder(booted, stationId));
  it("two staff issue one request while a third refuses it: exactly one act wins, one audit row", () => concurrentDeskActs(booted, stationId));
  it("an admin issues a platform request while the job takes it: one of them has it", () => deskRacingTheProvider(booted, stationId));
});
