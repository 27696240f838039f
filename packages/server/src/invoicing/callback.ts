import type { Messages } from "@fuel/domain";
import { refuse } from "../refusals/Refusal.ts";
import type { PlatformDeps } from "./platformIssuing.ts";
import { recordProviderState } from "./platformIssuing.ts";
import type { CallbackRefusal } from "./provider/index.ts";

/**
 * `POST /api/invoice/notify` (issue 35 item 6): the e-invoice provider's result callback, read by
 * the provider itself (`readCallback`: signature with the platform's key, timestamp within 5
 * minutes, AES-GCM resource, our merchant) and never trusted otherwise. A refused callback is a
 * 4xx, so a real provider sends it again, and writes nothing; a verified one is acknowledged
 * however often it comes, and changes a request only for the attempt it still waits on
 * (./platformIssuing.ts recordProviderState).
 */

const REFUSALS: Readonly<Record<CallbackRefusal, Messages.MessageKey>> = {
  malformed: "NotificationMalformed",
  "stale-timestamp": "NotificationStale",
  "unknown-serial": "NotificationBadSignature",
  "bad-signature": "NotificationBadSignature",
  undecryptable: "NotificationUndecryptable",
  // Well signed but about another merchant's invoice: not ours to read.
  "other-merchant": "NotificationMalformed",
};

export const INVOICE_CALLBACK_ACK = "callback received";

export const receiveInvoiceCallback = async (deps: PlatformDeps, headers: Readonly<Record<string, string | undefined>>, rawBody: string): Promise<string> => {
  const outcome = await deps.provider.readCallback(headers, rawBody);
  if (outcome.kind === "refused") {
    deps.log.warn({ reason: outcome.reason }, "e-invoice callback refused");
    throw refuse(REFUSALS[outcome.reason]);
  }
  if (outcome.kind === "ignored") return INVOICE_CALLBACK_ACK;
  const recorded = await recordProviderState(deps.db, outcome.invoiceId, outcome.applyId, outcome.result, deps.clock.now());
  if (recorded === "stale") deps.log.info({ invoiceId: outcome.invoiceId, applyId: outcome.applyId }, "e-invoice callback for an attempt no longer awaited: acknowledged, nothing changed");
  return INVOICE_CALLBACK_ACK;
};
