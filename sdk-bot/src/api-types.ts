// The contract's types, generated from spec/ by `npm run gen` (never retyped here). The build copies
// generated/api.d.ts into dist/generated/ and points the published declarations at that copy.
export type { paths, components } from "../../generated/api.d.ts";
