// Domain rules of the Delivery Service that the schema cannot say.

/** Each requested user once (the caller's own device is excluded by the claim itself: it is already in the group). */
export const claimableUsers = (requested: string[]): string[] => [...new Set(requested)];

/** Welcome recipients: named once each, at most the ones the commit names. */
export const welcomeRecipients = (deviceIds: string[] | undefined): string[] => [...new Set(deviceIds ?? [])];
