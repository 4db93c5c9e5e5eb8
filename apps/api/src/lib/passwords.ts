import { hash, verify } from '@node-rs/argon2';

// The library's default algorithm is argon2id; these are OWASP's first argon2id profile:
// 19 MiB, 2 passes, 1 lane (about 12 ms per hash on a small server).
const options = {
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password; with no stored hash it still spends the same time on a dummy hash so
 * the answer's timing does not reveal whether an account exists.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    dummyHash ??= hashPassword('contraseña-de-relleno-para-igualar-tiempos');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
