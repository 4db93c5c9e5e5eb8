import { describe, expect, it } from 'vitest';

import { mapLoaded, samePageKeepsData } from './client-loader';

function navigation(from: string, to: string, formMethod?: 'POST') {
  return {
    currentUrl: new URL(from, 'https://sitio.test'),
    currentParams: {},
    nextUrl: new URL(to, 'https://sitio.test'),
    nextParams: {},
    defaultShouldRevalidate: true,
    ...(formMethod === undefined ? {} : { formMethod }),
  };
}

describe('samePageKeepsData', () => {
  it('keeps what was read when only the part of the screen changes', () => {
    expect(
      samePageKeepsData(
        navigation('/app/revisar-expediente', '/app/revisar-expediente?vista=resumen'),
      ),
    ).toBe(false);
  });

  it('reads again on a retry, on arrival from another screen and after a submission', () => {
    expect(
      samePageKeepsData(navigation('/app/revisar-expediente', '/app/revisar-expediente')),
    ).toBe(true);
    expect(samePageKeepsData(navigation('/app', '/app/revisar-expediente'))).toBe(true);
    expect(
      samePageKeepsData(
        navigation('/app/revisar-expediente', '/app/revisar-expediente?a=1', 'POST'),
      ),
    ).toBe(true);
  });
});

describe('mapLoaded', () => {
  it('maps what was read and passes a failure on', () => {
    expect(mapLoaded({ kind: 'loaded', data: 2 }, (value) => value * 2)).toEqual({
      kind: 'loaded',
      data: 4,
    });
    expect(mapLoaded({ kind: 'failed', message: 'x' }, (value: number) => value * 2)).toEqual({
      kind: 'failed',
      message: 'x',
    });
  });
});
