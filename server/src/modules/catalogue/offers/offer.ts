/** One price tier of an offer, as the file states it and as it is compared with the stored one. */
export type TierRow = { quantityFrom: number; small: number; large: number; currencyId: number };

/** A modification as the offers file states it: its names, the stock to set and its tiers. */
export type Offer = {
  brand: string;
  product: string;
  modification: string;
  quantity: number;
  firstRow: number;
  tiers: TierRow[];
};

/** A map key of several names that no name's own characters can fake. */
export const keyOf = (...parts: string[]) => JSON.stringify(parts);
