import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import type { StoredObject } from './types';

/*
 * Stored format, version 1 (docs/decisions/0470-document-encryption-at-rest.md):
 *   header  = "CBPD" | 0x01 | salt (32 random bytes) | nonce prefix (7 random bytes)   44 bytes
 *   chunks  = AES-256-GCM(plaintext chunk) | tag (16)                                  repeated
 * Each plaintext chunk is CHUNK_BYTES long except the last, which holds 0..CHUNK_BYTES bytes and
 * is always present. The file key is HKDF-SHA256(master key, salt). Each chunk's nonce is
 * prefix | chunk counter (uint32 BE) | last flag (1 for the last chunk), and its additional
 * data is the header, so reordering, dropping or appending chunks fails authentication.
 */
export const CHUNK_BYTES = 64 * 1024;
const MAGIC = Buffer.from('CBPD', 'latin1');
const VERSION = 1;
const SALT_BYTES = 32;
const PREFIX_BYTES = 7;
export const HEADER_BYTES = MAGIC.length + 1 + SALT_BYTES + PREFIX_BYTES;
const TAG_BYTES = 16;
const SEALED_CHUNK_BYTES = CHUNK_BYTES + TAG_BYTES;
const MAX_CHUNKS = 2 ** 32;

export class DocumentIntegrityError extends Error {
  override name = 'DocumentIntegrityError';
}

function fileKey(masterKey: Buffer, salt: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', masterKey, salt, 'cbp-document-v1', 32));
}

function nonce(prefix: Buffer, counter: number, last: boolean): Buffer {
  const value = Buffer.alloc(12);
  prefix.copy(value, 0);
  value.writeUInt32BE(counter, PREFIX_BYTES);
  value[11] = last ? 1 : 0;
  return value;
}

/** Encrypts a plaintext stream into the stored format, holding at most two chunks. */
export function createEncryptStream(masterKey: Buffer): Transform {
  const salt = randomBytes(SALT_BYTES);
  const prefix = randomBytes(PREFIX_BYTES);
  const header = Buffer.concat([MAGIC, Buffer.from([VERSION]), salt, prefix]);
  const key = fileKey(masterKey, salt);
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let counter = 0;

  const sealChunk = (plaintext: Buffer, last: boolean): Buffer => {
    if (counter >= MAX_CHUNKS) throw new DocumentIntegrityError('document too large to encrypt');
    const cipher = createCipheriv('aes-256-gcm', key, nonce(prefix, counter, last));
    cipher.setAAD(header);
    counter += 1;
    return Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
  };

  return new Transform({
    construct(callback) {
      this.push(header);
      callback();
    },
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      try {
        // A chunk is only sealed once more data follows it: the last one must carry the flag.
        if (pendingBytes > CHUNK_BYTES) {
          const joined = pending.length === 1 ? chunk : Buffer.concat(pending, pendingBytes);
          let offset = 0;
          while (joined.length - offset > CHUNK_BYTES) {
            this.push(sealChunk(joined.subarray(offset, offset + CHUNK_BYTES), false));
            offset += CHUNK_BYTES;
          }
          pending = [joined.subarray(offset)];
          pendingBytes = joined.length - offset;
        }
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
    flush(callback: TransformCallback) {
      try {
        this.push(sealChunk(Buffer.concat(pending, pendingBytes), true));
        pending = [];
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
  });
}

/** Decrypts the stored format; errors on any alteration, truncation or appended bytes. */
export function createDecryptStream(masterKey: Buffer): Transform {
  let header: Buffer | undefined;
  let key: Buffer | undefined;
  let prefix: Buffer | undefined;
  let buffered: Buffer = Buffer.alloc(0);
  let counter = 0;

  const openChunk = (sealed: Buffer, last: boolean): Buffer => {
    if (header === undefined || key === undefined || prefix === undefined) {
      throw new DocumentIntegrityError('stored document has no header');
    }
    if (sealed.length < TAG_BYTES) throw new DocumentIntegrityError('stored document is cut short');
    const decipher = createDecipheriv('aes-256-gcm', key, nonce(prefix, counter, last));
    decipher.setAAD(header);
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    counter += 1;
    try {
      return Buffer.concat([
        decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)),
        decipher.final(),
      ]);
    } catch {
      throw new DocumentIntegrityError('stored document failed authentication');
    }
  };

  const readHeader = (): boolean => {
    if (header !== undefined) return true;
    if (buffered.length < HEADER_BYTES) return false;
    const candidate = buffered.subarray(0, HEADER_BYTES);
    if (!candidate.subarray(0, MAGIC.length).equals(MAGIC) || candidate[MAGIC.length] !== VERSION) {
      throw new DocumentIntegrityError('stored document has an unknown format');
    }
    header = Buffer.from(candidate);
    const salt = header.subarray(MAGIC.length + 1, MAGIC.length + 1 + SALT_BYTES);
    prefix = header.subarray(MAGIC.length + 1 + SALT_BYTES);
    key = fileKey(masterKey, salt);
    buffered = buffered.subarray(HEADER_BYTES);
    return true;
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
      try {
        if (readHeader()) {
          // Keep at least one sealed chunk back: only the end of the stream says which is last.
          while (buffered.length > SEALED_CHUNK_BYTES) {
            this.push(openChunk(buffered.subarray(0, SEALED_CHUNK_BYTES), false));
            buffered = buffered.subarray(SEALED_CHUNK_BYTES);
          }
        }
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
    flush(callback: TransformCallback) {
      try {
        if (!readHeader()) throw new DocumentIntegrityError('stored document is cut short');
        this.push(openChunk(buffered, true));
        buffered = Buffer.alloc(0);
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
  });
}

/** Passes the plaintext through while counting its bytes and hashing it. */
export function createMeasureStream(): { stream: Transform; result(): StoredObject } {
  const hash = createHash('sha256');
  let size = 0;
  let digest: string | undefined;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      size += chunk.length;
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  return {
    stream,
    result() {
      digest ??= hash.digest('hex');
      return { size, sha256: digest };
    },
  };
}
