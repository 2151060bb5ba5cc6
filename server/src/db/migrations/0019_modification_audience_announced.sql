-- A modification's audience (the clients, groups and directions it is restricted to) is kept in memory with the
-- rest of what only staff change (modules/ordering/ordering-cache.ts: 'modification:<id>'), so an add judges
-- whether the client sees it without probing these tables: a change of them is announced like a tier's.
CREATE TRIGGER modification_clients_ordering_cache AFTER INSERT OR UPDATE OR DELETE ON modification_clients
  FOR EACH ROW EXECUTE FUNCTION ordering_cache_changed('modification', 'modification_id');
--> statement-breakpoint
CREATE TRIGGER modification_groups_ordering_cache AFTER INSERT OR UPDATE OR DELETE ON modification_groups
  FOR EACH ROW EXECUTE FUNCTION ordering_cache_changed('modification', 'modification_id');
--> statement-breakpoint
CREATE TRIGGER modification_transportations_ordering_cache
  AFTER INSERT OR UPDATE OR DELETE ON modification_transportations
  FOR EACH ROW EXECUTE FUNCTION ordering_cache_changed('modification', 'modification_id');
