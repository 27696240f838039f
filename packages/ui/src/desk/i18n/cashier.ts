/** The desk's cashier texts (issue 26). */
export const cashier = {
  en: {},
  "zh-CN": {},
} as const;
