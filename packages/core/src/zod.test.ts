import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';

import { leadRequestSchema } from './index';

describe("core's zod", () => {
  it('is configured never to compile parsers with eval, before any schema of core is used', () => {
    expect(leadRequestSchema.safeParse({}).success).toBe(false);
    expect(z.config().jitless).toBe(true);
  });

  it('builds the schemas with the mini API, so the browser never loads the classic one', () => {
    expect(leadRequestSchema).toBeInstanceOf(z.ZodMiniObject);
  });
});
