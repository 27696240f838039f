CREATE TABLE "blacklist" (
	"phone" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"name" text PRIMARY KEY NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text NOT NULL,
	"user_id" integer NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key"),
	CONSTRAINT "idempotency_keys_key_length" CHECK (char_length("idempotency_keys"."key") BETWEEN 1 AND 255)
);
--> statement-breakpoint
CREATE TABLE "invite_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"redeemed_by" integer,
	"redeemed_at" timestamp with time zone,
	CONSTRAINT "invite_codes_code_length" CHECK (char_length("invite_codes"."code") BETWEEN 1 AND 32),
	CONSTRAINT "invite_codes_redeemed_consistent" CHECK ("invite_codes"."redeemed_at" IS NOT NULL OR "invite_codes"."redeemed_by" IS NULL)
);
--> statement-breakpoint
CREATE TABLE "oauth_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"openid" text NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "phone_verifications" (
	"phone" text NOT NULL,
	"openid" text NOT NULL,
	"verified_at" timestamp with time zone NOT NULL,
	CONSTRAINT "phone_verifications_phone_openid_pk" PRIMARY KEY("phone","openid")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"replaced_at" timestamp with time zone,
	"grace_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"price_0_now" integer NOT NULL,
	"price_0_nation" integer NOT NULL,
	"price_0_original" integer NOT NULL,
	"price_0_xuni" integer NOT NULL,
	"price_0_shiti" integer NOT NULL,
	"entity_common_num" text DEFAULT '' NOT NULL,
	"virtual_common_num" text DEFAULT '' NOT NULL,
	"tel1" text DEFAULT '' NOT NULL,
	"tel2" text,
	"recharge_tip" text DEFAULT '' NOT NULL,
	"recharge_shiti_tip" text DEFAULT '' NOT NULL,
	CONSTRAINT "site_settings_single_row" CHECK ("site_settings"."id" = 1),
	CONSTRAINT "site_settings_prices_nonneg" CHECK ("site_settings"."price_0_now" >= 0 AND "site_settings"."price_0_nation" >= 0 AND "site_settings"."price_0_original" >= 0 AND "site_settings"."price_0_xuni" >= 0 AND "site_settings"."price_0_shiti" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"openid" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	CONSTRAINT "sms_codes_failed_attempts_nonneg" CHECK ("sms_codes"."failed_attempts" >= 0),
	CONSTRAINT "sms_codes_purpose_nonempty" CHECK ("sms_codes"."purpose" <> '')
);
--> statement-breakpoint
CREATE TABLE "sms_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stations" (
	"id" serial PRIMARY KEY NOT NULL,
	"city" text NOT NULL,
	"title" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"longitude" double precision NOT NULL,
	"latitude" double precision NOT NULL,
	"shop_image" text DEFAULT '' NOT NULL,
	"now_price" integer NOT NULL,
	"nation_price" integer NOT NULL,
	"original_price" integer NOT NULL,
	"sell_type" text DEFAULT '' NOT NULL,
	"code_id" text DEFAULT '' NOT NULL,
	"tel" text DEFAULT '' NOT NULL,
	"business_start_time" text DEFAULT '00:00' NOT NULL,
	"business_end_time" text DEFAULT '24:00' NOT NULL,
	CONSTRAINT "stations_longitude_range" CHECK ("stations"."longitude" BETWEEN -180 AND 180),
	CONSTRAINT "stations_latitude_range" CHECK ("stations"."latitude" BETWEEN -90 AND 90),
	CONSTRAINT "stations_prices_positive" CHECK ("stations"."now_price" > 0 AND "stations"."original_price" > 0 AND "stations"."nation_price" >= 0),
	CONSTRAINT "stations_business_start_format" CHECK ("stations"."business_start_time" ~ '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$'),
	CONSTRAINT "stations_business_end_format" CHECK ("stations"."business_end_time" ~ '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$')
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"openid" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"avatar_url" text DEFAULT '' NOT NULL,
	"phone" text,
	"oauth_id" text,
	"password_hash" text,
	"activated_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "users_openid_unique" UNIQUE("openid"),
	CONSTRAINT "users_phone_unique" UNIQUE("phone"),
	CONSTRAINT "users_phone_format" CHECK ("users"."phone" IS NULL OR "users"."phone" ~ '^[0-9]{11}$')
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_codes" ADD CONSTRAINT "invite_codes_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stations" ADD CONSTRAINT "stations_city_cities_name_fk" FOREIGN KEY ("city") REFERENCES "public"."cities"("name") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "invite_codes_redeemed_by_idx" ON "invite_codes" USING btree ("redeemed_by");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sms_codes_phone_created_idx" ON "sms_codes" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "sms_sends_phone_sent_idx" ON "sms_sends" USING btree ("phone","sent_at");--> statement-breakpoint
CREATE INDEX "sms_sends_ip_sent_idx" ON "sms_sends" USING btree ("ip","sent_at");--> statement-breakpoint
CREATE INDEX "stations_city_idx" ON "stations" USING btree ("city");