-- A payment's writes in one round trip (issue 14; src/payments/applyPayment.ts calls it, for a
-- channel's notification and for a payment found by asking the channel).
--
-- Before, applying a payment was BEGIN, lock and read the order, INSERT the payment, UPDATE the
-- order (or mark the payment for refund), INSERT its QR code, COMMIT: six round trips, the order's
-- row lock held across five of them. This function does the same steps inside the database,
-- called as one statement (its own transaction when sent alone):
--
-- 1. lock the order's row by its merchant number (FOR UPDATE: every status change of an order
--    takes this lock first, so a cancel, an expiry or a second delivery waits for us or we for
--    it); none: 'unknown' (the caller answers 404);
-- 2. another channel than the order's: 'channel-mismatch'; another amount than the order's:
--    'amount-mismatch' with `due` (the caller refuses with 400); nothing written;
-- 3. record the payment, one row per channel transaction (UNIQUE (channel, transaction_id)): a
--    repeat finds its row and changes nothing ('duplicate');
-- 4. the order takes it ('applied'): its status becomes `p_paid_status`, paid at `p_paid_at`, and
--    its first QR code `p_qr_code` is issued (should it have a live one, the one-live-code index
--    keeps it). Or it cannot ('refund-required'): the payment is recorded with refund_required,
--    the order is left alone, and the caller gives the money back.
--
-- Why a function and not one CTE: as for place_order (0007), a statement's snapshot predates its
-- wait for the lock; in a VOLATILE function under READ COMMITTED each statement after the lock
-- reads afresh, as the separate statements of the transaction did.
--
-- The decisions stay the application's (@fuel/domain's Order.transition): the statuses Pay is
-- accepted from (`p_payable`) and the status it leads to (`p_paid_status`) arrive as parameters,
-- read off the state machine. The one comparison made here is the pay window, `p_paid_at <
-- pay_deadline`, because it needs the deadline of the row read under the lock: it is the domain's
-- rule (Pay{at} with at >= payDeadline is PayWindowClosed), which applyPayment.ts checks against
-- Order.transition when it loads, so the two cannot drift apart silently.
CREATE FUNCTION "apply_payment"(
  p_mchnt_order_no text,
  p_channel text,
  p_transaction_id text,
  p_amount integer,
  p_paid_at timestamptz,
  p_now timestamptz,
  p_payable integer[],
  p_paid_status integer,
  p_qr_code text
) RETURNS TABLE (outcome text, order_id integer, payment_id integer, due integer)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_order record;
  v_takes boolean;
BEGIN
  SELECT o."id", o."paytype", o."amount", o."status", o."pay_deadline" INTO v_order
    FROM "orders" o
   WHERE o."mchnt_order_no" = p_mchnt_order_no
     FOR UPDATE;
  IF NOT FOUND THEN
    outcome := 'unknown';
    RETURN NEXT;
    RETURN;
  END IF;
  order_id := v_order."id";

  IF v_order."paytype" <> p_channel THEN
    outcome := 'channel-mismatch';
    RETURN NEXT;
    RETURN;
  END IF;
  IF v_order."amount" <> p_amount THEN
    outcome := 'amount-mismatch';
    due := v_order."amount";
    RETURN NEXT;
    RETURN;
  END IF;

  v_takes := v_order."status" = ANY (p_payable) AND p_paid_at < v_order."pay_deadline";
  INSERT INTO "payments" ("order_id", "channel", "transaction_id", "amount", "paid_at", "received_at", "refund_required")
  VALUES (v_order."id", p_channel, p_transaction_id, p_amount, p_paid_at, p_now, NOT v_takes)
  ON CONFLICT ("channel", "transaction_id") DO NOTHING
  RETURNING "id" INTO payment_id;
  IF NOT FOUND THEN
    outcome := 'duplicate';
    RETURN NEXT;
    RETURN;
  END IF;
  IF NOT v_takes THEN
    outcome := 'refund-required';
    RETURN NEXT;
    RETURN;
  END IF;

  UPDATE "orders" SET "status" = p_paid_status, "paid_at" = p_paid_at WHERE "id" = v_order."id";
  INSERT INTO "qr_codes" ("code", "order_id", "issued_at") VALUES (p_qr_code, v_order."id", p_now) ON CONFLICT DO NOTHING;
  outcome := 'applied';
  RETURN NEXT;
END
$$;
