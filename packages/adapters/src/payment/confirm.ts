/** Kept for existing imports: the orchestration is port-only, so it lives in `ports/payAndConfirm.ts`. */
export { payAndConfirm, type ConfirmOptions, type PaymentConclusion } from "../ports/payAndConfirm.ts";
