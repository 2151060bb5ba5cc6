CREATE TABLE "sales_client_months" (
	"month" date NOT NULL,
	"client_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"cost" numeric(18, 2) NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "sales_client_months_month_client_id_currency_id_pk" PRIMARY KEY("month","client_id","currency_id")
);
--> statement-breakpoint
CREATE TABLE "sales_daily" (
	"day" date NOT NULL,
	"client_id" integer NOT NULL,
	"client_type" smallint NOT NULL,
	"modification_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"quantity" bigint NOT NULL,
	"cost" numeric(18, 2) NOT NULL,
	"positions" integer NOT NULL,
	CONSTRAINT "sales_daily_day_client_id_client_type_modification_id_currency_id_pk" PRIMARY KEY("day","client_id","client_type","modification_id","currency_id")
);
--> statement-breakpoint
CREATE TABLE "sales_order_totals" (
	"order_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"day" date NOT NULL,
	"client_id" integer NOT NULL,
	"client_type" smallint NOT NULL,
	"quantity" bigint NOT NULL,
	"cost" numeric(18, 2) NOT NULL,
	"positions" integer NOT NULL,
	CONSTRAINT "sales_order_totals_order_id_currency_id_pk" PRIMARY KEY("order_id","currency_id")
);
--> statement-breakpoint
CREATE TABLE "stock_snapshots" (
	"day" date NOT NULL,
	"modification_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "stock_snapshots_day_modification_id_pk" PRIMARY KEY("day","modification_id")
);
--> statement-breakpoint
ALTER TABLE "client_reports" ADD COLUMN "day" date NOT NULL;--> statement-breakpoint
ALTER TABLE "client_reports" ADD COLUMN "client_type" smallint NOT NULL;--> statement-breakpoint
ALTER TABLE "client_reports" ADD COLUMN "totals" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_reports" ADD COLUMN "day" date NOT NULL;--> statement-breakpoint
CREATE INDEX "sales_order_totals_day_idx" ON "sales_order_totals" USING btree ("day","client_id","currency_id","cost");--> statement-breakpoint
CREATE INDEX "sales_order_totals_client_day_idx" ON "sales_order_totals" USING btree ("client_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "client_reports_client_day_uq" ON "client_reports" USING btree ("client_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "daily_reports_day_uq" ON "daily_reports" USING btree ("day");