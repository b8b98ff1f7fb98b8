DROP INDEX "email_campaign_recipient_email_idx";--> statement-breakpoint
ALTER TABLE "email_campaign_recipient" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_message" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_message_idempotency_key_idx" ON "outbox_message" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "email_campaign_recipient_email_idx" ON "email_campaign_recipient" USING btree ("campaign_id","email") WHERE "email_campaign_recipient"."status" <> 'SKIPPED';