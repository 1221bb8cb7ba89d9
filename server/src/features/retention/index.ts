// The retention feature as the composition root sees it: the scheduled job that deletes old rows.
export { RetentionJob } from "./service.ts";
