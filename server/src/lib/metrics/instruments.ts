import { Gauge, type Registry } from "prom-client";

/** Every metric of the product's own starts with it. */
export const PREFIX = "wholesale_";

/** A gauge set from `read` at each scrape, from state the process holds (no database read). */
export function scrapeGauge(registry: Registry, name: string, help: string, read: () => number): void {
  new Gauge({
    name: `${PREFIX}${name}`,
    help,
    registers: [registry],
    collect() {
      this.set(read());
    },
  });
}
