// The ALTCHA widget without the workers its default build inlines (Argon2, scrypt, PBKDF2
// and SHA, about 5 KB compressed on the sign-in page): the server only issues SHA-256
// challenges (src/server/services/captcha.ts), so only the SHA worker is registered, as a
// file of its own that the browser fetches when the widget starts solving.
import 'altcha/external';
import './altcha.css';
import type {} from 'altcha/types/global';
import ShaWorker from 'altcha/workers/sha?worker';

for (const algorithm of ['SHA-256', 'SHA-384', 'SHA-512']) globalThis.$altcha.algorithms.set(algorithm, () => new ShaWorker());
