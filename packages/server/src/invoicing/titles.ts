import { Invoice } from "@fuel/domain";
import type { InvoiceTitle, InvoiceTitleSaveRequest, InvoiceTitlesResponse } from "@fuel/domain/api";
import { and, asc, count, desc, eq } from "drizzle-orm";
import { Result } from "effect";
import type { Database } from "../db/client.ts";
import type { Tx } from "../db/queryable.ts";
import { invoiceTitles, users } from "../db/schema.ts";
import { refuse } from "../refusals/Refusal.ts";
import { titleToWire, type TitleRow } from "./records.ts";

/**
 * A customer's invoice titles (issue 35 item 2): at most `Invoice.MAX_TITLES`, checked by
 * `Invoice.validateTitle` (the form's rules), one default. Every change runs under the customer's
 * row lock, so two saves at once cannot both pass the count; the partial unique index
 * (invoice_titles_one_default_idx) keeps one default whatever runs.
 */

const DISPLAY_ORDER = [desc(invoiceTitles.isDefault), asc(invoiceTitles.createdAt), asc(invoiceTitles.id)];

/** `GET /api/invoice/titles`: the default first, then the oldest. */
export const listTitles = async (db: Database, userId: number): Promise<InvoiceTitlesResponse> => ({
  titles: (await db.select().from(invoiceTitles).where(eq(invoiceTitles.userId, userId)).orderBy(...DISPLAY_ORDER)).map(titleToWire),
  max: Invoice.MAX_TITLES,
});

/** One of the customer's titles, or undefined (another's is as good as none: 404, not 403). */
export const findOwnTitle = async (db: Database | Tx, userId: number, titleId: number): Promise<TitleRow | undefined> =>
  (await db.select().from(invoiceTitles).where(and(eq(invoiceTitles.id, titleId), eq(invoiceTitles.userId, userId))).limit(1))[0];

/** Serialises a customer's title changes: the count and the default are read under it. */
const lockCustomer = async (tx: Tx, userId: number): Promise<void> => {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
};

const clearDefault = async (tx: Tx, userId: number): Promise<void> => {
  await tx.update(invoiceTitles).set({ isDefault: false }).where(and(eq(invoiceTitles.userId, userId), eq(invoiceTitles.isDefault, true)));
};

/**
 * `POST /api/invoice/titles/save`: a new title (the first is the default) or a change to one of
 * the customer's own. `is_default: true` makes it the default; false or absent leaves the default
 * where it is (a customer always has one while they have titles).
 */
export const saveTitle = async (db: Database, userId: number, request: InvoiceTitleSaveRequest, now: number): Promise<InvoiceTitle> => {
  const checked = Invoice.validateTitle(request);
  if (Result.isFailure(checked)) throw refuse(checked.failure.key, checked.failure.params);
  const title = checked.success;
  const fields = {
    type: title.type,
    name: title.name,
    taxId: title.tax_id,
    email: title.email,
    phone: title.phone,
    address: title.address,
    bank: title.bank,
    account: title.account,
  };
  return db.transaction(async (tx) => {
    await lockCustomer(tx, userId);
    if (request.title_id !== undefined) {
      const own = await findOwnTitle(tx, userId, request.title_id);
      if (own === undefined) throw refuse("InvoiceTitleNotFound");
      if (request.is_default === true && !own.isDefault) await clearDefault(tx, userId);
      const [saved] = await tx
        .update(invoiceTitles)
        .set({ ...fields, ...(request.is_default === true ? { isDefault: true } : {}) })
        .where(eq(invoiceTitles.id, own.id))
        .returning();
      return titleToWire(saved!);
    }
    const [kept] = await tx.select({ n: count() }).from(invoiceTitles).where(eq(invoiceTitles.userId, userId));
    // count() is int8: a number from PGlite, a string from pg.
    const n = Number(kept?.n ?? 0);
    if (n >= Invoice.MAX_TITLES) throw refuse("InvoiceTitleLimit", { max: Invoice.MAX_TITLES });
    const isDefault = n === 0 || request.is_default === true;
    if (isDefault) await clearDefault(tx, userId);
    const [added] = await tx
      .insert(invoiceTitles)
      .values({ userId, ...fields, isDefault, createdAt: new Date(now) })
      .returning();
    return titleToWire(added!);
  });
};

/**
 * `POST /api/invoice/titles/delete`: requests already made keep their copy of the title. Deleting
 * the default makes the oldest title left the default.
 */
export const deleteTitle = async (db: Database, userId: number, titleId: number): Promise<void> => {
  await db.transaction(async (tx) => {
    await lockCustomer(tx, userId);
    const own = await findOwnTitle(tx, userId, titleId);
    if (own === undefined) throw refuse("InvoiceTitleNotFound");
    await tx.delete(invoiceTitles).where(eq(invoiceTitles.id, own.id));
    if (!own.isDefault) return;
    const [oldest] = await tx.select({ id: invoiceTitles.id }).from(invoiceTitles).where(eq(invoiceTitles.userId, userId)).orderBy(asc(invoiceTitles.createdAt), asc(invoiceTitles.id)).limit(1);
    if (oldest !== undefined) await tx.update(invoiceTitles).set({ isDefault: true }).where(eq(invoiceTitles.id, oldest.id));
  });
};
