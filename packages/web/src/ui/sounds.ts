/**
 * Optional sounds (off by default: Display → Sounds), made with Web Audio, no files: a soft
 * tap when a card is played or drawn, a two-note chime when it is your turn, a rising
 * three-note chime when a yaku is completed.
 */
let audio: AudioContext | null = null;

function tone(frequency: number, startIn: number, duration: number, volume: number): void {
  audio ??= new AudioContext();
  const at = audio.currentTime + startIn;
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.type = 'sine';
  osc.frequency.value = frequency;
  gain.gain.setValueAtTime(volume, at);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + duration);
  osc.connect(gain).connect(audio.destination);
  osc.start(at);
  osc.stop(at + duration);
}

export type Sound = 'card' | 'turn' | 'yaku';

export function playSound(sound: Sound): void {
  if (typeof AudioContext === 'undefined') return;
  if (sound === 'card') tone(220, 0, 0.08, 0.15);
  else if (sound === 'yaku') {
    tone(523, 0, 0.3, 0.12);
    tone(659, 0.1, 0.3, 0.12);
    tone(784, 0.2, 0.5, 0.14);
  } else {
    tone(660, 0, 0.25, 0.12);
    tone(880, 0.12, 0.35, 0.12);
  }
}
