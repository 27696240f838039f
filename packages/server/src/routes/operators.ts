import { Time } from "@fuel/domain";
import { Api } from "@fuel/domain/api";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../http/endpoint.ts";
import { refuse } from "../refusals/Refusal.ts";
import { phoneOf } from "../identity/input.ts";
import { addToBlacklist } from "../operators/blacklist.ts";
import { createInviteCodes } from "../operators/inviteCodes.ts";
import { SandboxClock } from "../providers/clock/Sandbox.ts";

/**
 * Sandbox stand-ins for the operators' tools (DESIGN.md §4), registered only in sandbox mode:
 * mint invite codes, blacklist a phone, move the clock forward to exercise expiry rules.
 * The CLI does the first two in production.
 */
export const operatorSandboxRoutes = (app: FastifyInstance): void => {
  const { db, clock } = app.deps;

  registerEndpoint(app, Api.sandboxInviteCodes, async ({ count }, ctx) => ({ codes: await createInviteCodes(db, count, new Date(ctx.now)) }));

  registerEndpoint(app, Api.sandboxBlacklist, async ({ phone }, ctx) => {
    await addToBlacklist(db, phoneOf(phone), new Date(ctx.now));
    return null;
  });

  registerEndpoint(app, Api.sandboxClock, async ({ advance_seconds }) => {
    // A sandbox server may still run on the production clock (CLOCK_PROVIDER=production).
    if (!(clock instanceof SandboxClock)) throw refuse("SandboxClockFixed");
    // China time, like every instant on the wire (docs/api.md).
    const now = clock.advance(advance_seconds);
    // With several processes (WORKERS, src/cluster/sandboxSync.ts), the next request may reach another one.
    await clock.shared();
    return { now: Time.formatChinaIso(now) };
  });
};
