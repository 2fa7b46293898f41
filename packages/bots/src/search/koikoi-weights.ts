/**
 * Koi-Koi's learned rollout policy's weights (search/koikoi-features.ts), one per feature:
 * written by `npm run train:koikoi-policy -- --rounds 2000 --samples 300 --epochs 30 --seed 1 --temperature 0.3 --labels hand-written`
 * (21125 decisions; held-out accuracy 0.541, the hand-written policy's 0.493).
 */
export const KOIKOI_POLICY_WEIGHTS = {
  features: [
    'bright',
    'animal',
    'ribbon',
    'chaff',
    'set-yaku',
    'count-yaku',
    'capture',
    'discard',
    'risk',
    'light-risk',
    'mine',
    'yaku',
    'late-risk',
  ],
  weights: [
    -0.105704, -0.417542, -0.20779, -0.339242, 0.11883, 0.102283, 1.88973, 0.0915937, -0.220034, -1.06729,
    0.195186, -0.0889133, 0.118624,
  ],
};
