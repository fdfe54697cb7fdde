import { describe, expect, it } from 'vitest';
import { pathForLogs } from './request-log.ts';

describe('the request log', () => {
  it('leaves out the token of a link that acts without a login', () => {
    expect(pathForLogs('/unsubscribe/eyJwIjoi.c2ln')).toBe('/unsubscribe/…');
    expect(pathForLogs('/meeting-action/eyJwIjoi.c2ln')).toBe('/meeting-action/…');
  });

  it('keeps every other path as it is', () => {
    expect(pathForLogs('/company-details/12')).toBe('/company-details/12');
    expect(pathForLogs('/graphql')).toBe('/graphql');
  });
});
