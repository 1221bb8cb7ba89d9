// Account rules the contract's schema states for register, applied where no schema validates (availability checks).
export const usernameAllowed = (u: string): boolean => /^[A-Za-z0-9_.]{3,32}$/.test(u);
