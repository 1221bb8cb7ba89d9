// The SDKs as npm would publish them: both are packed once (`npm pack`, whose prepack builds dist/), then each
// tarball must pass publint (strict: warnings fail too) and @arethetypeswrong/cli with the ESM-only profile
// (the packages are ESM; `require()` works where Node loads ESM synchronously), and TypeDoc must find every export
// documented (typedoc.json in each SDK: notDocumented, warnings as errors; nothing is written, and no source links:
// a clone whose remote is a local path would make TypeDoc warn that they are broken).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const bin = (name) => join(root, "node_modules", ".bin", name);
const run = (cmd, args, cwd = root) => execFileSync(cmd, args, { cwd, stdio: ["ignore", "inherit", "inherit"] });
const work = mkdtempSync(join(tmpdir(), "parley-packages-"));
try {
  execFileSync("npm", ["pack", "-w", "sdk-bot", "-w", "sdk-client", "--pack-destination", work, "--loglevel=error"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const tarballs = readdirSync(work).filter((f) => f.endsWith(".tgz"));
  if (tarballs.length !== 2) throw new Error(`expected two tarballs, got ${tarballs.join(", ") || "none"}`);
  for (const t of tarballs) {
    run(bin("publint"), ["run", join(work, t), "--strict", "--level", "suggestion"]);
    run(bin("attw"), [join(work, t), "--profile", "esm-only", "--format", "table-flipped", "--quiet"]);
  }
  for (const sdk of ["sdk-bot", "sdk-client"])
    run(bin("typedoc"), ["--emit", "none", "--logLevel", "Warn", "--disableSources"], join(root, sdk));
  console.log(`packages: ${tarballs.join(", ")} pass publint, attw (esm-only) and TypeDoc's notDocumented`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
