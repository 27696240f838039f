/** Spec §2 routes of the recharge flow. */
export const RECHARGE2_PATH = "/recharge2";
export const RECHARGE_CHECKLIST_PATH = "/rechargeordernew";
export const RECHARGE_STATIONS_PATH = "/rechargeStationList";
/** The station list opened from the checklist: picking a station comes back to the checklist. */
export const RECHARGE_STATIONS_FROM_CHECKLIST = `${RECHARGE_STATIONS_PATH}?then=checklist`;
