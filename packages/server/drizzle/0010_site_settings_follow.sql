ALTER TABLE "site_settings" ADD COLUMN "follow_qrcode" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "follow_account_name" text;