import { describe, expect, it } from 'vitest';
import { findPersonalData } from './personal-data.js';

describe('findPersonalData', () => {
  it('finds an e-mail address and masks it', () => {
    expect(findPersonalData('Write to john.doe@example.com today')).toEqual([
      { kind: 'email', masked: 'j…@e….com' },
    ]);
  });

  it.each([
    ['+44 20 7946 0958', '58'],
    ['+1 (555) 123-4567', '67'],
    ['+4915112345678', '78'],
    ['555-123-4567', '67'],
    ['(555) 123 4567', '67'],
    ['06 12 34 56 78', '78'],
    ['06.12.34.56.78', '78'],
  ])('finds the phone number %s', (number, ending) => {
    expect(findPersonalData(`Call ${number} now`)).toEqual([
      { kind: 'phone', masked: `ending in ${ending}` },
    ]);
  });

  it('separates numbers written next to each other', () => {
    expect(findPersonalData('Call 555-123-4567 (555) 123 4567 06 12 34 56 78')).toEqual([
      { kind: 'phone', masked: 'ending in 67' },
      { kind: 'phone', masked: 'ending in 67' },
      { kind: 'phone', masked: 'ending in 78' },
    ]);
  });

  it.each([
    'Founded in 1990, 2023-2024 season, 2024 2025',
    'Now $1,299.99 or 1 299,00 € (save 15%)',
    'Order 123456789 shipped',
    'Ticket 1234567890 confirmed',
    'ISBN 978-3-16-148410-0',
    'Opens 10.5.2024 12.30',
    'Server 192.168.100.200',
    'Voucher 4111 1111 1111 1112',
    'Call 555 1234',
  ])('finds nothing in %s', (text) => {
    expect(findPersonalData(text)).toEqual([]);
  });

  it('finds Luhn-valid card numbers with spaces, dashes or none, showing only the last four digits', () => {
    expect(findPersonalData('Card 4111 1111 1111 1111, 5500-0000-0000-0004 and 378282246310005')).toEqual([
      { kind: 'payment_card', masked: 'ending in 1111' },
      { kind: 'payment_card', masked: 'ending in 0004' },
      { kind: 'payment_card', masked: 'ending in 0005' },
    ]);
  });

  it('finds mod-97-valid IBANs in any grouping or case, and not invalid ones', () => {
    expect(findPersonalData('IBAN DE89 3704 0044 0532 0130 00 is mine')).toEqual([
      { kind: 'iban', masked: 'DE…3000' },
    ]);
    expect(findPersonalData('GB82WEST12345698765432')).toEqual([{ kind: 'iban', masked: 'GB…5432' }]);
    expect(findPersonalData('fr76 3000 6000 0112 3456 7890 189')).toEqual([
      { kind: 'iban', masked: 'FR…0189' },
    ]);
    expect(findPersonalData('DE88 3704 0044 0532 0130 00')).toEqual([]);
  });

  it('ignores numbers inside links', () => {
    expect(findPersonalData('https://x.com/status/4111111111111111')).toEqual([]);
  });
});
