import { screen } from "@testing-library/react";

/**
 * The antd-mobile dialogs a customer can see: those not faded out. A closed dialog fades to
 * opacity 0 with no pointer events, and antd-mobile takes its node away only after its exit
 * animation's last frame; on a loaded two-core machine happy-dom's animation frames can lag that
 * removal by seconds (a faded node was still there 4 s after 'Regenerate QR' in about one run in
 * six with both cores busy), so "the confirmation closed" is asserted as no open dialog, not as no
 * node.
 */
export const openDialogs = (): HTMLElement[] =>
  screen.queryAllByRole("dialog").filter((dialog) => {
    const panel = dialog.firstElementChild as HTMLElement | null;
    return panel === null || (panel.style.opacity !== "0" && panel.style.pointerEvents !== "none");
  });
