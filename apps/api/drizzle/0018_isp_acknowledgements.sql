CREATE TABLE "acknowledgement_request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"caregiver_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"user_account_id" uuid,
	"channels" text[] NOT NULL,
	"sent_by" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protocol_acknowledgement" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"protocol_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"caregiver_id" uuid NOT NULL,
	"acknowledged_by" uuid,
	"acknowledged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"request_id" uuid
);
--> statement-breakpoint
ALTER TABLE "acknowledgement_request" ADD CONSTRAINT "acknowledgement_request_caregiver_id_caregiver_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregiver"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acknowledgement_request" ADD CONSTRAINT "acknowledgement_request_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acknowledgement_request" ADD CONSTRAINT "acknowledgement_request_user_account_id_user_account_id_fk" FOREIGN KEY ("user_account_id") REFERENCES "public"."user_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acknowledgement_request" ADD CONSTRAINT "acknowledgement_request_sent_by_user_account_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocol_acknowledgement" ADD CONSTRAINT "protocol_acknowledgement_protocol_id_protocol_id_fk" FOREIGN KEY ("protocol_id") REFERENCES "public"."protocol"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocol_acknowledgement" ADD CONSTRAINT "protocol_acknowledgement_caregiver_id_caregiver_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregiver"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocol_acknowledgement" ADD CONSTRAINT "protocol_acknowledgement_acknowledged_by_user_account_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocol_acknowledgement" ADD CONSTRAINT "protocol_acknowledgement_request_id_acknowledgement_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."acknowledgement_request"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "acknowledgement_request_token_idx" ON "acknowledgement_request" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "acknowledgement_request_client_idx" ON "acknowledgement_request" USING btree ("client_id","sent_at");--> statement-breakpoint
CREATE INDEX "acknowledgement_request_caregiver_idx" ON "acknowledgement_request" USING btree ("caregiver_id");--> statement-breakpoint
CREATE INDEX "acknowledgement_request_account_idx" ON "acknowledgement_request" USING btree ("user_account_id");--> statement-breakpoint
CREATE INDEX "acknowledgement_request_sent_by_idx" ON "acknowledgement_request" USING btree ("sent_by");--> statement-breakpoint
CREATE UNIQUE INDEX "protocol_acknowledgement_protocol_caregiver_idx" ON "protocol_acknowledgement" USING btree ("protocol_id","caregiver_id");--> statement-breakpoint
CREATE INDEX "protocol_acknowledgement_caregiver_idx" ON "protocol_acknowledgement" USING btree ("caregiver_id");--> statement-breakpoint
CREATE INDEX "protocol_acknowledgement_by_idx" ON "protocol_acknowledgement" USING btree ("acknowledged_by");--> statement-breakpoint
CREATE INDEX "protocol_acknowledgement_request_idx" ON "protocol_acknowledgement" USING btree ("request_id");