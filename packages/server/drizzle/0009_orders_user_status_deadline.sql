DROP INDEX "orders_user_draft_idx";--> statement-breakpoint
CREATE INDEX "orders_user_status_deadline_idx" ON "orders" USING btree ("user_id","status","pay_deadline");