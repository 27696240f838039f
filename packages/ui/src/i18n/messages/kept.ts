/**
 * The line over a list shown from the copy kept on the device (issue 23: the station list, the
 * customer's cards): when it was answered, and whether a fresh one is on its way or could not be
 * had. Plain words, so the state does not rest on a colour.
 */
export const kept = {
  en: {
    keptUpdating: "Saved {when} · updating…",
    keptNotUpdated: "Saved {when} · could not update",
    keptUpdated: "Updated {when}",
    keptYesterday: "yesterday {time}",
  },
  "zh-CN": {
    keptUpdating: "{when} 保存的数据 · 正在更新…",
    keptNotUpdated: "{when} 保存的数据 · 更新失败",
    keptUpdated: "{when} 已更新",
    keptYesterday: "昨天 {time}",
  },
} as const;
