/** The desk's distributor texts (issue 26). */
export const distributor = {
  en: {},
  "zh-CN": {},
} as const;
