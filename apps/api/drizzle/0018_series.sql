CREATE TABLE "euribor_months" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "euribor_months_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"month" text NOT NULL,
	"thousandths" integer NOT NULL,
	"reference" text NOT NULL,
	"supersedes" bigint,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iprem_years" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "iprem_years_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"year" integer NOT NULL,
	"monthly_cents" integer NOT NULL,
	"annual12_cents" integer NOT NULL,
	"annual14_cents" integer NOT NULL,
	"reference" text NOT NULL,
	"supersedes" bigint,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "euribor_months" ADD CONSTRAINT "euribor_months_supersedes_euribor_months_id_fk" FOREIGN KEY ("supersedes") REFERENCES "public"."euribor_months"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "euribor_months" ADD CONSTRAINT "euribor_months_added_by_staff_members_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iprem_years" ADD CONSTRAINT "iprem_years_supersedes_iprem_years_id_fk" FOREIGN KEY ("supersedes") REFERENCES "public"."iprem_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iprem_years" ADD CONSTRAINT "iprem_years_added_by_staff_members_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "euribor_months_first_idx" ON "euribor_months" USING btree ("month") WHERE "euribor_months"."supersedes" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "euribor_months_supersedes_idx" ON "euribor_months" USING btree ("supersedes");--> statement-breakpoint
CREATE UNIQUE INDEX "iprem_years_first_idx" ON "iprem_years" USING btree ("year") WHERE "iprem_years"."supersedes" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "iprem_years_supersedes_idx" ON "iprem_years" USING btree ("supersedes");--> statement-breakpoint
CREATE FUNCTION "series_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % is not allowed (a correction is a new row)', TG_TABLE_NAME, TG_OP;
END
$$;--> statement-breakpoint
CREATE TRIGGER "euribor_months_no_update_or_delete" BEFORE UPDATE OR DELETE ON "euribor_months" FOR EACH ROW EXECUTE FUNCTION "series_append_only"();--> statement-breakpoint
CREATE TRIGGER "euribor_months_no_truncate" BEFORE TRUNCATE ON "euribor_months" FOR EACH STATEMENT EXECUTE FUNCTION "series_append_only"();--> statement-breakpoint
CREATE TRIGGER "iprem_years_no_update_or_delete" BEFORE UPDATE OR DELETE ON "iprem_years" FOR EACH ROW EXECUTE FUNCTION "series_append_only"();--> statement-breakpoint
CREATE TRIGGER "iprem_years_no_truncate" BEFORE TRUNCATE ON "iprem_years" FOR EACH STATEMENT EXECUTE FUNCTION "series_append_only"();
