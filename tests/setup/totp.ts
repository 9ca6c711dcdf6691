import { createHmac } from 'node:crypto';

/** The secret of an otpauth:// URI (base32, RFC 4648) as bytes. */
export function secretOf(otpauthUri: string): Buffer {
  const base32 = (new URL(otpauthUri).searchParams.get('secret') ?? '').replace(/=+$/, '').toUpperCase();
  let bits = '';
  for (const char of base32)
    bits += 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'.indexOf(char).toString(2).padStart(5, '0');
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => Number.parseInt(byte, 2)));
}

/** The RFC 6238 code (HMAC-SHA1, 6 digits, 30 s steps) of a secret at a time. */
export function totpCode(secret: Buffer, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', secret).update(counter).digest();
  const offset = mac[mac.length - 1] & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}
