/** The desk's records texts (issue 26). */
export const records = {
  en: {},
  "zh-CN": {},
} as const;
