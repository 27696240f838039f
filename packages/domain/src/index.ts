/**
 * @fuel/domain: the fuel app's business rules, pure and framework-free.
 * Each module is a namespace: `Pricing.payableCents(...)`, `Validation.validatePhone(...)`.
 * The wire contract is `@fuel/domain/api`; fast-check arbitraries are `@fuel/domain/testing`.
 * @module
 */
export * as CardNumber from "./CardNumber.ts";
export * as CardStatus from "./CardStatus.ts";
export * as Constants from "./Constants.ts";
export * as DeskList from "./DeskList.ts";
export * as Distance from "./Distance.ts";
export * as Invoice from "./Invoice.ts";
export * as InviteCode from "./InviteCode.ts";
export * as Maintenance from "./Maintenance.ts";
export * as Messages from "./Messages.ts";
export * as Money from "./Money.ts";
export * as Order from "./Order.ts";
export * as OrderWords from "./OrderWords.ts";
export * as Phone from "./Phone.ts";
export * as Pricing from "./Pricing.ts";
export * as QrCode from "./QrCode.ts";
export * as RedeemCode from "./RedeemCode.ts";
export * as Refund from "./Refund.ts";
export * as Routes from "./Routes.ts";
export * as SiteSettingsRules from "./SiteSettingsRules.ts";
export * as Staff from "./Staff.ts";
export * as Station from "./Station.ts";
export * as StationFilter from "./StationFilter.ts";
export * as StationRow from "./StationRow.ts";
export * as StationsCsv from "./StationsCsv.ts";
export * as TextFile from "./TextFile.ts";
export * as Time from "./Time.ts";
export * as Validation from "./Validation.ts";
