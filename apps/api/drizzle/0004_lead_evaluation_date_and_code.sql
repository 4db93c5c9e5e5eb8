ALTER TABLE "leads" ADD COLUMN "evaluation_date" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "closed_code" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "rules_version" text;