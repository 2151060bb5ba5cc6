/** One client's one order step: a quantity confirmed at the price its confirm screen showed. */
export type Step = { clientId: number; modificationId: number; quantity: number; price: number };
