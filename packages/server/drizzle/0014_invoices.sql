CREATE TABLE "invoice_orders" (
	"invoice_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"holds" boolean DEFAULT true NOT NULL,
	CONSTRAINT "invoice_orders_invoice_id_order_id_pk" PRIMARY KEY("invoice_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "invoice_titles" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"tax_id" text,
	"email" text,
	"phone" text,
	"address" text,
	"bank" text,
	"account" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoice_titles_type" CHECK ("invoice_titles"."type" IN ('personal', 'company')),
	CONSTRAINT "invoice_titles_company_tax_id" CHECK ("invoice_titles"."type" = 'personal' OR "invoice_titles"."tax_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"state" text NOT NULL,
	"issuer" text NOT NULL,
	"kind" text NOT NULL,
	"station_id" integer,
	"station_title" text,
	"title_type" text NOT NULL,
	"title_name" text NOT NULL,
	"title_tax_id" text,
	"title_email" text,
	"title_phone" text,
	"title_address" text,
	"title_bank" text,
	"title_account" text,
	"description" text NOT NULL,
	"unit" text,
	"litres" text,
	"unit_price" text,
	"amount" integer NOT NULL,
	"tax" integer NOT NULL,
	"net" integer NOT NULL,
	"tax_percent" integer,
	"number" text,
	"issued_at" timestamp with time zone,
	"pdf" "bytea",
	"pdf_url" text,
	"in_wallet" boolean DEFAULT false NOT NULL,
	"reason" text,
	"acted_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"apply_id" text,
	"provider_checked_at" timestamp with time zone,
	CONSTRAINT "invoices_apply_id_unique" UNIQUE("apply_id"),
	CONSTRAINT "invoices_state" CHECK ("invoices"."state" IN ('requested', 'issuing', 'issued', 'refused')),
	CONSTRAINT "invoices_issuer" CHECK ("invoices"."issuer" IN ('station', 'platform')),
	CONSTRAINT "invoices_kind" CHECK ("invoices"."kind" IN ('fuel', 'recharge')),
	CONSTRAINT "invoices_title_type" CHECK ("invoices"."title_type" IN ('personal', 'company')),
	CONSTRAINT "invoices_amounts" CHECK ("invoices"."amount" > 0 AND "invoices"."tax" >= 0 AND "invoices"."net" = "invoices"."amount" - "invoices"."tax"),
	CONSTRAINT "invoices_issued_has_number" CHECK ("invoices"."state" <> 'issued' OR ("invoices"."number" IS NOT NULL AND "invoices"."issued_at" IS NOT NULL)),
	CONSTRAINT "invoices_refused_has_reason" CHECK ("invoices"."state" <> 'refused' OR "invoices"."reason" IS NOT NULL),
	CONSTRAINT "invoices_attempt_range" CHECK ("invoices"."attempt" BETWEEN 0 AND 5)
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "invoice_window_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "recharge_invoice" text DEFAULT 'at_consumption' NOT NULL;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "invoice_policy" text DEFAULT 'station' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_orders" ADD CONSTRAINT "invoice_orders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_orders" ADD CONSTRAINT "invoice_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_titles" ADD CONSTRAINT "invoice_titles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_orders_order_idx" ON "invoice_orders" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_orders_one_holder_idx" ON "invoice_orders" USING btree ("order_id") WHERE "invoice_orders"."holds";--> statement-breakpoint
CREATE INDEX "invoice_titles_user_idx" ON "invoice_titles" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_titles_one_default_idx" ON "invoice_titles" USING btree ("user_id") WHERE "invoice_titles"."is_default";--> statement-breakpoint
CREATE INDEX "invoices_user_created_idx" ON "invoices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_state_created_idx" ON "invoices" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "invoices_station_idx" ON "invoices" USING btree ("station_id");--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_invoice_window" CHECK ("site_settings"."invoice_window_days" BETWEEN 1 AND 366);--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_recharge_invoice" CHECK ("site_settings"."recharge_invoice" IN ('at_topup', 'at_consumption'));--> statement-breakpoint
ALTER TABLE "stations" ADD CONSTRAINT "stations_invoice_policy" CHECK ("stations"."invoice_policy" IN ('station', 'platform', 'none'));