import "./codeText.css";

/** Characters per block: four are read and compared at a glance, as a card or phone number is. */
const GROUP = 4;

/** The blocks of a code, in order: `KPab cd12 ...`. */
export const codeGroups = (code: string): ReadonlyArray<string> => code.match(new RegExp(`.{1,${GROUP}}`, "gsu")) ?? [];

/**
 * A cashier code as text, in blocks of four that a line never breaks inside (issue 25: the code
 * wrapped mid-token at 360 px). The blocks are spaced by CSS, not by spaces, so copying the text
 * gives the code as it is.
 */
export function CodeText({ code }: { readonly code: string }) {
  return (
    <span className="qr-code-text">
      {codeGroups(code).map((group, i) => (
        <span key={i} className="qr-code-group">
          {group}
        </span>
      ))}
    </span>
  );
}
