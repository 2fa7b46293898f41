/** Display names: which are one name (width, case, lookalike letters), which are reserved, which are malformed. */
import { describe, expect, it } from 'vitest';
import { checkName, nameKey } from '../src/accounts/names.js';
import { addressBlock } from '../src/limits/address-block.js';

describe('display names', () => {
  it('folds width, case and lookalikes of other scripts to one key', () => {
    const key = nameKey('Paula');
    for (const copy of [
      'PAULA',
      'paula',
      'Ｐａｕｌａ',
      'Раula' /* Cyrillic Р, а */,
      'Ρaula' /* Greek Ρ */,
      'Pau1a',
      'PauIa',
    ])
      expect(nameKey(copy), copy).toBe(key);
    expect(nameKey('Paulo')).not.toBe(key);
    expect(nameKey('さくら')).toBe('さくら');
  });

  it('refuses reserved names, guests’ names and malformed ones with a reason', () => {
    expect(checkName('  Hana  ')).toEqual({ ok: true, value: 'Hana' });
    expect(checkName('花子さん')).toEqual({ ok: true, value: '花子さん' });
    for (const reserved of [
      'Admin',
      'ＭＯＤＥＲＡＴＯＲ',
      'Expert',
      'Еasy' /* Cyrillic Е */,
      'Deleted Player',
      'Guest ABC123',
      'guestly',
    ])
      expect(checkName(reserved), reserved).toMatchObject({ ok: false, error: { code: 'reserved-name' } });
    for (const bad of ['ab', 'x'.repeat(21), 'two  spaces', '-dash', 'a<b>c', 42])
      expect(checkName(bad), String(bad)).toMatchObject({ ok: false, error: { code: 'bad-name' } });
  });
});

describe('address blocks', () => {
  it('counts IPv6 by its prefix and IPv4 as it is', () => {
    expect(addressBlock('2001:db8:1:2:aaaa::1')).toBe(addressBlock('2001:db8:1:2:ffff:1:2:3'));
    expect(addressBlock('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressBlock('2001:db8:1:3::1')).not.toBe(addressBlock('2001:db8:1:2::1'));
    expect(addressBlock('2001:db8:1:3::1', 48)).toBe(addressBlock('2001:db8:1:2::1', 48));
    expect(addressBlock('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressBlock('192.0.2.7')).toBe('192.0.2.7');
  });
});
