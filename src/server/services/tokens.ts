import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session tokens and one-time keys. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** Only hashes are stored, so a leaked table holds no usable token. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
