import { issueThroughProvider, type PlatformDeps } from "../invoicing/platformIssuing.ts";
import { runEvery } from "../periodic.ts";

/**
 * The e-invoice job (issue 35 item 6): every {@link INVOICING_INTERVAL_MS}, `platform` requests
 * go to the provider and those sent are checked (../invoicing/platformIssuing.ts). It runs where
 * the sweep runs (one worker of a cluster), so the sandbox provider's memory is the one its
 * attempts were sent to. A failed run is logged; the next one goes on.
 */

/** How often `npm start` works the provider's requests: a result waits at most this long after the provider has it. */
export const INVOICING_INTERVAL_MS = 10_000;

export const startInvoicing = (deps: PlatformDeps, intervalMs: number = INVOICING_INTERVAL_MS): { stop(): Promise<void> } =>
  runEvery(intervalMs, async () => {
    await issueThroughProvider(deps).catch((err: unknown) => deps.log.error({ err: String(err) }, "e-invoice run failed; the next one tries again"));
  });
