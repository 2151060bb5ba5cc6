import type {
  TBulkAvailable,
  TModificationCreate,
  TModificationUpdate,
  TQuantityDelta,
} from "@wholesale/contract";
import type { Db } from "../../db/client.ts";
import { getModification } from "./catalogue-shared.ts";
import { changeQuantity } from "./modifications/change-quantity.ts";
import { createModification } from "./modifications/create-modification.ts";
import { deleteModification } from "./modifications/delete-modification.ts";
import { editModification } from "./modifications/edit-modification.ts";
import { listModifications } from "./modifications/list-modifications.ts";
import { searchModifications } from "./modifications/search-modifications.ts";
import { setAvailability } from "./modifications/set-availability.ts";

/** The catalogue's modifications: their fields, restrictions, stock and availability. */
export function createModificationService({ db }: { db: Db }) {
  return {
    listModifications: (product: number) => listModifications(db, product),
    searchModifications: (q: string, product?: number) => searchModifications(db, q, product),
    getModification: (id: number) => getModification(db, id),
    createModification: (data: TModificationCreate) => createModification(db, data),
    updateModification: (id: number, input: TModificationUpdate) => editModification(db, id, input),
    deleteModification: (id: number) => deleteModification(db, id),
    changeQuantity: (delta: TQuantityDelta) => changeQuantity(db, delta),
    setAvailable: (input: TBulkAvailable) => setAvailability(db, input),
  };
}
