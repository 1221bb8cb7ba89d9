// The contract's types, generated from spec/ by `npm run gen` (never retyped here). The build
// (scripts/build-sdk.mjs) copies generated/api.d.ts into dist/generated/, so the package carries its own types.
export type { paths, components } from "../../generated/api.d.ts";
