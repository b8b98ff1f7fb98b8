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
CREATE UNIQUE INDEX "email_suppression_address_reason_idx" ON "email_suppression" USING btree ("address","reason");