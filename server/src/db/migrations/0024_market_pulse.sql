CREATE TABLE "market_pulse" (
	"second" timestamp with time zone NOT NULL,
	"kind" varchar(32) NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "market_pulse_second_kind_pk" PRIMARY KEY("second","kind")
);
--> statement-breakpoint
ALTER TABLE "market_schedules" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "order_positions_created_idx" ON "order_positions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_opened_at_idx" ON "orders" USING btree ("opened_at");