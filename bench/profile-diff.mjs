// Two CPU profiles of the same load side by side, per unit of work: where the service spends more than a floor
// (bench/floors/). Each profile's self time is divided by the units it served (requests, chains), so the columns
// are µs per unit whatever the two rates were; rows are sorted by the difference.
//   node bench/profile-diff.mjs <ours.cpuprofile> <units> <floor.cpuprofile> <units> [rows=30]
// PROFILE_WINDOW_S: only each profile's busiest window of that many seconds (whole-process profiles from
// BENCH_SERVER_ARGS / BENCH_STACK_FLOOR_ARGS, whose start-up and idle waits would otherwise count).
import { area, functionKey, readProfile } from "./profile-read.mjs";

const [oursFile, oursUnits, floorFile, floorUnits, rowsArg] = process.argv.slice(2);
if (!floorUnits) {
  console.error("usage: node bench/profile-diff.mjs <ours.cpuprofile> <units> <floor.cpuprofile> <units> [rows=30]");
  process.exit(2);
}
const windowS = Number(process.env.PROFILE_WINDOW_S ?? 0);
const rows = Number(rowsArg ?? 30);

/** µs per unit, by area and by function. */
function perUnit(file, units) {
  const { byId, self, isIdle } = readProfile(file, windowS);
  const byArea = new Map();
  const byFunction = new Map();
  for (const [id, t] of self) {
    const n = byId.get(id);
    if (isIdle(n)) continue;
    const add = (m, k) => m.set(k, (m.get(k) ?? 0) + t / units);
    add(byArea, area(n));
    add(byFunction, functionKey(n));
  }
  return { byArea, byFunction };
}

const ours = perUnit(oursFile, Number(oursUnits));
const floor = perUnit(floorFile, Number(floorUnits));
const sum = (m) => [...m.values()].reduce((a, b) => a + b, 0);
const fmt = (v) => v.toFixed(1).padStart(7);

for (const [title, a, b] of [
  ["by area", ours.byArea, floor.byArea],
  ["by function (self)", ours.byFunction, floor.byFunction],
]) {
  console.log(`\n${title}: ours ${sum(a).toFixed(0)} µs per unit, floor ${sum(b).toFixed(0)} µs per unit`);
  console.log(`${"ours−floor".padStart(10)} ${"ours".padStart(7)} ${"floor".padStart(7)}`);
  const keys = [...new Set([...a.keys(), ...b.keys()])].map((k) => [k, a.get(k) ?? 0, b.get(k) ?? 0]);
  keys.sort((x, y) => y[1] - y[2] - (x[1] - x[2]));
  const show = (k) => console.log(`${fmt(k[1] - k[2]).padStart(10)} ${fmt(k[1])} ${fmt(k[2])}  ${k[0]}`);
  keys.slice(0, rows).forEach(show);
  console.log("  … where the floor spends more:");
  keys.slice(-Math.min(8, Math.max(0, keys.length - rows))).forEach(show);
}
