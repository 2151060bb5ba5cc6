ALTER TABLE "order_rate_buckets" ADD COLUMN "changes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- What the ordering service keeps in memory (modules/ordering/ordering-cache.ts) is announced on the channel
-- ordering_cache whenever it changes, whoever changes it (the back-office, an import, a job, plain SQL), so
-- every instance forgets its copy within a moment: 'schedules' (the market's), 'client:<id>' (a client as the
-- rules read it, with its access rules), 'clients' (groups: every client's surcharge), 'modification:<id>' (a
-- modification's names, flags, tiers, exclusive entry and addition) and 'catalogue' (products, brands and
-- currencies: every modification's). Row triggers, so a statement that changes no row says nothing, and a
-- statement that changes many says each payload once (PostgreSQL folds equal notifications of a transaction).
-- Only the columns the copies hold wake them: a tap's stock UPDATE or an exclusive pool's move, a client's
-- reachability mark, say nothing.
CREATE FUNCTION ordering_cache_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0]: the payload, or its prefix when TG_ARGV[1] names the column whose value follows it.
  IF TG_NARGS = 1 THEN
    PERFORM pg_notify('ordering_cache', TG_ARGV[0]);
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('ordering_cache', TG_ARGV[0] || ':' || (to_jsonb(OLD) ->> TG_ARGV[1]));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('ordering_cache', TG_ARGV[0] || ':' || (to_jsonb(NEW) ->> TG_ARGV[1]));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER market_schedules_ordering_cache AFTER INSERT OR UPDATE OR DELETE ON market_schedules
  FOR EACH ROW EXECUTE FUNCTION ordering_cache_changed('schedules');
--> statement-breakpoint
CREATE TRIGGER time_intervals_ordering_cache AFTER INSERT OR UPDATE OR DELETE ON time_intervals
  FOR EACH ROW EXECUTE FUNCTION ordering_cache_changed('schedules');
--> statement-breakpoint
CREATE TRIGGER market_schedule_groups_ordering_cache AFTER INSERT OR UPDATE OR DELETE ON market_schedule_groups
  FOR EACH ROW EXECUTE FUNCTION ordering_cache_changed('schedules');
--> statement-breakpoint
CREATE TRIGGER market_schedule_transportations_ordering_cache
  AFTER INSERT OR UPDATE OR DELETE ON market_schedule_transportations
  FOR EACH ROW EXECUTE FUNCTION ordering_cache_changed('schedules');
--> statement-breakpoint
CREATE TRIGGER market_schedule_clients_ordering_cache AFTER INSERT OR UPDATE OR DELETE ON market_schedule_clients
  FOR EACH ROW EXECUTE FUNCTION ordering_cache_changed('schedules');
--> statement-breakpoint
-- A new client is read when first asked for: only changes and deletions can make a copy stale.
CREATE TRIGGER clients_ordering_cache AFTER UPDATE ON clients
  FOR EACH ROW WHEN (
    OLD.client_type IS DISTINCT FROM NEW.client_type OR OLD.permanent_banned IS DISTINCT FROM NEW.permanent_banned
    OR OLD.banned IS DISTINCT FROM NEW.banned OR OLD.is_active IS DISTINCT FROM NEW.is_active
    OR OLD.offline IS DISTINCT FROM NEW.offline OR OLD.group_id IS DISTINCT FROM NEW.group_id
    OR OLD.transportation_id IS DISTINCT FROM NEW.transportation_id
    OR OLD.allowed_price IS DISTINCT FROM NEW.allowed_price
    OR OLD.allowed_price_w_markup IS DISTINCT FROM NEW.allowed_price_w_markup
    OR OLD.client_small_wholesale IS DISTINCT FROM NEW.client_small_wholesale
    OR OLD.client_large_wholesale IS DISTINCT FROM NEW.client_large_wholesale
  ) EXECUTE FUNCTION ordering_cache_changed('client', 'id');
--> statement-breakpoint
CREATE TRIGGER clients_deleted_ordering_cache AFTER DELETE ON clients
  FOR EACH ROW EXECUTE FUNCTION ordering_cache_changed('client', 'id');
--> statement-breakpoint
CREATE TRIGGER access_rules_ordering_cache AFTER INSERT OR UPDATE OR DELETE ON access_rules
  FOR EACH ROW EXECUTE FUNCTION ordering_cache_changed('client', 'client_id');
--> statement-breakpoint
CREATE TRIGGER client_groups_ordering_cache AFTER UPDATE OR DELETE ON client_groups
  FOR EACH ROW EXECUTE FUNCTION ordering_cache_changed('clients');
--> statement-breakpoint
CREATE TRIGGER modifications_ordering_cache AFTER UPDATE ON modifications
  FOR EACH ROW WHEN (
    OLD.product_id IS DISTINCT FROM NEW.product_id OR OLD.name IS DISTINCT FROM NEW.name
    OR OLD.specifications IS DISTINCT FROM NEW.specifications
    OR OLD.available_small_wholesale IS DISTINCT FROM NEW.available_small_wholesale
    OR OLD.available_large_wholesale IS DISTINCT FROM NEW.available_large_wholesale
    OR OLD.one_hand_quantity IS DISTINCT FROM NEW.one_hand_quantity OR OLD.exclusive IS DISTINCT FROM NEW.exclusive
  ) EXECUTE FUNCTION ordering_cache_changed('modification', 'id');
--> statement-breakpoint
CREATE TRIGGER modifications_deleted_ordering_cache AFTER DELETE ON modifications
  FOR EACH ROW EXECUTE FUNCTION ordering_cache_changed('modification', 'id');
--> statement-breakpoint
CREATE TRIGGER price_tiers_ordering_cache AFTER INSERT OR UPDATE OR DELETE ON price_tiers
  FOR EACH ROW EXECUTE FUNCTION ordering_cache_changed('modification', 'modification_id');
--> statement-breakpoint
CREATE TRIGGER additions_ordering_cache AFTER INSERT OR UPDATE OR DELETE ON additions
  FOR EACH ROW EXECUTE FUNCTION ordering_cache_changed('modification', 'modification_id');
--> statement-breakpoint
-- An exclusive entry's pool is the stock the bot may sell: read on every tap, never kept.
CREATE TRIGGER exclusives_ordering_cache AFTER INSERT OR DELETE ON exclusives
  FOR EACH ROW EXECUTE FUNCTION ordering_cache_changed('modification', 'modification_id');
--> statement-breakpoint
CREATE TRIGGER exclusives_changed_ordering_cache AFTER UPDATE ON exclusives
  FOR EACH ROW WHEN (
    OLD.modification_id IS DISTINCT FROM NEW.modification_id OR OLD.ratio IS DISTINCT FROM NEW.ratio
  ) EXECUTE FUNCTION ordering_cache_changed('modification', 'modification_id');
--> statement-breakpoint
CREATE TRIGGER products_ordering_cache AFTER UPDATE OR DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION ordering_cache_changed('catalogue');
--> statement-breakpoint
CREATE TRIGGER brands_ordering_cache AFTER UPDATE OR DELETE ON brands
  FOR EACH ROW EXECUTE FUNCTION ordering_cache_changed('catalogue');
--> statement-breakpoint
CREATE TRIGGER currencies_ordering_cache AFTER UPDATE OR DELETE ON currencies
  FOR EACH ROW EXECUTE FUNCTION ordering_cache_changed('catalogue');
