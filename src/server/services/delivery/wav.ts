/**
 * A small real audio file: 8 kHz, 8-bit mono PCM WAV of a few tones (what the call
 * simulator stores as a recording). No dependency: the RIFF header is 44 bytes.
 */
const RATE = 8000;

export function toneWav(seconds: number, seed = 0): Uint8Array {
  const samples = Math.max(1, Math.round(seconds * RATE));
  const out = new Uint8Array(44 + samples);
  const view = new DataView(out.buffer);
  const text = (at: number, s: string) => [...s].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true); // size of the fmt chunk
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, RATE, true);
  view.setUint32(28, RATE, true); // bytes a second
  view.setUint16(32, 1, true); // block align
  view.setUint16(34, 8, true); // bits a sample
  text(36, 'data');
  view.setUint32(40, samples, true);
  // A phrase of half-second tones, like a voice's pitch moving; quiet gaps between.
  const notes = [440, 523, 392, 494, 349, 587];
  for (let i = 0; i < samples; i++) {
    const slot = Math.floor(i / (RATE / 2));
    const inGap = i % (RATE / 2) > RATE * 0.4;
    const f = notes[(slot + seed) % notes.length];
    const v = inGap ? 0 : Math.sin((2 * Math.PI * f * i) / RATE) * 0.3;
    out[44 + i] = Math.round(128 + 127 * v);
  }
  return out;
}
