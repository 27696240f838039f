/**
 * The app's routes (spec §2) and the route guard as a pure function.
 * @module
 */
import type { OrderListTab } from "./Order.ts";

/** One route of spec §2. */
export interface RouteInfo {
  /** Path pattern; `:name` matches one segment. */
  readonly path: string;
  /** Needs a token and an activated account (spec §2 "(auth)"). */
  readonly auth: boolean;
  /** Spec §2 "(kept alive)": the page keeps its state and scroll position when left. */
  readonly keepAlive: boolean;
  /** Whether the bottom tab bar shows on this page. */
  readonly tabBar: boolean;
  /** What the page is for, from the spec's table. */
  readonly purpose: string;
}

const r = (path: string, purpose: string, flags: Partial<Pick<RouteInfo, "auth" | "keepAlive" | "tabBar">> = {}): RouteInfo => ({
  path, purpose, auth: flags.auth ?? false, keepAlive: flags.keepAlive ?? false, tabBar: flags.tabBar ?? false,
});

/** Spec §2: where a signed-in customer lands (with a token, / and /login go here). */
export const HOME_PATH = "/recharge/2";
/** Spec §2: where the guard sends a customer without a token. */
export const LOGIN_PATH = "/login";
/** Spec §2/§5: where the messaging app's sign-in starts (paying without an oauth id goes there). */
export const WECHAT_LOGIN_PATH = "/wechatlogin";
/** Spec §2/§4: the order list (a JSAPI payment's result and a closed pay sheet lead there). */
export const ORDER_LIST_PATH = "/orderlist";
/** Spec §2: where the guard sends a signed-in customer who has not redeemed an invite code. */
export const ACTIVATION_PATH = "/activated";

/**
 * Every route of spec §2: the table's 28 rows with its two combined rows split (30 paths), plus
 * /recharge/2, the page the guard sends a signed-in customer to, and issue 35's five invoice pages.
 */
export const ROUTES: ReadonlyArray<RouteInfo> = [
  r("/stationlist", "Station list with city header, distance, price, navigate and go-fuel", { keepAlive: true }),
  r("/citylist", "Pick a city or the current location", { keepAlive: true }),
  r("/heartcard", "Buy a diesel card by entering an amount", { auth: true }),
  r("/oneKeyGas", "Station detail, prices and amount entry", { auth: true }),
  r("/personal", "Profile, order shortcuts, coupons, contact, follow-us QR, settings", { auth: true, tabBar: true }),
  r("/stationmap", "Driving route from the current position to the station", { auth: true }),
  r("/order", "One-key fuel order checklist", { auth: true }),
  r("/orderNew", "One-key fuel order checklist paying through the FY channel", { auth: true }),
  r("/orderlist", "Orders by tab: all, unpaid, unused, used, expired", { auth: true }),
  r("/orderDetail/:id", "Fuel order detail with QR code", { auth: true }),
  r("/orderDetail/2/:id", "Fuel-card recharge order detail", { auth: true }),
  r("/testStationlist", "Test variant of the station list", { keepAlive: true }),
  r("/recharge", "Card consumption page", { auth: true, tabBar: true }),
  r("/recharge/1/:card_num", "Card consumption page for one card", { auth: true, tabBar: true }),
  r("/recharge/2", "Card consumption page (home after sign-in)", { auth: true, tabBar: true }),
  r("/recharge2", "Entity card recharge", { auth: true, tabBar: true }),
  r("/rechargeordernew", "Recharge checklist", { auth: true }),
  r("/rechargeStationList", "Station list leading to recharge", { auth: true, tabBar: true }),
  r("/paycallback", "Redemption code shown after payment", { auth: true }),
  r("/", "Login page with the messaging-app authorization button"),
  r("/login", "Login page with the messaging-app authorization button"),
  r("/wechatlogin", "Redirects to authorization and handles the returned code"),
  r("/register", "Username and password form (does nothing real)"),
  r("/setting", "Set-password link and logout", { auth: true }),
  r("/resetPassword", "Old, new and confirm password"),
  r("/forgetPassword", "Phone and SMS code"),
  r("/setPassword", "Set a password"),
  r("/coupons", "Empty list reading 'no coupons'"),
  r("/bindPhone", "Bind a phone number"),
  r("/activated", "Invite code entry"),
  r("/contact", "Service phone 1 and optional phone 2"),
  // issue 35: invoices (我的发票), reached from /personal and from a used order's detail
  r("/invoices", "My invoice requests, newest first, with their state", { auth: true }),
  r("/invoice/:id", "One invoice request: title, line, orders; number and PDF once issued, the reason once refused", { auth: true }),
  r("/invoiceApply", "Ask for one invoice for used orders of one station (?order_ids=), to a title", { auth: true }),
  r("/invoiceTitles", "The invoice titles kept (at most 5), the default marked", { auth: true }),
  r("/invoiceTitle", "Add an invoice title, or edit one (?title_id=)", { auth: true }),
];

/** The query parameter of /orderlist naming the tab to open (spec §2: all, unpaid, unused, used, expired). */
export const ORDER_LIST_TAB_PARAM = "tab";

/**
 * The address of the order list opened on one tab, as /personal's order shortcuts link to it and
 * /orderlist reads it: `/orderlist?tab=unpaid`.
 */
export const orderListPath = (tab: OrderListTab): string => `/orderlist?${ORDER_LIST_TAB_PARAM}=${tab}`;

/** Spec §2 /orderDetail/:id: the detail page of a fuel order. */
export const orderDetailPath = (orderId: number): string => `/orderDetail/${orderId}`;

