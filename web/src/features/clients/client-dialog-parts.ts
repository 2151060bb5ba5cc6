import { type ComponentType, createContext } from "react";

/**
 * What a client's dialog shows that other areas own: the market's hours as they stand for this client, and the
 * catalogue's brand names that the access rules choose from. Both areas build on clients (a schedule targets
 * clients, a modification is restricted to them), so clients cannot import them back: the shell hands them in
 * (app/ClientsSection.tsx). Without them (a test of the dialog alone) the dialog shows no hours and offers no
 * brand to add.
 */
export type ClientDialogParts = {
  /** A line such as «Маркет открыт до 18:00» for the client, or nothing. */
  MarketStatus: ComponentType<{ clientId: number }>;
  /** The brands to choose from, asked for when the dialog opens. */
  useBrandNames: () => string[];
};

export const ClientDialogPartsContext = createContext<ClientDialogParts>({
  MarketStatus: () => null,
  useBrandNames: () => [],
});
