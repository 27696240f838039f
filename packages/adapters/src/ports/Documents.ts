import type { Effect } from "effect";
import type { ApiError } from "./errors.ts";

/**
 * Issue 35: a document of the signed-in customer's that the server keeps behind their token (an
 * issued invoice's PDF). A plain link cannot carry the `Authorization` header, so the document is
 * fetched with it and shown from the device; a link elsewhere (the e-invoice provider's) opens as it is.
 */
export interface Documents {
  /** Shows the document at `url` (our `/api/...` path or another site's address); fails as an API call would. */
  open(url: string): Effect.Effect<void, ApiError>;
}
