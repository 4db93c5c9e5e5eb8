import type { Readable } from 'node:stream';
import type { AppContext } from '../../context';
import { recordAudit, type AuditEvent } from './service';

/**
 * Opens a stored file for the firm. The opening is audited before any byte leaves: when the
 * entry cannot be written the file is closed and nothing is sent.
 */
export async function openAudited(
  ctx: AppContext,
  storageKey: string,
  event: AuditEvent,
): Promise<Readable> {
  const content = await ctx.storage.get(storageKey);
  try {
    await recordAudit(ctx.db, event);
  } catch (error) {
    content.destroy();
    throw error;
  }
  return content;
}
