import { hash, verify } from "@node-rs/argon2";

/** argon2id (the library's default algorithm) with its default, OWASP-level cost. */
export const hashPassword = (password: string): Promise<string> => hash(password);

// Verified against when the username is unknown, so a wrong name costs the same time as a wrong password.
const DECOY_HASH =
  "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$H1S2IpUexLL/Bl1sI3m6nrR9yzzYyR0bL1V2Sa4h0QM";

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash ?? DECOY_HASH, password);
  } catch {
    return false;
  }
}
