/** Spec §2 routes of the recharge flow. */
export const RECHARGE2_PATH = "/recharge2";
/** The card page a card-page draft returns to when the address it was started on is not known (after a reload). */
export const CARD_HOME_PATH = "/recharge/2";
export const RECHARGE_CHECKLIST_PATH = "/rechargeordernew";
export const RECHARGE_STATIONS_PATH = "/rechargeStationList";
/** The station list opened from the checklist: picking a station comes back to the checklist. */
export const RECHARGE_STATIONS_FROM_CHECKLIST = `${RECHARGE_STATIONS_PATH}?then=checklist`;
