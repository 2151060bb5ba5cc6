ALTER TABLE "brands" ADD COLUMN "exclusive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "exclusive_ratio" numeric(10, 4) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "exclusive_percent" numeric(5, 2) DEFAULT 0 NOT NULL;