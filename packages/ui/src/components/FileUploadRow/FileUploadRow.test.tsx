import { NBSP } from '@cbp/core';
import { describe, expect, it } from 'vitest';

import { uploadProgressText } from './FileUploadRow';

describe('uploadProgressText', () => {
  it('never says 100 % while the last bytes are still on their way', () => {
    expect(uploadProgressText(99.6)).toBe(`99${NBSP}%`);
    expect(uploadProgressText(100)).toBe(`100${NBSP}%`);
  });

  it('says how much of the file has gone, in MB with one decimal', () => {
    expect(uploadProgressText(50, 4 * 1024 * 1024)).toBe(`50${NBSP}%, 2,0 de 4,0${NBSP}MB`);
  });
});
