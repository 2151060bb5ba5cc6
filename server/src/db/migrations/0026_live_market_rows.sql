-- The market's tables announce `market` per changed row rather than per statement: a statement fires its
-- trigger even when it changes nothing, and the market job's every-15-s close of expired hand openings (an
-- UPDATE that mostly matches no row) told every screen the market had changed, four times a minute.
-- PostgreSQL sends identical payloads of one transaction once, so a statement over many rows is still one event;
-- TRUNCATE has no rows and keeps its statement trigger.
DROP TRIGGER market_schedules_live ON market_schedules;
--> statement-breakpoint
CREATE TRIGGER market_schedules_live AFTER INSERT OR UPDATE OR DELETE ON market_schedules
  FOR EACH ROW EXECUTE FUNCTION live_table_changed('market');
--> statement-breakpoint
CREATE TRIGGER market_schedules_live_truncate AFTER TRUNCATE ON market_schedules
  FOR EACH STATEMENT EXECUTE FUNCTION live_table_changed('market');
--> statement-breakpoint
DROP TRIGGER time_intervals_live ON time_intervals;
--> statement-breakpoint
CREATE TRIGGER time_intervals_live AFTER INSERT OR UPDATE OR DELETE ON time_intervals
  FOR EACH ROW EXECUTE FUNCTION live_table_changed('market');
--> statement-breakpoint
CREATE TRIGGER time_intervals_live_truncate AFTER TRUNCATE ON time_intervals
  FOR EACH STATEMENT EXECUTE FUNCTION live_table_changed('market');
--> statement-breakpoint
DROP TRIGGER market_schedule_groups_live ON market_schedule_groups;
--> statement-breakpoint
CREATE TRIGGER market_schedule_groups_live AFTER INSERT OR UPDATE OR DELETE ON market_schedule_groups
  FOR EACH ROW EXECUTE FUNCTION live_table_changed('market');
--> statement-breakpoint
DROP TRIGGER market_schedule_transportations_live ON market_schedule_transportations;
--> statement-breakpoint
CREATE TRIGGER market_schedule_transportations_live AFTER INSERT OR UPDATE OR DELETE ON market_schedule_transportations
  FOR EACH ROW EXECUTE FUNCTION live_table_changed('market');
--> statement-breakpoint
DROP TRIGGER market_schedule_clients_live ON market_schedule_clients;
--> statement-breakpoint
CREATE TRIGGER market_schedule_clients_live AFTER INSERT OR UPDATE OR DELETE ON market_schedule_clients
  FOR EACH ROW EXECUTE FUNCTION live_table_changed('market');
