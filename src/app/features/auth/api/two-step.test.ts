import { describe, expect, it } from 'vitest';
import { otpauthUri } from './two-step';

describe('otpauthUri', () => {
  it('follows the Key Uri Format authenticator apps read', () => {
    expect(otpauthUri('JBSWY3DPEHPK3PXP', 'ann@example.com', 'Northwind', 30, 6)).toBe(
      'otpauth://totp/Northwind%3Aann%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Northwind&algorithm=SHA1&digits=6&period=30',
    );
  });
});
