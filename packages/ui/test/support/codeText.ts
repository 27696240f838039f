/**
 * A `getByText` matcher for a cashier code shown in blocks of four (components/orders/CodeText):
 * the element holding the whole code, whose blocks are spans of their own.
 */
export const codeText = (code: string) => (_: string, element: Element | null): boolean =>
  element?.classList.contains("qr-code-text") === true && element.textContent === code;
