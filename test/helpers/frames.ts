// Marker frames: the realtime transport tests send them through the publisher to see where frames go. They are not
// frames of the contract (spec/realtime), so production's Frame type does not name them; the gateways forward any
// JSON object, so one passes through as any frame would.
import type { Frame } from "../../server/src/platform/realtime/publisher.ts";

/** A `test:*` frame with `fields`, typed as a Frame for the publisher. */
export const marker = (type: `test:${string}`, fields: Record<string, unknown> = {}): Frame => ({ type, ...fields }) as unknown as Frame;
