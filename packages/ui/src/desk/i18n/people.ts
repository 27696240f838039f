/** The desk's people texts (issue 26). */
export const people = {
  en: {},
  "zh-CN": {},
} as const;
