CREATE TABLE "payment_sandbox_payments" (
	"payment_intent_id" text PRIMARY KEY NOT NULL,
	"charge_id" text NOT NULL,
	"session_id" text NOT NULL,
	"invoice_id" text,
	"billing_reason" text,
	"amount_cents" integer NOT NULL,
	"amount_refunded_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_sandbox_payments_charge_id_unique" UNIQUE("charge_id"),
	CONSTRAINT "payment_sandbox_payments_invoice_id_unique" UNIQUE("invoice_id")
);
--> statement-breakpoint
CREATE TABLE "payment_sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_sandbox_refunds_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "payment_sandbox_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"plan" text NOT NULL,
	"mode" text NOT NULL,
	"amount_total_cents" integer NOT NULL,
	"monthly_cents" integer,
	"currency" text NOT NULL,
	"client_reference_id" text NOT NULL,
	"customer_email" text,
	"metadata" jsonb NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"customer_id" text,
	"payment_intent_id" text,
	"invoice_id" text,
	"subscription_id" text,
	"subscription_status" text,
	"schedule_id" text,
	"scheduled_invoices" integer,
	"open_invoice_id" text,
	"open_invoice_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payment_sandbox_sessions_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payment_sandbox_sessions_subscription_id_unique" UNIQUE("subscription_id")
);
--> statement-breakpoint
ALTER TABLE "payment_sandbox_payments" ADD CONSTRAINT "payment_sandbox_payments_session_id_payment_sandbox_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."payment_sandbox_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_sandbox_refunds" ADD CONSTRAINT "payment_sandbox_refunds_payment_intent_id_payment_sandbox_payments_payment_intent_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."payment_sandbox_payments"("payment_intent_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_sandbox_payments_session_idx" ON "payment_sandbox_payments" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_sandbox_refunds_payment_idx" ON "payment_sandbox_refunds" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "payment_sandbox_sessions_created_at_idx" ON "payment_sandbox_sessions" USING btree ("created_at");