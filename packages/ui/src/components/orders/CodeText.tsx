import { RedeemCode } from "@fuel/domain";
import "./codeText.css";

/** Characters per block: four are read and compared at a glance, as a card or phone number is. */
const GROUP = 4;

/** The blocks of a code, in order: `KPab cd12 ...`. */
export const codeGroups = (code: string): ReadonlyArray<string> => code.match(new RegExp(`.{1,${GROUP}}`, "gsu")) ?? [];

/**
 * A cashier code as text, in blocks of four that a line never breaks inside (issue 25: the code
 * wrapped mid-token at 360 px). A code of today's format (issue 34) is its display form
 * (`RedeemCode.shownText`: `7K3M 9QXR 2D4F HJ8T`), real spaces between its blocks, so the text
 * shown, the text copied and the text the QR encodes are one. An old-format code keeps its look:
 * blocks spaced by CSS, copied as the code is.
 */
export function CodeText({ code }: { readonly code: string }) {
  const shown = RedeemCode.shownText(code);
  if (shown === code) {
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
  const groups = shown.split(" ");
  return (
    <span className="qr-code-text qr-code-text-spaced">
      {groups.map((group, i) => (
        <span key={i}>
          <span className="qr-code-group">{group}</span>
          {i < groups.length - 1 ? " " : null}
        </span>
      ))}
    </span>
  );
}
