ALTER TABLE "billing_item" DROP CONSTRAINT "billing_item_client_id_client_id_fk";
--> statement-breakpoint
ALTER TABLE "billing_item" DROP CONSTRAINT "billing_item_caregiver_id_caregiver_id_fk";
--> statement-breakpoint
ALTER TABLE "billing_item" DROP CONSTRAINT "billing_item_export_batch_id_billing_export_batch_id_fk";
--> statement-breakpoint
DROP INDEX "billing_item_caregiver_date_idx";--> statement-breakpoint
DROP INDEX "billing_item_has_drift_idx";--> statement-breakpoint
DROP INDEX "exprs_record_import_batch_idx";--> statement-breakpoint
DROP INDEX "billing_item_status_idx";--> statement-breakpoint
CREATE INDEX "billing_item_drift_idx" ON "billing_item" USING btree ("drift_detected_at" DESC NULLS FIRST,"id") WHERE "billing_item"."has_drift";--> statement-breakpoint
CREATE INDEX "billing_item_status_idx" ON "billing_item" USING btree ("status") WHERE "billing_item"."status" <> 'EXPORTED';