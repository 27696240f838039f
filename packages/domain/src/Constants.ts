/**
 * Every business constant of spec §9 (and the few the issues add), named in one place.
 * Durations are in milliseconds unless the name says otherwise; money limits are in yuan
 * because that is how the spec states them (see `Money` for cents).
 * @module
 */

/** Spec §7/§9: every API call gives up after 10 s. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** Spec §9: the location lookup gives up after 8 to 10 s; we allow the upper bound on weak networks. */
export const LOCATION_TIMEOUT_MS = 10_000;
/** Spec §9: the lower bound of the location timeout the spec allows. */
export const LOCATION_TIMEOUT_MIN_MS = 8_000;
/** Spec §4/§9: after sending an SMS code the resend button counts down 60 s. */
export const SMS_RESEND_SECONDS = 60;
/** Spec §5: without an oauth id the payment page redirects to the messaging-app login after 2 s. */
export const PAYMENT_AUTH_REDIRECT_DELAY_MS = 2_000;

/** Spec §9: amounts are in cents (yuan x 100). */
export const CENTS_PER_YUAN = 100;
/** Spec §5: the card-purchase page accepts at most 5000 yuan. */
export const CARD_PURCHASE_MAX_YUAN = 5_000;
/** Spec §5: the card-purchase amount input allows at most 4 digits. */
export const CARD_PURCHASE_MAX_DIGITS = 4;
/** Spec §5: the station one-key page accepts at most 10000 yuan. */
export const ONE_KEY_MAX_YUAN = 10_000;
/** The one-key page's quick amounts in yuan: a truck's fill, not a car's (issue 25). */
export const ONE_KEY_QUICK_AMOUNTS_YUAN: ReadonlyArray<number> = [500, 1_000, 2_000, 3_000];
/** Spec §5: an entity-card recharge is at most 5000 yuan. */
export const ENTITY_RECHARGE_MAX_YUAN = 5_000;
/** Spec §5: above this amount the card consumption page asks the customer to contact the distributor. */
export const CONSUMPTION_CONTACT_DISTRIBUTOR_ABOVE_YUAN = 10_000;

/** Spec §9: the card-purchase page always shows this price (yuan per litre), as a decimal string. */
export const CARD_PURCHASE_PAGE_PRICE_YUAN = "4.61";
/** Spec §9: the card-purchase page always shows this discount (yuan per litre), as a decimal string. */
export const CARD_PURCHASE_PAGE_DISCOUNT_PER_LITRE_YUAN = "0.5";

/** Spec §4/§9: a paid fuel order's QR code is valid 48 hours after payment. */
export const FUEL_QR_VALIDITY_MS = 48 * 60 * 60 * 1000;
/** Spec §4/§9: a recharge order's QR area reads expired/used 24 hours after payment. */
export const RECHARGE_QR_EXPIRED_AFTER_MS = 24 * 60 * 60 * 1000;
/** Spec §4/§9: the 'regenerate QR' button is hidden 8 minutes after payment. */
export const RECHARGE_QR_REGENERATE_HIDDEN_AFTER_MS = 8 * 60 * 1000;
/** Issue 4: an unpaid order may be paid for 15 minutes (the `count` field counts this down). */
export const UNPAID_PAY_WINDOW_SECONDS = 15 * 60;
/**
 * Issue 9: a customer has at most this many unpaid orders (fuel and recharge together) at once.
 * Each one holds a prepay open at the payment channel; the next creation is refused until one is
 * paid, cancelled or past its pay window.
 */
export const MAX_UNPAID_ORDERS = 5;

/** Spec §9: password minimum length. */
export const PASSWORD_MIN_LENGTH = 6;
/** Spec §9: a phone number has 11 characters. */
export const PHONE_LENGTH = 11;
/** Spec §5/§9: an SMS code typed at login has at least 4 characters. */
export const SMS_CODE_MIN_LENGTH = 4;
/** Spec §5/§9: an invite code has at most 32 characters. */
export const INVITE_CODE_MAX_LENGTH = 32;
/** Spec §3/§9: a card is identified to the customer by its last 7 digits. */
export const CARD_LAST_DIGITS = 7;
/**
 * Issue 22: the most digits of a card that is not the customer's own that any answer shows. The
 * prefix of every card is public (the site settings' common numbers), so the last 7 would be
 * the whole number; such a card is recharged by its opaque `card_ref` instead.
 */
export const CARD_SHOWN_DIGITS = 4;

/**
 * Spec §9: distances use an Earth radius of 6388.137 km. WGS-84's equatorial radius is
 * 6378.137 km; the spec's figure differs by 10 km (about 0.16 %). We keep the spec's value
 * so our distances match the ones the product has always shown.
 */
export const EARTH_RADIUS_KM = 6388.137;

/** Spec §1/§9: the only fuel that can be bought. */
export const DIESEL_0 = "0#";
/** Spec §1: gasoline grades that are shown but disabled. */
export const DISABLED_GASOLINE = ["92#", "95#", "98#"] as const;

/** Spec §9: the version printed with the production label at start-up. */
export const APP_VERSION = "v1";
/** Spec §9: the label printed at start-up. */
export const PRODUCTION_LABEL = `fuel app production ${APP_VERSION}`;

/** China has one time zone, UTC+8, without daylight saving: business hours and the maintenance window are in it. */
export const CHINA_UTC_OFFSET_MS = 8 * 60 * 60 * 1000;
