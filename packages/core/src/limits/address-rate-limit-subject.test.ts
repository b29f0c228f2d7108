import { describe, expect, it } from 'vitest';
import { addressRateLimitSubject } from './address-rate-limit-subject.js';

describe('addressRateLimitSubject', () => {
  it('counts IPv4 addresses as they are, also IPv4-mapped ones', () => {
    expect(addressRateLimitSubject('203.0.113.7')).toBe('203.0.113.7');
    expect(addressRateLimitSubject('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(addressRateLimitSubject('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every IPv6 address of one /64 as that network', () => {
    const subject = '2001:db8:85a3:0::/64';
    expect(addressRateLimitSubject('2001:db8:85a3::8a2e:370:7334')).toBe('2001:db8:85a3:0::/64');
    expect(addressRateLimitSubject('2001:0DB8:85a3:0000:ffff:ffff:ffff:1')).toBe(subject);
    expect(addressRateLimitSubject('2001:db8:85a3::1%eth0')).toBe(subject);
    expect(addressRateLimitSubject('2001:db8:85a3:1::1')).toBe('2001:db8:85a3:1::/64');
    expect(addressRateLimitSubject('::1')).toBe('0:0:0:0::/64');
    expect(addressRateLimitSubject('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('keeps what does not read as an address', () => {
    expect(addressRateLimitSubject('unknown')).toBe('unknown');
    expect(addressRateLimitSubject('1::2::3')).toBe('1::2::3');
    expect(addressRateLimitSubject('1:2:3')).toBe('1:2:3');
    expect(addressRateLimitSubject('1:2:3:4:5:6:7:8:9')).toBe('1:2:3:4:5:6:7:8:9');
    expect(addressRateLimitSubject('zz::1')).toBe('zz::1');
  });
});
