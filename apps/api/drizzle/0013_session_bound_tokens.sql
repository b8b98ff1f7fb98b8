CREATE TABLE "auth_sign_in_failure" (
	"email" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "api_refresh_token_session_idx" ON "api_refresh_token" USING btree ("session_id");--> statement-breakpoint
-- Custom SQL (issue 17 item 1): an API token family issued from a browser session ends with it. Whatever deletes
-- the session row (sign-out in any tab, the server's idle or absolute end, revocation, password change or reset,
-- deactivation) revokes the family's live refresh tokens as `session_ended`; bearer.ts then refuses its access
-- tokens at once.
CREATE OR REPLACE FUNCTION api_refresh_token_end_with_session() RETURNS trigger AS $$
BEGIN
  UPDATE api_refresh_token SET revoked_at = now(), revoked_reason = 'session_ended'
    WHERE session_id = OLD.id AND revoked_at IS NULL;
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER auth_session_ends_api_tokens
  AFTER DELETE ON auth_session
  FOR EACH ROW EXECUTE FUNCTION api_refresh_token_end_with_session();
--> statement-breakpoint
-- Backfill: families whose session is already gone end now.
UPDATE api_refresh_token SET revoked_at = now(), revoked_reason = 'session_ended'
  WHERE session_id IS NOT NULL AND revoked_at IS NULL
    AND NOT EXISTS (SELECT 1 FROM auth_session WHERE auth_session.id = api_refresh_token.session_id);
