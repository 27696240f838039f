/** Kept for existing imports: a pure reading of a port's answer, so it lives in `ports/payInfo.ts`. */
export { payInfoOf } from "../ports/payInfo.ts";
