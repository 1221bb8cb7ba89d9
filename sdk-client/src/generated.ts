// The contract's types, generated from spec/ by `npm run gen` (generated/api.d.ts). The build copies that file
// into dist/ and points this re-export at the copy, so the published package carries its own types.
export type { paths, components } from "../../generated/api.d.ts";
