CREATE TABLE "socket_io_attachments" (
	"id" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now(),
	"payload" "bytea",
	CONSTRAINT "socket_io_attachments_id_unique" UNIQUE("id")
);
--> statement-breakpoint
ALTER TABLE "guardian" ADD COLUMN "email_notifications_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "match" ADD COLUMN "care_authorization" text DEFAULT 'not_required' NOT NULL;--> statement-breakpoint
ALTER TABLE "match" ADD COLUMN "authorized_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "match" ADD COLUMN "authorized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "match" ADD COLUMN "authorization_note" text;--> statement-breakpoint
ALTER TABLE "tinder_caregiver" ADD COLUMN "email_notifications_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation" ADD COLUMN "match_id" uuid;--> statement-breakpoint
ALTER TABLE "message_request" ADD COLUMN "sender_type" "sender_type" NOT NULL;--> statement-breakpoint
ALTER TABLE "message_request" ADD COLUMN "responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_request" ADD COLUMN "closed_reason" text;--> statement-breakpoint
ALTER TABLE "message_request" ADD COLUMN "conversation_id" uuid;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "kind" text DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "original_content" text;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "flags" jsonb;--> statement-breakpoint
ALTER TABLE "conversation" ADD CONSTRAINT "conversation_match_id_match_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."match"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_request" ADD CONSTRAINT "message_request_conversation_id_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversation"("id") ON DELETE set null ON UPDATE no action;