import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { leadRequestSchema } from './index';

describe("core's zod", () => {
  it('is configured never to compile parsers with eval, before any schema of core is used', () => {
    expect(leadRequestSchema.safeParse({}).success).toBe(false);
    expect(z.config().jitless).toBe(true);
  });
});
