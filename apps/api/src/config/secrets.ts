import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, type AppConfig } from './types';

/**
 * In embedded mode the signing secret is generated once and kept beside the data, so
 * sessions survive a restart without asking the user to configure anything.
 */
export async function resolveJwtSecret(config: AppConfig): Promise<string> {
  if (config.jwtSecret !== undefined) return config.jwtSecret;
  if (config.production) throw new ConfigError('Falta JWT_SECRET');
  return generatedSecret(config.dataDir, 'jwt-secret');
}

/**
 * The key that encrypts stored documents: STORAGE_KEY, or in embedded mode one generated once
 * and kept beside the data. Losing it makes every stored document unreadable.
 */
export async function resolveStorageKey(config: AppConfig): Promise<string> {
  if (config.storage.key !== undefined) return config.storage.key;
  if (config.production) throw new ConfigError('Falta STORAGE_KEY');
  return generatedSecret(config.dataDir, 'storage-key');
}

async function generatedSecret(dataDir: string, fileName: string): Promise<string> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, fileName);
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return secret;
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}