/** Spec §2 /orderDetail/2/:id: the detail page of a recharge order (a top-up or a card purchase). */
export const rechargeOrderDetailPath = (orderId: number): string => `/orderDetail/2/${orderId}`;

/** Issue 35: the customer's invoice requests (我的发票). */
export const INVOICES_PATH = "/invoices";

/** Issue 35: one invoice request's detail. */
export const invoicePath = (invoiceId: number): string => `/invoice/${invoiceId}`;

/** The query parameter of /invoiceApply naming the orders to invoice, comma-separated. */
export const INVOICE_ORDERS_PARAM = "order_ids";

/** Issue 35: asking for an invoice for these orders (the first is the one the driver came from). */
export const invoiceApplyPath = (orderIds: ReadonlyArray<number>): string => `/invoiceApply?${INVOICE_ORDERS_PARAM}=${orderIds.join(",")}`;

/** Issue 35: the kept invoice titles. */
export const INVOICE_TITLES_PATH = "/invoiceTitles";

/** Issue 35: the title form, for a new title or (with its id) to edit one. */
export const invoiceTitlePath = (titleId?: number): string => (titleId === undefined ? "/invoiceTitle" : `/invoiceTitle?title_id=${titleId}`);

const normalise = (path: string): string => {
  const bare = path.split(/[?#]/)[0] ?? "";
  return bare.length > 1 ? bare.replace(/\/+$/, "") : bare || "/";
};

const matches = (pattern: string, path: string): boolean => {
  const p = pattern.split("/");
  const s = path.split("/");
  return p.length === s.length && p.every((seg, i) => (seg.startsWith(":") ? (s[i] ?? "") !== "" : seg === s[i]));
};

/**
 * The route a path belongs to. Literal routes win over patterns (so "/orderDetail/2/9" is the
 * recharge detail and "/recharge/2" is not "/recharge/:x"). Trailing slashes and query strings are ignored.
 */
export const matchRoute = (path: string): RouteInfo | undefined => {
  const p = normalise(path);
  const candidates = ROUTES.filter((route) => matches(route.path, p));
  return candidates.sort((a, b) => (a.path.match(/:/g)?.length ?? 0) - (b.path.match(/:/g)?.length ?? 0))[0];
};

/** What the guard knows about the customer. */
export interface Session {
  readonly token: string | null | undefined;
  readonly activated: boolean;
}

/** The guard's decision. */
export type GuardDecision = { readonly _tag: "Allow" } | { readonly _tag: "Redirect"; readonly to: string };

const allow: GuardDecision = { _tag: "Allow" };
const redirect = (to: string): GuardDecision => ({ _tag: "Redirect", to });

/**
 * Spec §2 router guard: with a token, / and /login go to /recharge/2; a protected route without a
 * token goes to /login; with a token but no activation, to /activated. Unknown paths are allowed so
 * the app can show its not-found page.
 */
export const guard = (path: string, session: Session): GuardDecision => {
  const hasToken = session.token != null && session.token !== "";
  const route = matchRoute(path);
  if (route === undefined) return allow;
  if (hasToken && (route.path === "/" || route.path === LOGIN_PATH)) return redirect(HOME_PATH);
  if (!route.auth) return allow;
  if (!hasToken) return redirect(LOGIN_PATH);
  return session.activated ? allow : redirect(ACTIVATION_PATH);
};

/** Spec §2 /stationlist: where a driver starts buying diesel (the list's go-fuel opens /oneKeyGas). */
export const STATION_LIST_PATH = "/stationlist";

/**
 * The pages of signing in itself: returning to one after sign-in would start it again (or, for
 * /bindPhone and /activated, show a step already done), so none is a return path.
 */
const SIGN_IN_PATHS: ReadonlySet<string> = new Set(["/", LOGIN_PATH, WECHAT_LOGIN_PATH, "/bindPhone", ACTIVATION_PATH, "/register", "/forgetPassword", "/resetPassword", "/setPassword"]);

/** Longer than any address of the app (an order id, a card number and a query): anything longer was not made by it. */
const RETURN_PATH_MAX_LENGTH = 512;

/**
 * Whether `path` may be where sign-in sends the customer back (issue 25): an address of this app
 * only, so a crafted link cannot make sign-in end on another site (an open redirect). It must
 * start with one '/' (never '//' or '/\', which browsers read as another host, nor a scheme), hold
 * no whitespace, control characters or backslashes, name a route of spec §2, and not be a page of
 * signing in itself.
 */
export const isSafeReturnPath = (path: unknown): path is string => {
  if (typeof path !== "string" || path.length === 0 || path.length > RETURN_PATH_MAX_LENGTH) return false;
  if (!path.startsWith("/") || path.startsWith("//")) return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\\s\u0000-\u001f\u007f]/.test(path)) return false;
  const route = matchRoute(path);
  return route !== undefined && !SIGN_IN_PATHS.has(route.path);
};

/** Spec §4 login flow: without a page to return to, signing in ends on the personal center. */
export const SIGN_IN_END_PATH = "/personal";

/**
 * Where a customer who has just signed in (or activated) goes (issue 25): an account without
 * activation to /activated first (the return path waits until it is activated); otherwise back to
 * `returnTo` (the page the session ended on, or the protected page an anonymous customer was going
 * to) when it is a safe return path, else `otherwise`: the spec's end of that step (§4 sign-in:
 * /personal, the default; §6 activation: home, /recharge/2).
 */
export const afterSignInPath = (returnTo: string | null | undefined, activated: boolean, otherwise: string = SIGN_IN_END_PATH): string =>
  !activated ? ACTIVATION_PATH : isSafeReturnPath(returnTo) ? returnTo : otherwise;
