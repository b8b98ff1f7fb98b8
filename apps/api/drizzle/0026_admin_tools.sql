CREATE TABLE "email_suppression" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"address" text NOT NULL,
	"reason" text NOT NULL,
	"detail" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"outbox_message_id" uuid,
	"marked_by" uuid
);
--> statement-breakpoint
ALTER TABLE "report_reference" ALTER COLUMN "client_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "report_reference" ADD COLUMN "caregiver_id" uuid;--> statement-breakpoint
ALTER TABLE "report_reference" ADD COLUMN "job_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "email_suppression_address_reason_idx" ON "email_suppression" USING btree ("address","reason");--> statement-breakpoint
ALTER TABLE "report_reference" ADD CONSTRAINT "report_reference_caregiver_id_caregiver_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregiver"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_reference_caregiver_idx" ON "report_reference" USING btree ("caregiver_id","report_type");--> statement-breakpoint
CREATE INDEX "report_reference_job_idx" ON "report_reference" USING btree ("job_id");--> statement-breakpoint
ALTER TABLE "report_reference" ADD CONSTRAINT "report_reference_subject" CHECK ("report_reference"."client_id" is not null or "report_reference"."caregiver_id" is not null);