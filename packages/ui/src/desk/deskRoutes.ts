import type { Staff } from "@fuel/domain";
import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { DeskKey } from "./i18n/deskCatalogue.ts";

/** One tool of the desk: its path (`/*` below it is the screen's own), menu title, the act it needs, its screen. */
export interface DeskRoute {
  readonly path: string;
  readonly title: DeskKey;
  readonly action: Staff.Action;
  readonly screen: LazyExoticComponent<ComponentType>;
  /** A tool used now and then beside a role's main one: it never decides where the desk opens ({@link landingTool}). */
  readonly occasional?: boolean;
}

/**
 * Every tool, in menu order. A screen is its own chunk: a cashier's phone downloads the redeem
 * screen, not the admin's. The menu shows a tool only to a role that may do its act (`Staff.may`),
 * and the server refuses the act anyway (403) whatever the menu shows.
 */
export const DESK_ROUTES: ReadonlyArray<DeskRoute> = [
  { path: "/desk/redeem", title: "desk.menu.redeem", action: "redeem", screen: lazy(() => import("./screens/RedeemScreen.tsx")) },
  { path: "/desk/queue", title: "desk.menu.queue", action: "settle", screen: lazy(() => import("./screens/QueueScreen.tsx")) },
  { path: "/desk/invoices", title: "desk.menu.invoices", action: "workInvoices", screen: lazy(() => import("./screens/InvoicesScreen.tsx")), occasional: true },
  { path: "/desk/orders", title: "desk.menu.orders", action: "readOrders", screen: lazy(() => import("./screens/OrdersScreen.tsx")) },
  { path: "/desk/stations", title: "desk.menu.stations", action: "manageStations", screen: lazy(() => import("./screens/StationsScreen.tsx")) },
  { path: "/desk/settings", title: "desk.menu.settings", action: "manageSettings", screen: lazy(() => import("./screens/SettingsScreen.tsx")) },
  { path: "/desk/invites", title: "desk.menu.invites", action: "manageInvites", screen: lazy(() => import("./screens/InvitesScreen.tsx")) },
  { path: "/desk/blacklist", title: "desk.menu.blacklist", action: "manageBlacklist", screen: lazy(() => import("./screens/BlacklistScreen.tsx")) },
  { path: "/desk/staff", title: "desk.menu.staff", action: "manageStaff", screen: lazy(() => import("./screens/StaffScreen.tsx")) },
  { path: "/desk/audit", title: "desk.menu.audit", action: "readAudit", screen: lazy(() => import("./screens/AuditScreen.tsx")) },
];

/**
 * Issue 34: the tool a staff member lands on when the desk opens at its menu, if their role may
 * use exactly one main tool (a cashier: /desk/redeem): a menu at every sign-in is a tap for
 * nothing. Occasional tools do not count (issue 35: a cashier's invoice queue is reached from the
 * menu; the pump is their work all day). Undefined when they have several main tools (or none):
 * the menu shows.
 */
export const landingTool = (may: (action: Staff.Action) => boolean): DeskRoute | undefined => {
  const tools = DESK_ROUTES.filter((route) => route.occasional !== true && may(route.action));
  return tools.length === 1 ? tools[0] : undefined;
};

/** What a 'back to the menu' navigation carries: the menu then shows, even to a staff member with one tool. */
export const MENU_ASKED = { menu: true } as const;

/** Whether the navigation that made this entry asked for the menu itself ({@link MENU_ASKED}). */
export const menuAsked = (state: unknown): boolean => typeof state === "object" && state !== null && (state as { menu?: unknown }).menu === true;
