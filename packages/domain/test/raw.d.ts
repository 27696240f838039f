/** Vite's `?raw` imports: the file's text (test/readme.test.ts reads the README this way). */
declare module "*?raw" {
  const text: string;
  export default text;
}
