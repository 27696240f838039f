import type { Staff } from "@fuel/domain";

/**
 * The staff member a live desk session belongs to, as the desk's routes see them. `requireStaff`
 * (desk/session.ts) puts it on the request (declared here, beside the request's other
 * facts, so http/ never imports the desk); the contract's `staff` endpoints refuse without it.
 */
export interface SignedInStaff {
  readonly id: number;
  readonly name: string;
  readonly role: Staff.Role;
  /** The stations a cashier redeems at (empty for the other roles unless an admin gave some). */
  readonly stations: ReadonlyArray<number>;
  /** Which desk session this is (its row in `staff_sessions`), so sign-out ends only this one. */
  readonly sessionId: number;
  /** A one-time password not yet changed: only /api/desk/password, /me and /logout answer. */
  readonly mustChangePassword: boolean;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the desk's `requireStaff` preHandler; undefined outside the desk. */
    staff?: SignedInStaff;
  }
}
