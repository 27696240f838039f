/** The desk's places texts (issue 26). */
export const places = {
  en: {},
  "zh-CN": {},
} as const;
