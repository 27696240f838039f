-- Order placement in one round trip (issue 14; src/orders/storeNewOrder.ts calls it).
--
-- Before, placing an order was BEGIN, lock the customer's row, read the open unpaid orders,
-- INSERT, COMMIT: five round trips, the row lock held across four of them, so one customer's
-- requests queued behind each other's round trips. This function does the same steps inside the
-- database, called as one statement (its own transaction when sent alone):
--
-- 1. lock the customer's row (FOR UPDATE): one customer's placements never interleave;
-- 2. a double tap: the newest unpaid order of the same draft (`p_draft_hash`) created after
--    `p_repeat_since` and still in its pay window is the answer ('repeat'); nothing is written;
-- 3. the unpaid-orders cap: `p_max_unpaid` or more unpaid orders in their pay window: 'full',
--    nothing written (the caller refuses with 409);
-- 4. otherwise insert `p_order` (every column but id, user_id and draft_hash, which are the
--    parameters') and answer it ('placed'), or 'taken' when its merchant order number is
--    already used (the caller draws another).
--
-- Why a function and not one CTE: a statement sees the database as it was when the statement
-- began, so a CTE that waited for the row lock would not see the order the lock's previous
-- holder had just committed (a second order from a double tap, a sixth unpaid order). In a
-- VOLATILE function under READ COMMITTED each statement takes a fresh snapshot: the reads after
-- the lock see every placement committed before it, as the separate statements did.
--
-- The decisions stay the application's: the status code of an unpaid order (`p_unpaid`, from
-- @fuel/domain's state machine), the cap (Constants.MAX_UNPAID_ORDERS) and the double-tap window
-- arrive as parameters; the order's values are computed by the caller.
CREATE FUNCTION "place_order"(
  p_user_id integer,
  p_draft_hash text,
  p_repeat_since timestamptz,
  p_now timestamptz,
  p_unpaid integer,
  p_max_unpaid integer,
  p_order jsonb
) RETURNS TABLE (outcome text, placed "orders")
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_open integer;
BEGIN
  PERFORM 1 FROM "users" u WHERE u."id" = p_user_id FOR UPDATE;
  IF NOT FOUND THEN
    outcome := 'no-customer';
    RETURN NEXT;
    RETURN;
  END IF;

  SELECT o.* INTO placed
    FROM "orders" o
   WHERE o."user_id" = p_user_id AND o."status" = p_unpaid AND o."pay_deadline" > p_now
     AND o."draft_hash" = p_draft_hash AND o."created_at" > p_repeat_since
   ORDER BY o."created_at" DESC, o."id" DESC
   LIMIT 1;
  IF FOUND THEN
    outcome := 'repeat';
    RETURN NEXT;
    RETURN;
  END IF;

  SELECT count(*) INTO v_open
    FROM "orders" o
   WHERE o."user_id" = p_user_id AND o."status" = p_unpaid AND o."pay_deadline" > p_now;
  IF v_open >= p_max_unpaid THEN
    outcome := 'full';
    RETURN NEXT;
    RETURN;
  END IF;

  placed := jsonb_populate_record(NULL::"orders", p_order);
  placed."id" := nextval(pg_get_serial_sequence('"orders"', 'id'));
  placed."user_id" := p_user_id;
  placed."draft_hash" := p_draft_hash;
  INSERT INTO "orders" SELECT (placed).* ON CONFLICT ("mchnt_order_no") DO NOTHING;
  IF FOUND THEN
    outcome := 'placed';
  ELSE
    outcome := 'taken';
    placed := NULL;
  END IF;
  RETURN NEXT;
END
$$;
