/**
 * Issue 35: invoices (发票) for what a driver or a fleet paid: who issues them (a station's
 * policy), the titles invoiced to, which orders may be asked for and merged, the invoiced line,
 * and a request's states. One module for the app, the desk and the server.
 * @module
 */
export * from "./invoice/Policy.ts";
export * from "./invoice/Title.ts";
export * from "./invoice/Window.ts";
export * from "./invoice/Eligibility.ts";
export * from "./invoice/Line.ts";
export * from "./invoice/State.ts";
