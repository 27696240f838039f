export * from "./arbitraries.ts";
export * from "./orders.ts";
