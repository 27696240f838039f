import { observer } from "mobx-react-lite";
import type { Problem } from "../../stores/messages.ts";
import type { DeskKey } from "../i18n/deskCatalogue.ts";
import { useDesk } from "../stores/DeskContext.tsx";
import { describeDeskError } from "../stores/deskMessages.ts";
import { refusalProblemText, type RefusalProblem } from "../stores/places/refusalProblems.ts";

interface PlacesProblemProps {
  readonly problem: Problem | undefined;
  /** The server's problems one by one, when it named them. */
  readonly refusal: ReadonlyArray<RefusalProblem> | undefined;
  /** What the list of problems means ('nothing was imported: fix these lines'). */
  readonly lead: DeskKey;
}

/**
 * Why an act on places failed, announced: the server's problems as a list, each with its CSV
 * line's number, in the admin's language (worded here, so a language switch re-words them), or
 * the failure in words (no network, a refusal by its tag).
 */
export const PlacesProblem = observer(function PlacesProblem({ problem, refusal, lead }: PlacesProblemProps) {
  const { i18n } = useDesk();
  if (problem === undefined) return null;
  if (refusal === undefined) {
    return (
      <p className="desk-error" role="alert">
        {describeDeskError(problem, i18n)}
      </p>
    );
  }
  return (
    <div className="places-problems" role="alert">
      {i18n.t(lead)}
      <ul>
        {refusal.map((p, index) => (
          <li key={index}>
            {p.line === undefined ? null : <span className="places-problems-line">{i18n.t("desk.places.line", { line: p.line })}</span>}
            {refusalProblemText(p, i18n)}
          </li>
        ))}
      </ul>
    </div>
  );
});
