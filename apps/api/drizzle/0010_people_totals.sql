CREATE TABLE "people_total_delta" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "people_total_delta_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"list" text NOT NULL,
	"archived" boolean NOT NULL,
	"needs_review" boolean NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "people_total" (
	"list" text NOT NULL,
	"archived" boolean NOT NULL,
	"needs_review" boolean NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "people_total_list_archived_needs_review_pk" PRIMARY KEY("list","archived","needs_review")
);
--> statement-breakpoint
-- Hand-written below (drizzle-kit cannot express triggers): keep it when regenerating this migration.
-- Exact totals of the client and caregiver lists per (archived, needs_review), kept by statement-level
-- triggers in the writing transaction (docs/decisions/0020-list-totals.md). For each (archived,
-- needs_review) pair a statement changed, the trigger takes the pair's counter row if it is free
-- (SKIP LOCKED: it never waits) and adds its change plus every pending delta of the pair to it; when
-- another open transaction holds the row it writes its change as a delta row instead. So writers never
-- block or deadlock on a counter, and total = counter row + pending deltas, exact in every snapshot.
CREATE FUNCTION "people_total_add"(list_name text, is_archived boolean, is_needs_review boolean, delta bigint)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM people_total
  WHERE list = list_name AND archived = is_archived AND needs_review = is_needs_review
  FOR UPDATE SKIP LOCKED;
  IF FOUND THEN
    WITH folded AS (
      DELETE FROM people_total_delta
      WHERE list = list_name AND archived = is_archived AND needs_review = is_needs_review
      RETURNING n
    )
    UPDATE people_total SET n = n + delta + (SELECT coalesce(sum(folded.n), 0) FROM folded)
    WHERE list = list_name AND archived = is_archived AND needs_review = is_needs_review;
  ELSE
    INSERT INTO people_total_delta (list, archived, needs_review, n)
    VALUES (list_name, is_archived, is_needs_review, delta);
  END IF;
END
$$;--> statement-breakpoint
CREATE FUNCTION "people_total_track"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change record;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    -- TRUNCATE holds the table exclusively: no other transaction has uncommitted rows in it.
    DELETE FROM people_total_delta WHERE list = TG_TABLE_NAME;
    UPDATE people_total SET n = 0 WHERE list = TG_TABLE_NAME;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    FOR change IN
      SELECT archived, needs_review, count(*) AS delta FROM new_rows GROUP BY archived, needs_review
    LOOP
      PERFORM people_total_add(TG_TABLE_NAME, change.archived, change.needs_review, change.delta);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR change IN
      SELECT archived, needs_review, count(*) AS delta FROM old_rows GROUP BY archived, needs_review
    LOOP
      PERFORM people_total_add(TG_TABLE_NAME, change.archived, change.needs_review, -change.delta);
    END LOOP;
  ELSE
    FOR change IN
      SELECT archived, needs_review, sum(delta) AS delta FROM (
        SELECT archived, needs_review, 1 AS delta FROM new_rows
        UNION ALL
        SELECT archived, needs_review, -1 AS delta FROM old_rows
      ) AS changes
      GROUP BY archived, needs_review HAVING sum(delta) <> 0
    LOOP
      PERFORM people_total_add(TG_TABLE_NAME, change.archived, change.needs_review, change.delta);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
INSERT INTO "people_total" ("list", "archived", "needs_review", "n")
SELECT list, archived, needs_review, 0
FROM (VALUES ('client'), ('caregiver')) AS lists (list)
CROSS JOIN (VALUES (false), (true)) AS a (archived)
CROSS JOIN (VALUES (false), (true)) AS r (needs_review);--> statement-breakpoint
-- Triggers first (each locks its table against writes until this migration commits), then the counts.
CREATE TRIGGER "client_total_insert" AFTER INSERT ON "client" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION people_total_track();--> statement-breakpoint
CREATE TRIGGER "client_total_update" AFTER UPDATE ON "client" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION people_total_track();--> statement-breakpoint
CREATE TRIGGER "client_total_delete" AFTER DELETE ON "client" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION people_total_track();--> statement-breakpoint
CREATE TRIGGER "client_total_truncate" AFTER TRUNCATE ON "client"
  FOR EACH STATEMENT EXECUTE FUNCTION people_total_track();--> statement-breakpoint
CREATE TRIGGER "caregiver_total_insert" AFTER INSERT ON "caregiver" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION people_total_track();--> statement-breakpoint
CREATE TRIGGER "caregiver_total_update" AFTER UPDATE ON "caregiver" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION people_total_track();--> statement-breakpoint
CREATE TRIGGER "caregiver_total_delete" AFTER DELETE ON "caregiver" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION people_total_track();--> statement-breakpoint
CREATE TRIGGER "caregiver_total_truncate" AFTER TRUNCATE ON "caregiver"
  FOR EACH STATEMENT EXECUTE FUNCTION people_total_track();--> statement-breakpoint
UPDATE "people_total" AS t SET n = c.n
FROM (SELECT archived, needs_review, count(*) AS n FROM "client" GROUP BY archived, needs_review) AS c
WHERE t.list = 'client' AND t.archived = c.archived AND t.needs_review = c.needs_review;--> statement-breakpoint
UPDATE "people_total" AS t SET n = c.n
FROM (SELECT archived, needs_review, count(*) AS n FROM "caregiver" GROUP BY archived, needs_review) AS c
WHERE t.list = 'caregiver' AND t.archived = c.archived AND t.needs_review = c.needs_review;
