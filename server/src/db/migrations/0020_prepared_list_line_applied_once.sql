ALTER TABLE "prepared_list_applied" ADD COLUMN "line_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "prepared_list_applied_line_idx" ON "prepared_list_applied" USING btree ("line_id");