// What other areas may use of the catalogue: its brands. The rest of this folder is the «Каталог» screen's own.
export { allBrandsQuery, useBrandNames } from "./api.ts";
