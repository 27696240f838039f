/**
 * `@fuel/domain/api`: the wire contract. One effect `Schema` per entity (spec §3) and per request
 * and answer (spec §7, DESIGN.md §4), and the table {@link Api} of every endpoint with its method,
 * path, access, request and answer schemas. `examples` holds one valid request and answer per
 * endpoint (docs/api.md shows them).
 * @module
 */
export * from "./Endpoint.ts";
export * from "./Primitives.ts";
export * from "./Entities.ts";
export * from "./Identity.ts";
export * from "./Catalogue.ts";
export * from "./Orders.ts";
export * from "./Payments.ts";
export * from "./Recharge.ts";
export * from "./Sandbox.ts";
export * from "./Desk.ts";
export * from "./DeskActs.ts";
export * from "./DeskAdmin.ts";
export * from "./DeskPlaces.ts";
export * from "./InvoiceFields.ts";
export * from "./Invoices.ts";
export * from "./DeskInvoices.ts";
export * from "./CustomerApi.ts";
export * from "./Api.ts";
export * from "./examples.ts";
