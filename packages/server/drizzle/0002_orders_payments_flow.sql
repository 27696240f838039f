CREATE TABLE "sandbox_channel_orders" (
	"channel" text NOT NULL,
	"mchnt_order_no" text NOT NULL,
	"prepay_id" text NOT NULL,
	"amount" integer NOT NULL,
	"payer_openid" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"trade_state" text NOT NULL,
	"transaction_id" text,
	"paid_at" timestamp with time zone,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_channel_orders_channel_mchnt_order_no_pk" PRIMARY KEY("channel","mchnt_order_no"),
	CONSTRAINT "sandbox_channel_orders_prepay_id_unique" UNIQUE("prepay_id"),
	CONSTRAINT "sandbox_channel_orders_amount_positive" CHECK ("sandbox_channel_orders"."amount" > 0),
	CONSTRAINT "sandbox_channel_orders_refund_bounded" CHECK ("sandbox_channel_orders"."refunded_amount" BETWEEN 0 AND "sandbox_channel_orders"."amount")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prepay_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_no" text;