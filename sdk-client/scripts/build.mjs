// Builds dist/ with the repository's shared modules bundled in (see scripts/build-sdk.mjs). npm run build -w sdk-client
import { execFileSync } from "node:child_process";
import { join } from "node:path";

const pkg = join(import.meta.dirname, "..");
execFileSync(process.execPath, [join(pkg, "..", "scripts", "build-sdk.mjs"), pkg], { stdio: "inherit" });
