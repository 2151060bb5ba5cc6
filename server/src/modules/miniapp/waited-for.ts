/**
 * Which of `modificationIds` the client waits to hear about («Сообщить о поступлении»): the stock-waits
 * module's lookup, handed in where the services are built (that module answers on this one's routes, so it
 * cannot be imported here).
 */
export type WaitedFor = (
  clientId: number,
  modificationIds: readonly number[],
) => Promise<ReadonlySet<number>>;

/** No waits at all: for a service built only to add (a list's send), which shows no row or card. */
export const noWaits: WaitedFor = async () => new Set();
