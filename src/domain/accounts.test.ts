import { describe, expect, it } from 'vitest';
import { SignUpPayloadSchema, safeNextPath } from './accounts';

describe('safeNextPath', () => {
  it('keeps same-site paths and drops everything else', () => {
    expect(safeNextPath('/profile?tab=points')).toBe('/profile?tab=points');
    for (const bad of [
      null,
      undefined,
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'profile',
      '/a\nb',
    ]) {
      expect(safeNextPath(bad)).toBe('/');
    }
  });
});

describe('sign-up rules', () => {
  const valid = { email: 'a@example.com', password: '12345678', firstName: 'Ann', username: 'ann_b-1' };
  it('accepts the edges of each rule', () => {
    expect(SignUpPayloadSchema.safeParse(valid).success).toBe(true);
    expect(
      SignUpPayloadSchema.safeParse({ ...valid, password: 'x'.repeat(128), username: 'a'.repeat(30) })
        .success,
    ).toBe(true);
  });
  it('refuses what is just past them', () => {
    for (const change of [
      { password: '1234567' },
      { password: 'x'.repeat(129) },
      { username: 'ab' },
      { username: 'a'.repeat(31) },
      { username: 'ann.b' },
      { email: 'ann' },
      { firstName: '  ' },
    ]) {
      expect(SignUpPayloadSchema.safeParse({ ...valid, ...change }).success, JSON.stringify(change)).toBe(
        false,
      );
    }
  });
});
