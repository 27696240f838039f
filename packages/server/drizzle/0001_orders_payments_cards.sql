CREATE TABLE "cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"cardnum" text NOT NULL,
	"phonenum" text NOT NULL,
	"team" text NOT NULL,
	"status" text DEFAULT 'normal' NOT NULL,
	"card_type" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cards_cardnum_unique" UNIQUE("cardnum"),
	CONSTRAINT "cards_card_type" CHECK ("cards"."card_type" IN (1, 2)),
	CONSTRAINT "cards_cardnum_digits" CHECK ("cards"."cardnum" ~ '^[0-9]{7,32}$')
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" integer NOT NULL,
	"order_type" integer NOT NULL,
	"card_type" integer,
	"gas_type" text NOT NULL,
	"order_amount" integer NOT NULL,
	"amount" integer NOT NULL,
	"station_id" integer,
	"gas_original_price" integer,
	"gas_now_price" integer,
	"phone" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"paytype" text NOT NULL,
	"mchnt_order_no" text NOT NULL,
	"draft_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"pay_deadline" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"refund_status" integer DEFAULT 0 NOT NULL,
	"refund_reason" text,
	"reason" text,
	"card_num" text,
	"last_number" text,
	"team" text,
	CONSTRAINT "orders_mchnt_order_no_unique" UNIQUE("mchnt_order_no"),
	CONSTRAINT "orders_kind" CHECK ("orders"."kind" IN ('fuel', 'recharge')),
	CONSTRAINT "orders_status" CHECK ("orders"."status" IN (1, 2, 3, 6, 7, 8, 9)),
	CONSTRAINT "orders_order_type" CHECK ("orders"."order_type" IN (1, 2)),
	CONSTRAINT "orders_card_type" CHECK ("orders"."card_type" IS NULL OR "orders"."card_type" IN (1, 2, 3)),
	CONSTRAINT "orders_amounts" CHECK ("orders"."order_amount" > 0 AND "orders"."amount" > 0),
	CONSTRAINT "orders_paytype" CHECK ("orders"."paytype" IN ('wechat', 'fy')),
	CONSTRAINT "orders_refund_status" CHECK ("orders"."refund_status" IN (0, 1, 2, 3)),
	CONSTRAINT "orders_paid_has_time" CHECK ("orders"."status" IN (1, 9) OR "orders"."paid_at" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"channel" text NOT NULL,
	"transaction_id" text NOT NULL,
	"amount" integer NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"refund_required" boolean DEFAULT false NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "qr_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"voided_at" timestamp with time zone,
	"redeemed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cards_phonenum_idx" ON "cards" USING btree ("phonenum");--> statement-breakpoint
CREATE INDEX "cards_team_idx" ON "cards" USING btree ("team");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_user_draft_idx" ON "orders" USING btree ("user_id","draft_hash","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_deadline_idx" ON "orders" USING btree ("status","pay_deadline");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_channel_transaction_idx" ON "payments" USING btree ("channel","transaction_id");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "qr_codes_one_live_per_order_idx" ON "qr_codes" USING btree ("order_id") WHERE "qr_codes"."voided_at" IS NULL AND "qr_codes"."redeemed_at" IS NULL;