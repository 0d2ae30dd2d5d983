/**
 * Every person's databases are sealed with their data key (lib/vault). Tests that are not about
 * the vault skip the password: one non-extractable key made here stands for everybody's.
 * Imported by tests only; never by application code.
 */
import { generateMissingKeysForTests } from '../lib/vault/keyring';

const testKey = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
generateMissingKeysForTests(() => testKey);
